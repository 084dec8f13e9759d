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
 * When the opponents opened: overcalls (simple, weak jump, notrump), takeout and penalty
 * doubles, balancing, and partner's advances of an overcall or a takeout double.
 */
final class Competition {
  private Competition() {}

  private static final Suit[] HIGH_FIRST = {SPADES, HEARTS, DIAMONDS, CLUBS};

  /** This seat's first action after an opponent's opening. */
  static void overcalls(BiddingContext ctx, List<BidRule> out) {
    Entry last = ctx.lastBidEntry().orElseThrow();
    Bid bid = (Bid) last.call();
    boolean overOpening = last == ctx.opening().orElseThrow();
    boolean balancing = overOpening && last.seat() == ctx.lho() && ctx.passedSince(ctx.lho());
    int light = balancing ? 3 : 0;
    List<Suit> theirs = ctx.theirSuits();
    boolean artificial = last.rule().convention().isArtificial();
    if (bid.strain() == Strain.NO_TRUMP && !artificial) {
      if (last == ctx.opening().orElseThrow()) {
        overNotrump(ctx, bid, out);
      } else {
        naturalSuits(ctx, theirs, 11, 0, out);
        out.add(BidRule.of(Call.PASS, Showing.ANY));
      }
      return;
    }
    if (artificial || theirs.isEmpty()) {
      naturalSuits(ctx, theirs, 8, 0, out);
      out.add(BidRule.of(Call.PASS, Showing.ANY));
      return;
    }
    int level = bid.level();
    // Notrump overcall: 15-18 with a stopper (11-14 in the balancing seat), 16-20 at the three level.
    ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() <= 3 && overOpening).ifPresent(b -> {
      int lo = (b.level() == 3 ? 16 : 15) - light;
      out.add(BidRule.of(b, Showing.points(lo, lo + (b.level() == 3 ? 4 : 3)).balanced())
          .by(Measure.HCP)
          .when(h -> stoppers(h, theirs)));
    });
    // Weak jump overcalls (not when balancing).
    if (!balancing) {
      for (Suit s : HIGH_FIRST) {
        if (theirs.contains(s)) {
          continue;
        }
        ctx.cheapest(Strain.of(s)).flatMap(b -> ctx.bid(b.level() + 1, Strain.of(s)))
            .filter(b -> b.level() <= 3)
            .ifPresent(b -> out.add(BidRule.of(b, Showing.points(5, 10).atLeast(s, 6))
                .by(Measure.HCP)
                .when(h -> h.goodSuit(s) && h.longestSuit() == s)));
      }
    }
    naturalSuits(ctx, theirs, 8 - light, light, out);
    if (level <= 3) {
      int min = 12 + Math.max(0, level - 1) - light;
      Showing takeout = Showing.points(min, 40);
      for (Suit t : theirs) {
        takeout = takeout.atMost(t, 2);
      }
      out.add(BidRule.of(Call.DOUBLE, takeout)
          .when(h -> supportsUnbid(h, theirs))
          .alert(Convention.TAKEOUT_DOUBLE, "Takeout double: support for the unbid suits")
          .forcing());
    }
    if (level <= 3) {
      out.add(BidRule.of(Call.DOUBLE, Showing.points(17 - light, 40))
          .alert(Convention.TAKEOUT_DOUBLE, "Takeout double: support for the unbid suits, or a strong hand")
          .forcing());
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, 16)));
  }

  /**
   * Simple overcalls: five cards at the one level (8-16), a good suit at the two and three levels;
   * in the balancing seat any five cards at the one level and a decent suit higher.
   */
  private static void naturalSuits(BiddingContext ctx, List<Suit> theirs, int oneLevelMin, int light, List<BidRule> out) {
    for (Suit s : HIGH_FIRST) {
      if (theirs.contains(s)) {
        continue;
      }
      Optional<Bid> cheap = ctx.cheapest(Strain.of(s));
      if (cheap.isEmpty() || cheap.get().level() > 3) {
        continue;
      }
      Bid b = cheap.get();
      if (b.level() == 1) {
        // In the balancing seat any five cards do: the suit is for partner's lead less than for
        // a part score the side would otherwise sell.
        out.add(BidRule.of(b, Showing.points(oneLevelMin, 17).atLeast(s, 5))
            .when(h -> (light > 0 || h.decentSuit(s)) && bestSuit(h, theirs) == s));
      } else {
        int min = (b.level() == 2 ? 11 : 13) - light;
        int len = b.level() == 2 ? 5 : 6;
        out.add(BidRule.of(b, Showing.points(min, 17).atLeast(s, len))
            .when(h -> (light > 0 ? h.decentSuit(s) : h.goodSuit(s)) && bestSuit(h, theirs) == s));
      }
    }
  }

  /** Over a natural notrump: penalty double with 15+, natural suits with a good five or a six. */
  private static void overNotrump(BiddingContext ctx, Bid nt, List<BidRule> out) {
    if (nt.level() == 1) {
      out.add(BidRule.of(Call.DOUBLE, Showing.points(15, 40)).by(Measure.HCP)
          .meaning(Convention.PENALTY_DOUBLE));
    }
    for (Suit s : HIGH_FIRST) {
      ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= nt.level() + 1 && b.level() <= 3).ifPresent(b ->
          out.add(BidRule.of(b, Showing.points(8 + 2 * (b.level() - 2), 15).atLeast(s, 5))
              .when(h -> (h.length(s) >= 6 || h.goodSuit(s)) && h.longestSuit() == s)));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, 14)));
  }

  static boolean stoppers(HandEvaluation h, List<Suit> suits) {
    for (Suit s : suits) {
      if (!h.stopper(s)) {
        return false;
      }
    }
    return true;
  }

  /** Three or more in every unbid suit (four in an unbid major, or three with extra values). */
  private static boolean supportsUnbid(HandEvaluation h, List<Suit> theirs) {
    for (Suit s : Suit.values()) {
      if (!theirs.contains(s) && h.length(s) < 3) {
        return false;
      }
    }
    return true;
  }

  /** The longest suit not bid by the opponents; majors before minors among equals. */
  static Suit bestSuit(HandEvaluation h, List<Suit> theirs) {
    Suit best = null;
    for (Suit s : HIGH_FIRST) {
      if (theirs.contains(s)) {
        continue;
      }
      if (best == null || h.length(s) > h.length(best)) {
        best = s;
      }
    }
    return best;
  }

  /** This seat's first action after partner overcalled or doubled. */
  static void advances(BiddingContext ctx, List<BidRule> out) {
    Entry partners = ctx.actionsBy(ctx.partner()).get(0);
    List<Suit> theirs = ctx.theirSuits();
    boolean free = !ctx.passedSince(ctx.partner())
        && ctx.lastCallBy(ctx.rho()).map(e -> e.call() != Call.PASS && e.call() != Call.REDOUBLE).orElse(false);
    if (partners.rule().convention() == Convention.TAKEOUT_DOUBLE) {
      afterTakeout(ctx, theirs, free, out);
    } else if (partners.call() instanceof Bid b && partners.rule().convention() == Convention.NATURAL) {
      if (b.strain() == Strain.NO_TRUMP && b.level() <= 2) {
        Optional<Entry> rho = ctx.passedSince(ctx.partner()) ? Optional.empty() : ctx.lastActionBy(ctx.rho());
        NotrumpBidding.responses(ctx, b, rho, out);
      } else if (b.strain() != Strain.NO_TRUMP) {
        afterOvercall(ctx, b.strain().trumpOrNull(), theirs, out);
      }
    } else {
      out.add(BidRule.of(Call.PASS, Showing.ANY));
    }
  }

  private static void afterTakeout(BiddingContext ctx, List<Suit> theirs, boolean free, List<BidRule> out) {
    Entry theirBid = ctx.lastBidEntry().orElseThrow();
    Bid bid = (Bid) theirBid.call();
    if (!free && bid.level() == 1 && !theirs.isEmpty()) {
      Suit t = theirs.get(theirs.size() - 1);
      out.add(BidRule.of(Call.PASS, Showing.points(8, 40).atLeast(t, 5))
          .when(h -> h.honours(t) >= 3 && h.length(t) >= 5));
    }
    // Game with an opening hand.
    for (Suit m : new Suit[] {SPADES, HEARTS}) {
      if (!theirs.contains(m)) {
        ctx.bid(4, Strain.of(m)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(12, 40).atLeast(m, 4))
            .when(h -> bestSuit(h, theirs) == m && (h.length(m) >= 5 || h.points() >= 13))));
      }
    }
    ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(13, 40)).by(Measure.HCP)
        .when(h -> stoppers(h, theirs))));
    // Invitational jump.
    for (Suit s : HIGH_FIRST) {
      if (theirs.contains(s)) {
        continue;
      }
      ctx.cheapest(Strain.of(s)).flatMap(b -> ctx.bid(b.level() + 1, Strain.of(s))).filter(b -> b.level() <= 3)
          .ifPresent(b -> out.add(BidRule.of(b, Showing.points(9, 12).atLeast(s, 4))
              .when(h -> advancerSuit(h, theirs) == s)));
    }
    ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() <= 2).ifPresent(b -> {
      int lo = b.level() == 1 ? 6 : 11;
      out.add(BidRule.of(b, Showing.points(lo, lo + 4)).by(Measure.HCP)
          .when(h -> stoppers(h, theirs) && (advancerSuit(h, theirs) == null
              || (h.length(advancerSuit(h, theirs)) < 4 || advancerSuit(h, theirs).ordinal() < 2))));
    });
    for (Suit s : HIGH_FIRST) {
      if (theirs.contains(s)) {
        continue;
      }
      ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 3).ifPresent(b ->
          out.add(BidRule.of(b, Showing.points(free ? 6 : 0, 11).atLeast(s, free ? 5 : 3))
              .when(h -> advancerSuit(h, theirs) == s)));
    }
    if (free) {
      out.add(BidRule.of(Call.PASS, Showing.points(0, 8)));
      return;
    }
    // Forced: the cheapest bid in the best unbid suit, however high; notrump if every suit is theirs.
    for (Suit s : HIGH_FIRST) {
      if (!theirs.contains(s)) {
        ctx.cheapest(Strain.of(s)).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY)
            .when(h -> bestSuit(h, theirs) == s)));
      }
    }
    ctx.cheapest(Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.ANY).by(Measure.HCP)));
  }

  /** The suit to answer a takeout double in: an unbid major of four or more, else the longest. */
  static Suit advancerSuit(HandEvaluation h, List<Suit> theirs) {
    Suit best = bestSuit(h, theirs);
    if (best == null) {
      return null;
    }
    for (Suit m : new Suit[] {SPADES, HEARTS}) {
      if (!theirs.contains(m) && h.length(m) >= 4 && h.length(m) >= h.length(best) - 1) {
        return h.length(m) >= h.length(best) ? m : (best.ordinal() >= 2 ? best : m);
      }
    }
    return best;
  }

  private static void afterOvercall(BiddingContext ctx, Suit suit, List<Suit> theirs, List<BidRule> out) {
    Strain s = Strain.of(suit);
    Showing p = ctx.partnerShown();
    int pMin = p.minPoints();
    int pMax = Math.min(p.maxPoints(), pMin + 8);
    boolean major = suit == HEARTS || suit == SPADES;
    int need = Math.max(2, 8 - p.minLength(suit));
    if (major) {
      ctx.bid(4, s).ifPresent(b -> out.add(BidRule.of(b, Showing.points(Math.max(13, 25 - pMin - 2), 40)
          .atLeast(suit, need)).by(Measure.SUPPORT)));
    }
    ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(25 - pMin, 40)).by(Measure.HCP)
        .when(h -> stoppers(h, theirs) && (!major || h.length(suit) < need))));
    ctx.cheapest(s).flatMap(b -> ctx.bid(b.level() + 1, s)).filter(b -> b.level() < BiddingContext.gameLevel(s))
        .ifPresent(b -> out.add(BidRule.of(b, Showing.points(10, 12)
            .atLeast(suit, need + 1)).by(Measure.SUPPORT)));
    ctx.cheapest(s).filter(b -> b.level() <= 3).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(6, Math.min(12, 24 - pMin)).atLeast(suit, need)).by(Measure.SUPPORT)));
    ctx.cheapest(Strain.NO_TRUMP).filter(b -> b.level() <= 2).ifPresent(b -> {
      int lo = b.level() == 1 ? 8 : 12;
      out.add(BidRule.of(b, Showing.points(lo, lo + 3)).by(Measure.HCP)
          .when(h -> stoppers(h, theirs) && h.length(suit) < need));
    });
    for (Suit x : HIGH_FIRST) {
      if (x == suit || theirs.contains(x)) {
        continue;
      }
      ctx.cheapest(Strain.of(x)).filter(b -> b.level() <= 2).ifPresent(b ->
          out.add(BidRule.of(b, Showing.points(8, 16).atLeast(x, b.level() == 1 ? 5 : 6))
              .when(h -> h.goodSuit(x) && h.longestSuit() == x
                  && (h.length(suit) < 2 || h.length(suit) == 2 && h.length(x) >= 6))));
    }
    out.add(BidRule.of(Call.PASS, Showing.ANY));
  }
}
