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
 * Opener's reopening after {@code 1X (overcall) P P}: responder's pass may hide length in the
 * overcaller's suit (a negative double is not available to a hand that wants to defend), so
 * opener, short in their suit, reopens with a takeout double that responder passes for penalty
 * with their suit; otherwise opener shows a second five-card suit or rebids a six-card suit.
 */
final class Reopening {
  private Reopening() {}

  static final String DOUBLE = "Reopening double: for takeout, short in their suit";

  /** The overcall opener may reopen over, if the auction is {@code 1X (bid) P P} to opener. */
  static Optional<Entry> overcallToReopen(BiddingContext ctx) {
    List<Entry> e = ctx.entries();
    int n = e.size();
    if (n < 4) {
      return Optional.empty();
    }
    Entry open = e.get(n - 4);
    Entry overcall = e.get(n - 3);
    boolean shape = open.seat() == ctx.seat() && ctx.opening().map(o -> o == open).orElse(false)
        && open.call() instanceof Bid ob && ob.level() == 1 && ob.strain() != Strain.NO_TRUMP
        && open.rule().convention() == Convention.NATURAL
        && overcall.call() instanceof Bid b && b.level() <= 2 && b.strain() != Strain.NO_TRUMP
        && overcall.rule().convention() == Convention.NATURAL
        && e.get(n - 2).call() == Call.PASS && e.get(n - 1).call() == Call.PASS;
    return shape ? Optional.of(overcall) : Optional.empty();
  }

  /** Opener's reopening rules, when the auction went {@code 1X (bid) P P}. */
  static void opener(BiddingContext ctx, List<BidRule> out) {
    Optional<Entry> overcall = overcallToReopen(ctx);
    if (overcall.isEmpty()) {
      return;
    }
    Suit theirs = ((Bid) overcall.get().call()).strain().trumpOrNull();
    Suit mine = ((Bid) ctx.opening().orElseThrow().call()).strain().trumpOrNull();
    out.add(BidRule.of(Call.DOUBLE, Showing.points(11, 40).atMost(theirs, 2))
        .when(h -> h.length(theirs) <= 1 || h.hcp() >= 14)
        .alert(Convention.TAKEOUT_DOUBLE, DOUBLE)
        .forcing());
    for (Suit s : new Suit[] {SPADES, HEARTS, DIAMONDS, CLUBS}) {
      if (s == theirs || s == mine) {
        continue;
      }
      ctx.cheapest(Strain.of(s)).filter(b -> b.level() <= 2).ifPresent(b -> {
        boolean reverse = b.level() == 2 && s.compareTo(mine) > 0;
        out.add(BidRule.of(b, Showing.points(reverse ? 17 : 11, 40).atLeast(s, 5))
            .when(h -> h.length(mine) >= h.length(s)));
      });
    }
    ctx.cheapest(Strain.of(mine)).filter(b -> b.level() <= 2).ifPresent(b ->
        out.add(BidRule.of(b, Showing.points(11, 17).atLeast(mine, 6))));
    out.add(BidRule.of(Call.PASS, Showing.points(11, 17)));
  }

  /**
   * Responder after opener's reopening double: pass for penalty with length and honours in their
   * suit (five cards at the one level); otherwise the general rules bid, as forced.
   */
  static void responder(BiddingContext ctx, List<BidRule> out) {
    Optional<Entry> partners = ctx.lastCallBy(ctx.partner());
    if (partners.isEmpty() || !DOUBLE.equals(partners.get().rule().explanation())
        || !ctx.passedSince(ctx.partner())) {
      return;
    }
    Bid theirBid = ctx.lastBid().orElseThrow();
    Suit theirs = theirBid.strain().trumpOrNull();
    if (theirs == null) {
      return;
    }
    int length = theirBid.level() == 1 ? 5 : 4;
    out.add(BidRule.of(Call.PASS, Showing.points(4, 40).atLeast(theirs, length))
        .by(Measure.HCP)
        .when(h -> h.honours(theirs) >= 2)
        .meaning(Convention.PENALTY_DOUBLE));
  }
}
