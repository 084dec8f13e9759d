package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.List;
import org.tenace.robot.CardView;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.robot.bidding.Convention;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * The opening lead: which suit (partner's suit first; at notrump the longest and strongest; against
 * a suit, sequences, a singleton with a trump entry, a trump when dummy showed a second suit, and
 * never away from an unsupported ace or a tenace if a safer lead exists), then which card of it
 * ({@link LeadCard}, standard leads).
 */
public final class OpeningLead {
  private OpeningLead() {}

  /** The card to lead; the view must be the opening lead. */
  public static Card choose(CardView view) {
    Suit suit = chooseSuit(view);
    Card card = LeadCard.from(view.hand().suit(suit), view.trump() != null);
    return view.legalCards().contains(card) ? card : view.legalCards().get(0);
  }

  /** The suit to lead from, scored as the house rules say (docs/robot-system.md). */
  public static Suit chooseSuit(CardView view) {
    Hand hand = view.hand();
    Suit trump = view.trump();
    Seat me = view.seat();
    Seat partner = me.partner();
    Seat declarer = view.contract().declarer();
    Seat dummy = view.contract().dummy();
    AuctionReading reading =
        AuctionReading.read(view.dealer(), view.vulnerability(), view.auction(), me);
    List<Suit> partnerSuits = naturalSuits(reading, partner);
    List<Suit> declarerSuits = naturalSuits(reading, declarer);
    List<Suit> dummySuits = naturalSuits(reading, dummy);
    Suit best = null;
    int bestScore = Integer.MIN_VALUE;
    for (int i = 3; i >= 0; i--) {
      Suit s = Suit.of(i);
      if (!hand.hasSuit(s)) {
        continue;
      }
      int score = trump == null
          ? notrumpScore(hand, s, partnerSuits, declarerSuits, dummySuits)
          : suitScore(hand, s, trump, partnerSuits, declarerSuits, dummySuits, reading, partner);
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    return best;
  }

  /** Suits a seat bid naturally (its own suit bids, not raises of partner's), latest first. */
  static List<Suit> naturalSuits(AuctionReading reading, Seat seat) {
    List<Suit> out = new ArrayList<>();
    for (AuctionReading.Entry e : reading.entries()) {
      if (e.seat() == seat && e.call() instanceof Bid b && e.rule().convention() == Convention.NATURAL) {
        Suit s = b.strain().trumpOrNull();
        if (s != null && reading.shown(seat).minLength(s) >= 4) {
          out.remove(s);
          out.add(0, s);
        }
      }
    }
    return out;
  }

  private static int notrumpScore(Hand hand, Suit s, List<Suit> partnerSuits,
      List<Suit> declarerSuits, List<Suit> dummySuits) {
    Hand cards = hand.suit(s);
    int n = cards.size();
    int score = n * 10 + cards.highCardPoints() * 2;
    if (sequence(cards)) {
      score += 15;
    }
    if (partnerSuits.contains(s)) {
      score += 50 + (partnerSuits.get(0) == s ? 10 : 0);
    }
    if (declarerSuits.contains(s) || dummySuits.contains(s)) {
      score -= 30;
    }
    if (n <= 2 && !partnerSuits.contains(s)) {
      score -= 10;
    }
    return score;
  }

  private static int suitScore(Hand hand, Suit s, Suit trump, List<Suit> partnerSuits,
      List<Suit> declarerSuits, List<Suit> dummySuits, AuctionReading reading, Seat partner) {
    Hand cards = hand.suit(s);
    int n = cards.size();
    boolean ace = cards.contains(Card.of(s, Rank.ACE));
    boolean king = cards.contains(Card.of(s, Rank.KING));
    boolean queen = cards.contains(Card.of(s, Rank.QUEEN));
    int score = 0;
    if (s == trump) {
      score -= 20;
      boolean dummySecondSuit = dummySuits.stream().anyMatch(x -> x != trump);
      boolean declarerSecondSuit = declarerSuits.stream().anyMatch(x -> x != trump);
      if (dummySecondSuit) {
        score += 30; // cut dummy's ruffs and the long side suit's entries
      } else if (declarerSecondSuit) {
        score += 25; // dummy chose between declarer's suits: likely short in the other
      }
      if (n == 1) {
        score -= 30;
      }
      if (king || queen || cards.contains(Card.of(s, Rank.JACK))) {
        score -= 20; // a trump honour is a trick where it is
      }
      return score;
    }
    if (partnerSuits.contains(s)) {
      score += 50;
    }
    if (ace && king) {
      score += 40;
    } else if (sequence(cards)) {
      score += 35;
    } else if (ace) {
      score -= 25;
    } else if (king || queen) {
      score -= 15;
    } else {
      score += 5;
    }
    if (n == 1 && !partnerSuits.contains(s)) {
      Hand trumps = hand.suit(trump);
      boolean trumpEntry = trumps.contains(Card.of(trump, Rank.ACE)) || trumps.contains(Card.of(trump, Rank.KING));
      boolean partnerValues = reading.shown(partner).minPoints() >= 8;
      if (trumps.size() >= 1 && trumps.size() <= 3 && (trumpEntry || partnerValues)) {
        score += 25;
      } else {
        score -= 5;
      }
    }
    if (n == 2 && !(ace && king)) {
      score += 2;
    }
    if (hand.length(trump) >= 4 && n >= 4) {
      score += 15; // with long trumps, force declarer
    }
    if (declarerSuits.contains(s) || dummySuits.contains(s)) {
      score -= 25;
    }
    return score;
  }

  /** A top, near or interior sequence (what LeadCard leads the top of). */
  static boolean sequence(Hand cards) {
    List<Card> c = cards.sortedForDisplay();
    if (c.size() < 2) {
      return false;
    }
    int r0 = c.get(0).rank().ordinal();
    int r1 = c.get(1).rank().ordinal();
    int ten = Rank.TEN.ordinal();
    if (c.size() == 2) {
      return r0 >= Rank.KING.ordinal() && r1 == r0 - 1;
    }
    int r2 = c.get(2).rank().ordinal();
    return (r1 == r0 - 1 && r2 >= r1 - 2 && r0 >= ten)
        || (r0 >= Rank.QUEEN.ordinal() && r1 <= r0 - 2 && r1 >= ten && r2 == r1 - 1);
  }
}
