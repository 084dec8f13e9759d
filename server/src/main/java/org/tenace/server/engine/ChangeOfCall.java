package org.tenace.server.engine;

import java.util.List;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.GateKind;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;

/** Law 25 (and 21B1): a change of call, unintended or after a misunderstanding, rectified. */
final class ChangeOfCall {
  private ChangeOfCall() {}

  // ------------------------------------------------------------ Law 25 (and 21B1)

  static void openChange(DraftState d, Seat seat, Utterance said, Alert alert,
      ChangeReason reason) {
    Bidding mine = d.changeable(seat);
    int pos = mine.size - 1;
    int cEntry = d.standingEntries(pos)[0];
    CallRecord c = d.record.get(cEntry);
    boolean misinformation = reason == ChangeReason.MISINFORMATION;
    String law = misinformation ? "21B1" : "25A";
    String question = misinformation
        ? "Did " + seat + " call " + c.said() + " on misinformation (Law 21B1)? He wants " + said
        : d.y1997()
            ? "Did " + seat + " change " + c.said() + " to " + said
                + " without pause for thought (1997 Law 25A)?"
            : "Was " + seat + "'s " + c.said() + " unintended (Law 25A)? He meant " + said;
    List<String> choices = misinformation
        ? List.of(RulingChoice.MISINFORMED, RulingChoice.NOT_MISINFORMED)
        : List.of(RulingChoice.UNINTENDED, RulingChoice.INTENDED);
    d.openSnapshotGate(new Gate(0, GateKind.CHANGE, null, seat, cEntry, c.said(), c.alert(), said,
        alert, pos, law, reason, null), question, choices, choices.get(1));
  }

  static void resolveChange(DraftState d, Gate g, String choice) {
    Seat o = g.offender();
    int pos = g.entry2();
    boolean allowed = RulingChoice.UNINTENDED.equals(choice)
        || RulingChoice.MISINFORMED.equals(choice);
    if (allowed) {
      // The change stands, checked as a fresh call; a call LHO made over it is withdrawn (he
      // calls again, as he may) and is unauthorized information for the offenders only.
      d.setStatus(g.entry(), CallStatus.REPLACED, g.law(), null);
      int[] later = d.standingEntries(pos + 1);
      for (int e : later) {
        d.setStatus(e, CallStatus.WITHDRAWN, g.law(), o.side());
      }
      d.standing = d.standing.at(pos);
      d.classifyAndApply(o, g.second(), g.secondAlert(), true);
      return;
    }
    boolean lhoCalled = d.standing.size > pos + 1;
    if (g.reason() == ChangeReason.UNINTENDED && !lhoCalled) {
      int idx = d.enter(o, g.second(), g.secondAlert(), CallStatus.PENDING, "25B", null);
      d.offer(new Option(OptionKind.CHANGE, o.lho(), o, idx, g.second(), g.secondAlert(), null,
          g.entry(), g.first(), g.firstAlert(), "25B"), true);
    } else {
      int idx = d.enter(o, g.second(), g.secondAlert(), CallStatus.CANCELLED, g.law(), o.side());
      d.found(Irregularity.Kind.CHANGE_OF_CALL, g.law(), o, idx, o.word() + " tried to change "
          + g.first() + " to " + g.second() + ": not allowed, " + g.first() + " stands (Law "
          + g.law() + ")");
    }
  }
}
