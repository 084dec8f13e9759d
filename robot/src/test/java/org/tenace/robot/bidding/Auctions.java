package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import org.tenace.robot.AuctionCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;

/** Test helper: an auction written as calls from the dealer, {@code "1NT P 2C P"}. */
final class Auctions {
  private Auctions() {}

  static List<AuctionCall> calls(Seat dealer, String calls) {
    List<AuctionCall> out = new ArrayList<>();
    Seat s = dealer;
    for (String c : calls.trim().split("\\s+")) {
      if (c.isEmpty()) {
        continue;
      }
      out.add(AuctionCall.of(s, Call.parse(c)));
      s = s.next();
    }
    return out;
  }
}
