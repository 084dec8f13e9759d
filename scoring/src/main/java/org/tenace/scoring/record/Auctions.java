package org.tenace.scoring.record;

import java.util.List;
import java.util.Optional;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.auction.Doubling;

/**
 * What a recorded auction says (Laws 17, 22): whether it has ended and its final contract. The
 * calls are taken as recorded; legality is the rules engine's business.
 */
public final class Auctions {
  private Auctions() {}

  /** Four passes, or three passes after a bid (Law 17D). */
  public static boolean isComplete(List<RecordedCall> auction) {
    int n = auction.size();
    if (n < 4) {
      return false;
    }
    for (int i = n - 3; i < n; i++) {
      if (auction.get(i).call() != Call.PASS) {
        return false;
      }
    }
    return true;
  }

  /** Ended with four passes and no bid. */
  public static boolean isPassedOut(List<RecordedCall> auction) {
    return isComplete(auction) && auction.stream().allMatch(c -> c.call() == Call.PASS);
  }

  /**
   * The contract of the last bid, doubled or redoubled by what followed it; the declarer is the
   * first player of the side that made the last bid to name its strain. Empty when there is no
   * bid. The auction need not have ended: this is the contract it stands at.
   */
  public static Optional<Contract> finalContract(List<RecordedCall> auction) {
    int last = -1;
    for (int i = auction.size() - 1; i >= 0; i--) {
      if (auction.get(i).call() instanceof Bid) {
        last = i;
        break;
      }
    }
    if (last < 0) {
      return Optional.empty();
    }
    RecordedCall lastBid = auction.get(last);
    Bid bid = (Bid) lastBid.call();
    Doubling doubling = Doubling.UNDOUBLED;
    for (int i = last + 1; i < auction.size(); i++) {
      Call c = auction.get(i).call();
      if (c == Call.DOUBLE) {
        doubling = Doubling.DOUBLED;
      } else if (c == Call.REDOUBLE) {
        doubling = Doubling.REDOUBLED;
      }
    }
    for (RecordedCall c : auction) {
      if (c.seat().side() == lastBid.seat().side() && c.call() instanceof Bid b
          && b.strain() == bid.strain()) {
        return Optional.of(new Contract(bid, doubling, c.seat()));
      }
    }
    throw new AssertionError("the last bid names its own strain");
  }
}
