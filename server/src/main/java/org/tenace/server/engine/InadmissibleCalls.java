package org.tenace.server.engine;

import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.AuctionState.Deferred;
import org.tenace.server.engine.AuctionState.Replace;

/**
 * Laws 36-39, the inadmissible calls: a double or redouble Law 19 does not permit, a call by a
 * seat that must pass, a bid above seven, a call after the final pass; rectified when made or,
 * at a table that waits for attention to be drawn, then.
 */
final class InadmissibleCalls {
  private InadmissibleCalls() {}

  // ------------------------------------------------------------ Laws 36-39

  /** Law 36: a double or redouble Law 19 does not permit (in or out of rotation). */
  static void inadmissible(DraftState d, Seat o, Utterance said, Alert alert, boolean inRotation) {
    if (inRotation && d.settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = d.enter(o, said, alert, CallStatus.STANDS, "36", null);
      d.standing = d.standing.append(o, DraftState.call(said));
      d.deferred = new Deferred(36, o, idx, false, null, 0, d.standing.size - 1);
      return;
    }
    String law = d.y1997() ? "36" : inRotation ? "36B" : "36B4";
    String text = inadmissibleText(d, o, DraftState.call(said), law, inRotation);
    int idx = d.enter(o, said, alert, CallStatus.CANCELLED, law, o.side());
    d.found(inadmissibleKind(DraftState.call(said)), law, o, idx, text);
    rectifyInadmissible(d, o, said, law, inRotation);
  }

  static Irregularity.Kind inadmissibleKind(Call c) {
    return c == Call.REDOUBLE
        ? Irregularity.Kind.INADMISSIBLE_REDOUBLE : Irregularity.Kind.INADMISSIBLE_DOUBLE;
  }

  /** "South doubled partner's 1H: inadmissible (Law 36B); North must pass ...", before it. */
  static String inadmissibleText(DraftState d, Seat o, Call c, String law, boolean inRotation) {
    String verb = c == Call.REDOUBLE ? "redoubled" : "doubled";
    Seat target = d.standing.lastNonPassSeat;
    String what;
    if (target == null) {
      what = " with no bid to " + (c == Call.REDOUBLE ? "redouble" : "double");
    } else if (target == o) {
      what = " his own " + d.standing.lastNonPass;
    } else if (target == o.partner()) {
      what = " partner's " + d.standing.lastNonPass;
    } else {
      what = " " + target.word() + "'s " + d.standing.lastNonPass;
    }
    return o.word() + " " + verb + what + ": inadmissible (Law " + law + "); "
        + o.partner().word() + " must pass for the rest of the auction"
        + (inRotation ? " and " + o.word() + " calls again" : "");
  }

  static String barredText(DraftState d, Seat o, Utterance said, String law) {
    Restriction r = d.restrictions[o.ordinal()];
    String bar = r == null ? "" : " (Law " + r.law() + ")";
    return o.word() + " called " + said + " when he had to pass" + bar + ": cancelled and a pass"
        + " put in its place (Law " + law + "); " + o.word() + " and " + o.partner().word()
        + " must pass for the rest of the auction";
  }

  static String aboveSevenText(Seat o, Utterance said, boolean inRotation) {
    return o.word() + " bid " + said + ", above seven: cancelled" + (inRotation
        ? " and a pass put in its place" : "") + " (Law 38); " + o.word() + " and "
        + o.partner().word() + " must pass for the rest of the auction";
  }

  static String afterFinalPassText(DraftState d, Seat o, Utterance said) {
    Optional<Contract> c = d.standing.contract();
    boolean defender = c.isPresent() && c.get().declarer().side() != o.side()
        && said.asCall().filter(k -> k == Call.PASS).isEmpty();
    return o.word() + " called " + said + " after the final pass: cancelled (Law 39)"
        + (defender ? "; declarer may restrict the opening lead (Law 26)" : "");
  }

  static void rectifyInadmissible(DraftState d, Seat o, Utterance said, String law,
      boolean inRotation) {
    d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, law);
    d.leadPenalty(o, said, law);
    d.note72C(o, law);
    if (inRotation) {
      d.pending = new Replace(o, -1, null, null, law, false);        // a legal call instead
    }
  }

  /** Law 37: a bid, double or redouble by a seat that must pass. */
  static void barredCall(DraftState d, Seat o, Utterance said, Alert alert) {
    if (d.settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = d.enter(o, said, alert, CallStatus.STANDS, "37", null);
      Restriction r = d.restrictions[o.ordinal()];
      d.standing = d.standing.append(o, DraftState.call(said));
      if (r != null && r.kind() != Restriction.Kind.PASS_REST_OF_AUCTION) {
        d.setRestriction(o, null);
      }
      d.deferred = new Deferred(37, o, idx, false, null, 0, d.standing.size - 1);
      return;
    }
    String text = barredText(d, o, said, "37B");
    int idx = d.enter(o, said, alert, CallStatus.CANCELLED, "37B", o.side());
    d.found(Irregularity.Kind.CALL_BARRED, "37B", o, idx, text);
    rectifyBarred(d, o, said);
  }

  static void rectifyBarred(DraftState d, Seat o, Utterance said) {
    d.appendStanding(o, Call.PASS, Alert.NONE, "37B");
    d.bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "37B");
    d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "37B");
    d.leadPenalty(o, said, "37B");
    d.note72C(o, "37B");
  }

  /** Law 38: a bid above seven. */
  static void aboveSeven(DraftState d, Seat o, Utterance said, Alert alert, boolean inRotation) {
    if (inRotation && d.settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = d.enter(o, said, alert, CallStatus.PENDING, "38", null);
      d.deferred = new Deferred(38, o, idx, false, o.lho(), 0, d.standing.size);
      return;
    }
    int idx = d.enter(o, said, alert, CallStatus.CANCELLED, "38", o.side());
    d.found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, idx, aboveSevenText(o, said, inRotation));
    applyAboveSeven(d, o, said, inRotation, false);
  }

  static void applyAboveSeven(DraftState d, Seat o, Utterance said, boolean inRotation,
      boolean lhoCalled) {
    if (inRotation) {
      d.appendStanding(o, Call.PASS, Alert.NONE, "38");
    }
    if (d.y1997() && lhoCalled) {
      return;                                       // 1997 Law 35C: the pass, nothing more
    }
    d.bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "38");
    d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "38");
    if (!lhoCalled) {
      d.leadPenalty(o, said, "38");
      d.note72C(o, "38");
    }
  }

  /** Law 39: a call after the final pass is cancelled. */
  static void afterFinalPass(DraftState d, Seat o, Utterance said, Alert alert) {
    int idx = d.enter(o, said, alert, CallStatus.CANCELLED, "39", o.side());
    if (d.settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      d.deferred = new Deferred(39, o, idx, false, null, 0, d.standing.size);
      return;
    }
    d.found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, idx, afterFinalPassText(d, o, said));
    rectifyAfterFinalPass(d, o, said);
  }

  /** Only a defender's bid, double or redouble has a consequence: Law 26B. */
  static void rectifyAfterFinalPass(DraftState d, Seat o, Utterance said) {
    Optional<Contract> c = d.standing.contract();
    if (c.isEmpty() || c.get().declarer().side() == o.side()) {
      return;
    }
    if (said.asCall().filter(k -> k == Call.PASS).isPresent()) {
      return;
    }
    d.leadPenalty(o, said, "39");
  }
}
