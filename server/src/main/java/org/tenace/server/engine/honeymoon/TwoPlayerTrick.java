package org.tenace.server.engine.honeymoon;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A completed trick of two cards. An exchange trick also says what its winner took (the turned-up
 * card, seen by both) and what its loser drew (the next stock card, seen by the loser alone).
 */
public record TwoPlayerTrick(Phase phase, List<PlayedCard> cards, Seat winner,
    Optional<Card> winnerTook, Optional<Card> loserDrew) {

  /** One card of a trick and who played it. */
  public record PlayedCard(Seat seat, Card card) {
    public PlayedCard {
      Objects.requireNonNull(seat, "seat");
      Objects.requireNonNull(card, "card");
    }
  }

  public TwoPlayerTrick {
    Objects.requireNonNull(phase, "phase");
    cards = List.copyOf(cards);
    Objects.requireNonNull(winner, "winner");
    Objects.requireNonNull(winnerTook, "winnerTook");
    Objects.requireNonNull(loserDrew, "loserDrew");
  }

  public Seat loser() {
    return TwoPlayerRules.other(winner);
  }
}
