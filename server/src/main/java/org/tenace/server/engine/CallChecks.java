package org.tenace.server.engine;

import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;
import org.tenace.server.engine.AuctionState.Replace;

/**
 * Laws mode: why a call would not stand as a regular call now (Laws 18-39), without making it.
 * An open option, a call to replace or a deferred irregularity is first settled as the call
 * would settle it, on a copy; the auction is left as it was.
 */
final class CallChecks {
  private CallChecks() {}

  /** Why {@code said} by {@code seat} would not stand as a regular call now, or null. */
  static Refusal check(AuctionState a, Seat seat, Utterance said) {
    if (a.periodOver) {
      return new Refusal(Violation.CALL_AFTER_FINAL_PASS,
          "the auction period has ended (" + a.result() + ")");
    }
    if (a.gate != null) {
      return new Refusal(Violation.DECISION_PENDING, a.blocker());
    }
    AuctionState base = a;
    if (a.pending instanceof Option o) {
      boolean callAccepts = o.kind() == OptionKind.INSUFFICIENT
          || o.kind() == OptionKind.OUT_OF_ROTATION || o.kind() == OptionKind.SECOND_INSUFFICIENT
          || o.kind() == OptionKind.CHANGE;
      if (seat == o.holder() && callAccepts) {
        base = AuctionDraft.accepted(a, seat);
      } else if (o.kind() == OptionKind.OUT_OF_ROTATION && seat == o.turn()) {
        base = AuctionDraft.cancelled(a, o);
      } else {
        return new Refusal(Violation.DECISION_PENDING, a.blocker());
      }
      if (base.gate != null || base.pending instanceof Option) {
        return new Refusal(Violation.DECISION_PENDING, base.blocker());
      }
    }
    if (base.pending instanceof Replace r) {
      if (seat != r.offender()) {
        // Laws mode takes the call, as out of rotation (Law 29): it would not stand as regular.
        return new Refusal(Violation.OUT_OF_TURN, "it is " + r.offender() + "'s turn: "
            + base.blocker());
      }
      if (r.underLaw27()) {
        return said instanceof Utterance.Of of ? base.standing.callError(seat, of.call())
            : new Refusal(Violation.BID_ABOVE_SEVEN, "levels are 1..7");
      }
      return r.error(seat, said, base.standing);
    }
    if (base.deferred != null && base.deferred.law() == 38) {
      base = AuctionDraft.attended(base);
    }
    return regularCheck(base, seat, said);
  }

  /** The same, with no option, replacement or deferred irregularity in the way. */
  private static Refusal regularCheck(AuctionState a, Seat seat, Utterance said) {
    Bidding st = a.standing;
    if (st.isComplete()) {
      return new Refusal(Violation.CALL_AFTER_FINAL_PASS, "the auction has ended (" + a.result()
          + ")");
    }
    if (!(said instanceof Utterance.Of of)) {
      return new Refusal(Violation.BID_ABOVE_SEVEN, "levels are 1..7");
    }
    Call c = of.call();
    if (c == Call.DOUBLE || c == Call.REDOUBLE) {
      Refusal r = st.callError(seat, c);
      if (r != null) {
        return r;
      }
    }
    Seat turn = st.turn();
    if (seat != turn) {
      Restriction rr = a.restrictions[turn.ordinal()];
      if (turn == seat.rho() && rr != null && rr.barsAllButPass()) {
        AuctionState passed = AuctionDraft.passedFor(a, turn);
        if (passed.gate != null || passed.pending != null) {
          return new Refusal(Violation.DECISION_PENDING, passed.blocker());
        }
        return regularCheck(passed, seat, said);
      }
      return new Refusal(Violation.OUT_OF_TURN, "it is " + turn + "'s turn to call");
    }
    Restriction r = a.restrictions[seat.ordinal()];
    if (r != null) {
      if (r.kind() == Restriction.Kind.MUST_REPEAT && !r.call().get().equals(c)) {
        return new Refusal(Violation.CALL_BARRED,
            seat + " must repeat " + r.call().get() + " (" + r.law() + ")");
      }
      if (r.barsAllButPass() && c != Call.PASS) {
        return new Refusal(Violation.CALL_BARRED, seat + " must pass (" + r.law() + ")");
      }
      if (r.kind() == Restriction.Kind.NO_DOUBLE_NEXT_TURN
          && (c == Call.DOUBLE || c == Call.REDOUBLE)) {
        return new Refusal(Violation.CALL_BARRED,
            seat + " may not double or redouble now (" + r.law() + ")");
      }
    }
    if (c instanceof Bid) {
      return st.callError(seat, c);
    }
    return null;
  }
}
