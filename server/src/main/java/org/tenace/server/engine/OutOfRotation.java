package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.AuctionState.Candidate;
import org.tenace.server.engine.AuctionState.FollowKind;
import org.tenace.server.engine.AuctionState.Followup;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.GateKind;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;

/**
 * Laws 29-32: a call out of rotation that the next seat did not accept, cancelled, and what
 * follows it: the offender's partner barred, the offender's next call watched (the follow-ups of
 * Laws 30-32), and a lead penalty.
 */
final class OutOfRotation {
  private OutOfRotation() {}

  // ------------------------------------------------------------ Laws 29-32

  static void outOfRotation(DraftState d, Seat seat, Utterance said, Alert alert) {
    int idx = d.enter(seat, said, alert, CallStatus.PENDING, "29", null);
    d.offer(new Option(OptionKind.OUT_OF_ROTATION, seat.lho(), seat, idx, said, alert,
        d.standing.turn(), -1, null, null, "29"), true);
  }

  /** Law 29B: the call out of rotation is cancelled; Laws 30, 31 or 32 follow. */
  static void afterRefusedCall(DraftState d, Seat o, Call c, Alert alert, Seat turn) {
    if (c == Call.PASS) {
      Alert last = lastStandingAlert(d);
      if (alert.alerted() || last.alerted()) {
        d.openSnapshotGate(new Gate(0, GateKind.ARTIFICIAL_PASS, null, o, -1, Utterance.of(c),
                alert, null, null, -1, "30C", null, turn),
            "Was " + o + "'s pass out of rotation artificial, or a pass of an artificial call"
                + " (Laws 29C, 30C)?",
            List.of(RulingChoice.ARTIFICIAL, RulingChoice.NATURAL), RulingChoice.ARTIFICIAL);
      } else {
        afterRefusedPass(d, o, alert, turn);
      }
    } else if (c instanceof Bid) {
      afterRefusedBid(d, o, c, alert, turn);
    } else {
      afterRefusedDouble(d, o, c, alert, turn);
    }
  }

  private static Alert lastStandingAlert(DraftState d) {
    for (int i = d.record.size() - 1; i >= 0; i--) {
      CallRecord c = d.record.get(i);
      if (c.status() == CallStatus.STANDS) {
        return c.alert();
      }
    }
    return Alert.NONE;
  }

  /** Law 30: a natural pass out of rotation, refused. */
  static void afterRefusedPass(DraftState d, Seat o, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (d.y1997()) {
      if (d.standing.lastBid == null || atRho) {
        d.bar(o, Restriction.Kind.PASS_NEXT_TURN, "30A");
      } else {
        d.bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "30B1");
        d.restrict(o.partner(), Restriction.of(Restriction.Kind.NO_DOUBLE_NEXT_TURN, "30B1"));
      }
      return;
    }
    if (atRho) {
      d.bar(o, Restriction.Kind.PASS_NEXT_TURN, "30A");
    } else {
      d.addFollowup(new Followup(FollowKind.COMPARE, o, o, Call.PASS, alert, "30B1"));
    }
  }

  /** Law 31 (and 30C): a bid (or an artificial pass) out of rotation, refused. */
  static void afterRefusedBid(DraftState d, Seat o, Call c, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (d.y1997()) {
      if (atRho) {
        d.addFollowup(new Followup(FollowKind.AWAIT_RHO_1997_BID, o, turn, c, alert, "31A"));
      } else {
        d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "31B");
        d.leadPenalty(o, Utterance.of(c), "31B");
      }
      return;
    }
    if (atRho) {
      d.addFollowup(new Followup(FollowKind.AWAIT_RHO, o, turn, c, alert, "31A"));
    } else {
      d.addFollowup(new Followup(FollowKind.COMPARE, o, o, c, alert, "31B"));
    }
  }

  /** Law 32: a double or redouble out of rotation, refused. */
  private static void afterRefusedDouble(DraftState d, Seat o, Call c, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (d.y1997()) {
      if (atRho) {
        d.addFollowup(new Followup(FollowKind.AWAIT_RHO_1997_DOUBLE, o, turn, c, alert, "32B"));
      } else {
        d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "32A");
        d.leadPenalty(o, Utterance.of(c), "32A");
      }
      return;
    }
    if (atRho) {
      d.addFollowup(new Followup(FollowKind.AWAIT_RHO, o, turn, c, alert, "32A"));
    } else {
      d.addFollowup(new Followup(FollowKind.COMPARE, o, o, c, alert, "32B"));
    }
  }

  // ------------------------------------------------------------ followups (Laws 30-32)

  static void fireFollowups(DraftState d, Seat seat, Call call, Alert alert) {
    List<Followup> fire = new ArrayList<>();
    List<Followup> keep = new ArrayList<>();
    for (Followup f : d.followups) {
      (f.watch() == seat ? fire : keep).add(f);
    }
    if (fire.isEmpty()) {
      return;
    }
    d.followups = List.copyOf(keep);
    for (Followup f : fire) {
      Seat o = f.offender();
      switch (f.kind()) {
        case AWAIT_RHO -> {
          if (call == Call.PASS) {
            d.restrict(o, Restriction.mustRepeat(f.withdrawn(), f.law() + "1"));
          } else {
            d.addFollowup(new Followup(FollowKind.COMPARE, o, o, f.withdrawn(), f.alert(),
                f.law() + "2"));
          }
        }
        case AWAIT_RHO_1997_BID -> {
          if (call == Call.PASS) {
            d.restrict(o, Restriction.mustRepeat(f.withdrawn(), "31A1"));
          } else {
            d.addFollowup(new Followup(FollowKind.SAME_STRAIN_1997, o, o, f.withdrawn(), f.alert(),
                "31A2"));
          }
        }
        case AWAIT_RHO_1997_DOUBLE -> {
          if (call == Call.PASS) {
            d.restrict(o, Restriction.mustRepeat(f.withdrawn(), "32B1"));
          } else {
            d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "32B2");
            d.leadPenalty(o, Utterance.of(f.withdrawn()), "32B2");
          }
        }
        case SAME_STRAIN_1997 -> {
          boolean same = call instanceof Bid b && f.withdrawn() instanceof Bid w
              && b.strain() == w.strain();
          if (same) {
            d.bar(o.partner(), Restriction.Kind.PASS_NEXT_TURN, f.law());
          } else {
            d.bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, f.law());
            d.leadPenalty(o, Utterance.of(f.withdrawn()), f.law());
          }
        }
        case COMPARE -> compare(d, f, call, alert);
      }
    }
  }

  /** 2017 Laws 30B1, 31A2, 31B, 32: the offender's call replacing his cancelled one. */
  private static void compare(DraftState d, Followup f, Call call, Alert alert) {
    Seat o = f.offender();
    if (DraftState.obviouslyComparable(f.withdrawn(), f.alert(), call, alert)) {
      d.note("23C", "Without the help of " + o + "'s cancelled " + f.withdrawn()
          + ", could the result have been different (Law 23C)?");
      return;
    }
    int id = d.nextRulingId();
    Ruling r = Ruling.open(id, f.law(), "Is " + o + "'s " + call + " comparable to the cancelled "
            + f.withdrawn() + " (Law 23A)?",
        List.of(RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
        RulingChoice.NOT_COMPARABLE, true);
    notComparable(d, o, Utterance.of(f.withdrawn()), f.law());       // the default, shown at once
    if (d.settings.rulingsByDefault() || d.resolving || d.gate != null) {
      d.addRuling(r.decide(RulingChoice.NOT_COMPARABLE, Ruling.DecidedBy.DEFAULT));
    } else {
      d.addRuling(r);
      d.gate = new Gate(id, GateKind.COMPARABLE, null, o, -1, Utterance.of(f.withdrawn()),
          f.alert(), Utterance.of(call), alert, -1, f.law(), null, null);
    }
  }

  private static void notComparable(DraftState d, Seat o, Utterance withdrawn, String law) {
    d.bar(o.partner(), Restriction.Kind.PASS_NEXT_TURN, law);
    d.leadPenalty(o, withdrawn, law);
  }

  /** The director ruled the call comparable after all: lift the default's bar and penalty. */
  static void undoNotComparable(DraftState d, Gate g) {
    Seat op = g.offender().partner();
    Restriction r = d.restrictions[op.ordinal()];
    if (r != null && r.kind() == Restriction.Kind.PASS_NEXT_TURN && r.law().equals(g.law())) {
      d.setRestriction(op, null);
    }
    List<Candidate> c = new ArrayList<>(d.candidates);
    c.removeIf(x -> x.offender() == g.offender() && x.law().equals(g.law()));
    d.candidates = List.copyOf(c);
    d.note("23C", "Without the help of " + g.offender() + "'s cancelled " + g.first()
        + ", could the result have been different (Law 23C)?");
  }
}
