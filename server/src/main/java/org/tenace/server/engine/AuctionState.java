package org.tenace.server.engine;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.card.Seat;

/**
 * What an auction is at one moment, in laws mode as online: the calls that stand, the record,
 * and what the rectifications left open (an option, a call to replace, a gating ruling, bars,
 * followups, lead penalties to come). An {@link Auction} shows it to the table; an {@link
 * AuctionDraft} turns one into the next. Immutable: never changed once built.
 */
final class AuctionState {
  final AuctionSettings settings;
  final Bidding standing;
  final Chain<CallRecord> record;
  final Chain<AuctionAction> actions;
  /** Indexed by seat ordinal; never mutated once built. */
  final Restriction[] restrictions;
  final Pending pending;
  final Gate gate;
  final List<Ruling> rulings;
  final List<Followup> followups;
  final List<Candidate> candidates;
  final Deferred deferred;
  final List<ExposedCards> exposures;
  /** Law 36C: the doubling the contract is scored at, when an inadmissible X/XX is voided. */
  final Doubling doublingOverride;
  final boolean periodOver;
  /** Laws mode: the irregularities found so far, in the order found (announced once each). */
  final Chain<Irregularity> found;

  AuctionState(AuctionSettings settings, Bidding standing, Chain<CallRecord> record,
      Chain<AuctionAction> actions, Restriction[] restrictions, Pending pending, Gate gate,
      List<Ruling> rulings, List<Followup> followups, List<Candidate> candidates,
      List<ExposedCards> exposures, Deferred deferred, Doubling doublingOverride,
      boolean periodOver, Chain<Irregularity> found) {
    this.settings = settings;
    this.standing = standing;
    this.record = record;
    this.actions = actions;
    this.restrictions = restrictions;
    this.pending = pending;
    this.gate = gate;
    this.rulings = rulings;
    this.followups = followups;
    this.candidates = candidates;
    this.exposures = exposures;
    this.deferred = deferred;
    this.doublingOverride = doublingOverride;
    this.periodOver = periodOver;
    this.found = found;
  }

  /** The final contract once complete and not passed out (Law 22, 2017 Law 36C applied). */
  Optional<Contract> contract() {
    if (!standing.isComplete()) {
      return Optional.empty();
    }
    Optional<Contract> c = standing.contract();
    if (doublingOverride != null && c.isPresent()) {
      return Optional.of(new Contract(c.get().bid(), doublingOverride, c.get().declarer()));
    }
    return c;
  }

  /** {@code 1NT N}, {@code 4SX S} or {@code passed out}. */
  String result() {
    if (standing.isPassedOut()) {
      return "passed out";
    }
    Optional<Contract> c = contract();
    return c.isPresent() ? c.get().toString() : "no contract";
  }

  /** What blocks the next call, in words. */
  String blocker() {
    if (gate != null) {
      Ruling r = ruling(gate.rulingId()).orElseThrow();
      return "ruling " + r.id() + " (" + r.law() + ") must be decided: " + r.question();
    }
    if (pending instanceof Option o) {
      return o.holder() + " must accept or refuse " + o.offender() + "'s " + o.said() + " ("
          + o.law() + ")";
    }
    if (pending instanceof Replace r) {
      return r.offender() + " must call again (" + r.law() + ")";
    }
    return "nothing";
  }

  Optional<Ruling> ruling(int id) {
    for (Ruling r : rulings) {
      if (r.id() == id) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** What the auction waits for before the next ordinary call. */
  sealed interface Pending permits Option, Replace {}

  enum OptionKind {
    /** Law 27A: an insufficient bid in rotation. */
    INSUFFICIENT,
    /** Law 29: a call out of rotation; {@code turn} is whose turn it was. */
    OUT_OF_ROTATION,
    /** Law 27B4: an insufficient bid replacing an insufficient bid; {@code first} is the first. */
    SECOND_INSUFFICIENT,
    /** Law 27C: the offender replaced his insufficient bid ({@code first}) before LHO chose. */
    PREMATURE_REPLACEMENT,
    /** Law 25B: a change of call ({@code first} is the call changed, standing). */
    CHANGE,
    /** 1997 Law 25B2: LHO refused the change; the offender keeps one of his two calls. */
    CHANGE_1997
  }

  /**
   * An option for {@code holder}: accept (by calling, or explicitly) or refuse. {@code resume},
   * when set, is the call to replace that waited while this option was open (a call out of
   * rotation over it): it applies again once the option is settled, if its maker still has the
   * turn.
   */
  record Option(OptionKind kind, Seat holder, Seat offender, int entry, Utterance said,
      Alert alert, Seat turn, int firstEntry, Utterance first, Alert firstAlert, String law,
      Replace resume) implements Pending {

    Option(OptionKind kind, Seat holder, Seat offender, int entry, Utterance said, Alert alert,
        Seat turn, int firstEntry, Utterance first, Alert firstAlert, String law) {
      this(kind, holder, offender, entry, said, alert, turn, firstEntry, first, firstAlert, law,
          null);
    }

    Option resuming(Replace r) {
      return new Option(kind, holder, offender, entry, said, alert, turn, firstEntry, first,
          firstAlert, law, r);
    }

    PendingOption view() {
      String text = switch (kind) {
        case INSUFFICIENT -> holder + " may accept " + offender + "'s insufficient " + said
            + " by calling, or refuse it: " + offender + " then replaces it (27B)";
        case OUT_OF_ROTATION -> holder + " may accept " + offender + "'s " + said
            + " out of rotation by calling, or refuse it (29B); " + turn
            + ", whose turn it was, cancels it by calling (28B)";
        case SECOND_INSUFFICIENT -> holder + " may accept " + offender + "'s second insufficient "
            + said + ", or refuse it: it is cancelled and " + offender.partner()
            + " must pass for the rest of the auction (27B4, 27B3)";
        case PREMATURE_REPLACEMENT -> holder + " may accept " + offender + "'s insufficient "
            + first + " (the replacement " + said + " is then cancelled) or refuse it ("
            + said + " stands, 27B applies)";
        case CHANGE -> holder + " may accept " + offender + "'s change from " + first + " to "
            + said + " by calling, or refuse it: " + first + " stands (25B)";
        case CHANGE_1997 -> offender + " keeps " + said + " (accept: his side's score is at most"
            + " average minus) or " + first + " (refuse: " + offender.partner()
            + " passes once) (1997 25B2)";
      };
      Irregularity.Kind what = switch (kind) {
        case INSUFFICIENT, SECOND_INSUFFICIENT, PREMATURE_REPLACEMENT ->
            Irregularity.Kind.INSUFFICIENT_BID;
        case OUT_OF_ROTATION -> Irregularity.Kind.OUT_OF_TURN;
        case CHANGE, CHANGE_1997 -> Irregularity.Kind.CHANGE_OF_CALL;
      };
      // The irregular call: the insufficient bid itself when its replacement came too early.
      int irregular = kind == OptionKind.PREMATURE_REPLACEMENT ? firstEntry : entry;
      return new PendingOption(law, holder, offender, said, text, what, irregular);
    }
  }

  /**
   * {@code offender} must call next: under Law 27B after a refused insufficient bid ({@code ib}
   * set), or plainly, any legal call (after 27B3 or 36B).
   */
  record Replace(Seat offender, int ibEntry, Bid ib, Alert ibAlert, String law,
      boolean noDoubles) implements Pending {
    boolean underLaw27() {
      return ib != null;
    }

    /** What a plain replacement (27B3, 36B) may not be: illegal, or a double after 27B3. */
    Refusal error(Seat seat, Utterance said, Bidding standing) {
      if (!(said instanceof Utterance.Of of)) {
        return new Refusal(Violation.BID_ABOVE_SEVEN, "levels are 1..7");
      }
      Call c = of.call();
      if (noDoubles && (c == Call.DOUBLE || c == Call.REDOUBLE)) {
        return new Refusal(Violation.CALL_BARRED,
            seat + " must pass or bid instead of the cancelled double (" + law + ")");
      }
      return standing.callError(seat, c);
    }
  }

  enum GateKind { LAW27, CHANGE, ARTIFICIAL_PASS, COMPARABLE }

  /**
   * An open gating ruling. All but COMPARABLE are resolved again from {@code before} (the auction
   * as it was when the ruling opened) with the chosen answer; COMPARABLE only adds or removes the
   * bar and lead penalty it implies.
   */
  record Gate(int rulingId, GateKind kind, AuctionState before, Seat offender, int entry,
      Utterance first, Alert firstAlert, Utterance second, Alert secondAlert, int entry2,
      String law, ChangeReason reason, Seat turn) {

    Gate withId(int id, AuctionState snapshot) {
      return new Gate(id, kind, snapshot, offender, entry, first, firstAlert, second, secondAlert,
          entry2, law, reason, turn);
    }
  }

  enum FollowKind {
    /** 2017 Laws 31A, 32A: watch RHO's call; a pass makes the offender repeat. */
    AWAIT_RHO,
    /** 2017 Laws 30B1, 31A2, 31B, 32: is the offender's next call comparable? */
    COMPARE,
    /** 1997 Law 31A: watch RHO; a pass makes the offender repeat, else watch the offender. */
    AWAIT_RHO_1997_BID,
    /** 1997 Law 32B: watch RHO; a pass makes the offender repeat, else partner is barred. */
    AWAIT_RHO_1997_DOUBLE,
    /** 1997 Law 31A2: the offender repeats the strain, or partner is barred for the rest. */
    SAME_STRAIN_1997
  }

  /** A rectification that waits for a later call by {@code watch}. */
  record Followup(FollowKind kind, Seat offender, Seat watch, Call withdrawn, Alert alert,
      String law) {}

  /** A Law 26 lead penalty that applies if {@code offender} ends up defending. */
  record Candidate(Seat offender, Utterance said, String law) {}

  /**
   * Attention WHEN_DRAWN: an irregular call (Laws 36, 37, 38, 39) nobody has drawn attention to.
   * For 38 the calls after the bid above seven are held apart (they will all be cancelled), with
   * the rotation in {@code limboTurn}.
   */
  record Deferred(int law, Seat offender, int entry, boolean lhoCalled, Seat limboTurn,
      int limboPasses, int corePosition) {
    Deferred lhoHasCalled() {
      return new Deferred(law, offender, entry, true, limboTurn, limboPasses, corePosition);
    }
  }
}
