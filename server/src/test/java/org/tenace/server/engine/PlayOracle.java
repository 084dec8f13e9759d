package org.tenace.server.engine;

import java.util.List;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/** Independent, simple and slow rules for checking the engine: lists of cards, no bit tricks. */
final class PlayOracle {
  private PlayOracle() {}

  /** The winner of a full trick by Law 44: the highest trump, else the highest of the suit led. */
  static Seat winner(Seat leader, List<Card> cards, Strain strain) {
    Suit led = cards.get(0).suit();
    Suit trump = strain.trump().orElse(null);
    int best = 0;
    for (int i = 1; i < cards.size(); i++) {
      Card c = cards.get(i);
      Card b = cards.get(best);
      boolean beats;
      if (c.suit() == b.suit()) {
        beats = c.rank().compareTo(b.rank()) > 0;
      } else {
        beats = c.suit() == trump;
      }
      if (beats) {
        best = i;
      }
    }
    assert cards.get(0).suit() == led;
    return leader.next(best);
  }

  /** The fewest tricks {@code side} wins from here under any legal play (plain recursion). */
  static int minTricks(Play p, Side side) {
    if (p.isComplete()) {
      return 0;
    }
    int best = Integer.MAX_VALUE;
    int before = p.tricksWon(side);
    for (Card c : p.legalCards().cards()) {
      Play q = p.play(p.actor(), c);
      best = Math.min(best, q.tricksWon(side) - before + minTricks(q, side));
    }
    return best;
  }
}
