package org.tenace.bridge.record;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/** One card of a recorded play: the seat it came from, the card, and an accepted irregularity. */
public record PlayedCard(Seat seat, Card card, Optional<Irregularity> irregularity) {

  public PlayedCard {
    Objects.requireNonNull(seat, "seat");
    Objects.requireNonNull(card, "card");
    Objects.requireNonNull(irregularity, "irregularity");
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
