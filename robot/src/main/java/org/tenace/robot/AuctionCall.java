package org.tenace.robot;

import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * One call of the auction as a seat sees it: who made it, and the alert and explanation shown to
 * that seat (online self-alerts reach the opponents, never the partner).
 */
public record AuctionCall(Seat seat, Call call, boolean alert, String explanation) {

  public AuctionCall {
    Require.nonNull("seat call", seat, call);
    explanation = explanation == null ? "" : explanation;
  }

  /** An unalerted call. */
  public static AuctionCall of(Seat seat, Call call) {
    return new AuctionCall(seat, call, false, "");
  }
}
