package org.tenace.server.engine;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/** One trick as played: its number (1-13), who led, the cards in order, the winner once full. */
public record Trick(int number, Seat leader, List<Card> cards, Optional<Seat> winner) {
  public Trick {
    if (number < 1 || number > 13) {
      throw new IllegalArgumentException("tricks are numbered 1..13: " + number);
    }
    Require.nonNull("leader winner", leader, winner);
    cards = List.copyOf(cards);
  }

  /** The seat (hand) that played the {@code i}th card, 0 being the lead. */
  public Seat player(int i) {
    return leader.next(i);
  }

  public boolean isComplete() {
    return cards.size() == 4;
  }
}
