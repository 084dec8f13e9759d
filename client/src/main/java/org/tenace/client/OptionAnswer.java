package org.tenace.client;

import java.util.Optional;
import org.tenace.bridge.check.Require;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.bridge.card.Suit;

/** A player's choice for a laws-mode option, with the suit it names (to require or ban a lead). */
public record OptionAnswer(OptionChoice choice, Optional<Suit> suit) {

  public OptionAnswer {
    Require.nonNull("choice suit", choice, suit);
  }

  public static OptionAnswer of(OptionChoice choice) {
    return new OptionAnswer(choice, Optional.empty());
  }

  public static OptionAnswer withSuit(OptionChoice choice, Suit suit) {
    return new OptionAnswer(choice, Optional.of(suit));
  }
}
