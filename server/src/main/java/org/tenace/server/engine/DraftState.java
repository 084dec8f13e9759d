package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.server.engine.AuctionState.Candidate;
import org.tenace.server.engine.AuctionState.Deferred;
import org.tenace.server.engine.AuctionState.Followup;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.Pending;
import org.tenace.server.engine.AuctionState.Replace;

/**
 * Laws mode: the state of one transition of an auction as a mutable draft, built into a new
 * {@link AuctionState} at the end, and what every rectification does to it: the record and the
 * standing calls, announcements, restrictions, rulings and penalties. The rectifiers of each Law
 * (ChangeOfCall, InsufficientBid, OutOfRotation, InadmissibleCalls) work on it; the draft that
 * classifies each action and sends it to them is its one subclass, AuctionDraft. A refusal thrown
 * half-way leaves the old state untouched.
 */
abstract class DraftState {
  // ------------------------------------------------------------ draft fields

  final AuctionSettings settings;
  Bidding standing;
  Chain<CallRecord> record;
  Chain<AuctionAction> actions;
  Restriction[] restrictions;
  boolean restrictionsCopied;
  Pending pending;
  Gate gate;
  List<Ruling> rulings;
  List<Followup> followups;
  List<Candidate> candidates;
  List<ExposedCards> exposures;
  Deferred deferred;
  org.tenace.bridge.auction.Doubling doublingOverride;
  boolean periodOver;
  Chain<Irregularity> found;
  /** While a snapshot ruling is resolved: any further judgement takes its default at once. */
  boolean resolving;

  DraftState(AuctionState a) {
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

  boolean y1997() {
    return settings.is1997();
  }

  static RuleViolationException refuse(Violation v, String detail) {
    return new Refusal(v, detail).exception();
  }

  // ------------------------------------------------------------ who may change a call

  /** The node of {@code seat}'s latest standing call if Law 25 lets him change it, else null. */
  Bidding changeable(Seat seat) {
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
  void found(Irregularity.Kind kind, String law, Seat offender, int entry, String text) {
    found = found.with(Irregularity.ofCall(kind, law, offender, entry, text));
  }

  /**
   * Opens option {@code o}, announcing its irregularity when it is a new one; a call to replace
   * that was waiting keeps waiting under it.
   */
  void offer(Option o, boolean announce) {
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
  void resume(Replace r) {
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
  void forfeit(Replace r, String law) {
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

  void setStatus(int idx, CallStatus status, String law, Side ui) {
    record = record.update(idx, e -> e.with(status, law, Optional.ofNullable(ui)));
  }

  /** Records a call that stands and appends it to the standing calls. */
  void appendStanding(Seat seat, Call call, Alert alert, String law) {
    enter(seat, Utterance.of(call), alert, CallStatus.STANDS, law, null);
    stand(seat, call, alert);
  }

  /** Makes an existing (pending) entry stand, or records a new one if {@code idx < 0}. */
  void placeStanding(int idx, Seat seat, Call call, Alert alert, String law) {
    if (idx < 0) {
      appendStanding(seat, call, alert, law);
    } else {
      setStatus(idx, CallStatus.STANDS, law, null);
      stand(seat, call, alert);
    }
  }

  void stand(Seat seat, Call call, Alert alert) {
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
  int[] standingEntries(int from) {
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
  void truncate(int from, CallStatus status, String law, Side uiFirst, Side uiRest) {
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
  void restoreSkippedTurn() {
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

  void setRestriction(Seat seat, Restriction r) {
    if (!restrictionsCopied) {
      restrictions = restrictions.clone();
      restrictionsCopied = true;
    }
    restrictions[seat.ordinal()] = r;
  }

  /** Bars a seat; a weaker bar never replaces a stronger one. */
  void restrict(Seat seat, Restriction r) {
    Restriction old = restrictions[seat.ordinal()];
    if (old == null || r.kind().compareTo(old.kind()) >= 0) {
      setRestriction(seat, r);
    }
  }

  void bar(Seat seat, Restriction.Kind kind, String law) {
    restrict(seat, Restriction.of(kind, law));
    if (y1997() && kind.compareTo(Restriction.Kind.PASS_NEXT_TURN) >= 0) {
      // 1997 Law 23: an enforced pass that damages the other side gives an adjusted score.
      note("23", "Did " + seat + "'s enforced pass (" + law + ") damage the non-offending side?");
    }
  }

  void leadPenalty(Seat offender, Utterance said, String law) {
    List<Candidate> c = new ArrayList<>(candidates);
    c.add(new Candidate(offender, said, law));
    candidates = List.copyOf(c);
  }

  int addRuling(Ruling r) {
    List<Ruling> out = new ArrayList<>(rulings);
    out.add(r);
    rulings = List.copyOf(out);
    return r.id();
  }

  int nextRulingId() {
    return rulings.size() + 1;
  }

  /** A non-gating ruling for after play: a score adjustment, none by default. */
  void note(String law, String question) {
    addRuling(Ruling.open(nextRulingId(), law, question,
        List.of(RulingChoice.NO_ADJUSTMENT, RulingChoice.ADJUSTED), RulingChoice.NO_ADJUSTMENT,
        false));
  }

  void note72C(Seat offender, String law) {
    if (!y1997()) {
      note("72C", "Could " + offender + " have known that the irregularity (" + law
          + ") could well damage the non-offending side?");
    }
  }

  /** Whether a replacement is comparable without a ruling (§3.5: P for P, or identical). */
  static boolean obviouslyComparable(Call withdrawn, Alert wAlert, Call c, Alert cAlert) {
    if (withdrawn == Call.PASS && c == Call.PASS) {
      return true;
    }
    return withdrawn.equals(c) && !wAlert.alerted() && !cAlert.alerted();
  }

  /** Opens a gating ruling resolved from a snapshot (or at once with its default). */
  void openSnapshotGate(Gate g, String question, List<String> choices, String dflt) {
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

  void replaceRuling(Ruling r) {
    List<Ruling> out = new ArrayList<>(rulings);
    out.replaceAll(x -> x.id() == r.id() ? r : x);
    rulings = List.copyOf(out);
  }

  // ------------------------------------------------------------ followups (Laws 30-32), kept

  void addFollowup(Followup f) {
    List<Followup> out = new ArrayList<>(followups);
    out.add(f);
    followups = List.copyOf(out);
  }

  // ------------------------------------------------------------ calls of the record

  static Call call(Utterance u) {
    return ((Utterance.Of) u).call();
  }

  // ------------------------------------------------------------ what the rectifiers hand back

  /** A call classified afresh and rectified, as at any other moment (Law 25's change, 28A). */
  abstract void classifyAndApply(Seat seat, Utterance said, Alert alert, boolean inRotation);

  /** A gating ruling settled by {@code choice}: the Law whose gate it is rectifies. */
  abstract void resolve(Gate g, String choice);

  /** Laws 30-32: the follow-ups that waited for {@code seat}'s call. */
  abstract void fireFollowups(Seat seat, Call call, Alert alert);
}
