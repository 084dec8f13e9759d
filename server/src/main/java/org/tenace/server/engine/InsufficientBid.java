package org.tenace.server.engine;

import java.util.List;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.GateKind;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;
import org.tenace.server.engine.AuctionState.Replace;

/** Law 27: an insufficient bid, accepted or replaced, and what each replacement brings. */
final class InsufficientBid {
  private InsufficientBid() {}

  // ------------------------------------------------------------ Law 27

  /**
   * The offender replaces his refused insufficient bid (Law 27B; 27C when he did so before LHO
   * chose, {@code entry} being the replacement already recorded).
   */
  static void replaceInsufficient(DraftState d, Seat o, int ibEntry, Bid ib, Alert ibAlert,
      Utterance said, Alert alert, int entry) {
    Side os = o.side();
    if (!(said instanceof Utterance.Of of)) {
      d.setStatus(ibEntry, CallStatus.REPLACED, "27", os);
      if (entry >= 0) {
        d.setStatus(entry, CallStatus.CANCELLED, "38", os);
        d.found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, entry,
            InadmissibleCalls.aboveSevenText(o, said, true));
        InadmissibleCalls.applyAboveSeven(d, o, said, true, false);
      } else {
        InadmissibleCalls.aboveSeven(d, o, said, alert, true);
      }
      return;
    }
    Call c = of.call();
    if (c instanceof Bid b && !d.standing.isSufficient(b)) {             // 27B4
      d.setStatus(ibEntry, CallStatus.REPLACED, "27B4", os);
      int idx = entry >= 0 ? entry : d.enter(o, said, alert, CallStatus.PENDING, "27B4", null);
      if (entry >= 0) {
        d.setStatus(entry, CallStatus.PENDING, "27B4", null);
      }
      d.offer(new Option(OptionKind.SECOND_INSUFFICIENT, o.lho(), o, idx, said, alert, null,
          ibEntry, Utterance.of(ib), ibAlert, "27B4"), true);
      return;
    }
    boolean doubling = c == Call.DOUBLE || c == Call.REDOUBLE;
    Gate g = new Gate(0, GateKind.LAW27, null, o, ibEntry, Utterance.of(ib), ibAlert, said, alert,
        entry, "27B1b", null, null);
    if (doubling && d.standing.callError(o, c) != null) {
      insufficientB3(d, g);                                             // inadmissible: cancelled
      return;
    }
    boolean lowestSame = c instanceof Bid b && isLowestAbove(b, d.standing.lastBid, ib.strain());
    boolean unalerted = !ibAlert.alerted() && !alert.alerted();
    if (d.y1997()) {
      if (lowestSame && unalerted) {
        insufficientB1(d, g, "27B1");
      } else if (doubling) {
        insufficientB3(d, g);
      } else {
        insufficientB2(d, g);
      }
      return;
    }
    if (lowestSame && unalerted) {
      insufficientB1(d, g, "27B1a");
      return;
    }
    if (lowestSame) {
      d.openSnapshotGate(
          new Gate(0, GateKind.LAW27, null, o, ibEntry, Utterance.of(ib), ibAlert, said, alert,
              entry, "27B1", null, null),
          "Does " + o + "'s " + c + " specify the same strain(s) as the insufficient " + ib
              + " (27B1a), or is it comparable (27B1b)?",
          List.of(RulingChoice.SAME_STRAINS, RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
          RulingChoice.NOT_COMPARABLE);
      return;
    }
    d.openSnapshotGate(g,
        "Is " + o + "'s " + c + " comparable to the insufficient " + ib + " (Law 27B1b, 23A)?",
        List.of(RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
        RulingChoice.NOT_COMPARABLE);
  }

  /**
   * Whether {@code b} is the lowest bid of {@code strain} above {@code last} (none above 7); with
   * no bid standing ({@code last} null) the lowest is at the one level.
   */
  private static boolean isLowestAbove(Bid b, Bid last, org.tenace.bridge.auction.Strain strain) {
    int level = last == null ? 1
        : strain.compareTo(last.strain()) > 0 ? last.level() : last.level() + 1;
    return b.strain() == strain && b.level() == level;
  }

  static void resolveInsufficient(DraftState d, Gate g, String choice) {
    Call c = ((Utterance.Of) g.second()).call();
    if (RulingChoice.SAME_STRAINS.equals(choice)) {
      insufficientB1(d, g, "27B1a");
    } else if (RulingChoice.COMPARABLE.equals(choice)) {
      insufficientB1(d, g, "27B1b");
    } else if (c == Call.DOUBLE || c == Call.REDOUBLE) {
      insufficientB3(d, g);
    } else {
      insufficientB2(d, g);
    }
  }

  /** 27B1: the replacement stands, no further rectification (no 26B, no 16C); 27D later. */
  private static void insufficientB1(DraftState d, Gate g, String law) {
    d.setStatus(g.entry(), CallStatus.REPLACED, law, null);
    d.placeStanding(g.entry2(), g.offender(), ((Utterance.Of) g.second()).call(), g.secondAlert(),
        law);
    if (!d.y1997()) {
      d.note("27D", "Did the insufficient " + g.first() + " by " + g.offender()
          + " help his side to its result (Law 27D)?");
    }
  }

  /** 27B2: the replacement stands; partner passes for the rest of the auction; 26B. */
  private static void insufficientB2(DraftState d, Gate g) {
    Seat o = g.offender();
    d.setStatus(g.entry(), CallStatus.REPLACED, "27B2", o.side());
    d.placeStanding(g.entry2(), o, ((Utterance.Of) g.second()).call(), g.secondAlert(), "27B2");
    d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B2");
    d.leadPenalty(o, g.first(), "27B2");
  }

  /** 27B3: a double or redouble is cancelled; the offender calls again; partner barred; 26B. */
  private static void insufficientB3(DraftState d, Gate g) {
    Seat o = g.offender();
    d.setStatus(g.entry(), CallStatus.REPLACED, "27B3", o.side());
    if (g.entry2() >= 0) {
      d.setStatus(g.entry2(), CallStatus.CANCELLED, "27B3", o.side());
    } else {
      d.enter(o, g.second(), g.secondAlert(), CallStatus.CANCELLED, "27B3", o.side());
    }
    d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B3");
    d.leadPenalty(o, g.first(), "27B3");
    d.note72C(o, "27B3");
    d.pending = new Replace(o, -1, null, null, "27B3", true);
  }
}
