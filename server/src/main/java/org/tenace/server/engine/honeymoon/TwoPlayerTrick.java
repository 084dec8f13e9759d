package org.tenace.server.engine.honeymoon;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * A completed trick of two cards. An exchange trick also says what its winner took (the turned-up
 * card, seen by both) and what its loser drew (the next stock card, seen by the loser alone).
 */
public record TwoPlayerTrick(Phase phase, List<PlayedCard> cards, Seat winner,
    Optional<Card> winnerTook, Optional<Card> loserDrew) {

  /** One card of a trick and who played it. */
  public record PlayedCard(Seat seat, Card card) {
    public PlayedCard {
      Require.nonNull("seat card", seat, card);
    }
  }

  public TwoPlayerTrick {
    Require.nonNull("phase winner winnerTook loserDrew", phase, winner, winnerTook, loserDrew);
    cards = List.copyOf(cards);
  }

  public Seat loser() {
    return TwoPlayerRules.other(winner);
  }
}
