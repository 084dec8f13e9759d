package org.tenace.robot.play;

import java.util.List;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * Declarer's lead, from hand or dummy: ruff losers in the short trump hand, draw trumps while the
 * opponents have some and we have enough, cash winners when they make the contract (the honour
 * from the short side first), otherwise set up the longest suit, leading towards honours to
 * finesse.
 */
final class DeclarerLead {
  private DeclarerLead() {}

  static Card play(PlayState st) {
    Seat me = st.player();
    Seat other = me == st.declarer() ? st.dummySeat() : st.declarer();
    Hand mine = st.hand();
    Hand theirs = st.visible(other);
    Suit trump = st.trump();
    if (trump != null) {
      Card ruff = ruffInShortHand(st, mine, theirs, trump);
      if (ruff != null) {
        return ruff;
      }
      Card draw = drawTrumps(st, mine, theirs, trump);
      if (draw != null) {
        return draw;
      }
    }
    int winners = 0;
    for (Suit s : Suit.values()) {
      if (s != trump || !st.unseen().hasSuit(trump)) {
        winners += topTricks(st, mine.suit(s), theirs.suit(s));
      }
    }
    if (winners >= st.declarerNeeds()) {
      Card cash = cash(st, mine, theirs);
      if (cash != null) {
        return cash;
      }
    }
    return establish(st, mine, theirs);
  }

  /**
   * A side suit the other hand is void in while holding trumps, where we hold losers: lead it for
   * a ruff, as long as the ruffing hand is the shorter in trumps.
   */
  private static Card ruffInShortHand(PlayState st, Hand mine, Hand theirs, Suit trump) {
    if (theirs.length(trump) == 0 || theirs.length(trump) > mine.length(trump)) {
      return null;
    }
    for (Suit s : Suit.values()) {
      if (s == trump || theirs.hasSuit(s) || !mine.hasSuit(s)) {
        continue;
      }
      List<Card> cards = mine.suit(s).cards();
      Card low = cards.get(0);
      if (!st.isMaster(low)) {
        return low;
      }
    }
    return null;
  }

  /**
   * Draw trumps while the opponents hold some and we hold more: the master, low towards the other
   * hand's master, or from the top to knock theirs out; a single master of theirs is left out.
   */
  private static Card drawTrumps(PlayState st, Hand mine, Hand theirs, Suit trump) {
    int out = st.unseen().length(trump);
    int ours = mine.length(trump) + theirs.length(trump);
    if (out == 0 || ours <= out) {
      return null;
    }
    if (!mine.hasSuit(trump)) {
      return entryTo(st, mine, theirs, trump);
    }
    List<Card> myTrumps = mine.suit(trump).sortedForDisplay();
    Card top = myTrumps.get(0);
    if (st.isMaster(top)) {
      return top;
    }
    boolean otherHasMaster = theirs.suit(trump).cards().stream().anyMatch(st::isMaster);
    if (otherHasMaster) {
      return myTrumps.get(myTrumps.size() - 1); // low towards the master
    }
    if (out <= 1) {
      return null; // leave their master trump out
    }
    return Following.lowestOfEqualsLead(st, top); // knock out their honour
  }

  /** A low card to a master in the other hand, to get there (to draw trumps from it). */
  private static Card entryTo(PlayState st, Hand mine, Hand theirs, Suit trump) {
    for (Suit s : Suit.values()) {
      if (s == trump || !mine.hasSuit(s) || !theirs.hasSuit(s)) {
        continue;
      }
      Card theirTop = theirs.suit(s).sortedForDisplay().get(0);
      Card myLow = mine.suit(s).cards().get(0);
      if (st.isMaster(theirTop) && !st.isMaster(myLow) && myLow.rank().compareTo(theirTop.rank()) < 0) {
        return myLow;
      }
    }
    return null;
  }

  /** Sure tricks in a suit: our masters from the top, at most the longer hand's length. */
  static int topTricks(PlayState st, Hand a, Hand b) {
    Hand both = a.union(b);
    int masters = 0;
    for (Card c : both.sortedForDisplay()) {
      if (st.isMaster(c)) {
        masters++;
      } else {
        break;
      }
    }
    return Math.min(masters, Math.max(a.size(), b.size()));
  }

  /**
   * Cash a winner, the honour from the short side first: from this hand when it is the shorter in
   * the suit, else low towards the other hand's master.
   */
  private static Card cash(PlayState st, Hand mine, Hand theirs) {
    Card best = null;
    int bestScore = Integer.MIN_VALUE;
    for (Suit s : Suit.values()) {
      Hand a = mine.suit(s);
      Hand b = theirs.suit(s);
      if (a.isEmpty()) {
        continue;
      }
      Card myTop = a.sortedForDisplay().get(0);
      boolean iHaveMaster = st.isMaster(myTop);
      boolean theyHaveMaster = !b.isEmpty() && st.isMaster(b.sortedForDisplay().get(0));
      int score;
      Card card;
      if (iHaveMaster && (a.size() <= b.size() || !theyHaveMaster)) {
        card = myTop;
        score = 20 + (a.size() <= b.size() ? 5 : 0);
      } else if (theyHaveMaster) {
        card = a.cards().get(0);
        score = 15;
      } else {
        continue;
      }
      if (s == st.trump()) {
        score -= 3;
      }
      if (score > bestScore) {
        bestScore = score;
        best = card;
      }
    }
    return best;
  }

  /**
   * Set up tricks: in the suit with the most cards between the hands (not trumps), lead low
   * towards a tenace to finesse, knock out a missing honour from the top of a sequence, or lead low.
   */
  private static Card establish(PlayState st, Hand mine, Hand theirs) {
    Suit trump = st.trump();
    Suit best = null;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (Suit s : Suit.values()) {
      if (!mine.hasSuit(s)) {
        continue;
      }
      double score = suitTricks(st, mine.suit(s), theirs.suit(s));
      if (finessePosition(st, theirs.suit(s)) && mine.suit(s).cards().stream().noneMatch(st::isMaster)) {
        score += 0.5;
      }
      if (s == trump && st.unseen().hasSuit(trump)) {
        score -= 0.25;
      }
      score += (mine.length(s) + theirs.length(s)) * 0.01;
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    Hand a = mine.suit(best);
    List<Card> high = a.sortedForDisplay();
    if (finessePosition(st, theirs.suit(best))) {
      return high.get(high.size() - 1);
    }
    Card top = high.get(0);
    if (high.size() >= 2 && high.get(1).rank().ordinal() == top.rank().ordinal() - 1
        && top.rank().compareTo(Rank.TEN) >= 0) {
      return top; // knock out their honour from a sequence
    }
    if (st.isMaster(top) && (a.size() <= theirs.length(best) || !theirs.hasSuit(best)
        || theirs.suit(best).cards().stream().noneMatch(st::isMaster))) {
      return top; // the honour from the short side first
    }
    return high.get(high.size() - 1);
  }

  /**
   * The tricks a suit should bring in once set up: play it round by round, our highest against
   * their highest, for as many rounds as our longer hand holds.
   */
  static double suitTricks(PlayState st, Hand a, Hand b) {
    List<Card> ours = new java.util.ArrayList<>(a.union(b).sortedForDisplay());
    List<Card> opp = new java.util.ArrayList<>(st.unseen().suit(
        ours.isEmpty() ? Suit.CLUBS : ours.get(0).suit()).sortedForDisplay());
    int rounds = Math.max(a.size(), b.size());
    int wins = 0;
    for (int r = 0; r < rounds && !ours.isEmpty(); r++) {
      if (!opp.isEmpty() && opp.get(0).rank().compareTo(ours.get(0).rank()) > 0) {
        opp.remove(0);
        ours.remove(ours.size() - 1);
      } else {
        wins++;
        ours.remove(0);
        if (!opp.isEmpty()) {
          opp.remove(opp.size() - 1);
        }
      }
    }
    return wins;
  }

  /** The other hand holds a card one below a missing honour (AQ without the king, KJ without the ace...). */
  static boolean finessePosition(PlayState st, Hand suit) {
    for (Card c : suit.cards()) {
      if (c.rank().compareTo(Rank.TEN) >= 0 && st.unseenAbove(c) == 1) {
        return suit.cards().stream().anyMatch(x -> x.rank().compareTo(c.rank()) > 0) || c.rank() == Rank.KING;
      }
    }
    return false;
  }
}
