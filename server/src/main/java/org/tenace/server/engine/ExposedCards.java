package org.tenace.server.engine;

import java.util.Objects;
import java.util.Set;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * Law 24: cards a player exposed (or led) during the auction period. They stay face up until the
 * auction period ends and become penalty cards (Law 50) if {@code seat} becomes a defender.
 */
public record ExposedCards(Seat seat, Set<Card> cards, boolean led, String law) {
  public ExposedCards {
    Objects.requireNonNull(seat, "seat");
    cards = Set.copyOf(cards);
    if (cards.isEmpty()) {
      throw new IllegalArgumentException("no card exposed");
    }
    Objects.requireNonNull(law, "law");
  }
}
