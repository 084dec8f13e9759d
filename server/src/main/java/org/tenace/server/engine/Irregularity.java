package org.tenace.server.engine;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;

/**
 * An irregularity a laws-mode table announces: an irregular call or lead, recorded rather than
 * refused, that gives a player an option (Laws 25B, 27, 29, 53-55).
 *
 * @param law the Law that applies, such as {@code 27} or {@code 54}
 * @param callIndex the irregular call's index in the auction record, for a call
 * @param card the card led out of turn, for a lead
 */
public record Irregularity(Kind kind, String law, Seat offender, OptionalInt callIndex,
    Optional<Card> card, String description) {
  /** What the offender did. */
  public enum Kind {
    /** Law 27: a bid not higher than the last one. */
    INSUFFICIENT_BID,
    /** Laws 28-32, 53-55: a call or lead by the wrong player. */
    OUT_OF_TURN,
    /** Law 25B: a call changed after it was made. */
    CHANGE_OF_CALL
  }

  public Irregularity {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(law, "law");
    Objects.requireNonNull(offender, "offender");
    Objects.requireNonNull(callIndex, "callIndex");
    Objects.requireNonNull(card, "card");
    Objects.requireNonNull(description, "description");
    if (callIndex.isPresent() == card.isPresent()) {
      throw new IllegalArgumentException("an irregularity is a call or a card");
    }
  }
}
