package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * The auction of one board (Laws 17-39), immutable: every transition returns a new auction.
 *
 * <p>Online mode refuses an illegal call with a {@link RuleViolationException}; laws mode records
 * it and rectifies it as the Laws say, with options for the right player ({@link #option()}),
 * bars on seats ({@link #restrictions()}), rulings ({@link #rulings()}, {@link #gate()}) and lead
 * penalties for the play ({@link #leadPenalties()}). A table drives it with one {@link
 * AuctionAction} per command ({@link #apply}); the auction period ends when the play tells it the
 * opening lead is faced ({@link #endAuctionPeriod()}).
 */
public final class Auction {
  /** The 38 calls of Law 18, pass first, then X, XX and the bids from 1C up. */
  static final List<Call> ALL_CALLS;

  static {
    List<Call> all = new ArrayList<>(38);
    all.add(Call.PASS);
    all.add(Call.DOUBLE);
    all.add(Call.REDOUBLE);
    for (int r = 0; r < 35; r++) {
      all.add(Bid.ofRank(r));
    }
    ALL_CALLS = List.copyOf(all);
  }

  private static final Restriction[] NO_RESTRICTIONS = new Restriction[4];

  /** What the auction is now: its draft (laws mode) or the online rules make the next one. */
  private final AuctionState state;

  private Auction(AuctionState state) {
    this.state = state;
  }

  // ---------------------------------------------------------------- factories

  /** An online auction (2017 Laws) with {@code dealer} to call first. */
  public static Auction start(Seat dealer) {
    return start(dealer, AuctionSettings.ONLINE);
  }

  public static Auction start(Seat dealer, AuctionSettings settings) {
    Require.nonNull("dealer settings", dealer, settings);
    return new Auction(new AuctionState(settings, Bidding.start(dealer), Chain.empty(),
        Chain.empty(), NO_RESTRICTIONS, null, null, List.of(), List.of(), List.of(), List.of(),
        null, null, false, Chain.empty()));
  }

  /** The auction of a board: its number fixes the dealer (Law 2). */
  public static Auction start(Board board, AuctionSettings settings) {
    return start(board.dealer(), settings);
  }

  /** Runs {@code actions} from the start: the same actions always give the same auction. */
  public static Auction replay(Seat dealer, AuctionSettings settings, List<AuctionAction> actions) {
    Auction a = start(dealer, settings);
    for (AuctionAction action : actions) {
      a = a.apply(action);
    }
    return a;
  }

  // ---------------------------------------------------------------- transitions

  /** Runs one command; the table's single entry point. */
  public Auction apply(AuctionAction action) {
    Objects.requireNonNull(action, "action");
    if (action instanceof BoardAction.Call m) {
      if (state.settings.mode() == Mode.ONLINE) {
        return online(m.seat(), m.said(), m.alert(), m);
      }
      return laws(action, d -> d.call(m.seat(), m.said(), m.alert()));
    }
    if (action instanceof BoardAction.ChangeCall c) {
      if (state.settings.mode() == Mode.ONLINE) {
        Auction undone = apply(new BoardAction.Undo(c.seat()));
        Auction changed = undone.online(c.seat(), c.said(), c.alert(), null);
        return changed.withActions(state.actions.with(action));
      }
      return laws(action, d -> d.change(c.seat(), c.said(), c.alert(), c.reason()));
    }
    if (action instanceof BoardAction.Undo u) {
      return undo(u.seat(), action);
    }
    if (action instanceof AuctionAction.Accept a) {
      requireLaws("options");
      return laws(action, d -> d.answer(a.seat(), true));
    }
    if (action instanceof AuctionAction.Refuse r) {
      requireLaws("options");
      return laws(action, d -> d.answer(r.seat(), false));
    }
    if (action instanceof BoardAction.Decide dc) {
      requireLaws("rulings");
      return new Auction(AuctionDraft.decide(state, dc));
    }
    if (action instanceof AuctionAction.DrawAttention) {
      requireLaws("rectifications");
      return laws(action, AuctionDraft::drawAttention);
    }
    if (action instanceof AuctionAction.ExposeCards x) {
      requireLaws("exposed cards");
      return laws(action, d -> d.expose(x.seat(), x.cards(), x.led()));
    }
    if (action instanceof AuctionAction.EndAuctionPeriod) {
      return laws(action, AuctionDraft::endPeriod);
    }
    throw new IllegalArgumentException("unknown action: " + action);
  }

  /** {@code seat} makes {@code call} without an alert. */
  public Auction then(Seat seat, Call call) {
    return then(seat, call, Alert.NONE);
  }

  /**
   * {@code seat} makes {@code call}. Online an illegal call is refused; in laws mode it is
   * recorded and rectified, and only what the Laws or a director forbid outright is refused (a
   * call while an option or ruling is open, a broken order to repeat a call, any call after the
   * opening lead).
   */
  public Auction then(Seat seat, Call call, Alert alert) {
    Require.nonNull("seat call alert", seat, call, alert);
    Utterance.Of said = Utterance.of(call);
    if (state.settings.mode() == Mode.ONLINE) {
      return online(seat, said, alert, null);
    }
    return apply(new BoardAction.Call(seat, said, alert));
  }

  /** {@code seat} says a bid above seven (Law 38); refused online (BID_ABOVE_SEVEN). */
  public Auction bidAboveSeven(Seat seat, int level, Strain strain) {
    return apply(new BoardAction.Call(seat, Utterance.aboveSeven(level, strain), Alert.NONE));
  }

  /**
   * {@code seat} asks to replace its latest call. Online: an undo and the new call, refused as a
   * whole if either is. Laws mode: a ruling (Law 25A, or 21B1 for misinformation), whose default
   * refuses; then Law 25B if LHO has not called.
   */
  public Auction change(Seat seat, Call call, Alert alert, ChangeReason reason) {
    return apply(new BoardAction.ChangeCall(seat, Utterance.of(call), alert, reason));
  }

  /**
   * Online undo (Law 25A): withdraws {@code seat}'s latest call and LHO's call over it; the
   * seat then calls again. Whether the table allows it (NONE / OPPONENTS_CONSENT / DIRECTOR) is
   * the table's policy: ask {@link #checkUndo} first.
   */
  public Auction undo(Seat seat) {
    return apply(new BoardAction.Undo(seat));
  }

  /** The holder of {@link #option()} accepts the irregular call. */
  public Auction accept(Seat seat) {
    return apply(new AuctionAction.Accept(seat));
  }

  /** The holder of {@link #option()} refuses the irregular call. */
  public Auction refuse(Seat seat) {
    return apply(new AuctionAction.Refuse(seat));
  }

  /** Settles ruling {@code id} with {@code choice}; a gating ruling then lets the auction go on. */
  public Auction decide(int rulingId, String choice, Ruling.DecidedBy by) {
    return apply(new BoardAction.Decide(rulingId, choice, by));
  }

  /** Settles ruling {@code id} with its default (the director's timeout). */
  public Auction decideByDefault(int rulingId) {
    Ruling r = ruling(rulingId).orElseThrow(() ->
        new Refusal(Violation.NO_DECISION_PENDING, "no ruling " + rulingId).exception());
    return decide(rulingId, r.defaultChoice(), Ruling.DecidedBy.DEFAULT);
  }

  /** Laws mode, Law 24: {@code seat} exposed {@code cards}, or led one, during the auction. */
  public Auction exposeCards(Seat seat, Set<Card> cards, boolean led) {
    return apply(new AuctionAction.ExposeCards(seat, cards, led));
  }

  /** Laws mode, attention WHEN_DRAWN: rectifies the outstanding irregularity now. */
  public Auction drawAttention() {
    return apply(new AuctionAction.DrawAttention());
  }

  /**
   * The opening lead is faced (Law 17D1): the auction period and its clarification period end.
   * No call, change or undo is possible afterwards; an inadmissible double nobody noticed is
   * voided for the score (2017 Law 36C). Refused while the auction has not ended or an option or
   * ruling is open.
   */
  public Auction endAuctionPeriod() {
    return apply(new AuctionAction.EndAuctionPeriod());
  }

  // ---------------------------------------------------------------- queries

  public AuctionSettings settings() {
    return state.settings;
  }

  public Mode mode() {
    return state.settings.mode();
  }

  public Seat dealer() {
    return state.standing.dealer;
  }

  /**
   * The seat expected to act: the holder of an open option (his call accepts it), otherwise the
   * next seat in rotation. Meaningless once the auction is complete.
   */
  public Seat turn() {
    if (state.pending instanceof AuctionState.Option o) {
      return o.holder();
    }
    if (state.deferred != null && state.deferred.law() == 38) {
      return state.deferred.limboTurn();
    }
    return state.standing.turn();
  }

  /** Law 22: the final pass has been made (the clarification period may still be open). */
  public boolean isComplete() {
    return state.standing.isComplete();
  }

  /** Four passes: no contract, no play. */
  public boolean isPassedOut() {
    return state.standing.isPassedOut();
  }

  /** The opening lead has been faced. */
  public boolean isPeriodOver() {
    return state.periodOver;
  }

  /** After the final pass and before the opening lead is faced (Law 22B, 17D). */
  public boolean inClarificationPeriod() {
    return isComplete() && !state.periodOver;
  }

  /**
   * Ready for the opening lead: complete with a contract, and no option, replacement or gating
   * ruling open.
   */
  public boolean readyForPlay() {
    return isComplete() && !isPassedOut() && state.pending == null && state.gate == null;
  }

  /** The final contract once complete and not passed out (Law 22, 2017 Law 36C applied). */
  public Optional<Contract> contract() {
    return state.contract();
  }

  public Optional<Seat> declarer() {
    return contract().map(Contract::declarer);
  }

  public Optional<Seat> dummy() {
    return contract().map(Contract::dummy);
  }

  public Optional<Seat> openingLeader() {
    return contract().map(Contract::openingLeader);
  }

  /** The calls that stand, in order. */
  public List<Call> calls() {
    return state.standing.calls();
  }

  /** Who made each call of {@link #calls()}. */
  public List<Seat> callers() {
    return state.standing.seats();
  }

  /** Every call made, in order, with its alert, status and the Law applied. */
  public List<CallRecord> record() {
    return state.record;
  }

  /** The commands applied so far: {@link #replay} them to rebuild this auction. */
  public List<AuctionAction> actions() {
    return state.actions;
  }

  /** The bars on seats now (laws mode). */
  public Map<Seat, Restriction> restrictions() {
    Map<Seat, Restriction> out = new EnumMap<>(Seat.class);
    for (int i = 0; i < 4; i++) {
      if (state.restrictions[i] != null) {
        out.put(Seat.of(i), state.restrictions[i]);
      }
    }
    return out;
  }

  public Optional<Restriction> restriction(Seat seat) {
    return Optional.ofNullable(state.restrictions[seat.ordinal()]);
  }

  /** The option the Laws give a player over the last irregular call, if one is open. */
  public Optional<PendingOption> option() {
    if (state.pending instanceof AuctionState.Option o) {
      return Optional.of(o.view());
    }
    return Optional.empty();
  }

  /** The seat that must replace a cancelled or refused call (Laws 27B, 36B) before anyone calls. */
  public Optional<Seat> mustReplace() {
    if (state.pending instanceof AuctionState.Replace r) {
      return Optional.of(r.offender());
    }
    return Optional.empty();
  }

  /** The gating ruling that blocks the next action until decided; its default already shows. */
  public Optional<Ruling> gate() {
    return state.gate == null ? Optional.empty() : ruling(state.gate.rulingId());
  }

  /** Attention WHEN_DRAWN: the irregular call still waiting for attention, if any. */
  public Optional<CallRecord> unrectified() {
    return state.deferred == null
        ? Optional.empty() : Optional.of(state.record.get(state.deferred.entry()));
  }

  /** Laws mode: the irregularities found in this auction, in the order found. */
  public List<Irregularity> irregularities() {
    return state.found;
  }

  /** Every ruling opened, gating or not, decided or not. */
  public List<Ruling> rulings() {
    return state.rulings;
  }

  public Optional<Ruling> ruling(int id) {
    return state.ruling(id);
  }

  /**
   * The Law 26 lead penalties for the play. Once the auction is complete: one per offender who
   * defends, banning a suit he did not specify in the legal auction. Before that: every penalty
   * that will apply if its offender ends up defending.
   */
  public List<LeadPenalty> leadPenalties() {
    if (state.candidates.isEmpty()) {
      return List.of();
    }
    Optional<Contract> c = contract();
    if (isComplete() && c.isEmpty()) {
      return List.of();
    }
    Map<Seat, LeadPenalty> out = new LinkedHashMap<>();
    for (AuctionState.Candidate cand : state.candidates) {
      Seat o = cand.offender();
      if (out.containsKey(o) || (c.isPresent() && c.get().declarer().side() == o.side())) {
        continue;
      }
      Set<Suit> specified = suitsBidBy(o);
      Set<Suit> bannable = EnumSet.allOf(Suit.class);
      String law = "26B";
      if (state.settings.is1997()) {
        Optional<Strain> withdrawnSuit = cand.said().asCall()
            .filter(k -> k instanceof Bid b && b.strain() != Strain.NO_TRUMP)
            .map(k -> ((Bid) k).strain());
        if (withdrawnSuit.isPresent()) {
          Suit s = withdrawnSuit.get().trumpOrNull();
          bannable = EnumSet.of(s);
          law = "26A";            // 1997: declarer may require or forbid the lead of that suit
        }
      }
      bannable.removeAll(specified);
      if (!bannable.isEmpty()) {
        out.put(o, new LeadPenalty(o, bannable, law));
      }
    }
    return List.copyOf(out.values());
  }

  /** Every Law 24 exposure during the auction period. */
  public List<ExposedCards> exposedCards() {
    return state.exposures;
  }

  /**
   * The cards exposed during the auction that become penalty cards (Laws 24, 50) for the play:
   * those of a defender once the auction is complete; before that, all of them.
   */
  public Map<Seat, Set<Card>> penaltyCards() {
    Map<Seat, Set<Card>> out = new EnumMap<>(Seat.class);
    Optional<Contract> c = contract();
    for (ExposedCards x : state.exposures) {
      if (isComplete() && (c.isEmpty() || c.get().declarer().side() == x.seat().side())) {
        continue;
      }
      out.computeIfAbsent(x.seat(), k -> new java.util.TreeSet<>()).addAll(x.cards());
    }
    out.replaceAll((k, v) -> Set.copyOf(v));
    return out;
  }

  private Set<Suit> suitsBidBy(Seat seat) {
    Set<Suit> out = EnumSet.noneOf(Suit.class);
    for (Bidding b = state.standing; b.size > 0; b = b.prev) {
      if (b.seat == seat && b.call instanceof Bid bid && bid.strain() != Strain.NO_TRUMP) {
        out.add(bid.strain().trumpOrNull());
      }
    }
    return out;
  }

  /** The calls {@link #turn()} may make now without any irregularity; empty when none may. */
  public List<Call> legalCalls() {
    if (state.periodOver || isComplete() || state.gate != null) {
      return List.of();
    }
    Seat seat = turn();
    if (state.settings.mode() == Mode.ONLINE) {
      return state.standing.legalCalls(seat);
    }
    if (state.pending == null && state.deferred == null
        && state.restrictions[seat.ordinal()] == null) {
      return state.standing.legalCalls(seat);
    }
    List<Call> out = new ArrayList<>();
    for (Call c : ALL_CALLS) {
      if (check(seat, c).isEmpty()) {
        out.add(c);
      }
    }
    return List.copyOf(out);
  }

  /** Why {@code seat} may not make {@code call} now as a regular call, or empty if it may. */
  public Optional<Refusal> check(Seat seat, Call call) {
    return check(seat, Utterance.of(call));
  }

  /**
   * Why {@code said} by {@code seat} would not be a regular call now. Online such a call is
   * refused; in laws mode most are recorded and rectified instead (see {@link #then}).
   */
  public Optional<Refusal> check(Seat seat, Utterance said) {
    Require.nonNull("seat said", seat, said);
    if (state.settings.mode() == Mode.ONLINE) {
      return Optional.ofNullable(onlineCheck(seat, said));
    }
    return Optional.ofNullable(CallChecks.check(state, seat, said));
  }

  /**
   * Why {@code seat} may not take back its latest call (Law 25A): it has none, its
   * partner has called since, or the opening lead is faced.
   */
  public Optional<Refusal> checkUndo(Seat seat) {
    Objects.requireNonNull(seat, "seat");
    if (state.periodOver) {
      return Optional.of(
          new Refusal(Violation.UNDO_NOT_ALLOWED, "the opening lead has been faced"));
    }
    if (state.gate != null || state.pending != null) {
      return Optional.of(new Refusal(Violation.DECISION_PENDING, state.blocker()));
    }
    Bidding mine = state.standing.latestBy(seat);
    if (mine == null) {
      return Optional.of(new Refusal(Violation.UNDO_NOT_ALLOWED, seat + " has not called"));
    }
    for (Bidding b = state.standing; b != mine; b = b.prev) {
      if (b.seat == seat.partner()) {
        return Optional.of(new Refusal(Violation.UNDO_NOT_ALLOWED, "partner has already called"));
      }
    }
    return Optional.empty();
  }

  // ---------------------------------------------------------------- online mode

  Refusal onlineCheck(Seat seat, Utterance said) {
    if (state.periodOver || state.standing.isComplete()) {
      return new Refusal(Violation.CALL_AFTER_FINAL_PASS,
          "the auction has ended (" + result() + ")");
    }
    Seat turn = state.standing.turn();
    if (seat != turn) {
      return new Refusal(Violation.OUT_OF_TURN, "it is " + turn + "'s turn to call");
    }
    if (!(said instanceof Utterance.Of of)) {
      return new Refusal(Violation.BID_ABOVE_SEVEN, "levels are 1..7");
    }
    return state.standing.callError(seat, of.call());
  }

  /** {@code 1NT N}, {@code 4SX S} or {@code passed out}. */
  String result() {
    return state.result();
  }

  private Auction online(Seat seat, Utterance said, Alert alert, AuctionAction action) {
    Objects.requireNonNull(seat, "seat");
    Refusal r = onlineCheck(seat, said);
    if (r != null) {
      throw r.exception();
    }
    Call call = ((Utterance.Of) said).call();
    CallRecord entry = new CallRecord(state.record.size(), seat, said, alert, CallStatus.STANDS, "",
        Optional.empty());
    Chain<AuctionAction> acts =
        state.actions.with(action != null ? action : new BoardAction.Call(seat, said, alert));
    AuctionState s = state;
    return new Auction(new AuctionState(s.settings, s.standing.append(seat, call),
        s.record.with(entry), acts, s.restrictions, null, null, s.rulings, s.followups,
        s.candidates, s.exposures, null, null, s.periodOver, s.found));
  }

  private Auction undo(Seat seat, AuctionAction action) {
    if (state.settings.mode() != Mode.ONLINE) {
      throw new Refusal(Violation.NOT_IN_THIS_MODE,
          "in laws mode a call is changed under Law 25 (change)").exception();
    }
    checkUndo(seat).ifPresent(r -> {
      throw r.exception();
    });
    Bidding mine = state.standing.latestBy(seat);
    Chain<CallRecord> rec = state.record;
    int toWithdraw = state.standing.size - mine.size + 1;
    // The standing calls are the last entries of an online record that are not withdrawn.
    for (int i = state.record.size() - 1; toWithdraw > 0; i--) {
      CallRecord c = state.record.get(i);
      if (c.status() == CallStatus.STANDS) {
        rec = rec.update(c.index(),
            e -> e.with(CallStatus.WITHDRAWN, "undo", Optional.empty()));
        toWithdraw--;
      }
    }
    AuctionState s = state;
    return new Auction(new AuctionState(s.settings, mine.prev, rec, s.actions.with(action),
        s.restrictions, null, null, s.rulings, s.followups, s.candidates, s.exposures, null, null,
        s.periodOver, s.found));
  }

  private Auction withActions(Chain<AuctionAction> acts) {
    AuctionState s = state;
    return new Auction(new AuctionState(s.settings, s.standing, s.record, acts, s.restrictions,
        s.pending, s.gate, s.rulings, s.followups, s.candidates, s.exposures, s.deferred,
        s.doublingOverride, s.periodOver, s.found));
  }

  // ---------------------------------------------------------------- laws mode

  private void requireLaws(String what) {
    if (state.settings.mode() != Mode.LAWS) {
      throw new Refusal(Violation.NOT_IN_THIS_MODE, what + " exist only in laws mode").exception();
    }
  }

  private Auction laws(AuctionAction action, java.util.function.Consumer<AuctionDraft> body) {
    AuctionDraft d = new AuctionDraft(state);
    d.actions = d.actions.with(action);
    body.accept(d);
    d.settle();
    return new Auction(d.build());
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Auction[").append(dealer()).append(':');
    for (Call c : calls()) {
      sb.append(' ').append(c);
    }
    if (isComplete()) {
      sb.append(" -> ").append(result());
    }
    return sb.append(']').toString();
  }
}
