package org.tenace.robot.bidding;

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
    out.add(BidRule.of(Bid.of(7, Strain.NO_TRUMP), Showing.points(Placement.GRAND - lo, 40)).by(Measure.HCP));
    out.add(BidRule.of(Bid.of(6, Strain.NO_TRUMP), Showing.points(slam, Placement.GRAND - 1 - lo)).by(Measure.HCP));
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
      // Game values and a five-card suit: three of it, forcing (a jump when two of it was there).
      cheap.filter(b -> b.level() <= 3).flatMap(b -> ctx.bid(3, Strain.of(s))).ifPresent(b -> out.add(
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
   * Responder after 1NT-2C and opener's answer, with invitational values (8-9 HCP): three of the
   * major opener showed with four of it, else 2NT. Game and pass are the general rules', but
   * notrump over opener's major is read here: it holds four of the other major (3NT over 2S has
   * four hearts), which the card play's layouts keep to.
   */
  static void responderAfterStayman(BiddingContext ctx, List<BidRule> out) {
    List<Entry> ours = ctx.ourUncontestedActions();
    if (ours.size() != 3 || ours.get(1).seat() != ctx.seat()
        || !ours.get(0).call().equals(Bid.of(1, Strain.NO_TRUMP))
        || ours.get(0).rule().convention() != Convention.NATURAL
        || ours.get(1).rule().convention() != Convention.STAYMAN
        || !(ours.get(2).call() instanceof Bid answer) || answer.level() != 2) {
      return;
    }
    int lo = ctx.partnerShown().minPoints();
    Showing invitation = Showing.points(23 - lo, 24 - lo);
    Suit shown = answer.strain().trumpOrNull();
    boolean major = shown == HEARTS || shown == SPADES;
    // Notrump over opener's major denies four of it: Stayman's four-card major is the other.
    Suit other = shown == HEARTS ? SPADES : HEARTS;
    if (major) {
      out.add(BidRule.of(Bid.of(3, answer.strain()), invitation.atLeast(shown, 4)).by(Measure.HCP));
      invitation = invitation.atLeast(other, 4).atMost(shown, 3);
    }
    out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), invitation).by(Measure.HCP)
        .when(h -> !major || h.length(shown) < 4));
    if (major) {
      Bid game = Bid.of(3, Strain.NO_TRUMP);
      out.add(BidRule.of(game, Placement.showing(ctx, game).atLeast(other, 4).atMost(shown, 3))
          .when(h -> Placement.choose(ctx, h) == game).decidedByTest());
    }
  }

  /**
   * The transfer auction our side is in, as seen by the seat to call: our calls, the opponents
   * silent, opener's natural 1NT or 2NT first, then responder's transfer and opener's acceptance
   * (simple, or the super-accept), then whatever followed. Empty when the auction is not one.
   */
  private static List<Entry> transferAuction(BiddingContext ctx) {
    List<Entry> ours = ctx.ourUncontestedActions();
    if (ours.size() < 3 || !(ours.get(0).call() instanceof Bid open)
        || open.strain() != Strain.NO_TRUMP || open.level() > 2
        || ours.get(0).rule().convention() != Convention.NATURAL
        || ours.get(1).rule().convention() != Convention.TRANSFER
        || ours.get(1).seat() != ours.get(0).seat().partner()
        || !(ours.get(2).call() instanceof Bid accept) || ours.get(2).seat() != ours.get(0).seat()
        || accept.strain() != Strain.of(((Bid) ours.get(1).call()).strain().ordinal() + 1)) {
      return List.of();
    }
    return ours;
  }

  /**
   * Responder after opener accepted the transfer: pass a weak hand; invite with 2NT (five cards)
   * or three of the major (six, its length counted); offer 3NT or four of the major (six cards,
   * or a short suit) with game values; over the super-accept, game with 4 HCP or a sixth trump. Slam tries are left to
   * the general rules.
   */
  static void responderAfterTransfer(BiddingContext ctx, List<BidRule> out) {
    List<Entry> ours = transferAuction(ctx);
    if (ours.size() != 3 || ours.get(1).seat() != ctx.seat()) {
      return;
    }
    Bid open = (Bid) ours.get(0).call();
    Bid accept = (Bid) ours.get(2).call();
    Suit major = accept.strain().trumpOrNull();
    int lo = ctx.partnerShown().minPoints();
    int game = 25 - lo;
    int slam = 33 - ctx.partnerShown().maxPoints();
    Bid gameBid = Bid.of(4, accept.strain());
    if (accept.level() == 3 && open.level() == 1) {
      // Super-accept: four trumps and a maximum.
      out.add(BidRule.of(gameBid, Showing.points(0, slam - 1).atLeast(major, 5))
          .by(Measure.HCP).when(h -> h.hcp() >= 4 || h.length(major) >= 6));
      out.add(BidRule.of(Call.PASS, Showing.points(0, 3)).by(Measure.HCP));
      return;
    }
    // Six trumps count their length: game opposite 2NT with a six-card major and 3 HCP.
    out.add(BidRule.of(gameBid, Showing.points(game, slam - 1).atLeast(major, 6)));
    out.add(BidRule.of(gameBid, Showing.points(game, slam - 1).atLeast(major, 5)).by(Measure.HCP)
        .when(h -> !h.isSemiBalanced()));
    out.add(BidRule.of(Bid.of(3, Strain.NO_TRUMP), Showing.points(game, slam - 1).atLeast(major, 5)
        .atMost(major, 5)).by(Measure.HCP).when(HandEvaluation::isSemiBalanced));
    if (open.level() == 1) {
      out.add(BidRule.of(Bid.of(3, accept.strain()), Showing.points(game - 2, game - 1).atLeast(major, 6)));
      out.add(BidRule.of(Bid.of(2, Strain.NO_TRUMP), Showing.points(game - 2, game - 1).atLeast(major, 5)
          .atMost(major, 5)).by(Measure.HCP));
    }
    out.add(BidRule.of(Call.PASS, Showing.points(0, game - (open.level() == 1 ? 3 : 1))).by(Measure.HCP));
  }

  /**
   * Opener after responder's second call in a transfer auction: over 2NT (five cards, invitation)
   * three of the major with three trumps and a minimum, four with a maximum, else pass or 3NT;
   * over three of the major (six cards, invitation) game with a maximum; over 3NT (a choice of
   * games with five cards) four of the major with three trumps.
   */
  static void openerAfterTransfer(BiddingContext ctx, List<BidRule> out) {
    List<Entry> ours = transferAuction(ctx);
    if (ours.size() != 4 || ours.get(0).seat() != ctx.seat()
        || !(ours.get(3).call() instanceof Bid rebid) || !ctx.passedSince(ctx.partner())) {
      return;
    }
    Bid accept = (Bid) ours.get(2).call();
    if (accept.level() == 3 && ((Bid) ours.get(0).call()).level() == 1) {
      return; // after the super-accept responder placed the contract
    }
    Suit major = accept.strain().trumpOrNull();
    Strain m = accept.strain();
    int hi = ctx.shown(ctx.seat()).maxPoints();
    if (rebid.equals(Bid.of(2, Strain.NO_TRUMP))) {
      out.add(BidRule.of(Bid.of(4, m), Showing.points(hi - 1, 40).atLeast(major, 3)).by(Measure.HCP));
      out.add(BidRule.of(Bid.of(3, Strain.NO_TRUMP), Showing.points(hi - 1, 40).atMost(major, 2))
          .by(Measure.HCP));
      out.add(BidRule.of(Bid.of(3, m), Showing.points(0, hi - 2).atLeast(major, 3)).by(Measure.HCP));
      out.add(BidRule.of(Call.PASS, Showing.points(0, hi - 2).atMost(major, 2)).by(Measure.HCP));
    } else if (rebid.equals(Bid.of(3, m))) {
      out.add(BidRule.of(Bid.of(4, m), Showing.points(hi - 1, 40)).by(Measure.HCP));
      out.add(BidRule.of(Call.PASS, Showing.points(0, hi - 2)).by(Measure.HCP));
    } else if (rebid.equals(Bid.of(3, Strain.NO_TRUMP))) {
      out.add(BidRule.of(Bid.of(4, m), Showing.ANY.atLeast(major, 3)));
      out.add(BidRule.of(Call.PASS, Showing.ANY.atMost(major, 2)));
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
