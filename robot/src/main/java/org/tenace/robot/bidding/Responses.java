package org.tenace.robot.bidding;

import static org.tenace.bridge.card.Suit.CLUBS;
import static org.tenace.bridge.card.Suit.DIAMONDS;
import static org.tenace.bridge.card.Suit.HEARTS;
import static org.tenace.bridge.card.Suit.SPADES;

import java.util.List;
import java.util.Optional;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Suit;

/**
 * Responder's first call after partner's opening: raises, new suits (forcing), notrump
 * responses, answers to 2C and to preempts, and — when RHO has overcalled — negative doubles.
 */
final class Responses {
  private Responses() {}

  static void rules(BiddingContext ctx, List<BidRule> out) {
    Entry opening = ctx.opening().orElseThrow();
    Bid open = (Bid) opening.call();
    Optional<Entry> rhoAction = ctx.lastActionBy(ctx.rho()).filter(e -> after(ctx, e, opening));
    Convention kind = opening.rule().convention();
    if (open.strain() == Strain.NO_TRUMP && open.level() <= 2 && kind == Convention.NATURAL) {
      NotrumpBidding.responses(ctx, open, rhoAction, out);
      return;
    }
    if (kind == Convention.STRONG_TWO_CLUBS) {
      if (rhoAction.isEmpty()) {
        twoClubs(ctx, out);
      }
      return;
    }
    if (kind != Convention.NATURAL || open.strain() == Strain.NO_TRUMP) {
      return;
    }
    Suit suit = open.strain().trumpOrNull();
    if (open.level() >= 2) {
      preempt(ctx, open, suit, out);
      return;
    }
    if (rhoAction.isPresent() && rhoAction.get().call() instanceof Bid overcall) {
      afterOvercall(ctx, suit, overcall, rhoAction.get(), out);
      return;
    }
    if (rhoAction.isPresent() && rhoAction.get().call() == Call.DOUBLE) {
      out.add(BidRule.of(Call.REDOUBLE, Showing.points(10, 40))
          .by(Measure.HCP)
          .when(h -> h.length(suit) < 4)
          .meaning(Convention.STRENGTH_REDOUBLE));
    }
    oneSuit(ctx, suit, out);
  }

  private static boolean after(BiddingContext ctx, Entry e, Entry opening) {
    return ctx.entries().indexOf(e) > ctx.entries().indexOf(opening);
  }

  /** Three-card support for a major, four for diamonds, five for clubs. */
  static boolean fits(HandEvaluation h, Suit suit) {
    int need = suit == CLUBS ? 5 : suit == DIAMONDS ? 4 : 3;
    return h.length(suit) >= need;
  }

  private static boolean hasFourCardMajor(HandEvaluation h) {
    return h.length(HEARTS) >= 4 || h.length(SPADES) >= 4;
  }

  /** Responses to one of a suit with no interference (or after RHO's double). */
  private static void oneSuit(BiddingContext ctx, Suit open, List<BidRule> out) {
    boolean major = open == HEARTS || open == SPADES;
    Strain os = Strain.of(open);
    int supportLen = major ? 3 : open == DIAMONDS ? 4 : 5;
    int limit = ctx.passedHand() ? 12 : 40;
    if (major) {
      out.add(BidRule.of(Bid.of(4, os), Showing.points(0, 9).atLeast(open, 5))
          .by(Measure.HCP)
          .when(h -> shortSuit(h) <= 1));
      out.add(BidRule.of(Bid.of(3, os), Showing.points(10, 12).atLeast(open, supportLen))
          .by(Measure.SUPPORT));
      out.add(BidRule.of(Bid.of(2, os), Showing.points(6, 9).atLeast(open, supportLen))
          .by(Measure.SUPPORT));
      out.add(BidRule.of(Bid.of(4, os), Showing.points(13, 15).atLeast(open, supportLen))
          .by(Measure.SUPPORT)
          .when(h -> h.isBalanced() && noOtherSuit(h, open)));
    }
    // Jump shifts: strong, game forcing.
    for (Suit s : higherFirst()) {
      if (s == open) {
        continue;
      }
      Bid jump = jumpShift(open, s);
      out.add(BidRule.of(jump, Showing.points(19, 40).atLeast(s, 5))
          .when(h -> h.goodSuit(s) && responderSuit(h, open, false) == s)
          .gameForcing());
    }
    // New suits at the one level, forcing.
    for (Suit s : new Suit[] {DIAMONDS, HEARTS, SPADES}) {
      if (s.compareTo(open) <= 0) {
        continue;
      }
      out.add(BidRule.of(Bid.of(1, Strain.of(s)), Showing.points(6, limit).atLeast(s, 4))
          .when(h -> responderSuit(h, open, true) == s && !(major && fits(h, open) && h.supportPoints(open) < 13))
          .forcing());
    }
    if (!major) {
      out.add(BidRule.of(Bid.of(3, os), Showing.points(10, 12).atLeast(open, supportLen))
          .when(h -> !hasFourCardMajor(h)));
      out.add(BidRule.of(Bid.of(2, os), Showing.points(6, 9).atLeast(open, supportLen))
          .when(h -> !hasFourCardMajor(h)));
    }
    out.add(BidRule.of(Bid.of(1, Strain.NO_TRUMP), Showing.points(6, 10))
        .by(Measure.HCP)
        .when(h -> !(major && fits(h, open)) && (major || !hasFourCardMajor(h))));
    // New suits at the two level: 10+ (five cards for hearts over spades), forcing.
    for (Suit s : higherFirst()) {
      if (s.compareTo(open) >= 0) {
        continue;
      }
      int len = s == HEARTS ? 5 : 4;
      out.add(BidRule.of(Bid.of(2, Strain.of(s)), Showing.points(11, limit).atLeast(s, len))
          .when(h -> responderSuit(h, open, false) == s)
          .forcing());
    }
    out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(11, 12).balanced())
        .by(Measure.HCP)
        .when(h -> !(major && fits(h, open)) && (major || !hasFourCardMajor(h))));
    out.add(BidRule.of(Bid.of(3, Strain.NO_TRUMP), Showing.points(13, 15).balanced())
        .by(Measure.HCP)
        .when(h -> !(major && fits(h, open)) && !hasFourCardMajor(h)));
    // Strong hands without a natural call: the cheapest forcing new suit, even a three-card minor.
    for (Suit s : new Suit[] {CLUBS, DIAMONDS}) {
      if (s.compareTo(open) < 0) {
        out.add(BidRule.of(Bid.of(2, Strain.of(s)), Showing.points(13, limit).atLeast(s, 3))
            .when(h -> h.length(s) >= 3)
            .forcing());
      } else if (s != open) {
        out.add(BidRule.of(Bid.of(1, Strain.of(s)), Showing.points(6, limit).atLeast(s, 3))
            .forcing());
      }
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, 6)));
    // Fewer than 6 HCP and no one-level call: pass, however long a suit (no two-level response).
    out.add(BidRule.of(Call.PASS, Showing.points(0, 5)).by(Measure.HCP));
  }

  /** A three-level jump shift, or a two-level one over a one-level opening in a lower suit. */
  private static Bid jumpShift(Suit open, Suit s) {
    return Bid.of(s.compareTo(open) > 0 ? 2 : 3, Strain.of(s));
  }

  private static boolean noOtherSuit(HandEvaluation h, Suit open) {
    for (Suit s : Suit.values()) {
      if (s != open && h.length(s) >= 5) {
        return false;
      }
    }
    return true;
  }

  static int shortSuit(HandEvaluation h) {
    int min = 13;
    for (Suit s : Suit.values()) {
      min = Math.min(min, h.length(s));
    }
    return min;
  }

  private static Suit[] higherFirst() {
    return new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS};
  }

  /**
   * The new suit responder bids first: the longest (higher of two five-card suits); with only
   * four-card suits, a major before a minor and up the line. {@code oneLevel} also allows the
   * one-level major response with fewer points ahead of a longer minor.
   */
  static Suit responderSuit(HandEvaluation h, Suit open, boolean oneLevel) {
    Suit best = null;
    for (Suit s : higherFirst()) {
      if (s == open) {
        continue;
      }
      int n = h.length(s);
      if (n < 4) {
        continue;
      }
      if (best == null || n > h.length(best)) {
        best = s;
      } else if (n == h.length(best) && n == 4) {
        // Up the line with four-card suits; majors before minors.
        boolean sMajor = s == HEARTS || s == SPADES;
        boolean bMajor = best == HEARTS || best == SPADES;
        if (sMajor == bMajor || sMajor) {
          best = s;
        }
      }
    }
    if (best == null) {
      return null;
    }
    // A weak hand shows a one-level major rather than a longer minor it cannot bid at the two level.
    if (best.compareTo(open) < 0 && h.hcp() < 11) {
      for (Suit s : new Suit[] {HEARTS, SPADES}) {
        if (s.compareTo(open) > 0 && h.length(s) >= 4) {
          return s;
        }
      }
      return null;
    }
    // Over a minor, a four-card major comes before diamonds unless diamonds are long and strong.
    if (oneLevel && (best == DIAMONDS) && h.length(DIAMONDS) < 6) {
      for (Suit s : new Suit[] {HEARTS, SPADES}) {
        if (h.length(s) >= 4) {
          return s;
        }
      }
    }
    return best;
  }

  /** Responses to 2C: a positive suit or 2NT with 8+, otherwise the 2D waiting bid. */
  private static void twoClubs(BiddingContext ctx, List<BidRule> out) {
    for (Suit s : new Suit[] {HEARTS, SPADES}) {
      out.add(BidRule.of(Bid.of(2, Strain.of(s)), Showing.points(8, 40).atLeast(s, 5))
          .by(Measure.HCP)
          .when(h -> h.goodSuit(s) && h.longestSuit() == s)
          .gameForcing());
    }
    for (Suit s : new Suit[] {CLUBS, DIAMONDS}) {
      out.add(BidRule.of(Bid.of(3, Strain.of(s)), Showing.points(8, 40).atLeast(s, 5))
          .by(Measure.HCP)
          .when(h -> h.goodSuit(s) && h.longestSuit() == s)
          .gameForcing());
    }
    out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(8, 40).balanced())
        .by(Measure.HCP)
        .gameForcing());
    out.add(BidRule.of(Bid.of(2, Strain.DIAMONDS), Showing.points(0, 40))
        .alert(Convention.WAITING, "Waiting: artificial, says nothing about diamonds")
        .forcing());
  }

  /** Partner opened a weak two or a preempt. */
  private static void preempt(BiddingContext ctx, Bid open, Suit suit, List<BidRule> out) {
    Strain st = open.strain();
    boolean major = suit == HEARTS || suit == SPADES;
    if (major) {
      ctx.bid(4, st).ifPresent(b -> out.add(BidRule.of(b, Showing.points(15, 40).atLeast(suit, 2))
          .by(Measure.SUPPORT)
          .when(h -> h.length(suit) >= 3 || h.hcp() >= 17)));
    }
    ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(16, 40))
        .by(Measure.HCP)
        .when(h -> h.length(suit) >= 2 && stoppersOutside(h, suit))));
    if (major) {
      ctx.bid(4, st).ifPresent(b -> out.add(BidRule.of(b, Showing.points(0, 14).atLeast(suit, 4))
          .by(Measure.HCP)
          .when(h -> shortSuit(h) <= 1)));
      ctx.cheapest(st).filter(b -> b.level() == 3).ifPresent(b -> out.add(
          BidRule.of(b, Showing.points(0, 14).atLeast(suit, 3)).by(Measure.HCP)));
    } else {
      ctx.bid(5, st).ifPresent(b -> out.add(BidRule.of(b, Showing.points(16, 40).atLeast(suit, 3))
          .by(Measure.SUPPORT)
          .when(h -> shortSuit(h) <= 1)));
    }
    for (Suit s : higherFirst()) {
      if (s == suit) {
        continue;
      }
      ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 3).ifPresent(b -> out.add(
          BidRule.of(b, Showing.points(15, 40).atLeast(s, 5))
              .when(h -> h.goodSuit(s) && h.length(suit) <= 2 && h.longestSuit() == s)
              .forcing()));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, 15)));
  }

  static boolean stoppersOutside(HandEvaluation h, Suit suit) {
    for (Suit s : Suit.values()) {
      if (s != suit && !h.stopper(s)) {
        return false;
      }
    }
    return true;
  }

  /**
   * RHO overcalled partner's one-level opening: raises, negative doubles through 2S, forcing new
   * suits, notrump with a stopper, or pass.
   */
  private static void afterOvercall(
      BiddingContext ctx, Suit open, Bid overcall, Entry rhoEntry, List<BidRule> out) {
    Suit theirs = rhoEntry.rule().suit();
    boolean major = open == HEARTS || open == SPADES;
    Strain os = Strain.of(open);
    int supportLen = major ? 3 : 4;
    Optional<Bid> raise = ctx.cheapest(os);
    // Jump raises first (limit), then simple raises, both at the cheapest available level.
    raise.flatMap(b -> ctx.bid(b.level() + 1, os)).filter(b -> b.level() <= 3).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(10, 12).atLeast(open, supportLen)).by(Measure.SUPPORT)));
    if (major) {
      ctx.bid(4, os).ifPresent(b -> out.add(BidRule.of(b, Showing.points(13, 16).atLeast(open, supportLen))
          .by(Measure.SUPPORT)));
    }
    raise.filter(b -> b.level() <= 2 || (b.level() == 3 && !major)).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(6, 9).atLeast(open, supportLen)).by(Measure.SUPPORT)));
    raise.filter(b -> b.level() == 3 && major).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(8, 12).atLeast(open, 4)).by(Measure.SUPPORT)));
    boolean negativeDouble = overcall.compareTo(Bid.of(2, Strain.SPADES)) <= 0
        && overcall.strain() != Strain.NO_TRUMP && theirs != null;
    if (negativeDouble) {
      Showing shows = Showing.points(overcall.level() == 1 ? 6 : 8, 40);
      boolean majorUnbid = false;
      for (Suit m : new Suit[] {HEARTS, SPADES}) {
        if (m != open && m != theirs) {
          shows = shows.atLeast(m, 4);
          majorUnbid = true;
        }
      }
      if (!majorUnbid) {
        // Both majors bid: the double shows the unbid minor(s), and partner may compete in them.
        for (Suit m : new Suit[] {CLUBS, DIAMONDS}) {
          if (m != open && m != theirs) {
            shows = shows.atLeast(m, 4);
          }
        }
      }
      Showing negative = shows;
      out.add(BidRule.of(Call.DOUBLE, negative)
          .when(h -> unbidMajorsHeld(h, open, theirs) && !(fits(h, open) && h.supportPoints(open) < 13))
          .alert(Convention.NEGATIVE_DOUBLE, majorUnbid
              ? "Negative double: for takeout, shows the unbid major(s)"
              : "Negative double: for takeout, shows the unbid minor(s)")
          .forcing());
    }
    for (Suit s : higherFirst()) {
      if (s == open || s == theirs) {
        continue;
      }
      ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 2).ifPresent(b -> {
        boolean one = b.level() == 1;
        out.add(BidRule.of(b, Showing.points(one ? 6 : 11, 40).atLeast(s, one ? 4 : 5))
            .when(h -> h.longestSuit() == s || (one && h.length(s) >= 5))
            .forcing());
      });
    }
    if (theirs != null) {
      Suit t = theirs;
      ctx.cheapest(Strain.NO_TRUMP).ifPresent(b -> {
        int lo = b.level() == 1 ? 8 : b.level() == 2 ? 11 : 13;
        int hi = b.level() == 1 ? 11 : b.level() == 2 ? 12 : 16;
        out.add(BidRule.of(b, Showing.points(lo, hi)).by(Measure.HCP)
            .when(h -> h.stopper(t) && h.isSemiBalanced()));
      });
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(13, 16))
          .by(Measure.HCP).when(h -> h.stopper(t) && h.isSemiBalanced())));
      if (!negativeDouble) {
        out.add(BidRule.of(Call.DOUBLE, Showing.points(9, 40).atLeast(t, 4))
            .by(Measure.HCP)
            .when(h -> h.defensiveTricks(t) >= 2.5)
            .meaning(Convention.PENALTY_DOUBLE));
      }
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, 12)));
  }

  private static boolean unbidMajorsHeld(HandEvaluation h, Suit open, Suit theirs) {
    boolean any = false;
    for (Suit m : new Suit[] {HEARTS, SPADES}) {
      if (m == open || m == theirs) {
        continue;
      }
      if (h.length(m) < 4) {
        return false;
      }
      any = true;
    }
    if (!any) {
      // Both majors are taken: the double shows the unbid minor(s) and values.
      for (Suit m : new Suit[] {CLUBS, DIAMONDS}) {
        if (m != open && m != theirs && h.length(m) < 4) {
          return false;
        }
      }
    }
    return true;
  }
}
