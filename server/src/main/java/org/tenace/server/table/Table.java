package org.tenace.server.table;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.DealCommitment;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.Salt;
import org.tenace.server.engine.Shuffler;
import org.tenace.server.engine.SureTricks;
import org.tenace.server.engine.Utterance;
import org.tenace.server.engine.Violation;
import org.tenace.server.table.TableException.Reason;

/**
 * A table of four-player bridge: the game the {@link TableShell} (seats, tokens, versions, the log,
 * the lock) runs here is the engine's board, with this table's policy around it (undo, readiness,
 * the director's timer). The only mutable object of a table (the engine's states are immutable):
 * every command is checked, appended to the log, applied, and told to the listeners, one at a time
 * under the table's lock; the rules are the engine's. Nothing here
 * blocks but the log's append, which is a page-cache write. A claim's search, up to a second a side
 * ({@link Limits#CLAIM_SEARCH_NODES}), never runs under the lock: a command that needs one is refused
 * with {@link SearchFirst}, and the caller searches and takes it again with the answers.
 *
 * <p>The state is a fold over the events ({@link #applyToGame}), so {@link #replay} rebuilds a
 * table exactly. Readers that need a consistent view (snapshots) take it through
 * {@link #atomically}: the lock never leaves this package.
 */
public final class Table extends TableShell<TableEvent, TableListener> {
  private final InstantSource clock;

  // Everything below is guarded by this.
  private TableSettings settings;
  private DealSource source;
  private Scorecard scorecard;
  private int boardsStarted;
  private int boardsCompleted;
  // The board in progress (or the last one, while the players get ready).
  private BoardSetup setup;
  private Salt salt;
  private DealState state;
  private Seat undoRequester;
  private final Set<Seat> undoConsents = EnumSet.noneOf(Seat.class);
  private boolean undoGranted;
  private Instant decisionOpenedAt;
  // The board's step already taken by the command being committed, and what the last event did.
  private DealState.Step taken;
  private List<BoardEvent> happened = List.of();

  private Table(String id, EventSink sink, InstantSource clock) {
    super(id, sink);
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A new table; its director's token is {@link #directorToken()}. */
  public static Table create(String id, String name, TableSettings settings, DealSource source,
      EventSink sink, InstantSource clock) {
    requireText("name", name, Limits.TABLE_NAME);
    Table t = new Table(id, sink, clock);
    synchronized (t) {
      t.commit(new TableEvent.Created(name, settings, source, newToken()));
    }
    return t;
  }

  /**
   * Rebuilds a table from its log (those events are not appended again). What the log shows to be
   * due but not yet recorded, because the server died between two appends, is committed to
   * {@code sink} now: a board to start, an undo to apply.
   */
  public static Table replay(String id, List<TableEvent> events, EventSink sink,
      InstantSource clock) {
    Table t = new Table(id, sink, clock);
    synchronized (t) {
      t.replayLog(events);
    }
    return t;
  }

  /**
   * The boards {@code events} scored, in order, each as it stood when it was scored: a session
   * reads them again after a crash fell between the table's append and its own.
   */
  public static List<DealState> scored(List<TableEvent> events) {
    Table t = new Table("", EventSink.NONE, InstantSource.system());
    List<DealState> scored = new ArrayList<>();
    synchronized (t) {
      for (TableEvent e : events) {
        t.apply(e);
        if (t.happened.stream().anyMatch(BoardEvent.BoardScored.class::isInstance)) {
          scored.add(t.state);
        }
      }
    }
    return scored;
  }

  // ------------------------------------------------------------------------------ the board

  public synchronized long call(String token, Seat seat, Utterance said, Alert alert,
      long expected) {
    Holder h = actingPlayer(token, seat);
    String key = "call " + seat + " " + said + " " + alert + " " + expected;
    return once(token, key, expected, () -> {
      requireBoard();
      requireNoUndo();
      return act(h, key, new BoardAction.Call(seat, said, alert));
    });
  }

  /** A card from the hand {@code hand}: the token's own, or dummy's for declarer. */
  public synchronized long play(String token, Seat hand, Card card, long expected) {
    Holder h = player(token);
    Seat me = h.seat().orElseThrow();
    String key = "play " + hand + " " + card + " " + expected;
    Optional<Seat> dummy = state == null ? Optional.empty()
        : state.playIfStarted().map(Play::dummy);
    if (!settings.seating().plays(me, hand, dummy)) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "you hold " + me.word() + ", not " + hand.word());
    }
    return once(token, key, expected, () -> {
      requireBoard();
      requireNoUndo();
      return act(h, key, new BoardAction.PlayCard(me, card, Optional.of(hand)));
    });
  }

  public synchronized long claim(String token, int tricks, String statement, long expected) {
    Holder h = player(token);
    Seat me = h.seat().orElseThrow();
    requireText("statement", statement, Limits.TEXT, true);
    if (tricks < 0 || tricks > Limits.TRICKS) {
      throw new TableException(Reason.MALFORMED,
          "a claim is of 0 to " + Limits.TRICKS + " tricks", "tricks");
    }
    String key = "claim " + tricks + " " + statement + " " + expected;
    return once(token, key, expected, () -> {
      requireBoard();
      requireNoUndo();
      return act(h, key, new BoardAction.Claim(me, tricks, statement));
    });
  }

  /**
   * Accepts or rejects the open claim. When the settlement (or a Law 70 ruling) needs the claim
   * search, throws {@link SearchFirst}: take it again with {@code searched}, its answers.
   */
  public synchronized long respondToClaim(String token, boolean accept, long expected,
      Searched searched) {
    Holder h = player(token);
    String key = "claim-answer " + accept + " " + expected;
    return once(token, key, expected, () -> {
      requireBoard();
      return act(h, key, new BoardAction.RespondToClaim(h.seat().orElseThrow(), accept,
          answers(searched)));
    });
  }

  /** Laws mode: a player of a disputed claim agrees to play on (Law 68D2b). */
  public synchronized long agreeToPlayOn(String token, long expected) {
    Holder h = player(token);
    checkVersion(expected);
    requireBoard();
    return act(h, "", new BoardAction.AgreeToPlayOn(h.seat().orElseThrow()));
  }

  public synchronized long choose(String token, PlayChoice choice, long expected) {
    Holder h = player(token);
    String key = "choose " + choice + " " + expected;
    return once(token, key, expected, () -> {
      requireBoard();
      requireNoUndo();
      return act(h, key, new BoardAction.Choose(h.seat().orElseThrow(), choice));
    });
  }

  /**
   * The director decides a ruling of the board in progress (or of the last board). A Law 70
   * ruling's settlement may need the claim search: see {@link #respondToClaim}.
   */
  public synchronized long decide(String token, int rulingId, String choice, Searched searched) {
    Holder h = holder(token);
    if (h.role() != Role.DIRECTOR) {
      throw new TableException(Reason.NOT_DIRECTOR, "only the table's director decides rulings");
    }
    DealState s = requireBoard();
    Ruling r = s.rulings().stream().filter(x -> x.id() == rulingId).findFirst()
        .orElseThrow(() -> new TableException(Reason.RULING_NOT_FOUND,
            "board " + setup.number() + " has no ruling " + rulingId));
    if (!r.choices().contains(choice)) {
      throw new TableException(Reason.MALFORMED,
          Quote.of(choice) + " is not a choice of ruling " + rulingId + ": " + r.choices(),
          "choice");
    }
    return act(h, "", new BoardAction.Decide(rulingId, choice, Ruling.DecidedBy.DIRECTOR,
        answers(searched)));
  }

  // ------------------------------------------------------------------------------ undo

  /** Asks to take back the token seat's latest call or card, under the table's undo policy. */
  public synchronized long requestUndo(String token, long expected) {
    Holder h = player(token);
    Seat me = h.seat().orElseThrow();
    String key = "undo " + expected;
    return once(token, key, expected, () -> undo(token, key, me));
  }

  private long undo(String token, String key, Seat me) {
    DealState s = requireBoard();
    requireNoUndo();
    TableSettings.UndoPolicy policy = settings.undo();
    if (policy.approver() == TableSettings.Approver.NONE) {
      throw new RuleViolationException(Violation.UNDO_NOT_ALLOWED, "undo is off at this table");
    }
    boolean cardPlayed = s.playIfStarted().map(p -> p.cardsPlayed() > 0).orElse(false);
    if (cardPlayed && policy.scope() == TableSettings.Scope.AUCTION) {
      throw new RuleViolationException(Violation.UNDO_NOT_ALLOWED,
          "only calls may be taken back at this table");
    }
    Optional<RuleViolationException> why = s.undoRefusal(me);
    if (why.isPresent()) {
      throw why.get();
    }
    long v = commit(new TableEvent.UndoRequested(me));
    accepted(token, key, v);
    return v;
  }

  /** Grants or refuses the open undo request: an opponent of the requester, or the director. */
  public synchronized long respondToUndo(String token, boolean consent, long expected) {
    Holder h = holder(token);
    String key = "undo-answer " + consent + " " + expected;
    return once(token, key, expected, () -> answerUndo(token, key, h, consent));
  }

  private long answerUndo(String token, String key, Holder h, boolean consent) {
    if (undoRequester == null) {
      throw new RuleViolationException(Violation.NO_UNDO_PENDING, "no undo has been asked for");
    }
    Optional<Seat> by;
    if (settings.undo().approver() == TableSettings.Approver.DIRECTOR) {
      if (h.role() != Role.DIRECTOR) {
        throw new TableException(Reason.NOT_DIRECTOR, "the director answers undo requests here");
      }
      by = Optional.empty();
    } else {
      Seat me = h.seat().orElseThrow(() -> new RuleViolationException(Violation.NOT_ENTITLED,
          "the requester's opponents answer"));
      if (!awaitsUndoAnswer(me)) {
        throw new RuleViolationException(Violation.NOT_ENTITLED,
            "the undo is for " + undoRequester.lho() + " and " + undoRequester.rho()
                + " to answer, once each");
      }
      by = Optional.of(me);
    }
    long v = settle(commit(new TableEvent.UndoAnswered(by, consent)));
    accepted(token, key, v);
    return v;
  }

  /** True when the open undo request waits for {@code seat}'s answer: an opponent's, once. */
  public synchronized boolean awaitsUndoAnswer(Seat seat) {
    return undoRequester != null && undoResponders(undoRequester).contains(seat)
        && !undoConsents.contains(seat);
  }

  // ------------------------------------------------------------------------------ between boards

  /** The board is over: the players may get ready for the next (the shell's markReady). */
  @Override
  protected void requireBoardOver() {
    if (state == null || !state.isOver()) {
      throw new TableException(Reason.BOARD_NOT_COMPLETE, "the board is not over");
    }
  }

  /**
   * Applies the Laws' default to what has waited for the director longer than the table's
   * timeout: gating rulings take their default, an undo request waiting for the director is
   * refused. The server calls this from a timer. A default that settles a claim may need the
   * claim search: see {@link #respondToClaim}.
   */
  public synchronized void settleOverdue(Searched searched) {
    if (decisionOpenedAt == null || state == null) {
      return;
    }
    if (clock.instant().isBefore(decisionOpenedAt.plus(settings.directorTimeout()))) {
      return;
    }
    if (undoRequester != null && settings.undo().approver() == TableSettings.Approver.DIRECTOR) {
      commit(new TableEvent.UndoAnswered(Optional.empty(), false));
      return;
    }
    for (Ruling r : state.rulings()) {
      if (r.gating() && !r.isDecided()) {
        act(null, "", new BoardAction.Decide(r.id(), r.defaultChoice(), Ruling.DecidedBy.DEFAULT,
            answers(searched)));
        return;
      }
    }
  }

  /** Something waits for the director (a gating ruling, an undo under the director). */
  public synchronized boolean awaitsDirector() {
    return decisionOpenedAt != null;
  }

  // ------------------------------------------------------------------------------ queries

  public synchronized TableSettings settings() {
    return settings;
  }

  /** The board in progress or the last one; empty before the first board. */
  public synchronized Optional<DealState> board() {
    return Optional.ofNullable(state);
  }

  public synchronized Optional<BoardSetup> boardSetup() {
    return Optional.ofNullable(setup);
  }

  public synchronized Optional<DealCommitment> commitment() {
    return setup == null ? Optional.empty()
        : Optional.of(DealCommitment.of(Board.of(setup.number()), setup.deal(), salt));
  }

  /** The salt, revealed once the board is over. */
  public synchronized Optional<Salt> revealedSalt() {
    return state != null && state.isOver() ? Optional.of(salt) : Optional.empty();
  }

  public synchronized Optional<Seat> undoRequester() {
    return Optional.ofNullable(undoRequester);
  }

  /**
   * The seat whose action the table waits for, whoever asks: the holder of an open option (the
   * first, when either defender may choose), the next to call, or the hand to play (dummy's when
   * declarer plays from it); empty when it waits for nobody at the table (before the first
   * board, once the board is over or the table closed, while a director's ruling holds the
   * auction or a claim the play). Every viewer is told it, so that no client works it out.
   */
  public synchronized Optional<Seat> toAct() {
    if (state == null || state.isOver() || status() == Status.CLOSED) {
      return Optional.empty();
    }
    var auctionOption = state.auction().option();
    if (auctionOption.isPresent()) {
      return Optional.of(auctionOption.get().holder());
    }
    Optional<Play> play = state.playIfStarted();
    var playOption = play.flatMap(Play::pendingOption);
    if (playOption.isPresent()) {
      return playOption.get().holders().stream().findFirst();
    }
    if (play.isEmpty()) {
      return state.auction().gate().isPresent() ? Optional.empty()
          : Optional.of(state.auction().turn());
    }
    Play p = play.get();
    boolean ruling = state.rulings().stream().anyMatch(r -> r.gating() && !r.isDecided());
    return ruling || p.pendingClaim().isPresent() || p.isComplete() ? Optional.empty()
        : Optional.of(p.turn());
  }

  /** Who answers an undo {@code requester} asks for: his opponents, or none (the director). */
  public synchronized List<Seat> undoResponders(Seat requester) {
    return settings.undo().approver() == TableSettings.Approver.OPPONENTS
        ? List.of(requester.lho(), requester.rho()) : List.of();
  }

  public synchronized Set<Seat> undoConsents() {
    return undoConsents.isEmpty() ? Set.of() : Set.copyOf(undoConsents);
  }

  public synchronized Scorecard scorecard() {
    return scorecard;
  }

  public synchronized int boardsCompleted() {
    return boardsCompleted;
  }

  // ------------------------------------------------------------------------------ internals

  private long act(Holder h, String key, BoardAction action) {
    // A claim settles or is ruled on: the search runs within a time bound, not a count, and its
    // answer goes into the log with the action, so a replay rules the same. It runs off the lock:
    // the caller searches and takes the action again with the answers.
    Taken t = take(action, n -> {
      throw new SearchFirst(n, gameVersion(), version());
    });
    long v = commit(new TableEvent.Acted(t.action()), t.step());
    if (!key.isEmpty()) {
      accepted(h.token(), key, v);
    }
    return v;
  }

  /**
   * The answers searched for the position the table is at; none when the game has moved on since
   * the search was asked for (they would answer another position: the search runs again).
   */
  private SureTricks answers(Searched searched) {
    return searched.gameVersion() == gameVersion() ? searched.sure() : SureTricks.NONE_YET;
  }

  /** An action as the log keeps it, with the claim search's answers, and the step it takes. */
  private record Taken(BoardAction action, DealState.Step step) {}

  /** {@code action}'s step, with the search's answers the engine asks for, by {@code search}. */
  private Taken take(BoardAction action, Function<SureTricks.Needed, SureTricks> search) {
    BoardAction a = action;
    while (true) {
      try {
        return new Taken(a, state.step(a));
      } catch (SureTricks.Needed n) {
        a = BoardAction.withSure(a, search.apply(n));
      }
    }
  }

  // ------------------------------------------------------------------------------ the game

  @Override
  protected TableEvent joined(Role role, Optional<Seat> seat, String name, String token,
      boolean robot, String requestId) {
    return new TableEvent.Joined(role, seat, name, token, robot, requestId);
  }

  @Override
  protected TableEvent left(String token, Optional<Seat> seat, LeaveReason reason) {
    return new TableEvent.Left(token, seat, reason);
  }

  @Override
  protected Optional<TableEvent> connectionChanged(Seat seat, boolean on) {
    return Optional.of(TableEvent.ConnectionChanged.of(seat, on));
  }

  @Override
  protected TableEvent readyMarked(Seat seat) {
    return new TableEvent.ReadyMarked(seat);
  }

  @Override
  protected TableEvent closed(String reason) {
    return new TableEvent.Closed(reason);
  }

  @Override
  protected List<Seat> places() {
    return settings.seating().places();
  }

  @Override
  protected boolean admitsKibitzers() {
    return settings.kibitz() != TableSettings.KibitzPolicy.NONE;
  }

  /** The first board once four sit, the next board (or the end) once all four are ready. */
  @Override
  protected boolean boardDue() {
    return (status() == Status.WAITING && isFull() && !hasBoard())
        || (state != null && state.isOver() && allReady());
  }

  /** An undo once granted. */
  @Override
  protected Optional<TableEvent> owed() {
    return undoRequester != null && undoGranted
        ? Optional.of(new TableEvent.Acted(new BoardAction.Undo(undoRequester)))
        : Optional.empty();
  }

  @Override
  protected void tell(TableListener l, long seq, TableEvent e) {
    l.onEvent(this, seq, e, happened, state);
  }

  /** Commits {@code e}, whose board step ({@code next}, when given) is already taken. */
  private long commit(TableEvent e, DealState.Step next) {
    taken = next;
    try {
      return commit(e);
    } finally {
      taken = null;
    }
  }

  /**
   * The fold: the state after {@code e}. {@code next}, when given, is the board's step already
   * taken. Returns what happened at the board (nothing, for an event that is not an action).
   */
  @Override
  protected void applyToGame(TableEvent e) {
    DealState.Step next = taken;
    taken = null;
    happened = List.of();
    if (e instanceof TableEvent.Created c) {
      settings = c.settings();
      source = c.source();
      scorecard = Scorecard.start(settings.scoring());
    } else if (e instanceof TableEvent.BoardStarted b) {
      setup = new BoardSetup(b.number(), b.dealer(), b.vulnerability(), b.deal(),
          settings.auctionSettings());
      salt = b.salt();
      state = DealState.start(setup);
      clearUndo();
      playing();
      boardsStarted++;
    } else if (e instanceof TableEvent.Acted a) {
      boolean wasOver = state.isOver();
      // A logged action carries the answers its search gave; one the engine now asks for and the
      // log lacks (written by an engine that did not need it) is searched within the node budget,
      // the same answer every time.
      DealState.Step step = next != null ? next
          : take(a.action(), SureTricks.Needed::searchByNodes).step();
      state = step.state();
      happened = step.events();
      if (a.action() instanceof BoardAction.Undo) {
        clearUndo();
      }
      if (!wasOver && state.isOver()) {
        scorecard = scorecard.after(setup.number(), setup.deal(), setup.dealer(),
            state.outcome().orElseThrow());
        boardsCompleted++;
      }
    } else if (e instanceof TableEvent.UndoRequested u) {
      undoRequester = u.seat();
      undoConsents.clear();
      undoGranted = false;
      happened = List.of(new BoardEvent.UndoRequested(u.seat(), undoResponders(u.seat())));
    } else if (e instanceof TableEvent.UndoAnswered u) {
      if (!u.consent()) {
        clearUndo();
      } else {
        u.by().ifPresent(undoConsents::add);
        // The director's word grants it; otherwise both opponents of the requester must.
        undoGranted = u.by().isEmpty() || undoConsents.size() == 2;
      }
      happened = List.of(new BoardEvent.UndoAnswered(u.by(), u.consent(),
          !u.consent() ? BoardEvent.UndoStatus.REFUSED
              : undoGranted ? BoardEvent.UndoStatus.GRANTED : BoardEvent.UndoStatus.PENDING));
    }
    trackDecision();
  }

  /** When something began to wait for the director, for {@link #settleOverdue}. */
  private void trackDecision() {
    boolean waits = (undoRequester != null
        && settings.undo().approver() == TableSettings.Approver.DIRECTOR)
        || (state != null && state.rulings().stream().anyMatch(r -> r.gating() && !r.isDecided()));
    if (!waits) {
      decisionOpenedAt = null;
    } else if (decisionOpenedAt == null) {
      decisionOpenedAt = clock.instant();
    }
  }

  private void clearUndo() {
    undoRequester = null;
    undoConsents.clear();
    undoGranted = false;
  }

  @Override
  protected boolean dealsAnother() {
    if (settings.boardCount() > 0 && boardsStarted >= settings.boardCount()) {
      return false;
    }
    return !(source instanceof DealSource.Prepared p) || boardsStarted < p.deals().size();
  }

  /** Deals the next board, or closes the table when it has played its boards. */
  @Override
  protected TableEvent nextBoard() {
    if (settings.boardCount() > 0 && boardsStarted >= settings.boardCount()) {
      return new TableEvent.Closed("played " + boardsStarted + " boards");
    }
    if (!(source instanceof DealSource.Prepared)
        && settings.firstBoard() + boardsStarted > Limits.LAST_BOARD) {
      return new TableEvent.Closed("played up to board " + Limits.LAST_BOARD);
    }
    int number;
    Deal deal;
    Salt s;
    if (source instanceof DealSource.Prepared p) {
      if (boardsStarted >= p.deals().size()) {
        return new TableEvent.Closed("played every prepared deal");
      }
      DealSource.PreparedDeal d = p.deals().get(boardsStarted);
      number = d.board();
      deal = d.deal();
      s = Shuffler.secure().salt();
    } else {
      number = settings.firstBoard() + boardsStarted;
      Shuffler shuffler = source instanceof DealSource.Seeded seeded
          // Board n's deal depends on the seed and n alone, so a restart deals the same.
          ? Shuffler.seeded(seeded.seed() ^ (number * 0x9E3779B97F4A7C15L))
          : Shuffler.secure();
      deal = shuffler.deal();
      s = shuffler.salt();
    }
    Seat dealer = scorecard.nextDealer(number);
    Vulnerability vul = scorecard.nextVulnerability(number);
    return new TableEvent.BoardStarted(number, dealer, vul, deal, s);
  }

  /**
   * Seats taken and left, connections and readiness do not move the game; nor does one player's
   * consent that leaves a claim or an undo waiting for another's: the other answers the same
   * question as before it, and a page that sent its answer meanwhile is not refused as stale.
   */
  @Override
  protected boolean movesGame(TableEvent e) {
    if (e instanceof TableEvent.Joined || e instanceof TableEvent.Left
        || e instanceof TableEvent.ConnectionChanged || e instanceof TableEvent.ReadyMarked) {
      return false;
    }
    if (e instanceof TableEvent.UndoAnswered u && u.consent()) {
      return undoRequester == null || undoGranted;
    }
    if (e instanceof TableEvent.Acted a && a.action() instanceof BoardAction.RespondToClaim r
        && r.accept()) {
      return state.isOver() || state.playIfStarted().flatMap(Play::pendingClaim).isEmpty();
    }
    return true;
  }

  private Holder actingPlayer(String token, Seat seat) {
    Holder h = player(token);
    if (!settings.seating().calls(h.seat().get(), seat)) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "you hold " + h.seat().get().word() + ", not " + seat.word());
    }
    return h;
  }

  private DealState requireBoard() {
    requireNotClosed();
    if (state == null) {
      throw new TableException(Reason.NO_BOARD, "the table waits for four players");
    }
    return state;
  }

  private void requireNoUndo() {
    if (undoRequester != null) {
      throw new RuleViolationException(Violation.DECISION_PENDING,
          undoRequester.word() + " has asked to take back a call or card");
    }
  }

  private boolean hasBoard() {
    return state != null && !state.isOver();
  }

}
