package org.tenace.robot.bidding;

import static org.tenace.bridge.card.Suit.CLUBS;
import static org.tenace.bridge.card.Suit.DIAMONDS;
import static org.tenace.bridge.card.Suit.HEARTS;
import static org.tenace.bridge.card.Suit.SPADES;

import java.util.List;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Suit;

/** Opening bids: strong 2C, 15-17 1NT, 20-21 2NT, five-card majors, better minor, weak twos, preempts. */
final class OpeningBids {
  private OpeningBids() {}

  static void rules(BiddingContext ctx, List<BidRule> out) {
    boolean fourthSeat = ctx.entries().size() == 3;
    out.add(BidRule.of(Bid.of(2, Strain.CLUBS), Showing.points(22, 40))
        .by(Measure.HCP)
        .alert(Convention.STRONG_TWO_CLUBS, "Strong and artificial: 22+ points, forcing")
        .gameForcing());
    out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(20, 21).balanced()).by(Measure.HCP));
    out.add(BidRule.of(Bid.of(1, Strain.NO_TRUMP), Showing.points(15, 17).balanced()).by(Measure.HCP));
    for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS}) {
      int min = s == HEARTS || s == SPADES ? 5 : 3;
      out.add(BidRule.of(Bid.of(1, Strain.of(s)), Showing.points(11, 23).atLeast(s, min))
          .when(h -> opens(h, fourthSeat) && openingSuit(h) == s));
    }
    if (!fourthSeat) {
      for (Suit s : new Suit[] {SPADES, HEARTS}) {
        out.add(BidRule.of(Bid.of(4, Strain.of(s)), Showing.points(5, 11).atLeast(s, 8))
            .by(Measure.HCP)
            .when(h -> h.decentSuit(s)));
      }
      for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS}) {
        out.add(BidRule.of(Bid.of(3, Strain.of(s)), Showing.points(5, 10).atLeast(s, 7))
            .by(Measure.HCP)
            .when(h -> h.decentSuit(s) && h.longestSuit() == s));
      }
      for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS}) {
        Suit otherMajor = s == SPADES ? HEARTS : SPADES;
        out.add(BidRule.of(Bid.of(2, Strain.of(s)), Showing.points(5, 10).atLeast(s, 6).atMost(s, 6))
            .by(Measure.HCP)
            .when(h -> h.goodSuit(s) && h.length(otherMajor) <= 3 && h.longestSuit() == s));
      }
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, fourthSeat ? 14 : 12)));
  }

  /** Strong enough to open at the one level. Fourth seat also needs the rule of 15. */
  static boolean opens(HandEvaluation h, boolean fourthSeat) {
    boolean values = h.hcp() >= 12 || (h.hcp() >= 10 && h.ruleOfTwenty());
    return values && (!fourthSeat || h.hcp() + h.length(SPADES) >= 15);
  }

  /**
   * The suit to open at the one level: the longer major with five or more (spades with 5-5), a
   * six-card minor longer than the major, otherwise the longer minor (diamonds with 4-4, clubs
   * with 3-3).
   */
  static Suit openingSuit(HandEvaluation h) {
    int sp = h.length(SPADES);
    int he = h.length(HEARTS);
    int di = h.length(DIAMONDS);
    int cl = h.length(CLUBS);
    int major = Math.max(sp, he);
    int minor = Math.max(di, cl);
    if (major >= 5 && major >= minor) {
      return sp >= he ? SPADES : HEARTS;
    }
    if (minor >= 5) {
      return di >= cl ? DIAMONDS : CLUBS;
    }
    if (di > cl) {
      return DIAMONDS;
    }
    if (cl > di) {
      return CLUBS;
    }
    return di >= 4 ? DIAMONDS : CLUBS;
  }
}
