package org.tenace.robot.play;

import java.util.List;
import org.tenace.robot.Trick;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * A defender's lead after the opening lead: cash out when our winners beat the contract, return
 * partner's suit, give partner a ruff, continue our established or long suit, lead through
 * dummy's strength or up to its weakness; never a suit that gives a ruff and discard.
 */
final class DefenderLead {
  private DefenderLead() {}

  static Card play(PlayState st) {
    Hand hand = st.hand();
    Suit trump = st.trump();
    List<Card> masters = hand.cards().stream().filter(st::isMaster)
        .filter(c -> safeToCash(st, c)).toList();
    if (!masters.isEmpty() && masters.size() >= st.defenceNeeds()) {
      return masters.get(masters.size() - 1);
    }
    Suit best = null;
    int bestScore = Integer.MIN_VALUE;
    Seat partner = st.player().partner();
    Seat dummy = st.dummySeat();
    Hand dummyHand = st.visible(dummy);
    boolean dummyLeft = st.player().lho() == dummy;
    for (Suit s : Suit.values()) {
      if (!hand.hasSuit(s)) {
        continue;
      }
      int score = 0;
      if (ledBy(st, partner, s)) {
        score += 40;
      }
      if (ledBy(st, st.player(), s)) {
        score += trump == null ? 25 : 5;
      }
      if (trump != null && s != trump && st.isVoid(partner, s) && !st.isVoid(partner, trump)) {
        score += 60; // partner ruffs
      }
      if (sluffAndRuff(st, s)) {
        score -= 60;
      }
      for (Card c : hand.suit(s).cards()) {
        if (st.isMaster(c)) {
          score += 8;
        }
      }
      if (dummyHand != null && dummyHand.hasSuit(s)) {
        int dummyHonours = honours(dummyHand.suit(s));
        score += dummyLeft ? 6 * dummyHonours : -6 * dummyHonours;
      } else if (dummyHand != null && trump != null && s != trump && dummyHand.hasSuit(trump)) {
        score -= 30; // dummy ruffs
      }
      if (s == trump) {
        score -= st.unseen().hasSuit(trump) ? 10 : 2;
      }
      if (tenace(hand.suit(s)) && !dummyLeft) {
        score -= 15; // leading away from a tenace into declarer
      }
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    return cardFrom(st, best);
  }

  /** The card to lead from a suit: a master from the top, partner's suit back correctly, else by §5. */
  private static Card cardFrom(PlayState st, Suit s) {
    Hand suit = st.hand().suit(s);
    List<Card> high = suit.sortedForDisplay();
    if (st.isMaster(high.get(0))) {
      return high.get(0);
    }
    if (ledBy(st, st.player().partner(), s)) {
      return suit.size() == 2 ? high.get(0) : high.get(high.size() - 1);
    }
    return LeadCard.from(suit, st.trump() != null);
  }

  /** Whether cashing this card risks a ruff: against a suit contract, a known void with trumps. */
  private static boolean safeToCash(PlayState st, Card c) {
    Suit trump = st.trump();
    if (trump == null || c.suit() == trump) {
      return true;
    }
    for (Seat s : new Seat[] {st.declarer(), st.dummySeat()}) {
      if (st.isVoid(s, c.suit()) && !st.isVoid(s, trump)) {
        return false;
      }
    }
    return true;
  }

  /** Against a suit, leading a suit both declarer and dummy are void in gives a ruff and discard. */
  private static boolean sluffAndRuff(PlayState st, Suit s) {
    Suit trump = st.trump();
    return trump != null && s != trump && st.isVoid(st.declarer(), s) && st.isVoid(st.dummySeat(), s)
        && !st.isVoid(st.declarer(), trump);
  }

  static boolean ledBy(PlayState st, Seat seat, Suit s) {
    for (Trick t : st.view().tricks()) {
      if (t.leader() == seat && t.led().suit() == s) {
        return true;
      }
    }
    return false;
  }

  private static int honours(Hand suit) {
    int n = 0;
    for (Card c : suit.cards()) {
      if (c.rank().compareTo(Rank.TEN) >= 0) {
        n++;
      }
    }
    return n;
  }

  /** AQ or KJ (or similar): a holding that loses a trick when led from. */
  private static boolean tenace(Hand suit) {
    List<Card> c = suit.sortedForDisplay();
    if (c.size() < 2) {
      return false;
    }
    int r0 = c.get(0).rank().ordinal();
    int r1 = c.get(1).rank().ordinal();
    return r0 >= Rank.QUEEN.ordinal() && r1 == r0 - 2;
  }
}
