package org.tenace.server.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.Irregularity;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.AuctionSettings;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.CallStatus;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PendingOption;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.PlayOption;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.Utterance;
import org.tenace.server.engine.Violation;
import org.tenace.server.table.Quote;

/**
 * Plays one recorded board through the rules engine ({@link DealState}) as a table would: every
 * call, every card, then the claim if the play ended with one, and compares contract, declarer,
 * tricks and score with the record.
 *
 * <p>Irregularities the record marks as accepted (PBN 2.1 section 3.9: {@code ^I} an insufficient
 * bid, {@code ^S} a call out of rotation, {@code ^R} a revoke, {@code ^L} a lead out of turn; and
 * section 3.4.13, a {@code ^} Declarer: the wrong defender led and declarer became dummy):
 *
 * <ul>
 *   <li>Laws mode: the engine must find the same irregularity (an option under Law 27 or 29, a
 *       revoke, a lead out of turn); the next call or card in the record accepts it, as Laws 27A,
 *       29A and 53A say, and a Law 64 transfer counts in the tricks. A call or card the engine
 *       finds irregular and the record does not mark is a disagreement, and so is a mark the
 *       engine does not confirm. Rulings that would wait for a director take the Laws' default.
 *   <li>Online mode refuses every irregular call and card. When it refuses a marked one for the
 *       reason the mark gives ({@code INSUFFICIENT_BID} for {@code ^I}, {@code OUT_OF_TURN} for
 *       {@code ^S} and {@code ^L}, {@code REVOKE} for {@code ^R}), the record and the engine agree
 *       and the board is counted as incomplete (it cannot go on online; replay it in laws mode).
 *       Any other refusal is a disagreement, and so is a mark on a call or card that online mode
 *       accepts as legal.
 * </ul>
 */
public final class BoardReplay {

  /** What replaying one record found. */
  public record Verdict(
      List<Disagreement> disagreements, Optional<String> incomplete, Optional<DealState> state) {
    public Verdict {
      disagreements = List.copyOf(disagreements);
      Require.nonNull("incomplete state", incomplete, state);
    }

    public boolean disagrees() {
      return !disagreements.isEmpty();
    }

    /** Incomplete and in agreement as far as it went. */
    public boolean isIncomplete() {
      return !disagrees() && incomplete.isPresent();
    }
  }

  private final ReplayRecord rec;
  private final HandRecord r;
  private final Mode mode;
  private final List<Disagreement> found = new ArrayList<>();
  private String incomplete;
  private DealState s;

  private BoardReplay(ReplayRecord rec, Mode mode) {
    this.rec = rec;
    this.r = rec.record();
    this.mode = mode;
  }

  /** True when the record has an auction to replay. */
  public static boolean hasAuction(ReplayRecord rec) {
    return !rec.record().auction().isEmpty();
  }

  /** Replays {@code rec} in {@code mode}. Never throws for what is in the record. */
  public static Verdict replay(ReplayRecord rec, Mode mode) {
    Require.nonNull("rec mode", rec, mode);
    BoardReplay b = new BoardReplay(rec, mode);
    try {
      b.run();
    } catch (RuntimeException e) {
      // The engine failed on a record it should have ruled on: that is the engine's fault.
      b.disagree("engine failure", "a board to replay",
          e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
    return new Verdict(b.found, Optional.ofNullable(b.incomplete), Optional.ofNullable(b.s));
  }

  private void run() {
    if (r.deal().isEmpty()) {
      incomplete = "no deal: the board cannot be played";
      return;
    }
    int number = r.board().map(Board::number).orElse(1);
    AuctionSettings settings = mode == Mode.ONLINE ? AuctionSettings.ONLINE : AuctionSettings.LAWS;
    s = DealState.start(new BoardSetup(number, r.dealer(), r.vulnerability(), r.deal().get(),
        settings));
    if (!calls()) {
      return;
    }
    if (s instanceof DealState.Auctioning a) {
      if (r.play().isEmpty()) {
        incomplete = "the auction stops before its end";
      } else {
        disagree("auction", "the play starts after call " + r.auction().size(),
            "the auction has not ended: " + a.auction().turn() + " to call");
      }
      return;
    }
    if (!cards()) {
      return;
    }
    compareContract();
    if (s instanceof DealState.Playing) {
      if (rec.playGap().isPresent()) {
        incomplete = rec.playGap().get();
        return;
      }
      if (!rec.claimed()) {
        incomplete = "the play stops after " + r.play().size() + " cards with no claim";
        return;
      }
      if (!claim()) {
        return;
      }
    }
    compareResult();
  }

  // ---------------------------------------------------------------------------------------------
  // The auction

  /** Applies the recorded calls; false when the replay cannot go on. */
  private boolean calls() {
    List<RecordedCall> calls = r.auction();
    for (int i = 0; i < calls.size(); i++) {
      RecordedCall c = calls.get(i);
      settleRulings();
      int before = s.auction().record().size();
      DealState next;
      try {
        next = s.apply(new BoardAction.Call(c.seat(), Utterance.of(c.call()), alert(c)));
      } catch (RuleViolationException e) {
        if (mode == Mode.ONLINE && marksRefusal(c, e.violation())) {
          incomplete = "call " + (i + 1) + ", " + show(c) + ", is an accepted irregularity"
              + marks(c) + " that online mode refuses (" + e.violation() + "); replay with --laws";
        } else {
          disagree("illegal call", "call " + (i + 1) + " " + show(c) + marks(c), e.getMessage());
        }
        return false;
      }
      s = next;
      if (mode == Mode.ONLINE && !c.irregularities().isEmpty()) {
        disagree("irregularity", "call " + (i + 1) + " " + show(c) + marks(c), "a legal call");
        return false;
      }
      if (mode == Mode.LAWS && !classify(c, i, before)) {
        return false;
      }
    }
    settleRulings();
    return true;
  }

  /**
   * Laws mode: what the engine made of a call must be what the record says. Returns false when
   * the replay cannot go on.
   */
  private boolean classify(RecordedCall c, int i, int before) {
    boolean marked = !c.irregularities().isEmpty();
    Optional<PendingOption> option = s.auction().option()
        .filter(o -> o.offender() == c.seat() && o.call().equals(Utterance.of(c.call())));
    String what = "call " + (i + 1) + " " + show(c);
    if (marked) {
      boolean confirmed = option.isPresent()
          && ((c.has(Irregularity.INSUFFICIENT_BID) && option.get().law().equals("27"))
              || (c.has(Irregularity.CALL_OUT_OF_ROTATION) && option.get().law().equals("29")));
      if (!confirmed) {
        disagree("irregularity", what + marks(c), option.map(o -> "Law " + o.law() + ": "
            + o.description()).orElse("a regular call"));
        return false;
      }
      // The mark says the opponents accepted it (PBN 3.9): the holder accepts now, whoever calls
      // next in the record.
      s = s.apply(new BoardAction.Choose(option.get().holder(), PlayChoice.ACCEPT));
      return true;
    }
    CallRecord entry = null;
    List<CallRecord> record = s.auction().record();
    for (int k = record.size() - 1; k >= before; k--) {
      if (record.get(k).seat() == c.seat()) {
        entry = record.get(k);
        break;
      }
    }
    if (entry == null || entry.status() != CallStatus.STANDS || !entry.law().isEmpty()) {
      String engine = entry == null ? "not recorded"
          : entry.status().name().toLowerCase() + (entry.law().isEmpty() ? ""
              : " (Law " + entry.law() + ")");
      disagree("illegal call", what, option.map(o -> "Law " + o.law() + ": " + o.description())
          .orElse(engine));
      return false;
    }
    return true;
  }

  /** Laws mode: a ruling that blocks the next action takes the Laws' default (no director). */
  private void settleRulings() {
    if (mode != Mode.LAWS) {
      return;
    }
    for (int guard = 0; guard < 16 && !s.isOver(); guard++) {
      Optional<Ruling> gate = s.auction().gate();
      if (gate.isEmpty()) {
        return;
      }
      s = s.apply(new BoardAction.Decide(gate.get().id(), gate.get().defaultChoice(),
          Ruling.DecidedBy.DEFAULT));
    }
  }

  private static boolean marksRefusal(RecordedCall c, Violation v) {
    return (c.has(Irregularity.INSUFFICIENT_BID) && v == Violation.INSUFFICIENT_BID)
        || (c.has(Irregularity.CALL_OUT_OF_ROTATION) && v == Violation.OUT_OF_TURN);
  }

  private static Alert alert(RecordedCall c) {
    return c.alert() ? Alert.of(c.explanation().orElse("")) : Alert.NONE;
  }

  // ---------------------------------------------------------------------------------------------
  // The play

  /** Applies the recorded cards; false when the replay cannot go on. */
  private boolean cards() {
    List<PlayedCard> play = r.play();
    for (int i = 0; i < play.size(); i++) {
      PlayedCard pc = play.get(i);
      // Declarer and dummy swapped (PBN ^ Declarer): the wrong defender made the opening lead.
      Optional<Irregularity> mark = i == 0 && rec.declarerSwapped()
          ? Optional.of(Irregularity.LEAD_OUT_OF_TURN) : pc.irregularity();
      String what = "trick " + (i / 4 + 1) + " " + pc.seat() + " " + Quote.card(pc.card())
          + mark.map(x -> " (" + x.pbn() + ")").orElse("");
      Optional<Play> before = s.playIfStarted();
      if (mode == Mode.LAWS && before.isPresent()) {
        settleOption(before.get());
        before = s.playIfStarted();
      }
      Seat actor = before.map(p -> pc.seat() == p.dummy() ? p.declarer() : pc.seat())
          .orElse(pc.seat());
      DealState next;
      try {
        next = s.apply(new BoardAction.PlayCard(actor, pc.card()));
      } catch (RuleViolationException e) {
        if (mode == Mode.ONLINE && marksRefusal(mark, e.violation())) {
          incomplete = what + " is an accepted irregularity that online mode refuses ("
              + e.violation() + "); replay with --laws";
        } else {
          disagree("illegal card", what, e.getMessage());
        }
        return false;
      }
      if (mode == Mode.ONLINE && mark.isPresent()) {
        disagree("irregularity", what, "a legal card");
        return false;
      }
      if (mode == Mode.LAWS && before.isPresent()
          && !classify(pc, mark, what, before.get(), next)) {
        return false;
      }
      s = next;
      if (mode == Mode.LAWS) {
        acceptIrregularLead();
      }
    }
    return true;
  }

  /**
   * Laws mode: a lead out of turn the record plays on from is accepted (PBN 3.9 {@code ^L},
   * section 3.4.13 for the opening lead). Law 54: declarer accepts and declares, or, when the
   * record swaps declarer and dummy, accepts as dummy; Law 53: declarer accepts; Law 55: the
   * defender next in turn after the lead accepts.
   */
  private void acceptIrregularLead() {
    Optional<PlayOption> open = s.playIfStarted().flatMap(Play::pendingOption)
        .filter(PlayOption::isLeadOutOfTurn);
    if (open.isEmpty()) {
      return;
    }
    PlayOption o = open.get();
    Seat next = o.offender().lho();
    Seat holder = o.holders().contains(next) ? next
        : o.holders().stream().sorted().findFirst().orElseThrow();
    PlayChoice choice = !o.law().equals("54") ? PlayChoice.ACCEPT
        : rec.declarerSwapped() ? PlayChoice.ACCEPT_AS_DUMMY : PlayChoice.ACCEPT_AND_DECLARE;
    s = s.apply(new BoardAction.Choose(holder, choice));
  }

  /**
   * Laws mode, before a card: an option still open (a lead restriction after a rectified call)
   * takes the choice the Laws suggest when nobody chooses.
   */
  private void settleOption(Play p) {
    Optional<PlayOption> o = p.pendingOption();
    if (o.isPresent() && !o.get().isLeadOutOfTurn()) {
      Seat holder = o.get().holders().stream().sorted().findFirst().orElseThrow();
      s = s.apply(new BoardAction.Choose(holder, o.get().choices().get(0)));
    }
  }

  private boolean classify(
      PlayedCard pc, Optional<Irregularity> mark, String what, Play before, DealState next) {
    Optional<Play> after = next.playIfStarted();
    boolean revoked = after.isPresent() && after.get().revokes().size() > before.revokes().size();
    boolean ledOutOfTurn = after.isPresent() && after.get().pendingOption()
        .filter(o -> o.isLeadOutOfTurn() && o.card().orElse(null) == pc.card()).isPresent();
    String engine = revoked ? "a revoke (Law 61)"
        : ledOutOfTurn ? "a lead out of turn (Law " + after.get().pendingOption().get().law() + ")"
        : "a regular card";
    boolean agrees = mark.isEmpty() ? !revoked && !ledOutOfTurn
        : mark.get() == Irregularity.REVOKE ? revoked && !ledOutOfTurn
        : ledOutOfTurn && !revoked;
    if (!agrees) {
      disagree(mark.isEmpty() ? "illegal card" : "irregularity", what, engine);
    }
    return agrees;
  }

  private static boolean marksRefusal(Optional<Irregularity> mark, Violation v) {
    return mark.map(i -> (i == Irregularity.REVOKE && v == Violation.REVOKE)
        || (i == Irregularity.LEAD_OUT_OF_TURN && v == Violation.OUT_OF_TURN)).orElse(false);
  }

  /**
   * The record ends with a claim: declarer claims what the record's result leaves to his side
   * of the remaining tricks, and both defenders accept. False when that is impossible.
   */
  private boolean claim() {
    Play p = s.playIfStarted().orElseThrow();
    int result = r.result().getAsInt();
    int won = p.tricksWon(p.declarer().side());
    int remaining = 13 - p.completedTricks();
    int claimed = result - won;
    String recorded = result + " tricks after " + r.play().size() + " cards (claim)";
    if ((claimed < 0 || claimed > remaining) && rec.resultAgreed()) {
      // PBN ^: the record itself says its result is not the tricks won; no claim gives it.
      incomplete = "the agreed result (^" + result + ") differs from the tricks won: declarer's"
          + " side has won " + won + " of " + p.completedTricks() + " tricks and " + remaining
          + " remain";
      return false;
    }
    if (claimed < 0 || claimed > remaining) {
      disagree("tricks", recorded, "declarer's side has won " + won + " of "
          + p.completedTricks() + " tricks and " + remaining + " remain");
      return false;
    }
    Seat declarer = p.declarer();
    try {
      s = s.apply(new BoardAction.Claim(declarer, claimed, "as recorded"));
      s = s.apply(new BoardAction.RespondToClaim(declarer.lho(), true));
      s = s.apply(new BoardAction.RespondToClaim(declarer.rho(), true));
    } catch (RuleViolationException e) {
      disagree("claim", declarer + " claims " + claimed + " of " + remaining, e.getMessage());
      return false;
    }
    if (!s.isOver()) {
      disagree("claim", declarer + " claims " + claimed + " of " + remaining
          + ", both defenders accept", "the board is not over");
      return false;
    }
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Comparisons

  /** The contract as the engine has it now: Law 54 may have changed the declarer. */
  private Optional<Contract> engineContract() {
    if (s instanceof DealState.Complete c) {
      return c.result().contract();
    }
    if (s instanceof DealState.Playing p) {
      Contract bid = p.auction().contract().orElseThrow();
      return Optional.of(new Contract(bid.bid(), bid.doubling(), p.play().declarer()));
    }
    return Optional.empty();
  }

  private void compareContract() {
    Optional<Contract> engine = engineContract();
    String shown = engine.map(Contract::toBidString).orElse("passed out");
    if (r.passedOut()) {
      if (engine.isPresent()) {
        disagree("contract", "passed out", shown);
      }
      return;
    }
    if (r.contract().isEmpty()) {
      return;
    }
    Contract c = r.contract().get();
    if (engine.isEmpty() || !engine.get().bid().equals(c.bid())
        || engine.get().doubling() != c.doubling()) {
      disagree("contract", c.toBidString(), shown);
    } else if (engine.get().declarer() != c.declarer()) {
      disagree("declarer", c.declarer().toString(), engine.get().declarer().toString());
    }
  }

  private void compareResult() {
    BoardResult result = s.outcome().orElseThrow();
    // A result the players agreed on though it differs from the tricks won (PBN ^) is not the
    // play's: it is checked only when it settled a claim.
    boolean checkPlay = !rec.resultAgreed() || rec.claimed();
    if (!result.isPassedOut() && checkPlay && r.result().isPresent()
        && r.result().getAsInt() != result.declarerTricks()) {
      disagree("tricks", String.valueOf(r.result().getAsInt()),
          String.valueOf(result.declarerTricks()));
    }
    OptionalInt expected = expectedScore();
    if (checkPlay && expected.isPresent() && expected.getAsInt() != result.nsScore()) {
      disagree("score", "NS " + expected.getAsInt(), "NS " + result.nsScore());
    }
  }

  /** The record's Score (duplicate scoring), else the score of its contract and result. */
  private OptionalInt expectedScore() {
    if (rec.duplicateScoring() && r.nsScore().isPresent()) {
      return r.nsScore();
    }
    if (r.passedOut()) {
      return OptionalInt.of(DuplicateScore.PASSED_OUT);
    }
    if (r.contract().isPresent() && r.result().isPresent()) {
      return OptionalInt.of(DuplicateScore.ns(r.contract().get(), r.result().getAsInt(),
          r.vulnerability()));
    }
    return OptionalInt.empty();
  }

  // ---------------------------------------------------------------------------------------------

  private void disagree(String what, String record, String engine) {
    found.add(new Disagreement(rec.where(), what, record, engine));
  }

  private static String show(RecordedCall c) {
    return c.seat() + " " + c.call();
  }

  private static String marks(RecordedCall c) {
    if (c.irregularities().isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" (");
    for (Irregularity i : Irregularity.values()) {
      if (c.has(i)) {
        sb.append(sb.length() > 2 ? " " : "").append(i.pbn());
      }
    }
    return sb.append(')').toString();
  }
}
