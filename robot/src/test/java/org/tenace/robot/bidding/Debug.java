package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import org.tenace.robot.AuctionCall;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;

/** Test helper: explains an auction and the rules a hand would match. */
final class Debug {
  static List<AuctionCall> calls(Seat dealer, String calls) {
    List<AuctionCall> out = new ArrayList<>();
    Seat s = dealer;
    for (String c : calls.trim().split("\\s+")) {
      if (c.isEmpty()) continue;
      out.add(AuctionCall.of(s, Call.parse(c)));
      s = s.next();
    }
    return out;
  }

  static String explain(Seat dealer, String calls, String hand) {
    List<AuctionCall> cs = calls(dealer, calls);
    Seat seat = dealer.next(cs.size());
    AuctionReading r = AuctionReading.read(dealer, Vulnerability.NONE, cs, seat);
    StringBuilder sb = new StringBuilder();
    for (AuctionReading.Entry e : r.entries()) sb.append(e.seat()).append(' ').append(e.rule()).append('\n');
    BiddingContext ctx = new BiddingContext(r, seat);
    sb.append("situation ").append(ctx.situation()).append(" partner ").append(ctx.partnerShown()).append('\n');
    HandEvaluation h = HandEvaluation.of(Hand.parsePbn(hand));
    for (BidRule rule : BiddingSystem.rules(ctx)) {
      if (rule.matches(h)) { sb.append("MATCH ").append(rule).append('\n'); break; }
      sb.append("  no ").append(rule).append('\n');
    }
    return sb.toString();
  }
}
