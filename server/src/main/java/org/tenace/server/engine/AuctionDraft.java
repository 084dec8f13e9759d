package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;
import org.tenace.server.engine.AuctionState.Candidate;
import org.tenace.server.engine.AuctionState.Deferred;
import org.tenace.server.engine.AuctionState.FollowKind;
import org.tenace.server.engine.AuctionState.Followup;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.GateKind;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;
import org.tenace.server.engine.AuctionState.Pending;
import org.tenace.server.engine.AuctionState.Replace;

/**
 * Laws mode (irregularities rectified by the Laws): one transition of an auction's state as a
 * mutable draft, built into a new {@link AuctionState} at the end. A refusal thrown half-way
 * leaves the old state untouched.
 */
final class AuctionDraft {

  private enum Step {
    AFTER_FINAL_PASS, ABOVE_SEVEN, INADMISSIBLE, RHO_BARRED, CHANGE, OUT_OF_ROTATION,
    REPEAT_BROKEN, BARRED, INSUFFICIENT, REGULAR
  }

  // ------------------------------------------------------------ draft fields

  final AuctionSettings settings;
  Bidding standing;
  Chain<CallRecord> record;
  Chain<AuctionAction> actions;
  private Restriction[] restrictions;
  private boolean restrictionsCopied;
  Pending pending;
  Gate gate;
  private List<Ruling> rulings;
  private List<Followup> followups;
  private List<Candidate> candidates;
  private List<ExposedCards> exposures;
  Deferred deferred;
  private org.tenace.scoring.auction.Doubling doublingOverride;
  boolean periodOver;
  private Chain<Irregularity> found;
  /** While a snapshot ruling is resolved: any further judgement takes its default at once. */
  private boolean resolving;

  AuctionDraft(AuctionState a) {
    settings = a.settings;
    standing = a.standing;
    record = a.record;
    actions = a.actions;
    restrictions = a.restrictions;
    pending = a.pending;
    gate = a.gate;
    rulings = a.rulings;
    followups = a.followups;
    candidates = a.candidates;
    exposures = a.exposures;
    deferred = a.deferred;
    doublingOverride = a.doublingOverride;
    periodOver = a.periodOver;
    found = a.found;
  }

  AuctionState build() {
    return new AuctionState(settings, standing, record, actions, restrictions, pending, gate,
        rulings, followups, candidates, exposures, deferred, doublingOverride, periodOver, found);
  }

  private boolean y1997() {
    return settings.is1997();
  }

  private static RuleViolationException refuse(Violation v, String detail) {
    return new Refusal(v, detail).exception();
  }

  // ------------------------------------------------------------ calls

  /** A call in laws mode: classify (first match wins) and rectify. */
  void call(Seat seat, Utterance said, Alert alert) {
    if (periodOver) {
      throw refuse(Violation.CALL_AFTER_FINAL_PASS,
          "the auction period has ended (" + build().result() + ")");
    }
    if (gate != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (pending instanceof Option o) {
      optionCall(o, seat, said, alert);
      return;
    }
    if (pending instanceof Replace r) {
      if (seat != r.offender()) {
        // Out of rotation while the offender must call again (Laws 28-32): classified as at any
        // other moment; the call to replace waits under the option it opens.
        classifyAndApply(seat, said, alert, false);
        return;
      }
      pending = null;
      if (r.underLaw27()) {
        replaceInsufficient(r.offender(), r.ibEntry(), r.ib(), r.ibAlert(), said, alert, -1);
      } else {
        Refusal bad = r.error(seat, said, standing);
        if (bad != null) {
          pending = r;
          throw bad.exception();
        }
        appendStanding(seat, ((Utterance.Of) said).call(), alert, r.law());
      }
      return;
    }
    if (deferred != null && deferredCall(seat, said, alert)) {
      return;
    }
    if (pending instanceof Replace r && r.offender() == seat) {
      // His own call drew attention to his inadmissible call (36B): it is the call made again.
      call(seat, said, alert);
      return;
    }
    classifyAndApply(seat, said, alert, false);
  }

  private Step classify(Seat seat, Utterance said, boolean inRotation) {
    if (standing.isComplete()) {
      return Step.AFTER_FINAL_PASS;
    }
    if (!(said instanceof Utterance.Of of)) {
      return Step.ABOVE_SEVEN;
    }
    Call c = of.call();
    if ((c == Call.DOUBLE || c == Call.REDOUBLE) && standing.callError(seat, c) != null) {
      return Step.INADMISSIBLE;
    }
    Seat turn = standing.turn();
    if (!inRotation && seat != turn) {
      if (turn == seat.rho() && barred(turn)) {
        return Step.RHO_BARRED;
      }
      if (turn == seat.lho() && changeable(seat) != null) {
        return Step.CHANGE;
      }
      return Step.OUT_OF_ROTATION;
    }
    Restriction r = restrictions[seat.ordinal()];
    if (r != null) {
      if (r.kind() == Restriction.Kind.MUST_REPEAT && !r.call().get().equals(c)) {
        return Step.REPEAT_BROKEN;
      }
      if (r.barsAllButPass() && c != Call.PASS) {
        return Step.BARRED;
      }
      if (r.kind() == Restriction.Kind.NO_DOUBLE_NEXT_TURN
          && (c == Call.DOUBLE || c == Call.REDOUBLE)) {
        return Step.BARRED;
      }
    }
    if (c instanceof Bid b && !standing.isSufficient(b)) {
      return Step.INSUFFICIENT;
    }
    return Step.REGULAR;
  }

  private void classifyAndApply(Seat seat, Utterance said, Alert alert, boolean inRotation) {
    Step step = classify(seat, said, inRotation);
    switch (step) {
      case AFTER_FINAL_PASS -> afterFinalPass(seat, said, alert);
      case ABOVE_SEVEN -> aboveSeven(seat, said, alert, inRotation || seat == standing.turn());
      case INADMISSIBLE -> inadmissible(seat, said, alert, inRotation || seat == standing.turn());
      case RHO_BARRED -> {
        Seat rho = seat.rho();
        if (pending instanceof Replace r && r.offender() == rho) {
          forfeit(r, "28A");                     // his pass is deemed made: nothing to replace
        }
        appendStanding(rho, Call.PASS, Alert.NONE, "28A");     // 28A: the call is in rotation
        classifyAndApply(seat, said, alert, false);
      }
      case CHANGE -> openChange(seat, said, alert, ChangeReason.UNINTENDED);
      case OUT_OF_ROTATION -> outOfRotation(seat, said, alert);
      case REPEAT_BROKEN -> {
        Restriction r = restrictions[seat.ordinal()];
        throw refuse(Violation.CALL_BARRED,
            seat + " must repeat " + r.call().get() + " (" + r.law() + ")");
      }
      case BARRED -> barredCall(seat, said, alert);
      case INSUFFICIENT -> {
        int idx = enter(seat, said, alert, CallStatus.PENDING, "27", null);
        offer(new Option(OptionKind.INSUFFICIENT, seat.lho(), seat, idx, said, alert, null,
            -1, null, null, "27"), true);
      }
      case REGULAR -> appendStanding(seat, ((Utterance.Of) said).call(), alert, "");
    }
  }

  private boolean barred(Seat s) {
    Restriction r = restrictions[s.ordinal()];
    return r != null && r.barsAllButPass();
  }

  /** The node of {@code seat}'s latest standing call if Law 25 lets him change it, else null. */
  private Bidding changeable(Seat seat) {
    Bidding mine = standing.latestBy(seat);
    if (mine == null) {
      return null;
    }
    for (Bidding b = standing; b != mine; b = b.prev) {
      if (b.seat == seat.partner()) {
        return null;
      }
    }
    return mine;
  }

  // ------------------------------------------------------------ what the table announces

  /** Records an irregular call as found: the table announces it once, now. */
  private void found(Irregularity.Kind kind, String law, Seat offender, int entry, String text) {
    found = found.with(Irregularity.ofCall(kind, law, offender, entry, text));
  }

  /**
   * Opens option {@code o}, announcing its irregularity when it is a new one; a call to replace
   * that was waiting keeps waiting under it.
   */
  private void offer(Option o, boolean announce) {
    Replace waiting = pending instanceof Replace r ? r
        : pending instanceof Option p ? p.resume() : null;
    pending = o.resuming(waiting);
    if (announce) {
      found = found.with(o.view().irregularity());
    }
  }

  /**
   * After an option is settled: the call to replace that waited under it applies again if its
   * maker still has the turn; if an accepted call out of rotation took his turn, it lapses.
   */
  private void resume(Replace r) {
    if (r == null) {
      return;
    }
    if (pending instanceof Option o) {
      pending = o.resuming(r);
    } else if (pending == null && !standing.isComplete() && standing.turn() == r.offender()) {
      pending = r;
    } else if (pending == null) {
      forfeit(r, "29A");
    }
  }

  /** A call to replace that will not be made: a refused insufficient bid left is cancelled. */
  private void forfeit(Replace r, String law) {
    if (r.underLaw27()) {
      setStatus(r.ibEntry(), CallStatus.CANCELLED, law, r.offender().side());
    }
    if (pending == r) {
      pending = null;
    }
  }

  // ------------------------------------------------------------ the record and the core

  /** Adds a record entry; {@code ui} is the side for which it is unauthorized information. */
  int enter(Seat seat, Utterance said, Alert alert, CallStatus status, String law, Side ui) {
    int idx = record.size();
    record = record.with(new CallRecord(idx, seat, said, alert, status, law,
        Optional.ofNullable(ui)));
    return idx;
  }

  private void setStatus(int idx, CallStatus status, String law, Side ui) {
    record = record.update(idx, e -> e.with(status, law, Optional.ofNullable(ui)));
  }

  /** Records a call that stands and appends it to the standing calls. */
  private void appendStanding(Seat seat, Call call, Alert alert, String law) {
    enter(seat, Utterance.of(call), alert, CallStatus.STANDS, law, null);
    stand(seat, call, alert);
  }

  /** Makes an existing (pending) entry stand, or records a new one if {@code idx < 0}. */
  private void placeStanding(int idx, Seat seat, Call call, Alert alert, String law) {
    if (idx < 0) {
      appendStanding(seat, call, alert, law);
    } else {
      setStatus(idx, CallStatus.STANDS, law, null);
      stand(seat, call, alert);
    }
  }

  private void stand(Seat seat, Call call, Alert alert) {
    standing = standing.append(seat, call);
    Restriction r = restrictions[seat.ordinal()];
    if (r != null && r.kind() != Restriction.Kind.PASS_REST_OF_AUCTION) {
      setRestriction(seat, null);
    }
    if (standing.skippedASeat()) {
      restoreSkippedTurn();
      return;
    }
    if (!followups.isEmpty()) {
      fireFollowups(seat, call, alert);
    }
  }

  /** Record indices of the standing calls from core position {@code from} on, oldest first. */
  private int[] standingEntries(int from) {
    int count = standing.size - from;
    int[] out = new int[Math.max(count, 0)];
    int k = out.length;
    for (int i = record.size() - 1; k > 0; i--) {
      CallRecord c = record.get(i);
      if (c.status() == CallStatus.STANDS) {
        out[--k] = c.index();
      }
    }
    return out;
  }

  /** Strikes out the standing calls from core position {@code from} on. */
  private void truncate(int from, CallStatus status, String law, Side uiFirst, Side uiRest) {
    int[] entries = standingEntries(from);
    for (int i = 0; i < entries.length; i++) {
      setStatus(entries[i], status, law, i == 0 ? uiFirst : uiRest);
    }
    standing = standing.at(from);
  }

  /**
   * Law 17D3 (1997 Law 34): three passes ended the auction but one was out of rotation, so a seat
   * lost its turn. Back to the seat whose turn it was at the first such pass; that pass and all
   * later ones are cancelled (unauthorized information for the side that passed out of turn).
   */
  private void restoreSkippedTurn() {
    Bidding earliest = null;
    Bidding b = standing;
    for (int i = 0; i < standing.trailingPasses; i++, b = b.prev) {
      if (b.seat != b.prev.turn()) {
        earliest = b;
      }
    }
    if (earliest == null) {
      throw new IllegalStateException("no pass out of rotation in " + standing.calls());
    }
    truncate(earliest.size - 1, CallStatus.CANCELLED, y1997() ? "34" : "17D3",
        earliest.seat.side(), null);
  }

  // ------------------------------------------------------------ restrictions, rulings, penalties

  private void setRestriction(Seat seat, Restriction r) {
    if (!restrictionsCopied) {
      restrictions = restrictions.clone();
      restrictionsCopied = true;
    }
    restrictions[seat.ordinal()] = r;
  }

  /** Bars a seat; a weaker bar never replaces a stronger one. */
  private void restrict(Seat seat, Restriction r) {
    Restriction old = restrictions[seat.ordinal()];
    if (old == null || r.kind().compareTo(old.kind()) >= 0) {
      setRestriction(seat, r);
    }
  }

  private void bar(Seat seat, Restriction.Kind kind, String law) {
    restrict(seat, Restriction.of(kind, law));
    if (y1997() && kind.compareTo(Restriction.Kind.PASS_NEXT_TURN) >= 0) {
      // 1997 Law 23: an enforced pass that damages the other side gives an adjusted score.
      note("23", "Did " + seat + "'s enforced pass (" + law + ") damage the non-offending side?");
    }
  }

  private void leadPenalty(Seat offender, Utterance said, String law) {
    List<Candidate> c = new ArrayList<>(candidates);
    c.add(new Candidate(offender, said, law));
    candidates = List.copyOf(c);
  }

  private int addRuling(Ruling r) {
    List<Ruling> out = new ArrayList<>(rulings);
    out.add(r);
    rulings = List.copyOf(out);
    return r.id();
  }

  private int nextRulingId() {
    return rulings.size() + 1;
  }

  /** A non-gating ruling for after play: a score adjustment, none by default. */
  private void note(String law, String question) {
    addRuling(Ruling.open(nextRulingId(), law, question,
        List.of(RulingChoice.NO_ADJUSTMENT, RulingChoice.ADJUSTED), RulingChoice.NO_ADJUSTMENT,
        false));
  }

  private void note72C(Seat offender, String law) {
    if (!y1997()) {
      note("72C", "Could " + offender + " have known that the irregularity (" + law
          + ") could well damage the non-offending side?");
    }
  }

  /** Whether a replacement is comparable without a ruling (§3.5: P for P, or identical). */
  private static boolean obviouslyComparable(Call withdrawn, Alert wAlert, Call c, Alert cAlert) {
    if (withdrawn == Call.PASS && c == Call.PASS) {
      return true;
    }
    return withdrawn.equals(c) && !wAlert.alerted() && !cAlert.alerted();
  }

  /** Opens a gating ruling resolved from a snapshot (or at once with its default). */
  private void openSnapshotGate(Gate g, String question, List<String> choices, String dflt) {
    AuctionState before = build();
    int id = nextRulingId();
    Ruling r = Ruling.open(id, g.law(), question, choices, dflt, true);
    Gate withId = g.withId(id, before);
    if (settings.rulingsByDefault() || resolving) {
      addRuling(r.decide(dflt, Ruling.DecidedBy.DEFAULT));
      resolve(withId, dflt);
    } else {
      addRuling(r);
      resolve(withId, dflt);
      gate = withId;
    }
  }

  private void resolve(Gate g, String choice) {
    boolean was = resolving;
    resolving = true;
    try {
      switch (g.kind()) {
        case LAW27 -> resolveInsufficient(g, choice);
        case CHANGE -> resolveChange(g, choice);
        case ARTIFICIAL_PASS -> {
          Call pass = Call.PASS;
          if (RulingChoice.ARTIFICIAL.equals(choice)) {
            afterRefusedBid(g.offender(), pass, g.firstAlert(), g.turn());
          } else {
            afterRefusedPass(g.offender(), g.firstAlert(), g.turn());
          }
        }
        case COMPARABLE -> throw new IllegalStateException("not a snapshot ruling");
      }
    } finally {
      resolving = was;
    }
  }

  /** Laws mode {@code decide}: settles a ruling; a gating one lets the auction go on. */
  static AuctionState decide(AuctionState a, BoardAction.Decide dc) {
    Ruling r = a.ruling(dc.rulingId()).orElseThrow(() ->
        refuse(Violation.NO_DECISION_PENDING, "no ruling " + dc.rulingId()));
    if (!r.choices().contains(dc.choice())) {
      throw new IllegalArgumentException(
          "'" + dc.choice() + "' is not a choice of ruling " + r.id() + ": " + r.choices());
    }
    Gate g = a.gate;
    if (r.gating() && (g == null || g.rulingId() != r.id())) {
      throw refuse(Violation.NO_DECISION_PENDING, "ruling " + r.id() + " is already decided");
    }
    AuctionDraft d;
    if (g != null && g.rulingId() == r.id() && g.kind() != GateKind.COMPARABLE) {
      d = new AuctionDraft(g.before());
      d.addRuling(r.decide(dc.choice(), dc.by()));
      d.resolve(g, dc.choice());
    } else {
      d = new AuctionDraft(a);
      d.replaceRuling(r.decide(dc.choice(), dc.by()));
      if (g != null && g.rulingId() == r.id()) {
        d.gate = null;
        if (RulingChoice.COMPARABLE.equals(dc.choice())) {
          d.undoNotComparable(g);
        }
      }
    }
    d.actions = a.actions.with(dc);
    d.settle();
    return d.build();
  }

  private void replaceRuling(Ruling r) {
    List<Ruling> out = new ArrayList<>(rulings);
    out.replaceAll(x -> x.id() == r.id() ? r : x);
    rulings = List.copyOf(out);
  }

  // ------------------------------------------------------------ followups (Laws 30-32)

  private void addFollowup(Followup f) {
    List<Followup> out = new ArrayList<>(followups);
    out.add(f);
    followups = List.copyOf(out);
  }

  private void fireFollowups(Seat seat, Call call, Alert alert) {
    List<Followup> fire = new ArrayList<>();
    List<Followup> keep = new ArrayList<>();
    for (Followup f : followups) {
      (f.watch() == seat ? fire : keep).add(f);
    }
    if (fire.isEmpty()) {
      return;
    }
    followups = List.copyOf(keep);
    for (Followup f : fire) {
      Seat o = f.offender();
      switch (f.kind()) {
        case AWAIT_RHO -> {
          if (call == Call.PASS) {
            restrict(o, Restriction.mustRepeat(f.withdrawn(), f.law() + "1"));
          } else {
            addFollowup(new Followup(FollowKind.COMPARE, o, o, f.withdrawn(), f.alert(),
                f.law() + "2"));
          }
        }
        case AWAIT_RHO_1997_BID -> {
          if (call == Call.PASS) {
            restrict(o, Restriction.mustRepeat(f.withdrawn(), "31A1"));
          } else {
            addFollowup(new Followup(FollowKind.SAME_STRAIN_1997, o, o, f.withdrawn(), f.alert(),
                "31A2"));
          }
        }
        case AWAIT_RHO_1997_DOUBLE -> {
          if (call == Call.PASS) {
            restrict(o, Restriction.mustRepeat(f.withdrawn(), "32B1"));
          } else {
            bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "32B2");
            leadPenalty(o, Utterance.of(f.withdrawn()), "32B2");
          }
        }
        case SAME_STRAIN_1997 -> {
          boolean same = call instanceof Bid b && f.withdrawn() instanceof Bid w
              && b.strain() == w.strain();
          if (same) {
            bar(o.partner(), Restriction.Kind.PASS_NEXT_TURN, f.law());
          } else {
            bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, f.law());
            leadPenalty(o, Utterance.of(f.withdrawn()), f.law());
          }
        }
        case COMPARE -> compare(f, call, alert);
      }
    }
  }

  /** 2017 Laws 30B1, 31A2, 31B, 32: the offender's call replacing his cancelled one. */
  private void compare(Followup f, Call call, Alert alert) {
    Seat o = f.offender();
    if (obviouslyComparable(f.withdrawn(), f.alert(), call, alert)) {
      note("23C", "Without the help of " + o + "'s cancelled " + f.withdrawn()
          + ", could the result have been different (Law 23C)?");
      return;
    }
    int id = nextRulingId();
    Ruling r = Ruling.open(id, f.law(), "Is " + o + "'s " + call + " comparable to the cancelled "
            + f.withdrawn() + " (Law 23A)?",
        List.of(RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
        RulingChoice.NOT_COMPARABLE, true);
    notComparable(o, Utterance.of(f.withdrawn()), f.law());       // the default, shown at once
    if (settings.rulingsByDefault() || resolving || gate != null) {
      addRuling(r.decide(RulingChoice.NOT_COMPARABLE, Ruling.DecidedBy.DEFAULT));
    } else {
      addRuling(r);
      gate = new Gate(id, GateKind.COMPARABLE, null, o, -1, Utterance.of(f.withdrawn()),
          f.alert(), Utterance.of(call), alert, -1, f.law(), null, null);
    }
  }

  private void notComparable(Seat o, Utterance withdrawn, String law) {
    bar(o.partner(), Restriction.Kind.PASS_NEXT_TURN, law);
    leadPenalty(o, withdrawn, law);
  }

  /** The director ruled the call comparable after all: lift the default's bar and penalty. */
  private void undoNotComparable(Gate g) {
    Seat op = g.offender().partner();
    Restriction r = restrictions[op.ordinal()];
    if (r != null && r.kind() == Restriction.Kind.PASS_NEXT_TURN && r.law().equals(g.law())) {
      setRestriction(op, null);
    }
    List<Candidate> c = new ArrayList<>(candidates);
    c.removeIf(x -> x.offender() == g.offender() && x.law().equals(g.law()));
    candidates = List.copyOf(c);
    note("23C", "Without the help of " + g.offender() + "'s cancelled " + g.first()
        + ", could the result have been different (Law 23C)?");
  }

  // ------------------------------------------------------------ Law 27

  /**
   * The offender replaces his refused insufficient bid (Law 27B; 27C when he did so before LHO
   * chose, {@code entry} being the replacement already recorded).
   */
  private void replaceInsufficient(Seat o, int ibEntry, Bid ib, Alert ibAlert, Utterance said,
      Alert alert, int entry) {
    Side os = o.side();
    if (!(said instanceof Utterance.Of of)) {
      setStatus(ibEntry, CallStatus.REPLACED, "27", os);
      if (entry >= 0) {
        setStatus(entry, CallStatus.CANCELLED, "38", os);
        found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, entry, aboveSevenText(o, said, true));
        applyAboveSeven(o, said, true, false);
      } else {
        aboveSeven(o, said, alert, true);
      }
      return;
    }
    Call c = of.call();
    if (c instanceof Bid b && !standing.isSufficient(b)) {             // 27B4
      setStatus(ibEntry, CallStatus.REPLACED, "27B4", os);
      int idx = entry >= 0 ? entry : enter(o, said, alert, CallStatus.PENDING, "27B4", null);
      if (entry >= 0) {
        setStatus(entry, CallStatus.PENDING, "27B4", null);
      }
      offer(new Option(OptionKind.SECOND_INSUFFICIENT, o.lho(), o, idx, said, alert, null,
          ibEntry, Utterance.of(ib), ibAlert, "27B4"), true);
      return;
    }
    boolean doubling = c == Call.DOUBLE || c == Call.REDOUBLE;
    Gate g = new Gate(0, GateKind.LAW27, null, o, ibEntry, Utterance.of(ib), ibAlert, said, alert,
        entry, "27B1b", null, null);
    if (doubling && standing.callError(o, c) != null) {
      insufficientB3(g);                                             // inadmissible: cancelled
      return;
    }
    boolean lowestSame = c instanceof Bid b && isLowestAbove(b, standing.lastBid, ib.strain());
    boolean unalerted = !ibAlert.alerted() && !alert.alerted();
    if (y1997()) {
      if (lowestSame && unalerted) {
        insufficientB1(g, "27B1");
      } else if (doubling) {
        insufficientB3(g);
      } else {
        insufficientB2(g);
      }
      return;
    }
    if (lowestSame && unalerted) {
      insufficientB1(g, "27B1a");
      return;
    }
    if (lowestSame) {
      openSnapshotGate(
          new Gate(0, GateKind.LAW27, null, o, ibEntry, Utterance.of(ib), ibAlert, said, alert,
              entry, "27B1", null, null),
          "Does " + o + "'s " + c + " specify the same strain(s) as the insufficient " + ib
              + " (27B1a), or is it comparable (27B1b)?",
          List.of(RulingChoice.SAME_STRAINS, RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
          RulingChoice.NOT_COMPARABLE);
      return;
    }
    openSnapshotGate(g,
        "Is " + o + "'s " + c + " comparable to the insufficient " + ib + " (Law 27B1b, 23A)?",
        List.of(RulingChoice.COMPARABLE, RulingChoice.NOT_COMPARABLE),
        RulingChoice.NOT_COMPARABLE);
  }

  /**
   * Whether {@code b} is the lowest bid of {@code strain} above {@code last} (none above 7); with
   * no bid standing ({@code last} null) the lowest is at the one level.
   */
  private static boolean isLowestAbove(Bid b, Bid last, org.tenace.scoring.auction.Strain strain) {
    int level = last == null ? 1
        : strain.compareTo(last.strain()) > 0 ? last.level() : last.level() + 1;
    return b.strain() == strain && b.level() == level;
  }

  private void resolveInsufficient(Gate g, String choice) {
    Call c = ((Utterance.Of) g.second()).call();
    if (RulingChoice.SAME_STRAINS.equals(choice)) {
      insufficientB1(g, "27B1a");
    } else if (RulingChoice.COMPARABLE.equals(choice)) {
      insufficientB1(g, "27B1b");
    } else if (c == Call.DOUBLE || c == Call.REDOUBLE) {
      insufficientB3(g);
    } else {
      insufficientB2(g);
    }
  }

  /** 27B1: the replacement stands, no further rectification (no 26B, no 16C); 27D later. */
  private void insufficientB1(Gate g, String law) {
    setStatus(g.entry(), CallStatus.REPLACED, law, null);
    placeStanding(g.entry2(), g.offender(), ((Utterance.Of) g.second()).call(), g.secondAlert(),
        law);
    if (!y1997()) {
      note("27D", "Did the insufficient " + g.first() + " by " + g.offender()
          + " help his side to its result (Law 27D)?");
    }
  }

  /** 27B2: the replacement stands; partner passes for the rest of the auction; 26B. */
  private void insufficientB2(Gate g) {
    Seat o = g.offender();
    setStatus(g.entry(), CallStatus.REPLACED, "27B2", o.side());
    placeStanding(g.entry2(), o, ((Utterance.Of) g.second()).call(), g.secondAlert(), "27B2");
    bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B2");
    leadPenalty(o, g.first(), "27B2");
  }

  /** 27B3: a double or redouble is cancelled; the offender calls again; partner barred; 26B. */
  private void insufficientB3(Gate g) {
    Seat o = g.offender();
    setStatus(g.entry(), CallStatus.REPLACED, "27B3", o.side());
    if (g.entry2() >= 0) {
      setStatus(g.entry2(), CallStatus.CANCELLED, "27B3", o.side());
    } else {
      enter(o, g.second(), g.secondAlert(), CallStatus.CANCELLED, "27B3", o.side());
    }
    bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B3");
    leadPenalty(o, g.first(), "27B3");
    note72C(o, "27B3");
    pending = new Replace(o, -1, null, null, "27B3", true);
  }

  // ------------------------------------------------------------ options

  private void optionCall(Option o, Seat seat, Utterance said, Alert alert) {
    boolean callAccepts = o.kind() == OptionKind.INSUFFICIENT
        || o.kind() == OptionKind.OUT_OF_ROTATION || o.kind() == OptionKind.SECOND_INSUFFICIENT
        || o.kind() == OptionKind.CHANGE;
    if (seat == o.holder() && callAccepts) {
      acceptOption(o);                                  // 27A1, 29A, 25B: calling accepts
      if (pending instanceof Replace r && r.offender() == seat) {
        call(seat, said, alert);                        // his call is the one he had to make
      } else {
        classifyAndApply(seat, said, alert, false);
      }
      return;
    }
    if (o.kind() == OptionKind.OUT_OF_ROTATION && seat == o.turn()) {
      setStatus(o.entry(), CallStatus.CANCELLED, "28B", o.offender().side());
      pending = o.resume();
      if (pending != null) {
        call(seat, said, alert);                        // 28B, and the call he had to make
      } else {
        classifyAndApply(seat, said, alert, false);
      }
      return;
    }
    if (o.kind() == OptionKind.INSUFFICIENT && seat == o.offender()) {
      int idx = enter(seat, said, alert, CallStatus.PENDING, "27C", null);    // 27C
      offer(new Option(OptionKind.PREMATURE_REPLACEMENT, o.holder(), seat, idx, said, alert,
          null, o.entry(), o.said(), o.alert(), "27C"), false);
      found(Irregularity.Kind.INSUFFICIENT_BID, "27C", seat, idx, seat.word() + " replaced his"
          + " insufficient " + o.said() + " with " + said + " before " + o.holder().word()
          + " chose (Law 27C): " + o.holder().word() + " may accept the insufficient bid or"
          + " refuse it");
      return;
    }
    throw refuse(Violation.DECISION_PENDING, build().blocker());
  }

  /** {@code accept} or {@code refuse} by a seat. */
  void answer(Seat seat, boolean accept) {
    if (gate != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (!(pending instanceof Option o)) {
      throw refuse(Violation.NO_DECISION_PENDING, "there is nothing to accept or refuse");
    }
    if (seat != o.holder()) {
      throw refuse(Violation.NOT_ENTITLED, "the option is " + o.holder() + "'s (" + o.law() + ")");
    }
    if (accept) {
      acceptOption(o);
    } else {
      refuseOption(o);
    }
  }

  private void acceptOption(Option o) {
    pending = null;
    acceptOnly(o);
    resume(o.resume());
  }

  private void acceptOnly(Option o) {
    Seat off = o.offender();
    switch (o.kind()) {
      case INSUFFICIENT -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "27A1");
      case OUT_OF_ROTATION -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "29A");
      case SECOND_INSUFFICIENT -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "27B4");
      case PREMATURE_REPLACEMENT -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "27C", off.side());
        placeStanding(o.firstEntry(), off, call(o.first()), o.firstAlert(), "27A1");
      }
      case CHANGE, CHANGE_1997 -> {
        String law = o.kind() == OptionKind.CHANGE ? "25B" : "25B2";
        setStatus(o.firstEntry(), CallStatus.REPLACED, law, off.side());
        standing = standing.prev;                      // the changed call is the last standing
        placeStanding(o.entry(), off, call(o.said()), o.alert(), law);
        if (o.kind() == OptionKind.CHANGE_1997) {
          addRuling(Ruling.open(nextRulingId(), "25B2",
              "The score of " + off.side() + " is at most average minus (1997 Law 25B2b)",
              List.of("average minus at most"), "average minus at most", false));
        } else if (!obviouslyComparable(call(o.first()), o.firstAlert(), call(o.said()),
            o.alert())) {
          leadPenalty(off, o.first(), "25B");        // 26B may apply
        }
      }
    }
  }

  private void refuseOption(Option o) {
    pending = null;
    refuseOnly(o);
    resume(o.resume());
  }

  private void refuseOnly(Option o) {
    Seat off = o.offender();
    switch (o.kind()) {
      case INSUFFICIENT -> pending = new Replace(off, o.entry(), (Bid) call(o.said()), o.alert(),
          "27B", false);
      case OUT_OF_ROTATION -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "29B", off.side());
        afterRefusedCall(off, call(o.said()), o.alert(), o.turn());
      }
      case SECOND_INSUFFICIENT -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "27B3", off.side());
        bar(off.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B3");
        leadPenalty(off, o.first(), "27B3");
        note72C(off, "27B3");
        pending = new Replace(off, -1, null, null, "27B3", true);
      }
      case PREMATURE_REPLACEMENT -> replaceInsufficient(off, o.firstEntry(),
          (Bid) call(o.first()), o.firstAlert(), o.said(), o.alert(), o.entry());
      case CHANGE -> {
        if (y1997()) {
          offer(new Option(OptionKind.CHANGE_1997, off, off, o.entry(), o.said(), o.alert(),
              null, o.firstEntry(), o.first(), o.firstAlert(), "25B2"), false);
        } else {
          setStatus(o.entry(), CallStatus.CANCELLED, "25B", off.side());
        }
      }
      case CHANGE_1997 -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "25B2", off.side());
        bar(off.partner(), Restriction.Kind.PASS_NEXT_TURN, "25B2");
      }
    }
  }

  private static Call call(Utterance u) {
    return ((Utterance.Of) u).call();
  }

  // ------------------------------------------------------------ Laws 29-32

  private void outOfRotation(Seat seat, Utterance said, Alert alert) {
    int idx = enter(seat, said, alert, CallStatus.PENDING, "29", null);
    offer(new Option(OptionKind.OUT_OF_ROTATION, seat.lho(), seat, idx, said, alert,
        standing.turn(), -1, null, null, "29"), true);
  }

  /** Law 29B: the call out of rotation is cancelled; Laws 30, 31 or 32 follow. */
  private void afterRefusedCall(Seat o, Call c, Alert alert, Seat turn) {
    if (c == Call.PASS) {
      Alert last = lastStandingAlert();
      if (alert.alerted() || last.alerted()) {
        openSnapshotGate(new Gate(0, GateKind.ARTIFICIAL_PASS, null, o, -1, Utterance.of(c),
                alert, null, null, -1, "30C", null, turn),
            "Was " + o + "'s pass out of rotation artificial, or a pass of an artificial call"
                + " (Laws 29C, 30C)?",
            List.of(RulingChoice.ARTIFICIAL, RulingChoice.NATURAL), RulingChoice.ARTIFICIAL);
      } else {
        afterRefusedPass(o, alert, turn);
      }
    } else if (c instanceof Bid) {
      afterRefusedBid(o, c, alert, turn);
    } else {
      afterRefusedDouble(o, c, alert, turn);
    }
  }

  private Alert lastStandingAlert() {
    for (int i = record.size() - 1; i >= 0; i--) {
      CallRecord c = record.get(i);
      if (c.status() == CallStatus.STANDS) {
        return c.alert();
      }
    }
    return Alert.NONE;
  }

  /** Law 30: a natural pass out of rotation, refused. */
  private void afterRefusedPass(Seat o, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (y1997()) {
      if (standing.lastBid == null || atRho) {
        bar(o, Restriction.Kind.PASS_NEXT_TURN, "30A");
      } else {
        bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "30B1");
        restrict(o.partner(), Restriction.of(Restriction.Kind.NO_DOUBLE_NEXT_TURN, "30B1"));
      }
      return;
    }
    if (atRho) {
      bar(o, Restriction.Kind.PASS_NEXT_TURN, "30A");
    } else {
      addFollowup(new Followup(FollowKind.COMPARE, o, o, Call.PASS, alert, "30B1"));
    }
  }

  /** Law 31 (and 30C): a bid (or an artificial pass) out of rotation, refused. */
  private void afterRefusedBid(Seat o, Call c, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (y1997()) {
      if (atRho) {
        addFollowup(new Followup(FollowKind.AWAIT_RHO_1997_BID, o, turn, c, alert, "31A"));
      } else {
        bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "31B");
        leadPenalty(o, Utterance.of(c), "31B");
      }
      return;
    }
    if (atRho) {
      addFollowup(new Followup(FollowKind.AWAIT_RHO, o, turn, c, alert, "31A"));
    } else {
      addFollowup(new Followup(FollowKind.COMPARE, o, o, c, alert, "31B"));
    }
  }

  /** Law 32: a double or redouble out of rotation, refused. */
  private void afterRefusedDouble(Seat o, Call c, Alert alert, Seat turn) {
    boolean atRho = turn == o.rho();
    if (y1997()) {
      if (atRho) {
        addFollowup(new Followup(FollowKind.AWAIT_RHO_1997_DOUBLE, o, turn, c, alert, "32B"));
      } else {
        bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "32A");
        leadPenalty(o, Utterance.of(c), "32A");
      }
      return;
    }
    if (atRho) {
      addFollowup(new Followup(FollowKind.AWAIT_RHO, o, turn, c, alert, "32A"));
    } else {
      addFollowup(new Followup(FollowKind.COMPARE, o, o, c, alert, "32B"));
    }
  }

  // ------------------------------------------------------------ Law 25 (and 21B1)

  /** Laws mode {@code change}: a request to replace the seat's latest call. */
  void change(Seat seat, Utterance said, Alert alert, ChangeReason reason) {
    if (periodOver) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, "the opening lead has been faced");
    }
    if (gate != null || pending != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (deferred != null) {
      drawAttention();
      if (pending != null || gate != null) {
        throw refuse(Violation.DECISION_PENDING, build().blocker());
      }
    }
    if (standing.latestBy(seat) == null) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, seat + " has not called");
    }
    if (changeable(seat) == null) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, "partner has already called");
    }
    openChange(seat, said, alert, reason);
  }

  private void openChange(Seat seat, Utterance said, Alert alert, ChangeReason reason) {
    Bidding mine = changeable(seat);
    int pos = mine.size - 1;
    int cEntry = standingEntries(pos)[0];
    CallRecord c = record.get(cEntry);
    boolean misinformation = reason == ChangeReason.MISINFORMATION;
    String law = misinformation ? "21B1" : "25A";
    String question = misinformation
        ? "Did " + seat + " call " + c.said() + " on misinformation (Law 21B1)? He wants " + said
        : y1997()
            ? "Did " + seat + " change " + c.said() + " to " + said
                + " without pause for thought (1997 Law 25A)?"
            : "Was " + seat + "'s " + c.said() + " unintended (Law 25A)? He meant " + said;
    List<String> choices = misinformation
        ? List.of(RulingChoice.MISINFORMED, RulingChoice.NOT_MISINFORMED)
        : List.of(RulingChoice.UNINTENDED, RulingChoice.INTENDED);
    openSnapshotGate(new Gate(0, GateKind.CHANGE, null, seat, cEntry, c.said(), c.alert(), said,
        alert, pos, law, reason, null), question, choices, choices.get(1));
  }

  private void resolveChange(Gate g, String choice) {
    Seat o = g.offender();
    int pos = g.entry2();
    boolean allowed = RulingChoice.UNINTENDED.equals(choice)
        || RulingChoice.MISINFORMED.equals(choice);
    if (allowed) {
      // The change stands, checked as a fresh call; a call LHO made over it is withdrawn (he
      // calls again, as he may) and is unauthorized information for the offenders only.
      setStatus(g.entry(), CallStatus.REPLACED, g.law(), null);
      int[] later = standingEntries(pos + 1);
      for (int e : later) {
        setStatus(e, CallStatus.WITHDRAWN, g.law(), o.side());
      }
      standing = standing.at(pos);
      classifyAndApply(o, g.second(), g.secondAlert(), true);
      return;
    }
    boolean lhoCalled = standing.size > pos + 1;
    if (g.reason() == ChangeReason.UNINTENDED && !lhoCalled) {
      int idx = enter(o, g.second(), g.secondAlert(), CallStatus.PENDING, "25B", null);
      offer(new Option(OptionKind.CHANGE, o.lho(), o, idx, g.second(), g.secondAlert(), null,
          g.entry(), g.first(), g.firstAlert(), "25B"), true);
    } else {
      int idx = enter(o, g.second(), g.secondAlert(), CallStatus.CANCELLED, g.law(), o.side());
      found(Irregularity.Kind.CHANGE_OF_CALL, g.law(), o, idx, o.word() + " tried to change "
          + g.first() + " to " + g.second() + ": not allowed, " + g.first() + " stands (Law "
          + g.law() + ")");
    }
  }

  // ------------------------------------------------------------ Laws 36-39

  /** Law 36: a double or redouble Law 19 does not permit (in or out of rotation). */
  private void inadmissible(Seat o, Utterance said, Alert alert, boolean inRotation) {
    if (inRotation && settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = enter(o, said, alert, CallStatus.STANDS, "36", null);
      standing = standing.append(o, call(said));
      deferred = new Deferred(36, o, idx, false, null, 0, standing.size - 1);
      return;
    }
    String law = y1997() ? "36" : inRotation ? "36B" : "36B4";
    String text = inadmissibleText(o, call(said), law, inRotation);
    int idx = enter(o, said, alert, CallStatus.CANCELLED, law, o.side());
    found(inadmissibleKind(call(said)), law, o, idx, text);
    rectifyInadmissible(o, said, law, inRotation);
  }

  private static Irregularity.Kind inadmissibleKind(Call c) {
    return c == Call.REDOUBLE
        ? Irregularity.Kind.INADMISSIBLE_REDOUBLE : Irregularity.Kind.INADMISSIBLE_DOUBLE;
  }

  /** "South doubled partner's 1H: inadmissible (Law 36B); North must pass ...", before it. */
  private String inadmissibleText(Seat o, Call c, String law, boolean inRotation) {
    String verb = c == Call.REDOUBLE ? "redoubled" : "doubled";
    Seat target = standing.lastNonPassSeat;
    String what;
    if (target == null) {
      what = " with no bid to " + (c == Call.REDOUBLE ? "redouble" : "double");
    } else if (target == o) {
      what = " his own " + standing.lastNonPass;
    } else if (target == o.partner()) {
      what = " partner's " + standing.lastNonPass;
    } else {
      what = " " + target.word() + "'s " + standing.lastNonPass;
    }
    return o.word() + " " + verb + what + ": inadmissible (Law " + law + "); "
        + o.partner().word() + " must pass for the rest of the auction"
        + (inRotation ? " and " + o.word() + " calls again" : "");
  }

  private String barredText(Seat o, Utterance said, String law) {
    Restriction r = restrictions[o.ordinal()];
    String bar = r == null ? "" : " (Law " + r.law() + ")";
    return o.word() + " called " + said + " when he had to pass" + bar + ": cancelled and a pass"
        + " put in its place (Law " + law + "); " + o.word() + " and " + o.partner().word()
        + " must pass for the rest of the auction";
  }

  private static String aboveSevenText(Seat o, Utterance said, boolean inRotation) {
    return o.word() + " bid " + said + ", above seven: cancelled" + (inRotation
        ? " and a pass put in its place" : "") + " (Law 38); " + o.word() + " and "
        + o.partner().word() + " must pass for the rest of the auction";
  }

  private String afterFinalPassText(Seat o, Utterance said) {
    Optional<Contract> c = standing.contract();
    boolean defender = c.isPresent() && c.get().declarer().side() != o.side()
        && said.asCall().filter(k -> k == Call.PASS).isEmpty();
    return o.word() + " called " + said + " after the final pass: cancelled (Law 39)"
        + (defender ? "; declarer may restrict the opening lead (Law 26)" : "");
  }

  private void rectifyInadmissible(Seat o, Utterance said, String law, boolean inRotation) {
    bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, law);
    leadPenalty(o, said, law);
    note72C(o, law);
    if (inRotation) {
      pending = new Replace(o, -1, null, null, law, false);        // a legal call instead
    }
  }

  /** Law 37: a bid, double or redouble by a seat that must pass. */
  private void barredCall(Seat o, Utterance said, Alert alert) {
    if (settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = enter(o, said, alert, CallStatus.STANDS, "37", null);
      Restriction r = restrictions[o.ordinal()];
      standing = standing.append(o, call(said));
      if (r != null && r.kind() != Restriction.Kind.PASS_REST_OF_AUCTION) {
        setRestriction(o, null);
      }
      deferred = new Deferred(37, o, idx, false, null, 0, standing.size - 1);
      return;
    }
    String text = barredText(o, said, "37B");
    int idx = enter(o, said, alert, CallStatus.CANCELLED, "37B", o.side());
    found(Irregularity.Kind.CALL_BARRED, "37B", o, idx, text);
    rectifyBarred(o, said);
  }

  private void rectifyBarred(Seat o, Utterance said) {
    appendStanding(o, Call.PASS, Alert.NONE, "37B");
    bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "37B");
    bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "37B");
    leadPenalty(o, said, "37B");
    note72C(o, "37B");
  }

  /** Law 38: a bid above seven. */
  private void aboveSeven(Seat o, Utterance said, Alert alert, boolean inRotation) {
    if (inRotation && settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      int idx = enter(o, said, alert, CallStatus.PENDING, "38", null);
      deferred = new Deferred(38, o, idx, false, o.lho(), 0, standing.size);
      return;
    }
    int idx = enter(o, said, alert, CallStatus.CANCELLED, "38", o.side());
    found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, idx, aboveSevenText(o, said, inRotation));
    applyAboveSeven(o, said, inRotation, false);
  }

  private void applyAboveSeven(Seat o, Utterance said, boolean inRotation, boolean lhoCalled) {
    if (inRotation) {
      appendStanding(o, Call.PASS, Alert.NONE, "38");
    }
    if (y1997() && lhoCalled) {
      return;                                       // 1997 Law 35C: the pass, nothing more
    }
    bar(o, Restriction.Kind.PASS_REST_OF_AUCTION, "38");
    bar(o.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "38");
    if (!lhoCalled) {
      leadPenalty(o, said, "38");
      note72C(o, "38");
    }
  }

  /** Law 39: a call after the final pass is cancelled. */
  private void afterFinalPass(Seat o, Utterance said, Alert alert) {
    int idx = enter(o, said, alert, CallStatus.CANCELLED, "39", o.side());
    if (settings.attention() == AuctionSettings.Attention.WHEN_DRAWN) {
      deferred = new Deferred(39, o, idx, false, null, 0, standing.size);
      return;
    }
    found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, idx, afterFinalPassText(o, said));
    rectifyAfterFinalPass(o, said);
  }

  /** Only a defender's bid, double or redouble has a consequence: Law 26B. */
  private void rectifyAfterFinalPass(Seat o, Utterance said) {
    Optional<Contract> c = standing.contract();
    if (c.isEmpty() || c.get().declarer().side() == o.side()) {
      return;
    }
    if (said.asCall().filter(k -> k == Call.PASS).isPresent()) {
      return;
    }
    leadPenalty(o, said, "39");
  }

  // ------------------------------------------------------------ attention WHEN_DRAWN

  /**
   * A call while an irregularity waits for attention. Returns true when the call has been dealt
   * with; false when the caller should classify it (the irregularity may have been rectified
   * first, since a second irregularity brings the director).
   */
  private boolean deferredCall(Seat seat, Utterance said, Alert alert) {
    Deferred df = deferred;
    if (df.law() == 38) {
      if (seat == df.limboTurn() && !standing.isComplete()) {
        enter(seat, said, alert, CallStatus.PENDING, "38", null);
        int passes = said.asCall().filter(c -> c == Call.PASS).isPresent()
            ? df.limboPasses() + 1 : 0;
        deferred = new Deferred(38, df.offender(), df.entry(),
            df.lhoCalled() || seat == df.offender().lho(), seat.next(), passes,
            df.corePosition());
        if (passes == 3) {
          drawAttention();                 // no auction may end on a bid above seven
        }
        return true;
      }
      drawAttention();
      return false;
    }
    boolean byLho = seat == df.offender().lho();
    Step step = classify(seat, said, false);
    if (byLho) {
      deferred = df.lhoHasCalled();
    }
    if (step == Step.REGULAR) {
      return false;
    }
    if (df.law() == 36 && byLho) {
      drawAttention();                     // 36A: this call is cancelled with the rest
      enter(seat, said, alert, CallStatus.CANCELLED, y1997() ? "35A" : "36A",
          df.offender().side());
      return true;
    }
    drawAttention();
    return false;
  }

  /** Rectifies the irregularity waiting for attention (Laws 36A/B, 37A/B, 38, 39). */
  void drawAttention() {
    Deferred df = deferred;
    if (df == null) {
      throw refuse(Violation.NO_DECISION_PENDING, "no irregularity is waiting for attention");
    }
    deferred = null;
    Seat o = df.offender();
    CallRecord made = record.get(df.entry());
    switch (df.law()) {
      case 36 -> {
        Call c = call(made.said());
        if (df.lhoCalled()) {
          String law = y1997() ? "35A" : "36A";
          truncate(df.corePosition(), CallStatus.CANCELLED, law, o.side(), o.side());
          found(inadmissibleKind(c), law, o, df.entry(), o.word() + "'s " + c + " was"
              + " inadmissible: it and the calls after it are cancelled, the auction goes on from"
              + " before it (Law " + law + ")");
        } else {
          String law = y1997() ? "36" : "36B";
          truncate(df.corePosition(), CallStatus.CANCELLED, law, o.side(), o.side());
          found(inadmissibleKind(c), law, o, df.entry(), inadmissibleText(o, c, law, true));
          rectifyInadmissible(o, made.said(), law, true);
        }
      }
      case 37 -> {
        if (df.lhoCalled()) {
          String law = y1997() ? "35B" : "37A";
          setStatus(df.entry(), CallStatus.STANDS, law, null);
          found(Irregularity.Kind.CALL_BARRED, law, o, df.entry(), o.word() + " called "
              + made.said() + " when he had to pass; " + o.lho().word() + " called over it, so it"
              + " stands (Law " + law + ")");
        } else {
          truncate(df.corePosition(), CallStatus.CANCELLED, "37B", o.side(), o.side());
          found(Irregularity.Kind.CALL_BARRED, "37B", o, df.entry(),
              barredText(o, made.said(), "37B"));
          rectifyBarred(o, made.said());
        }
      }
      case 38 -> {
        for (int i = df.entry(); i < record.size(); i++) {
          if (record.get(i).status() == CallStatus.PENDING) {
            setStatus(i, CallStatus.CANCELLED, "38", o.side());
          }
        }
        found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, df.entry(),
            aboveSevenText(o, made.said(), true));
        applyAboveSeven(o, made.said(), true, df.lhoCalled());
      }
      case 39 -> {
        found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, df.entry(),
            df.lhoCalled() ? o.word() + " called " + made.said() + " after the final pass:"
                + " cancelled (Law 39)" : afterFinalPassText(o, made.said()));
        if (!df.lhoCalled()) {
          rectifyAfterFinalPass(o, made.said());
        }
      }
      default -> throw new IllegalStateException("law " + df.law());
    }
  }

  // ------------------------------------------------------------ Law 24

  /**
   * Law 24: cards exposed during the auction period stay face up and become penalty cards if
   * their owner defends; an honour, a premature lead or two or more cards also make partner pass
   * at his next turn.
   */
  void expose(Seat seat, java.util.Set<org.tenace.scoring.card.Card> cards, boolean led) {
    if (periodOver) {
      throw refuse(Violation.NOT_PLAYING, "the auction period has ended: the play rules apply");
    }
    if (cards.isEmpty()) {
      throw new IllegalArgumentException("no card exposed");
    }
    boolean honour = cards.stream().anyMatch(c -> c.rank().isHonour());
    String law = cards.size() > 1 ? "24C" : honour || led ? "24B" : "24A";
    List<ExposedCards> out = new ArrayList<>(exposures);
    out.add(new ExposedCards(seat, cards, led, law));
    exposures = List.copyOf(out);
    if (!law.equals("24A")) {
      bar(seat.partner(), Restriction.Kind.PASS_NEXT_TURN, law);
    }
  }

  // ------------------------------------------------------------ the auction period

  void endPeriod() {
    if (periodOver) {
      throw refuse(Violation.CALL_AFTER_FINAL_PASS, "the auction period has already ended");
    }
    if (!standing.isComplete()) {
      throw refuse(Violation.AUCTION_NOT_ENDED, "the auction has not ended; " + standing.turn()
          + " is to call");
    }
    if (gate != null || pending != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (deferred != null) {
      Deferred df = deferred;
      deferred = null;
      Seat o = df.offender();
      CallRecord made = record.get(df.entry());
      if (df.law() == 36 && !y1997()) {
        // 36C: the auction stands as it was made; the call is scored as if it had not been made
        // (unless a bid followed it), so it stays in the record as standing, under Law 36C.
        setStatus(df.entry(), CallStatus.STANDS, "36C", null);
        if (standing.lastBid != null && positionOfLastBid() < df.corePosition()) {
          doublingOverride = standing.at(df.corePosition()).doubling();
        }
        found(inadmissibleKind(call(made.said())), "36C", o, df.entry(), o.word() + "'s "
            + made.said() + " was inadmissible and nobody noticed before the opening lead: the"
            + " auction stands, scored as if it had not been made (Law 36C)");
      } else if (df.law() == 37) {
        String law = y1997() ? "35B" : "37A";
        setStatus(df.entry(), CallStatus.STANDS, law, null);
        found(Irregularity.Kind.CALL_BARRED, law, o, df.entry(), o.word() + " called "
            + made.said() + " when he had to pass; nobody noticed before the opening lead, so it"
            + " stands (Law " + law + ")");
      } else if (df.law() == 39) {
        found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, df.entry(), o.word() + " called "
            + made.said() + " after the final pass: cancelled (Law 39)");
      } else if (df.law() == 36) {
        found(inadmissibleKind(call(made.said())), "36", o, df.entry(), o.word() + "'s "
            + made.said() + " was inadmissible and nobody noticed before the opening lead: the"
            + " auction stands (1997 Law 36)");
      }
    }
    periodOver = true;
  }

  private int positionOfLastBid() {
    for (Bidding b = standing; b.size > 0; b = b.prev) {
      if (b.call instanceof Bid) {
        return b.size - 1;
      }
    }
    return -1;
  }

  /** After every transition: the server passes for barred seats if the table wants it. */
  void settle() {
    if (!settings.autoPassBarred() || settings.mode() != Mode.LAWS) {
      return;
    }
    for (int passes = 0; gate == null && pending == null && !periodOver
        && !standing.isComplete() && (deferred == null || deferred.law() != 38)
        && barred(standing.turn()); passes++) {
      if (passes == 8) {
        // Four passes in rotation end any auction (twice that, should a skipped turn be given
        // back on the way): more means a state no rule should reach.
        throw new IllegalStateException("automatic passes do not end " + standing.calls());
      }
      Seat s = standing.turn();
      appendStanding(s, Call.PASS, Alert.NONE, restrictions[s.ordinal()].law());
    }
  }

  // ------------------------------------------------------------ what-ifs, for the checks

  /** The state after {@code seat} accepts the open option by calling. */
  static AuctionState accepted(AuctionState a, Seat seat) {
    AuctionDraft d = new AuctionDraft(a);
    d.answer(seat, true);
    d.settle();
    return d.build();
  }

  /** Law 28B: the call out of rotation of option {@code o} is cancelled by the seat in turn. */
  static AuctionState cancelled(AuctionState a, Option o) {
    AuctionDraft d = new AuctionDraft(a);
    d.setStatus(o.entry(), CallStatus.CANCELLED, "28B", o.offender().side());
    d.pending = o.resume();                 // a call he owed is still owed
    return d.build();
  }

  /** The state after attention is drawn to the outstanding irregularity. */
  static AuctionState attended(AuctionState a) {
    AuctionDraft d = new AuctionDraft(a);
    d.drawAttention();
    return d.build();
  }

  /** Law 28A: {@code barred}, who must pass, is deemed to have passed. */
  static AuctionState passedFor(AuctionState a, Seat barred) {
    AuctionDraft d = new AuctionDraft(a);
    d.appendStanding(barred, Call.PASS, Alert.NONE, "28A");
    return d.build();
  }
}
