package org.tenace.bridge.card;

import java.util.List;

/**
 * Which card wins a trick (Law 44C, 44D): the highest trump if any was played, else the highest
 * card of the suit led. The one statement of the rule: the records, the robots and the engine
 * (which keeps its cards as {@link Card#index()} ints) all ask it.
 */
public final class TrickWinner {
  private TrickWinner() {}

  /**
   * Whether {@code challenger} beats {@code holder}, the card winning the trick so far: a higher
   * card of the same suit, or a trump over a card of another suit. Cards are {@link Card#index()}
   * ints and {@code trump} is the trump suit's ordinal, or -1 at notrump.
   */
  public static boolean beats(int challenger, int holder, int trump) {
    int suit = challenger / 13;
    return suit == holder / 13 ? challenger > holder : suit == trump;
  }

  /** Whether {@code challenger} beats {@code holder}; {@code trump} is null at notrump. */
  public static boolean beats(Card challenger, Card holder, Suit trump) {
    return beats(challenger.index(), holder.index(), trump == null ? -1 : trump.ordinal());
  }

  /**
   * The place (0 for the lead) of the card winning so far among {@code played}, one to four
   * cards in the order played; {@code trump} is null at notrump.
   */
  public static int index(List<Card> played, Suit trump) {
    if (played.isEmpty()) {
      throw new IllegalArgumentException("nothing led yet");
    }
    int best = 0;
    for (int i = 1; i < played.size(); i++) {
      if (beats(played.get(i), played.get(best), trump)) {
        best = i;
      }
    }
    return best;
  }
}
