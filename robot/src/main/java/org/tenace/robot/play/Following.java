package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;

/**
 * Playing to a trick someone else led, for either side: second hand low, cover an honour with an
 * honour, third hand high (lowest of equals) or just high enough, win cheaply in fourth seat,
 * finesse when the odds say so, hold up a single stopper at notrump, ruff when the opponents are
 * winning, signal attitude on partner's lead, and discard from length.
 */
final class Following {
  private Following() {}

  static Card play(PlayState st) {
    List<Card> legal = st.view().legalCards();
    Card led = st.current().led();
    boolean follows = legal.get(0).suit() == led.suit();
    if (follows) {
      return followSuit(st, legal);
    }
    return noCardOfTheSuit(st, legal);
  }

  private static Card followSuit(PlayState st, List<Card> legal) {
    int position = st.current().cards().size();
    Card winning = st.winningCard();
    List<Card> beaters = new ArrayList<>();
    for (Card c : legal) {
      if (TrickWinner.beats(c, winning, st.trump())) {
        beaters.add(c);
      }
    }
    beaters.sort(Comparator.comparing(Card::rank));
    Card lowest = lowest(legal);
    boolean ourWinning = st.ourSideWinning();
    if (position == 3) {
      if (ourWinning || beaters.isEmpty()) {
        return signalOrLow(st, legal);
      }
      if (holdUp(st, beaters)) {
        return lowest;
      }
      return beaters.get(0);
    }
    if (position == 2) {
      if (ourWinning && holds(st, winning)) {
        return signalOrLow(st, legal);
      }
      if (beaters.isEmpty()) {
        return signalOrLow(st, legal);
      }
      Card third = thirdHand(st, beaters);
      return third != null ? third : signalOrLow(st, legal);
    }
    // Second hand.
    Card cover = cover(st, beaters);
    if (cover != null) {
      return cover;
    }
    if (!beaters.isEmpty() && st.isDeclaringSide()) {
      Card sure = cheapestMaster(st, beaters);
      Hand fourth = st.visible(st.player().partner());
      boolean fourthCanWin = fourth != null && fourth.suit(st.current().led().suit()).cards().stream()
          .anyMatch(c -> TrickWinner.beats(c, winning, st.trump()) && st.isMaster(c));
      if (sure != null && !fourthCanWin && setsOrMakes(st) && !holdUp(st, beaters)) {
        return sure;
      }
    }
    if (!beaters.isEmpty() && !st.isDeclaringSide() && setsOrMakes(st)) {
      Card sure = cheapestMaster(st, beaters);
      if (sure != null) {
        return sure; // the setting trick: take it
      }
    }
    return lowest;
  }

  /** Whether winning this trick makes the contract (declarer) or beats it (defence). */
  private static boolean setsOrMakes(PlayState st) {
    return st.isDeclaringSide() ? st.declarerNeeds() == 1 : st.defenceNeeds() == 1;
  }

  /**
   * Cover an honour with an honour: an opponent led the jack or higher and we hold a card above
   * it; not when the led card comes from a visible sequence (the next card down is with it).
   */
  private static Card cover(PlayState st, List<Card> beaters) {
    Card led = st.current().led();
    Seat leader = st.current().leader();
    if (beaters.isEmpty() || led.rank().compareTo(Rank.JACK) < 0 || PlayState.partners(leader, st.player())) {
      return null;
    }
    Hand leaderHand = st.visible(leader);
    if (leaderHand != null && led.rank() != Rank.TWO
        && leaderHand.contains(Card.of(led.suit(), Rank.of(led.rank().ordinal() - 1)))) {
      return null;
    }
    Card c = beaters.get(0);
    return c.rank().compareTo(Rank.JACK) >= 0 || st.isMaster(c) ? c : null;
  }

  /** Whether our winning card will stand against the players still to come. */
  static boolean holds(PlayState st, Card winning) {
    Suit led = st.current().led().suit();
    for (Seat s : st.toPlayAfter()) {
      if (PlayState.partners(s, st.player())) {
        continue;
      }
      Hand h = st.visible(s);
      if (h != null) {
        Hand pool = h.hasSuit(led) ? h.suit(led) : h;
        for (Card c : pool.cards()) {
          if (TrickWinner.beats(c, winning, st.trump())) {
            return false;
          }
        }
      } else {
        if (winning.suit() == led && st.unseenAbove(winning) > 0) {
          return false;
        }
        if (winning.suit() != st.trump() && st.trump() != null && st.isVoid(s, led)
            && st.unseen().hasSuit(st.trump())) {
          return false;
        }
        if (winning.suit() == st.trump() && st.unseenAbove(winning) > 0 && st.isVoid(s, led)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Third hand: with the fourth hand in sight, just high enough to beat it; otherwise the cheapest
   * sure winner, a finesse when the odds favour it (declarer), or the highest card, lowest of equals.
   */
  private static Card thirdHand(PlayState st, List<Card> beaters) {
    Seat fourth = st.player().next();
    Hand fourthHand = st.visible(fourth);
    Suit led = st.current().led().suit();
    if (fourthHand != null) {
      Card best = null;
      Hand pool = fourthHand.hasSuit(led) ? fourthHand.suit(led) : fourthHand;
      for (Card c : pool.cards()) {
        if (TrickWinner.beats(c, st.winningCard(), st.trump()) && (best == null || TrickWinner.beats(c, best, st.trump()))) {
          best = c;
        }
      }
      for (Card c : beaters) {
        if (best == null || TrickWinner.beats(c, best, st.trump())) {
          return c;
        }
      }
      return null; // fourth hand wins anyway: keep our honours
    }
    Card master = cheapestMaster(st, beaters);
    if (st.isDeclaringSide()) {
      Card finesse = finesse(st, beaters, master);
      if (finesse != null) {
        return finesse;
      }
      if (master != null) {
        return master;
      }
      return lowestOfEquals(st, beaters.get(beaters.size() - 1));
    }
    if (master != null) {
      return master;
    }
    return lowestOfEquals(st, beaters.get(beaters.size() - 1));
  }

  /**
   * Declarer's finesse in third seat: with a card one below the missing honour (AQ missing the
   * king), play it when the honour may sit over us with LHO, who has played: always against the
   * king with at least two cards out, against the queen or lower only with four or more out
   * (eight ever, nine never).
   */
  private static Card finesse(PlayState st, List<Card> beaters, Card master) {
    if (master == null) {
      return null;
    }
    Suit trump = st.trump();
    Hand leaderHand = st.visible(st.current().leader());
    if (trump != null && st.unseen().hasSuit(trump) && st.hand().hasSuit(trump)
        && leaderHand != null && !leaderHand.hasSuit(trump)) {
      return null; // this hand must win the lead to draw trumps
    }
    Suit led = st.current().led().suit();
    int out = st.unseen().length(led);
    for (Card c : beaters) {
      if (c.rank().compareTo(master.rank()) >= 0) {
        break;
      }
      if (st.unseenAbove(c) == 1) {
        Card missing = st.unseen().suit(led).cards().stream()
            .filter(x -> x.rank().compareTo(c.rank()) > 0).findFirst().orElseThrow();
        boolean worth = missing.rank() == Rank.KING ? out >= 2 : out >= 4;
        Seat fourth = st.player().next();
        if (worth && !st.isVoid(fourth, led) && !st.isVoid(st.player().rho(), led)) {
          return c;
        }
      }
    }
    return null;
  }

  /**
   * Hold up a single stopper at notrump: in the suit the defenders led, on its first round, when
   * they hold five or more cards of it.
   */
  private static boolean holdUp(PlayState st, List<Card> beaters) {
    if (!st.isDeclaringSide() || st.trump() != null) {
      return false;
    }
    Suit led = st.current().led().suit();
    if (PlayState.partners(st.current().leader(), st.player()) || st.played().length(led) > st.current().cards().size()) {
      return false;
    }
    int masters = 0;
    for (Card c : st.ourCards().suit(led).cards()) {
      if (st.isMaster(c)) {
        masters++;
      }
    }
    return masters == 1 && st.unseen().length(led) + st.current().cards().size() >= 5
        && st.declarerNeeds() > 1;
  }

  static Card cheapestMaster(PlayState st, List<Card> beaters) {
    for (Card c : beaters) {
      if (st.isMaster(c)) {
        return c;
      }
    }
    return null;
  }

  /** The lowest card equivalent to {@code c}: walk down while the cards between are ours or played. */
  static Card lowestOfEquals(PlayState st, Card c) {
    return lowestEquivalent(st, c, true);
  }

  /** When leading: the lowest card of the sequence this card heads within our own hand. */
  static Card lowestOfEqualsLead(PlayState st, Card c) {
    return lowestEquivalent(st, c, false);
  }

  /**
   * Down from {@code c} through our own cards, passing over the played ones, to the last that
   * still beats the trick's winning card when {@code mustWin} (following), or to the last of
   * ours (leading).
   */
  private static Card lowestEquivalent(PlayState st, Card c, boolean mustWin) {
    Hand hand = st.hand();
    Card best = c;
    for (int r = c.rank().ordinal() - 1; r >= 0; r--) {
      Card x = Card.of(c.suit(), Rank.of(r));
      if (hand.contains(x)) {
        if (mustWin && !TrickWinner.beats(x, st.winningCard(), st.trump())) {
          break;
        }
        best = x;
      } else if (!st.played().contains(x)) {
        break;
      }
    }
    return best;
  }

  /**
   * Not trying to win: a defender on partner's lead encourages with a high spot card when it holds
   * an honour in the suit, otherwise plays low.
   */
  private static Card signalOrLow(PlayState st, List<Card> legal) {
    Card low = lowest(legal);
    if (st.isDeclaringSide() || !PlayState.partners(st.current().leader(), st.player()) || legal.size() < 2) {
      return low;
    }
    Suit s = st.current().led().suit();
    Hand suit = st.hand().suit(s);
    boolean honour = suit.contains(Card.of(s, Rank.ACE)) || suit.contains(Card.of(s, Rank.KING))
        || suit.contains(Card.of(s, Rank.QUEEN));
    if (!honour) {
      return low;
    }
    Card high = null;
    for (Card c : legal) {
      if (c.rank().compareTo(Rank.TEN) < 0 && (high == null || c.rank().compareTo(high.rank()) > 0)) {
        high = c;
      }
    }
    return high != null ? high : low;
  }

  private static Card noCardOfTheSuit(PlayState st, List<Card> legal) {
    Suit trump = st.trump();
    Card winning = st.winningCard();
    boolean ourWinning = st.ourSideWinning();
    if (trump != null && st.hand().hasSuit(trump) && !(ourWinning && holds(st, winning))) {
      Card ruff = null;
      for (Card c : st.hand().suit(trump).cards()) {
        if (TrickWinner.beats(c, winning, trump)) {
          ruff = c;
          break;
        }
      }
      if (ruff != null) {
        return ruff;
      }
    }
    return discard(st, legal);
  }

  /**
   * A discard: never a winner or a guard if avoidable; the lowest card of the least useful suit,
   * preferring long suits without honours, and not a trump.
   */
  static Card discard(PlayState st, List<Card> legal) {
    Card best = null;
    int bestValue = Integer.MAX_VALUE;
    for (Card c : legal) {
      Hand suit = st.hand().suit(c.suit());
      int value = 0;
      if (c.suit() == st.trump()) {
        value += 100;
      }
      if (st.isMaster(c)) {
        value += 50;
      }
      for (Card x : suit.cards()) {
        if (st.isMaster(x)) {
          value += 10;
        }
        if (x.rank().compareTo(Rank.JACK) >= 0) {
          value += 4; // honours and their guards
        }
      }
      value -= suit.size(); // discard from length
      value += c.rank().ordinal() / 4; // low cards first
      if (!isLowest(suit, c)) {
        value += 3;
      }
      if (value < bestValue) {
        bestValue = value;
        best = c;
      }
    }
    return best;
  }

  private static boolean isLowest(Hand suit, Card c) {
    return suit.cards().get(0).equals(c);
  }

  static Card lowest(List<Card> cards) {
    Card low = cards.get(0);
    for (Card c : cards) {
      if (c.rank().compareTo(low.rank()) < 0) {
        low = c;
      }
    }
    return low;
  }
}
