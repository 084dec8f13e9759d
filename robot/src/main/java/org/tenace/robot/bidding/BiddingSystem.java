package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.auction.Call;

/**
 * The house system as one ordered list of rules per turn: the specific modules for the
 * situation first, then the general placement rules. The first rule a hand matches is its call;
 * the first rule that makes a given call is what that call means.
 */
public final class BiddingSystem {
  private BiddingSystem() {}

  /** The rules for the seat to call, best first. */
  public static List<BidRule> rules(BiddingContext ctx) {
    List<BidRule> out = new ArrayList<>();
    SlamBidding.rules(ctx, out);
    switch (ctx.situation()) {
      case OPENING -> OpeningBids.rules(ctx, out);
      case RESPONDING -> Responses.rules(ctx, out);
      case OPENER_REBID -> OpenerRebids.rules(ctx, out);
      case OVERCALLING -> Competition.overcalls(ctx, out);
      case ADVANCING -> Competition.advances(ctx, out);
      case LATER -> {
        NotrumpBidding.openerAfterStayman(ctx, out);
        NotrumpBidding.responderAfterStayman(ctx, out);
        NotrumpBidding.responderAfterTransfer(ctx, out);
        NotrumpBidding.openerAfterTransfer(ctx, out);
        Reopening.opener(ctx, out);
        Reopening.responder(ctx, out);
      }
    }
    Placement.rules(ctx, out);
    return out;
  }

  /** What {@code call} means when made in this context: the first rule that makes it. */
  public static BidRule explain(BiddingContext ctx, Call call) {
    for (BidRule r : rules(ctx)) {
      if (r.call().equals(call)) {
        return r;
      }
    }
    return BidRule.of(call, Showing.ANY);
  }
}
