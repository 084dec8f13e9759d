package org.tenace.server.engine;

import org.tenace.bridge.card.TrickWinner;

/**
 * A trick packed in an int, so that the play and the claim search copy tricks for nothing:
 * bits 0-1 the leader, 2-4 the count of cards, 5-28 four 6-bit card indices, 29-30 the winner.
 * Seats are ordinals from North, cards {@link org.tenace.bridge.card.Card#index()}.
 */
final class PackedTrick {
  private static final long SUIT = (1L << 13) - 1;

  private PackedTrick() {}

  static int leaderOf(int t) {
    return t & 3;
  }

  static int countOf(int t) {
    return (t >>> 2) & 7;
  }

  static int cardAt(int t, int i) {
    return (t >>> (5 + 6 * i)) & 63;
  }

  /** The trick with {@code card} played to it. */
  static int add(int t, int card) {
    return (t + (1 << 2)) | (card << (5 + 6 * countOf(t)));
  }

  /** The cards played to the trick, as a 52-bit mask. */
  static long trickBits(int t) {
    long b = 0;
    for (int i = 0, n = countOf(t); i < n; i++) {
      b |= 1L << cardAt(t, i);
    }
    return b;
  }

  static long suitMask(int suit) {
    return SUIT << (suit * 13);
  }

  /** Who wins a trick of four cards ({@link TrickWinner}); {@code trump} -1 at notrump. */
  static int winner(int t, int trump) {
    int best = cardAt(t, 0);
    int pos = 0;
    for (int i = 1; i < 4; i++) {
      int c = cardAt(t, i);
      if (TrickWinner.beats(c, best, trump)) {
        best = c;
        pos = i;
      }
    }
    return (leaderOf(t) + pos) & 3;
  }
}
