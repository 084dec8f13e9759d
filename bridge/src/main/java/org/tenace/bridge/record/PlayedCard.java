package org.tenace.bridge.record;

import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/** One card of a recorded play: the seat it came from, the card, and an accepted irregularity. */
public record PlayedCard(Seat seat, Card card, Optional<Irregularity> irregularity) {

  public PlayedCard {
    Require.nonNull("seat card irregularity", seat, card, irregularity);
    irregularity.ifPresent(i -> {
      if (i.ofCall()) {
        throw new IllegalArgumentException(i + " marks a call, not a card");
      }
    });
  }

  public static PlayedCard of(Seat seat, Card card) {
    return new PlayedCard(seat, card, Optional.empty());
  }

  @Override
  public String toString() {
    return seat + ":" + card;
  }
}
