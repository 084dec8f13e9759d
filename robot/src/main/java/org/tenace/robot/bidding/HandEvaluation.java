package org.tenace.robot.bidding;

import java.util.Objects;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Suit;

/**
 * A bidder's view of its hand: high-card points, length and shortness points, shape, stoppers and
 * suit quality, as the house system (docs/robot-system.md) counts them.
 */
public record HandEvaluation(Hand hand) {

  public HandEvaluation {
    Objects.requireNonNull(hand, "hand");
  }

  public static HandEvaluation of(Hand hand) {
    return new HandEvaluation(hand);
  }

  public int hcp() {
    return hand.highCardPoints();
  }

  public int length(Suit suit) {
    return hand.length(suit);
  }

  /** High-card points plus one for each card beyond four in a suit: the opener's count. */
  public int points() {
    int extra = 0;
    for (Suit s : Suit.values()) {
      extra += Math.max(0, length(s) - 4);
    }
    return hcp() + extra;
  }

  /**
   * Dummy points for raising partner's suit: high-card points plus shortness (void 5, singleton
   * 3, doubleton 1; with only three trumps void 3, singleton 2), outside the trump suit.
   */
  public int supportPoints(Suit trump) {
    int trumps = length(trump);
    int extra = 0;
    for (Suit s : Suit.values()) {
      if (s == trump) {
        continue;
      }
      int n = length(s);
      if (n == 0) {
        extra += trumps >= 4 ? 5 : 3;
      } else if (n == 1) {
        extra += trumps >= 4 ? 3 : 2;
      } else if (n == 2) {
        extra += 1;
      }
    }
    return hcp() + (trumps >= 3 ? extra : 0);
  }

  /** 4-3-3-3, 4-4-3-2 or 5-3-3-2. */
  public boolean isBalanced() {
    int doubletons = 0;
    for (Suit s : Suit.values()) {
      int n = length(s);
      if (n < 2 || n > 5) {
        return false;
      }
      if (n == 2) {
        doubletons++;
      }
    }
    return doubletons <= 1;
  }

  /** Balanced, or 5-4-2-2 / 6-3-2-2: no singleton or void. */
  public boolean isSemiBalanced() {
    for (Suit s : Suit.values()) {
      if (length(s) < 2 || length(s) > 6) {
        return false;
      }
    }
    return true;
  }

  /** The longest suit; among equals the higher-ranking. */
  public Suit longestSuit() {
    Suit best = Suit.SPADES;
    for (int i = 3; i >= 0; i--) {
      Suit s = Suit.of(i);
      if (length(s) > length(best)) {
        best = s;
      }
    }
    return best;
  }

  public int longestLength() {
    return length(longestSuit());
  }

  /** Rule of 20: high-card points plus the lengths of the two longest suits. */
  public boolean ruleOfTwenty() {
    int[] n = new int[4];
    for (Suit s : Suit.values()) {
      n[s.ordinal()] = length(s);
    }
    java.util.Arrays.sort(n);
    return hcp() + n[3] + n[2] >= 20;
  }

  /** A, Kx, Qxx or Jxxx (or better): a stopper for notrump. */
  public boolean stopper(Suit suit) {
    Hand h = hand.suit(suit);
    int n = h.size();
    return has(suit, Rank.ACE)
        || (has(suit, Rank.KING) && n >= 2)
        || (has(suit, Rank.QUEEN) && n >= 3)
        || (has(suit, Rank.JACK) && n >= 4)
        || n >= 5;
  }

  public boolean has(Suit suit, Rank rank) {
    return hand.contains(Card.of(suit, rank));
  }

  /** How many of the ace, king, queen, jack and ten of the suit are held. */
  public int honours(Suit suit) {
    int n = 0;
    for (Rank r : new Rank[] {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN}) {
      if (has(suit, r)) {
        n++;
      }
    }
    return n;
  }

  /** Two of the top three honours, or three of the top five: a suit worth bidding on its own. */
  public boolean goodSuit(Suit suit) {
    int top3 = (has(suit, Rank.ACE) ? 1 : 0) + (has(suit, Rank.KING) ? 1 : 0)
        + (has(suit, Rank.QUEEN) ? 1 : 0);
    return top3 >= 2 || honours(suit) >= 3;
  }

  /** A suit worth a one-level overcall or a preempt: at least two honours, or the ace or king. */
  public boolean decentSuit(Suit suit) {
    return honours(suit) >= 2 || has(suit, Rank.ACE) || has(suit, Rank.KING);
  }

  public int suitPoints(Suit suit) {
    return hand.suit(suit).highCardPoints();
  }

  public int aces() {
    int n = 0;
    for (Suit s : Suit.values()) {
      n += has(s, Rank.ACE) ? 1 : 0;
    }
    return n;
  }

  public int kings() {
    int n = 0;
    for (Suit s : Suit.values()) {
      n += has(s, Rank.KING) ? 1 : 0;
    }
    return n;
  }

  /** Defensive quick tricks in half tricks: AK 4, AQ 3, A 2, KQ 2, Kx 1 (counted in two cards). */
  public int quickTrickHalves() {
    int q = 0;
    for (Suit s : Suit.values()) {
      boolean a = has(s, Rank.ACE);
      boolean k = has(s, Rank.KING);
      boolean queen = has(s, Rank.QUEEN);
      int n = length(s);
      if (a && k) {
        q += 4;
      } else if (a && queen) {
        q += 3;
      } else if (a) {
        q += 2;
      } else if (k && queen) {
        q += 2;
      } else if (k && n >= 2) {
        q += 1;
      }
    }
    return q;
  }

  /**
   * Tricks this hand expects to take in defence of a contract with {@code trump} (null at
   * notrump): quick tricks outside, plus trump tricks from length and honours.
   */
  public double defensiveTricks(Suit trump) {
    double tricks = 0;
    for (Suit s : Suit.values()) {
      if (s == trump) {
        continue;
      }
      int n = length(s);
      boolean a = has(s, Rank.ACE);
      boolean k = has(s, Rank.KING);
      boolean q = has(s, Rank.QUEEN);
      if (a) {
        tricks += 1;
      }
      if (k && (a || n >= 2)) {
        tricks += a ? 1 : 0.5;
      }
      if (q && n >= 3 && (a || k)) {
        tricks += 0.5;
      }
    }
    if (trump != null) {
      tricks += trumpTricks(trump);
    }
    return tricks;
  }

  private double trumpTricks(Suit trump) {
    int n = length(trump);
    double t = 0;
    if (has(trump, Rank.ACE)) {
      t += 1;
    }
    if (has(trump, Rank.KING) && n >= 2) {
      t += 1;
    }
    if (has(trump, Rank.QUEEN) && n >= 3) {
      t += 1;
    }
    if (has(trump, Rank.JACK) && n >= 4) {
      t += 0.5;
    }
    t += Math.max(0, n - 3) * 0.5;
    return Math.min(t, n);
  }

  /** Losing-trick count: in each suit, the missing ace, king and queen among the first three cards. */
  public int losers() {
    int losers = 0;
    for (Suit s : Suit.values()) {
      int n = Math.min(3, length(s));
      int l = n;
      if (n >= 1 && has(s, Rank.ACE)) {
        l--;
      }
      if (n >= 2 && has(s, Rank.KING)) {
        l--;
      }
      if (n >= 3 && has(s, Rank.QUEEN)) {
        l--;
      }
      losers += l;
    }
    return losers;
  }
}
