package org.tenace.robot.bidding;

import java.util.List;
import java.util.Optional;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Suit;

/**
 * Blackwood: 4NT asks for aces once a suit is agreed (answers 5C/5D/5H/5S = 0 or 4/1/2/3), and the
 * asker then signs off at five, bids six, or seven with every ace and the values for a grand.
 */
final class SlamBidding {
  private SlamBidding() {}

  static final String ASK = "Blackwood: asks for aces";
  private static final String[] ANSWERS = {
    "Blackwood answer: 0 or 4 aces", "Blackwood answer: 1 ace", "Blackwood answer: 2 aces",
    "Blackwood answer: 3 aces"
  };

  /** Whether 4NT by this seat now would be Blackwood rather than a natural (quantitative) raise. */
  static boolean fourNotrumpAsksForAces(BiddingContext ctx) {
    Optional<Entry> p = ctx.lastActionBy(ctx.partner());
    boolean partnerNotrump = p.isPresent() && p.get().call() instanceof Bid b
        && b.strain() == Strain.NO_TRUMP && p.get().rule().convention() == Convention.NATURAL;
    return ctx.agreedSuit().isPresent() || !partnerNotrump;
  }

  /** Whether our side has already asked for aces in this auction. */
  static boolean blackwoodUsed(BiddingContext ctx) {
    for (Entry e : ctx.entries()) {
      if (e.seat().side() == ctx.seat().side() && e.rule().convention() == Convention.BLACKWOOD) {
        return true;
      }
    }
    return false;
  }

  /** The ace-asking 4NT, as a rule any seat may read. */
  static BidRule ask(Showing showing) {
    return BidRule.of(Bid.of(4, Strain.NO_TRUMP), showing).alert(Convention.BLACKWOOD, ASK).forcing();
  }

  /** Answering partner's 4NT, and the asker's decision after the answer. */
  static void rules(BiddingContext ctx, List<BidRule> out) {
    Optional<Entry> partnerLast = ctx.lastCallBy(ctx.partner());
    if (partnerLast.isPresent() && partnerLast.get().rule().convention() == Convention.BLACKWOOD
        && ctx.passedSince(ctx.partner())) {
      for (int aces = 0; aces <= 3; aces++) {
        int n = aces;
        Bid answer = Bid.of(5, Strain.of(aces));
        out.add(BidRule.of(answer, Showing.ANY)
            .when(h -> h.aces() % 4 == n)
            .alert(Convention.ACE_ANSWER, ANSWERS[aces]));
      }
      return;
    }
    Optional<Entry> mine = ctx.lastActionBy(ctx.seat());
    if (mine.isPresent() && mine.get().rule().convention() == Convention.BLACKWOOD
        && partnerLast.isPresent() && partnerLast.get().rule().convention() == Convention.ACE_ANSWER
        && ctx.passedSince(ctx.partner())) {
      afterAnswer(ctx, (Bid) partnerLast.get().call(), out);
    }
  }

  private static void afterAnswer(BiddingContext ctx, Bid answer, List<BidRule> out) {
    Strain trump = trumpStrain(ctx);
    Showing partner = ctx.partnerShown();
    int shown = answer.strain().ordinal();
    for (int level = 7; level >= 5; level--) {
      int lvl = level;
      Optional<Bid> bid = ctx.bid(level, trump);
      if (bid.isEmpty() && level == 5) {
        bid = ctx.bid(5, Strain.NO_TRUMP);
      }
      bid.ifPresent(b -> out.add(BidRule.of(b, Showing.ANY).when(h -> {
        int aces = h.aces() + (shown == 0 ? (h.aces() == 0 && partner.minPoints() >= 12 ? 4 : 0) : shown);
        int missing = 4 - Math.min(4, aces);
        int target = missing >= 2 ? 5 : missing == 1 ? 6
            : (h.points() + partner.minPoints() >= Placement.GRAND ? 7 : 6);
        return target == lvl;
      })));
    }
    out.add(BidRule.of(Call.PASS, Showing.ANY));
  }

  /** The strain to play a slam in: the agreed suit, else our last natural bid's strain. */
  static Strain trumpStrain(BiddingContext ctx) {
    Optional<Suit> agreed = ctx.agreedSuit();
    if (agreed.isPresent()) {
      return Strain.of(agreed.get());
    }
    List<Entry> e = ctx.entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      Entry x = e.get(i);
      if (x.seat().side() == ctx.seat().side() && x.call() instanceof Bid b
          && x.rule().convention() == Convention.NATURAL) {
        return b.strain();
      }
    }
    return Strain.NO_TRUMP;
  }
}
