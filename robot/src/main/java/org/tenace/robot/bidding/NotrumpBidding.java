package org.tenace.robot.bidding;

import static org.tenace.scoring.card.Suit.HEARTS;
import static org.tenace.scoring.card.Suit.SPADES;

import java.util.List;
import java.util.Optional;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.card.Suit;

/**
 * Notrump auctions: responses to 1NT and 2NT (Stayman, Jacoby transfers, invitations,
 * quantitative 4NT), opener's answers to them, and natural bidding after interference.
 */
final class NotrumpBidding {
  private NotrumpBidding() {}

  /** Responder's first call after partner's natural 1NT or 2NT (opening or overcall). */
  static void responses(BiddingContext ctx, Bid open, Optional<Entry> rhoAction, List<BidRule> out) {
    Showing p = ctx.partnerShown();
    int lo = p.minPoints();
    int hi = p.maxPoints();
    if (rhoAction.isPresent()) {
      afterInterference(ctx, rhoAction.get(), lo, out);
      return;
    }
    int step = open.level() - 1; // 0 over 1NT, 1 over 2NT
    int invite = 23 - lo; // 8 over 15-17
    int game = 25 - lo;
    int slam = 33 - lo;
    for (Suit major : new Suit[] {HEARTS, SPADES}) {
      Suit other = major == HEARTS ? SPADES : HEARTS;
      Bid transfer = Bid.of(2 + step, major == HEARTS ? Strain.DIAMONDS : Strain.HEARTS);
      out.add(BidRule.of(transfer, Showing.ANY.atLeast(major, 5))
          .when(h -> transferSuit(h) == major
              && !(h.hcp() >= invite && h.length(other) == 4 && h.length(major) == 5))
          .alert(Convention.TRANSFER, "Transfer: shows five or more " + name(major))
          .forcing());
    }
    out.add(BidRule.of(Bid.of(2 + step, Strain.CLUBS), Showing.points(step == 0 ? invite : game, 40))
        .by(Measure.HCP)
        .when(h -> h.length(HEARTS) == 4 || h.length(SPADES) == 4)
        .alert(Convention.STAYMAN, "Stayman: asks for a four-card major")
        .forcing());
    out.add(BidRule.of(Bid.of(7, Strain.NO_TRUMP), Showing.points(37 - lo, 40)).by(Measure.HCP));
    out.add(BidRule.of(Bid.of(6, Strain.NO_TRUMP), Showing.points(slam, 36 - lo)).by(Measure.HCP));
    out.add(BidRule.of(Bid.of(4, Strain.NO_TRUMP), Showing.points(33 - hi, slam - 1))
        .by(Measure.HCP));
    out.add(BidRule.of(Bid.of(3, Strain.NO_TRUMP), Showing.points(game, 32 - hi)).by(Measure.HCP));
    if (step == 0) {
      out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(invite, game - 1)).by(Measure.HCP));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, step == 0 ? invite - 1 : game - 1)).by(Measure.HCP));
  }

  private static String name(Suit s) {
    return s == HEARTS ? "hearts" : "spades";
  }

  /** The major to transfer to: the longer five-card major, spades with equal length. */
  static Suit transferSuit(HandEvaluation h) {
    int he = h.length(HEARTS);
    int sp = h.length(SPADES);
    if (Math.max(he, sp) < 5) {
      return null;
    }
    return sp >= he ? SPADES : HEARTS;
  }

  /** After an overcall or a double of our notrump: natural, penalty doubles, escapes. */
  private static void afterInterference(BiddingContext ctx, Entry rho, int lo, List<BidRule> out) {
    if (rho.call() == Call.DOUBLE) {
      out.add(BidRule.of(Call.REDOUBLE, Showing.points(8, 40)).by(Measure.HCP)
          .meaning(Convention.STRENGTH_REDOUBLE));
      for (Suit s : new Suit[] {SPADES, HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
        ctx.cheapest(Strain.of(s)).filter(b -> b.level() == 2).ifPresent(b ->
            out.add(BidRule.of(b, Showing.points(0, 7).atLeast(s, 5))
                .by(Measure.HCP).when(h -> h.longestSuit() == s)));
      }
      out.add(BidRule.of(Call.PASS, Showing.points(0, 7)).by(Measure.HCP));
      return;
    }
    Suit theirs = rho.rule().suit();
    int game = 25 - lo;
    if (theirs != null) {
      out.add(BidRule.of(Call.DOUBLE, Showing.points(8, 40).atLeast(theirs, 4))
          .by(Measure.HCP)
          .when(h -> h.defensiveTricks(theirs) >= 2)
          .meaning(Convention.PENALTY_DOUBLE));
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(b -> out.add(BidRule.of(b, Showing.points(game, 40))
          .by(Measure.HCP).when(h -> h.stopper(theirs))));
    }
    for (Suit s : new Suit[] {SPADES, HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
      if (s == theirs) {
        continue;
      }
      Optional<Bid> cheap = ctx.cheapest(Strain.of(s));
      if (s == HEARTS || s == SPADES) {
        ctx.bid(4, Strain.of(s)).ifPresent(b -> out.add(BidRule.of(b, Showing.points(game, 40).atLeast(s, 6))
            .by(Measure.HCP)));
      }
      cheap.filter(b -> b.level() == 3).ifPresent(b -> out.add(
          BidRule.of(b, Showing.points(game, 40).atLeast(s, 5)).by(Measure.HCP)
              .when(h -> h.longestSuit() == s).forcing()));
      cheap.filter(b -> b.level() == 2).ifPresent(b -> out.add(
          BidRule.of(b, Showing.points(0, game - 1).atLeast(s, 5)).by(Measure.HCP)
              .when(h -> h.longestSuit() == s)));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, game - 1)).by(Measure.HCP));
  }

  /** Opener's answer to partner's first response to 1NT or 2NT. */
  static void openerAnswers(BiddingContext ctx, Bid open, Entry response, List<BidRule> out) {
    if (!ctx.passedSince(ctx.partner())) {
      return;
    }
    int step = open.level() - 1;
    int hi = ctx.shown(ctx.seat()).maxPoints();
    Convention c = response.rule().convention();
    if (c == Convention.STAYMAN) {
      out.add(BidRule.of(Bid.of(2 + step, Strain.HEARTS), Showing.ANY.atLeast(HEARTS, 4)));
      out.add(BidRule.of(Bid.of(2 + step, Strain.SPADES), Showing.ANY.atLeast(SPADES, 4).atMost(HEARTS, 3)));
      out.add(BidRule.of(Bid.of(2 + step, Strain.DIAMONDS), Showing.ANY.atMost(HEARTS, 3).atMost(SPADES, 3))
          .alert(Convention.STAYMAN_DENIAL, "Answer to Stayman: no four-card major"));
      return;
    }
    if (c == Convention.TRANSFER) {
      Bid t = (Bid) response.call();
      Strain target = Strain.of(t.strain().ordinal() + 1);
      Suit major = target.trumpOrNull();
      if (step == 0) {
        out.add(BidRule.of(Bid.of(3, target), Showing.points(hi, 40).atLeast(major, 4)).by(Measure.HCP));
      }
      out.add(BidRule.of(Bid.of(2 + step, target), Showing.ANY));
      return;
    }
    if (!(response.call() instanceof Bid b) || b.strain() != Strain.NO_TRUMP) {
      return;
    }
    if (b.level() == 2 || (b.level() == 3 && step == 1)) {
      // Invitation to game: accept with the top of the range.
      ctx.bid(3, Strain.NO_TRUMP).ifPresent(game ->
          out.add(BidRule.of(game, Showing.points(hi - 1, 40)).by(Measure.HCP)));
      out.add(BidRule.of(Call.PASS, Showing.points(0, hi - 2)).by(Measure.HCP));
    } else if (b.level() == 4) {
      out.add(BidRule.of(Bid.of(6, Strain.NO_TRUMP), Showing.points(hi, 40)).by(Measure.HCP));
      out.add(BidRule.of(Bid.of(6, Strain.NO_TRUMP), Showing.points(hi - 1, 40)).by(Measure.HCP)
          .when(h -> h.longestLength() >= 5));
      out.add(BidRule.of(Call.PASS, Showing.points(0, hi - 1)).by(Measure.HCP));
    } else {
      out.add(BidRule.of(Call.PASS, Showing.ANY));
    }
  }

  /**
   * Opener after 1NT-2C-2H and a notrump bid by responder, who must hold four spades: show them
   * (3S with a minimum after 2NT, 4S otherwise).
   */
  static void openerAfterStayman(BiddingContext ctx, List<BidRule> out) {
    List<Entry> ours = ctx.ourUncontestedActions();
    if (ours.size() != 4 || ours.get(0).seat() != ctx.seat()
        || ours.get(1).rule().convention() != Convention.STAYMAN
        || !(ours.get(2).call() instanceof Bid answer) || answer.strain() != Strain.HEARTS
        || !(ours.get(3).call() instanceof Bid rebid) || rebid.strain() != Strain.NO_TRUMP) {
      return;
    }
    int hi = ctx.shown(ctx.seat()).maxPoints();
    boolean invitation = rebid.level() == 2;
    if (invitation) {
      ctx.bid(4, Strain.SPADES).ifPresent(b -> out.add(
          BidRule.of(b, Showing.points(hi - 1, 40).atLeast(SPADES, 4)).by(Measure.HCP)));
      ctx.bid(3, Strain.SPADES).ifPresent(b -> out.add(
          BidRule.of(b, Showing.ANY.atLeast(SPADES, 4)).by(Measure.HCP)));
    } else {
      ctx.bid(4, Strain.SPADES).ifPresent(b -> out.add(
          BidRule.of(b, Showing.ANY.atLeast(SPADES, 4))));
    }
  }
}
