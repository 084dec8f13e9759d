package org.tenace.robot;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * Everything a seat may see when it is its turn to call: its seat and hand, the board's dealer and
 * vulnerability, the calls so far (as shown to this seat) and the legal calls the server sent.
 */
public record CallView(
    Seat seat,
    Hand hand,
    Seat dealer,
    Vulnerability vulnerability,
    List<AuctionCall> calls,
    List<Call> legalCalls) {

  public CallView {
    Require.nonNull("seat hand dealer vulnerability", seat, hand, dealer, vulnerability);
    calls = List.copyOf(Objects.requireNonNull(calls, "calls"));
    legalCalls = List.copyOf(Objects.requireNonNull(legalCalls, "legalCalls"));
    if (hand.size() != 13) {
      throw new IllegalArgumentException(
          "a hand in the auction holds 13 cards, this one " + hand.size() + ": " + hand);
    }
    if (legalCalls.isEmpty()) {
      throw new IllegalArgumentException("no legal calls for " + seat + ": nothing to choose from");
    }
  }
}
