package org.tenace.bridge.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;

/**
 * What a recorded auction says (Laws 17, 22): whether it has ended and its final contract, and
 * which calls may follow it. The calls are taken as recorded; at a table, legality is the rules
 * engine's business.
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

  /**
   * The calls that may follow a regular auction, in order (Laws 18, 19): pass; a double when the
   * last call other than a pass is an opponent's bid; a redouble when it is an opponent's double;
   * every bid above the last. For programs that play a record without the engine (a benchmark, a
   * table-manager client); whether the auction has ended is the caller's to ask.
   */
  public static List<Call> legalCalls(List<RecordedCall> auction) {
    List<Call> legal = new ArrayList<>();
    legal.add(Call.PASS);
    Bid last = null;
    int lastNonPass = -1;
    for (int i = auction.size() - 1; i >= 0; i--) {
      Call c = auction.get(i).call();
      if (lastNonPass < 0 && c != Call.PASS) {
        lastNonPass = i;
      }
      if (c instanceof Bid b) {
        last = b;
        break;
      }
    }
    boolean byOpponent = lastNonPass >= 0 && (auction.size() - lastNonPass) % 2 == 1;
    Call ln = lastNonPass >= 0 ? auction.get(lastNonPass).call() : null;
    if (ln instanceof Bid && byOpponent) {
      legal.add(Call.DOUBLE);
    }
    if (ln == Call.DOUBLE && byOpponent) {
      legal.add(Call.REDOUBLE);
    }
    for (int level = 1; level <= 7; level++) {
      for (Strain st : Strain.values()) {
        Bid b = Bid.of(level, st);
        if (last == null || b.compareTo(last) > 0) {
          legal.add(b);
        }
      }
    }
    return legal;
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
