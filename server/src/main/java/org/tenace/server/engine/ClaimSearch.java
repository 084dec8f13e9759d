package org.tenace.server.engine;

import java.util.HashMap;
import java.util.Map;
import org.tenace.scoring.card.Side;

/**
 * The fewest tricks one side can win from a position under any legal play by all four hands (every
 * player cooperating against it): what that side cannot lose. Exhaustive, with cards of a
 * sequence treated as one and positions remembered at trick boundaries; bounded by a node budget.
 */
final class ClaimSearch {
  private final int trump;
  private final int side;
  private final long budget;
  private long nodes;
  private final Map<Key, Integer> memo = new HashMap<>();

  private record Key(long n, long e, long s, long w, int leader) {}

  private static final class OverBudget extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OverBudget() {
      super(null, null, false, false);
    }
  }

  ClaimSearch(int trump, Side side, long budget) {
    this.trump = trump;
    this.side = side.ordinal();
    this.budget = budget;
  }

  /** Tricks the side wins from the trick in progress on, or -1 when the budget runs out. */
  int minTricks(long[] hands, int trick) {
    try {
      return search(hands.clone(), trick);
    } catch (OverBudget e) {
      return -1;
    }
  }

  private int search(long[] h, int t) {
    if (++nodes > budget) {
      throw new OverBudget();
    }
    int count = PackedTrick.countOf(t);
    int leader = PackedTrick.leaderOf(t);
    Key key = null;
    if (count == 0) {
      if ((h[0] | h[1] | h[2] | h[3]) == 0) {
        return 0;
      }
      key = new Key(h[0], h[1], h[2], h[3], leader);
      Integer v = memo.get(key);
      if (v != null) {
        return v;
      }
    }
    int hand = (leader + count) & 3;
    long legal = h[hand];
    if (count > 0) {
      long f = legal & PackedTrick.suitMask(PackedTrick.cardAt(t, 0) / 13);
      if (f != 0) {
        legal = f;
      }
    }
    long live = h[0] | h[1] | h[2] | h[3] | PackedTrick.trickBits(t);
    int best = Integer.MAX_VALUE;
    for (long b = legal; b != 0 && best > 0; b &= b - 1) {
      int c = Long.numberOfTrailingZeros(b);
      // Keep only the top card of each run of touching cards held by this hand.
      long above = live & PackedTrick.suitMask(c / 13) & ~((2L << c) - 1);
      if (above != 0 && (legal & Long.lowestOneBit(above)) != 0) {
        continue;
      }
      long bit = 1L << c;
      h[hand] &= ~bit;
      int next = PackedTrick.add(t, c);
      int v;
      if (count == 3) {
        int w = winner(next);
        v = ((w & 1) == side ? 1 : 0) + search(h, w);
      } else {
        v = search(h, next);
      }
      h[hand] |= bit;
      best = Math.min(best, v);
    }
    if (key != null) {
      memo.put(key, best);
    }
    return best;
  }

  private int winner(int t) {
    return PackedTrick.winner(t, trump);
  }
}
