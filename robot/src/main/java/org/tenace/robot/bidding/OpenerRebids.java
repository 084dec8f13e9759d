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
 * Opener's second call: raises of responder's suit, notrump rebids by range, new suits
 * (reverses and jump shifts forcing), rebids of a long suit, answers to a negative double, and the
 * answers to notrump conventions and to 2C.
 */
final class OpenerRebids {
  private OpenerRebids() {}

  static void rules(BiddingContext ctx, List<BidRule> out) {
    Entry opening = ctx.actionsBy(ctx.seat()).get(0);
    Entry response = ctx.actionsBy(ctx.partner()).get(0);
    Bid open = (Bid) opening.call();
    if (open.strain() == Strain.NO_TRUMP && opening.rule().convention() == Convention.NATURAL) {
      NotrumpBidding.openerAnswers(ctx, open, response, out);
      return;
    }
    if (opening.rule().convention() == Convention.STRONG_TWO_CLUBS) {
      if (response.rule().convention() == Convention.WAITING && ctx.passedSince(ctx.partner())) {
        out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(22, 24).balanced()).by(Measure.HCP));
        out.add(BidRule.of(Bid.of(3, Strain.NO_TRUMP), Showing.points(25, 27).balanced()).by(Measure.HCP));
        // Otherwise the longest suit, naturally (forcing to game).
        for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS}) {
          ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 3).ifPresent(b -> out.add(
              BidRule.of(b, Showing.points(22, 40).atLeast(s, 5)).when(h -> h.longestSuit() == s)
                  .gameForcing()));
        }
        out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(22, 24)).by(Measure.HCP));
      }
      return;
    }
    if (opening.rule().convention() != Convention.NATURAL || open.level() != 1) {
      return;
    }
    Suit mySuit = open.strain().trumpOrNull();
    if (response.rule().convention() == Convention.NEGATIVE_DOUBLE) {
      afterNegativeDouble(ctx, mySuit, out);
      return;
    }
    if (!(response.call() instanceof Bid reply) || response.rule().convention() != Convention.NATURAL) {
      return;
    }
    if (reply.strain() == open.strain()) {
      afterRaise(ctx, mySuit, reply, out);
    } else if (reply.strain() == Strain.NO_TRUMP) {
      afterNotrump(ctx, mySuit, reply, out);
    } else if (response.rule().force() == Force.GAME) {
      afterJumpShift(ctx, mySuit, reply.strain().trumpOrNull(), out);
    } else {
      afterNewSuit(ctx, mySuit, reply, ctx.mustBid(), out);
    }
  }

  private static Suit theirSuit(BiddingContext ctx) {
    return ctx.theirSuits().isEmpty() ? null : ctx.theirSuits().get(0);
  }

  private static void afterRaise(BiddingContext ctx, Suit suit, Bid raise, List<BidRule> out) {
    Strain s = Strain.of(suit);
    int pMin = ctx.partnerShown().minPoints();
    int pMax = Math.min(ctx.partnerShown().maxPoints(), pMin + 6);
    boolean major = suit == HEARTS || suit == SPADES;
    if (raise.level() >= 4) {
      out.add(BidRule.of(Call.PASS, Showing.ANY));
      return;
    }
    if (ctx.isLegal(Bid.of(4, Strain.NO_TRUMP))) {
      out.add(SlamBidding.ask(Showing.points(Placement.SUIT_SLAM - pMin, 40)));
    }
    int accept = raise.level() == 2 ? 25 - pMin : 25 - (pMin + pMax) / 2;
    if (major) {
      ctx.bid(4, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(accept, 40))));
    } else {
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(accept, 40))
          .by(Measure.HCP).when(HandEvaluation::isSemiBalanced)));
      ctx.bid(5, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(accept + 2, 40))));
    }
    if (raise.level() == 2) {
      ctx.bid(3, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(25 - pMax, accept - 1))));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, accept - 1)));
  }

  private static void afterNotrump(BiddingContext ctx, Suit suit, Bid nt, List<BidRule> out) {
    Strain s = Strain.of(suit);
    boolean major = suit == HEARTS || suit == SPADES;
    if (nt.level() >= 3) {
      if (major) {
        ctx.bid(4, s).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY.atLeast(suit, 6))));
      }
      out.add(BidRule.of(Call.PASS, Showing.ANY));
      return;
    }
    if (nt.level() == 2) {
      // Responder invited with 11-12.
      if (major) {
        ctx.bid(4, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(14, 40).atLeast(suit, 6))));
      }
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(14, 40))));
      ctx.bid(3, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(0, 13).atLeast(suit, 6))));
      out.add(BidRule.of(Call.PASS, Showing.points(0, 13)));
      return;
    }
    // 1X-1NT, responder 6-10.
    ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(18, 21).balanced())
        .by(Measure.HCP)));
    ctx.bid(2, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(16, 17).balanced())
        .by(Measure.HCP)));
    jumpRebid(ctx, suit, out);
    newSuits(ctx, suit, null, theirSuit(ctx), out);
    ctx.bid(2, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 16).atLeast(suit, 6))));
    out.add(BidRule.of(Call.PASS, Showing.points(11, 16)));
  }

  /** Responder's jump shift forces to game: support, rebid a long suit, or notrump. */
  private static void afterJumpShift(BiddingContext ctx, Suit mySuit, Suit his, List<BidRule> out) {
    ctx.cheapest(Strain.of(his)).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY.atLeast(his, 3))));
    ctx.cheapest(Strain.of(mySuit)).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY.atLeast(mySuit, 6))));
    ctx.cheapest(Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY).by(Measure.HCP)));
  }

  private static void afterNewSuit(BiddingContext ctx, Suit mySuit, Bid reply, boolean forced, List<BidRule> out) {
    Suit his = reply.strain().trumpOrNull();
    Suit theirs = theirSuit(ctx);
    boolean oneLevel = reply.level() == 1;
    boolean hisMajor = his == HEARTS || his == SPADES;
    int need = hisMajor && !oneLevel ? 3 : 4;
    Strain hs = Strain.of(his);
    // Raise responder's suit: after a one-level response by strength, after a two-level one simply.
    ctx.cheapest(hs).ifPresent(simple -> {
      if (oneLevel) {
        ctx.bid(BiddingContext.gameLevel(hs) == 4 ? 4 : 3, hs).filter(b -> b.level() == simple.level() + 2)
            .ifPresent(b -> out.add(BidRule.of(b, Showing.points(19, 22).atLeast(his, need)).by(Measure.SUPPORT)));
        ctx.bid(simple.level() + 1, hs).ifPresent(b ->
            out.add(BidRule.of(b, Showing.points(16, 18).atLeast(his, need)).by(Measure.SUPPORT)));
        out.add(BidRule.of(simple, Showing.points(11, 15).atLeast(his, need)).by(Measure.SUPPORT));
      } else {
        out.add(BidRule.of(simple, Showing.points(11, 22).atLeast(his, need)).by(Measure.SUPPORT));
      }
    });
    if (oneLevel) {
      for (Suit s : new Suit[] {HEARTS, SPADES}) {
        if (s.compareTo(his) > 0 && s != mySuit && s != theirs) {
          ctx.bid(1, Strain.of(s)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 18).atLeast(s, 4))
              .when(h -> h.length(his) < need).forcing()));
        }
      }
      ctx.bid(1, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(12, 14).balanced())
          .by(Measure.HCP).when(h -> theirs == null || h.stopper(theirs))));
      ctx.bid(2, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(18, 19).balanced())
          .by(Measure.HCP).when(h -> theirs == null || h.stopper(theirs))));
    } else {
      ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() == 2).ifPresent(b ->
          out.add(BidRule.of(b, Showing.points(12, 14).balanced()).by(Measure.HCP)
              .when(h -> theirs == null || h.stopper(theirs))));
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(18, 19).balanced())
          .by(Measure.HCP).when(h -> theirs == null || h.stopper(theirs))));
    }
    jumpRebid(ctx, mySuit, out);
    newSuits(ctx, mySuit, his, theirs, out);
    if (!oneLevel) {
      for (Suit s : new Suit[] {DIAMONDS, CLUBS}) {
        if (s != mySuit && s != his && s != theirs && s.compareTo(mySuit) < 0) {
          ctx.cheapest(Strain.of(s)).filter(b -> b.level() == 3).ifPresent(b ->
              out.add(BidRule.of(b, Showing.points(11, 18).atLeast(s, 4)).when(h -> h.length(his) < need)
                  .forcing()));
        }
      }
    }
    ctx.cheapest(Strain.of(mySuit)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 16).atLeast(mySuit, 6))));
    if (!forced) {
      out.add(BidRule.of(Call.PASS, Showing.points(11, 15)));
    }
    // Forced with nothing better: notrump, own suit, or preference to responder's.
    ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() <= 2).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(11, 17)).by(Measure.HCP)
            .when(h -> h.isSemiBalanced() && (theirs == null || h.stopper(theirs)))));
    ctx.cheapest(Strain.of(mySuit)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 17).atLeast(mySuit, 5))));
    ctx.cheapest(hs).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 17))));
  }

  /** A jump rebid of a good six-card suit with 16-18. */
  private static void jumpRebid(BiddingContext ctx, Suit suit, List<BidRule> out) {
    Strain s = Strain.of(suit);
    ctx.cheapest(s).flatMap(b -> ctx.bid(b.level() + 1, s)).filter(b -> b.level() <= 3).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(16, 18).atLeast(suit, 6)).when(h -> h.goodSuit(suit))));
  }

  /**
   * A second suit of four or more: a jump shift with 19+ (game forcing), a reverse with 17+
   * (forcing), or a lower suit at the two level with any opening.
   */
  private static void newSuits(BiddingContext ctx, Suit mySuit, Suit his, Suit theirs, List<BidRule> out) {
    for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS}) {
      if (s == mySuit || s == his || s == theirs) {
        continue;
      }
      Optional<Bid> cheap = ctx.cheapest(Strain.of(s));
      if (cheap.isEmpty() || cheap.get().level() > 2) {
        continue;
      }
      Bid b = cheap.get();
      ctx.bid(b.level() + 1, Strain.of(s)).ifPresent(j ->
          out.add(BidRule.of(j, Showing.points(19, 22).atLeast(s, 4)).when(h -> h.length(mySuit) >= 5)
              .gameForcing()));
      boolean reverse = s.compareTo(mySuit) > 0 && b.level() == 2;
      if (reverse) {
        out.add(BidRule.of(b, Showing.points(17, 22).atLeast(s, 4))
            .when(h -> h.length(mySuit) > h.length(s) && (his == null || h.length(his) < 4))
            .forcing());
      } else {
        BidRule rule = BidRule.of(b, Showing.points(11, 18).atLeast(s, 4))
            .when(h -> h.length(mySuit) >= h.length(s) && (his == null || h.length(his) < 4));
        out.add(afterTwoOverOne(ctx, his) ? rule.forcing() : rule);
      }
    }
  }

  /** After responder's two-level new suit, opener's new suits are forcing. */
  private static boolean afterTwoOverOne(BiddingContext ctx, Suit his) {
    return his != null && ctx.actionsBy(ctx.partner()).get(0).call() instanceof Bid b && b.level() == 2;
  }

  /** Partner's negative double: show an unbid major, else notrump with a stopper, else rebid. */
  private static void afterNegativeDouble(BiddingContext ctx, Suit mySuit, List<BidRule> out) {
    Suit theirs = theirSuit(ctx);
    if (!ctx.passedSince(ctx.partner())) {
      return;
    }
    for (Suit m : new Suit[] {SPADES, HEARTS}) {
      if (m == mySuit || m == theirs) {
        continue;
      }
      ctx.cheapest(Strain.of(m)).ifPresent(b -> {
        ctx.bid(b.level() + 1, Strain.of(m)).filter(j -> j.level() <= 4).ifPresent(j ->
            out.add(BidRule.of(j, Showing.points(16, 21).atLeast(m, 4))));
        out.add(BidRule.of(b, Showing.points(11, 15).atLeast(m, 4)));
      });
    }
    ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() <= 2).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(12, 15)).by(Measure.HCP)
            .when(h -> (theirs == null || h.stopper(theirs)) && h.isSemiBalanced())));
    ctx.cheapest(Strain.of(mySuit)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 17).atLeast(mySuit, 6))));
    for (Suit s : new Suit[] {DIAMONDS, CLUBS}) {
      if (s != mySuit && s != theirs) {
        ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 2).ifPresent(b ->
            out.add(BidRule.of(b, Showing.points(11, 17).atLeast(s, 4))));
      }
    }
    ctx.cheapest(Strain.of(mySuit)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(11, 17))));
  }
}
