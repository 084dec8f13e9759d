package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Seat;

/**
 * The calls that stand, as a persistent list: each node is the auction after one more call and
 * carries the summary the rules need (last bid, last call other than pass, trailing passes, the
 * first of each side to name each strain), so that no call rescans the auction. It appends what
 * it is given: legality is checked by the callers.
 */
final class Bidding {
  private static final int ALL_SEATS = 0b1111;
  /** LEGAL[lastBidRank + 1][0 none, 1 X allowed, 2 XX allowed]. */
  private static final List<List<Call>> LEGAL;

  static {
    List<List<Call>> legal = new ArrayList<>(36 * 3);
    for (int last = -1; last < 35; last++) {
      for (int dbl = 0; dbl < 3; dbl++) {
        List<Call> calls = new ArrayList<>();
        calls.add(Call.PASS);
        if (dbl == 1) {
          calls.add(Call.DOUBLE);
        } else if (dbl == 2) {
          calls.add(Call.REDOUBLE);
        }
        for (int r = last + 1; r < 35; r++) {
          calls.add(Bid.ofRank(r));
        }
        legal.add(List.copyOf(calls));
      }
    }
    LEGAL = Collections.unmodifiableList(legal);
  }

  final Seat dealer;
  final Bidding prev;
  /** The last call and its maker; null in the empty auction. */
  final Seat seat;
  final Call call;
  final int size;
  final Bid lastBid;
  final Seat lastBidder;
  final Call lastNonPass;
  final Seat lastNonPassSeat;
  final int trailingPasses;
  /** Seats that passed since the last call other than pass (bit = ordinal). */
  final int passMask;
  /** Per side (0 NS, 1 EW) and strain, 2 bits: 0 none, 1 N/E, 2 S/W first named it. */
  final int namers;

  private Bidding(Seat dealer, Bidding prev, Seat seat, Call call, int size, Bid lastBid,
      Seat lastBidder, Call lastNonPass, Seat lastNonPassSeat, int trailingPasses, int passMask,
      int namers) {
    this.dealer = dealer;
    this.prev = prev;
    this.seat = seat;
    this.call = call;
    this.size = size;
    this.lastBid = lastBid;
    this.lastBidder = lastBidder;
    this.lastNonPass = lastNonPass;
    this.lastNonPassSeat = lastNonPassSeat;
    this.trailingPasses = trailingPasses;
    this.passMask = passMask;
    this.namers = namers;
  }

  static Bidding start(Seat dealer) {
    return new Bidding(dealer, null, null, null, 0, null, null, null, null, 0, 0, 0);
  }

  Bidding append(Seat who, Call c) {
    if (c instanceof Bid b) {
      int shift = namerShift(who.ordinal() & 1, b.strain());
      int n = namers;
      if (((n >>> shift) & 3) == 0) {
        n |= (1 + (who.ordinal() >> 1)) << shift;
      }
      return new Bidding(dealer, this, who, c, size + 1, b, who, c, who, 0, 0, n);
    }
    if (c == Call.PASS) {
      return new Bidding(dealer, this, who, c, size + 1, lastBid, lastBidder, lastNonPass,
          lastNonPassSeat, trailingPasses + 1, passMask | (1 << who.ordinal()), namers);
    }
    return new Bidding(dealer, this, who, c, size + 1, lastBid, lastBidder, c, who, 0, 0, namers);
  }

  private static int namerShift(int side, Strain strain) {
    return (side * 5 + strain.ordinal()) * 2;
  }

  /** The seat next in rotation: the dealer first, then the left of the last caller. */
  Seat turn() {
    return seat == null ? dealer : seat.next();
  }

  private int passesNeeded() {
    return lastNonPass == null ? 4 : 3;
  }

  /**
   * Law 22: three passes after a call, or four passes, each by a different seat that had the
   * right to call (Law 17D3: a skipped seat keeps its turn).
   */
  boolean isComplete() {
    if (trailingPasses != passesNeeded()) {
      return false;
    }
    return lastNonPass == null
        ? passMask == ALL_SEATS
        : passMask == (ALL_SEATS & ~(1 << lastNonPassSeat.ordinal()));
  }

  /** The passes that would end the auction have been made, but one seat never had its turn. */
  boolean skippedASeat() {
    return trailingPasses == passesNeeded() && !isComplete();
  }

  boolean isPassedOut() {
    return lastBid == null && isComplete();
  }

  Doubling doubling() {
    if (lastNonPass == Call.DOUBLE) {
      return Doubling.DOUBLED;
    }
    return lastNonPass == Call.REDOUBLE ? Doubling.REDOUBLED : Doubling.UNDOUBLED;
  }

  /** Law 22: the first of the side that made the last bid to name its strain. */
  Optional<Contract> contract() {
    if (lastBid == null) {
      return Optional.empty();
    }
    return Optional.of(new Contract(lastBid, doubling(), declarer()));
  }

  Seat declarer() {
    int side = lastBidder.ordinal() & 1;
    int who = (namers >>> namerShift(side, lastBid.strain())) & 3;
    return Seat.of(side + 2 * (who - 1));
  }

  boolean canDouble(Seat s) {
    return lastNonPass instanceof Bid && lastNonPassSeat.side() != s.side();
  }

  boolean canRedouble(Seat s) {
    return lastNonPass == Call.DOUBLE && lastNonPassSeat.side() != s.side();
  }

  boolean isSufficient(Bid b) {
    return lastBid == null || b.rank() > lastBid.rank();
  }

  /** The calls of Law 18/19 that {@code s} may make here, pass first, then X or XX, then bids. */
  List<Call> legalCalls(Seat s) {
    int dbl = canDouble(s) ? 1 : canRedouble(s) ? 2 : 0;
    return LEGAL.get((lastBid == null ? 0 : lastBid.rank() + 1) * 3 + dbl);
  }

  /** Whether {@code c} breaks Law 18 or 19 for {@code s}, with its code and message. */
  Refusal callError(Seat s, Call c) {
    if (c instanceof Bid b) {
      if (isSufficient(b)) {
        return null;
      }
      return new Refusal(Violation.INSUFFICIENT_BID, b + " after " + lastBid
          + lastBid.next().map(n -> "; lowest is " + n).orElse("; no bid is sufficient"));
    }
    if (c == Call.DOUBLE) {
      if (canDouble(s)) {
        return null;
      }
      String why = lastBid == null ? "nothing to double"
          : lastNonPass instanceof Bid ? "cannot double your side's bid" : "already doubled";
      return new Refusal(Violation.INADMISSIBLE_DOUBLE, why);
    }
    if (c == Call.REDOUBLE) {
      if (canRedouble(s)) {
        return null;
      }
      String why = lastNonPass == Call.DOUBLE ? "only an opponent's double"
          : "no double to redouble";
      return new Refusal(Violation.INADMISSIBLE_REDOUBLE, why);
    }
    return null;
  }

  /** The node with {@code n} calls. */
  Bidding at(int n) {
    Bidding b = this;
    while (b.size > n) {
      b = b.prev;
    }
    return b;
  }

  /** The node whose last call is the latest standing call by {@code s}, or null. */
  Bidding latestBy(Seat s) {
    for (Bidding b = this; b.size > 0; b = b.prev) {
      if (b.seat == s) {
        return b;
      }
    }
    return null;
  }

  List<Call> calls() {
    Call[] out = new Call[size];
    for (Bidding b = this; b.size > 0; b = b.prev) {
      out[b.size - 1] = b.call;
    }
    return List.of(out);
  }

  List<Seat> seats() {
    Seat[] out = new Seat[size];
    for (Bidding b = this; b.size > 0; b = b.prev) {
      out[b.size - 1] = b.seat;
    }
    return List.of(out);
  }
}
