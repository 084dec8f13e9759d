package org.tenace.server.table;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.scoring.board.Board;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;
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
 * One table: its seats, the board in progress and its log. The only mutable object of a table (the
 * engine's states are immutable): every command is checked, appended to the log, applied, and told
 * to the listeners, one at a time under the table's lock; the rules are the engine's. Nothing here
 * blocks but the log's append, which is a page-cache write. A claim's search, up to a second a side
 * ({@link Limits#CLAIM_SEARCH}), never runs under the lock: a command that needs one is refused
 * with {@link SearchFirst}, and the caller searches and takes it again with the answers.
 *
 * <p>The state is a fold over the events ({@link #apply}), so {@link #replay} rebuilds a table
 * exactly. Readers that need a consistent view (snapshots) take it through {@link #atomically}:
 * the lock never leaves this package.
 */
public final class Table {
  private static final Logger log = LoggerFactory.getLogger(Table.class);
  private static final SecureRandom TOKENS = new SecureRandom();

  /** Where a table stands. */
  public enum Status { WAITING, PLAYING, CLOSED }

  private final String id;
  private final EventSink sink;
  private final InstantSource clock;
  private final List<TableListener> listeners = new CopyOnWriteArrayList<>();

  // Everything below is guarded by this.
  private String name = "";
  private TableSettings settings;
  private DealSource source;
  private final Holder[] seats = new Holder[4];
  private final boolean[] connected = new boolean[4];
  private final Map<String, Holder> holders = new LinkedHashMap<>();
  // Both made on first use: a table whose players joined without request ids and have not acted
  // yet (thousands of tables waiting for play) keeps no empty maps.
  private Map<String, String> requests = Map.of();
  private Map<String, Accepted> lastAccepted = Map.of();
  private long version;
  private long gameVersion;
  private Status status = Status.WAITING;
  private Scorecard scorecard;
  private int boardsStarted;
  private int boardsCompleted;
  // The board in progress (or the last one, while the players get ready).
  private BoardSetup setup;
  private Salt salt;
  private DealState state;
  private final Set<Seat> ready = EnumSet.noneOf(Seat.class);
  private Seat undoRequester;
  private final Set<Seat> undoConsents = EnumSet.noneOf(Seat.class);
  private boolean undoGranted;
  private Instant decisionOpenedAt;
  // Whether a new board may be dealt now: the server holds back a table nobody attends.
  private BooleanSupplier mayDeal = () -> true;

  private Table(String id, EventSink sink, InstantSource clock) {
    this.id = Objects.requireNonNull(id, "id");
    this.sink = Objects.requireNonNull(sink, "sink");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A new table; its director's token is {@link #directorToken()}. */
  public static Table create(String id, String name, TableSettings settings, DealSource source,
      EventSink sink, InstantSource clock) {
    requireText("name", name, Limits.TABLE_NAME);
    Table t = new Table(id, sink, clock);
    synchronized (t) {
      t.commit(new TableEvent.Created(name, settings, source, newToken()), null);
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
      for (TableEvent e : events) {
        t.apply(e, null);
        t.version++;
        if (movesGame(e)) {
          t.gameVersion = t.version;
        }
      }
      for (int i = 0; i < 4; i++) {
        t.connected[i] = false; // nobody is watching a table that has just been rebuilt
      }
      t.settle(t.version); // a crash may have fallen between an event and the one it makes due
    }
    return t;
  }

  /**
   * The board a table owes (the first once four sit, the next once all are ready) is dealt only
   * while {@code mayDeal} says so; it is asked under the table's lock, so it must not block.
   */
  public synchronized void dealWhen(BooleanSupplier mayDeal) {
    this.mayDeal = Objects.requireNonNull(mayDeal, "mayDeal");
  }

  /** Deals the board held back by {@link #dealWhen}, if it may be now; returns the version. */
  public synchronized long resumeDealing() {
    return settle(version);
  }

  /** The director closes the table (CloseTable). Returns the version. */
  public synchronized long closeBy(String token) {
    if (holder(token).role() != Role.DIRECTOR) {
      throw new TableException(Reason.NOT_DIRECTOR, "only the table's director closes it");
    }
    return close("closed by the director");
  }

  /**
   * Closes the table for {@code reason} (its streams end with TableClosed); a closed table
   * stays so. Returns the version.
   */
  public synchronized long close(String reason) {
    return status == Status.CLOSED ? version : commit(new TableEvent.Closed(reason), null);
  }

  /**
   * Runs {@code work} as one step of the table's: no command is applied and no listener hears an
   * event meanwhile. For a consistent read of several facts (a snapshot), or for joining the
   * audience without missing an event. {@code work} must not block.
   */
  public synchronized <T> T atomically(Supplier<T> work) {
    return work.get();
  }

  /** {@link #atomically(Supplier)} for work that returns nothing. */
  public synchronized void atomically(Runnable work) {
    work.run();
  }

  public void addListener(TableListener l) {
    listeners.add(l);
  }

  public void removeListener(TableListener l) {
    listeners.remove(l);
  }

  // ------------------------------------------------------------------------------ seats

  /**
   * Takes a seat (role player) or comes to watch (kibitzer). A {@code requestId} seen before
   * returns the holder it made, so a retry after a lost response is safe.
   */
  public synchronized Holder join(Role role, Optional<Seat> seat, String name, boolean robot,
      String requestId) {
    if (!requestId.isEmpty() && requests.containsKey(requestId)) {
      return holders.get(requests.get(requestId));
    }
    requireText("name", name, Limits.PLAYER_NAME);
    requireNotClosed();
    if (role == Role.DIRECTOR) {
      throw new TableException(Reason.MALFORMED, "the director's token comes with the table",
          "role");
    }
    if (role == Role.PLAYER) {
      Seat s = seat.orElseThrow(() ->
          new TableException(Reason.MALFORMED, "a player takes a seat", "seat"));
      if (seats[s.ordinal()] != null) {
        throw new TableException(Reason.SEAT_TAKEN,
            seatName(s) + " is taken by " + seats[s.ordinal()].name());
      }
    } else {
      if (seat.isPresent()) {
        throw new TableException(Reason.MALFORMED, "a kibitzer takes no seat", "seat");
      }
      if (settings.kibitz() == TableSettings.KibitzPolicy.NONE) {
        throw new TableException(Reason.KIBITZING_NOT_ALLOWED, "this table admits no kibitzers");
      }
    }
    String token = newToken();
    settle(commit(new TableEvent.Joined(role, seat, name, token, robot, requestId), null));
    return holders.get(token);
  }

  /** Gives up the token's seat (or stops watching); the token becomes void. */
  public synchronized void leave(String token) {
    Holder h = holder(token);
    if (h.role() == Role.DIRECTOR) {
      throw new TableException(Reason.MALFORMED, "the director cannot leave the table", "token");
    }
    commit(new TableEvent.Left(token, h.seat()), null);
  }

  /** A seat's holder started or stopped watching (kibitzers' connections are not logged). */
  public synchronized void setConnected(String token, boolean on) {
    Holder h = holders.get(token);
    if (h == null || h.seat().isEmpty() || status == Status.CLOSED) {
      return;
    }
    Seat s = h.seat().get();
    if (connected[s.ordinal()] != on) {
      commit(TableEvent.ConnectionChanged.of(s, on), null);
    }
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
          "you hold " + seatName(me) + ", not " + seatName(hand));
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
    long v = commit(new TableEvent.UndoRequested(me), null);
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
    long v = settle(commit(new TableEvent.UndoAnswered(by, consent), null));
    accepted(token, key, v);
    return v;
  }

  /** True when the open undo request waits for {@code seat}'s answer: an opponent's, once. */
  public synchronized boolean awaitsUndoAnswer(Seat seat) {
    return undoRequester != null && undoResponders(undoRequester).contains(seat)
        && !undoConsents.contains(seat);
  }

  // ------------------------------------------------------------------------------ between boards

  /** The token's player is ready for the next board; with all four, it starts. */
  public synchronized long markReady(String token, long expected) {
    Holder h = player(token);
    Seat me = h.seat().orElseThrow();
    String key = "ready " + expected;
    return once(token, key, expected, () -> {
      requireNotClosed();
      if (state == null || !state.isOver()) {
        throw new TableException(Reason.BOARD_NOT_COMPLETE, "the board is not over");
      }
      // Already ready: a retry after the store refused the board this ready made due.
      long v = settle(ready.contains(me) ? version : commit(new TableEvent.ReadyMarked(me), null));
      accepted(token, key, v);
      return v;
    });
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
      commit(new TableEvent.UndoAnswered(Optional.empty(), false), null);
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

  public String id() {
    return id;
  }

  public synchronized String name() {
    return name;
  }

  public synchronized TableSettings settings() {
    return settings;
  }

  public synchronized Status status() {
    return status;
  }

  /** The sequence number of the table's latest event. */
  public synchronized long version() {
    return version;
  }

  public synchronized Optional<Holder> seat(Seat seat) {
    return Optional.ofNullable(seats[seat.ordinal()]);
  }

  public synchronized boolean connected(Seat seat) {
    return connected[seat.ordinal()];
  }

  /** The token's holder, or UNAUTHENTICATED. */
  public synchronized Holder holder(String token) {
    if (token.isEmpty()) {
      throw new TableException(Reason.TOKEN_MISSING,
          "send the token as the metadata 'authorization: Bearer <token>'");
    }
    Holder h = holders.get(token);
    if (h == null) {
      throw new TableException(Reason.TOKEN_INVALID, "the token is not valid at this table");
    }
    return h;
  }

  public synchronized Optional<Holder> holderIfAny(String token) {
    return Optional.ofNullable(holders.get(token));
  }

  public synchronized List<Holder> holders() {
    return List.copyOf(holders.values());
  }

  public synchronized String directorToken() {
    return holders.values().stream().filter(h -> h.role() == Role.DIRECTOR).findFirst()
        .map(Holder::token).orElseThrow();
  }

  public synchronized int kibitzers() {
    return (int) holders.values().stream().filter(h -> h.role() == Role.KIBITZER).count();
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

  public synchronized Set<Seat> ready() {
    return Collections.unmodifiableSet(EnumSet.copyOf(ready.isEmpty()
        ? EnumSet.noneOf(Seat.class) : ready));
  }

  public synchronized Optional<Seat> undoRequester() {
    return Optional.ofNullable(undoRequester);
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
      throw new SearchFirst(n, gameVersion, version);
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
    return searched.gameVersion() == gameVersion ? searched.sure() : SureTricks.NONE_YET;
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

  /**
   * Commits what the table owes after what it has recorded: the first board once four sit, the
   * next board (or the end) once all four are ready, an undo once granted. Each follows the event
   * that makes it due at once, and again when the table is rebuilt, since a crash may fall between
   * the two appends. Returns the version after them.
   */
  private long settle(long v) {
    while (status != Status.CLOSED) {
      if ((status == Status.WAITING && isFull() && !hasBoard())
          || (state != null && state.isOver() && ready.size() == 4)) {
        if (dealsAnother() && !mayDeal.getAsBoolean()) {
          break; // held: resumeDealing deals it
        }
        v = startNextBoard();
      } else if (undoRequester != null && undoGranted) {
        v = commit(new TableEvent.Acted(new BoardAction.Undo(undoRequester)), null);
      } else {
        break;
      }
    }
    return v;
  }

  /** Appends to the log, then applies and tells the listeners: the log first, always. */
  private long commit(TableEvent e, DealState.Step next) {
    long seq = version + 1;
    sink.append(id, seq, e);
    List<BoardEvent> happened = apply(e, next);
    version = seq;
    if (movesGame(e)) {
      gameVersion = seq;
    }
    for (TableListener l : listeners) {
      try {
        l.onEvent(this, seq, e, happened, state);
      } catch (RuntimeException ex) {
        log.error("table {}: a listener failed on event {}", id, seq, ex);
      }
    }
    return seq;
  }

  /**
   * The fold: the state after {@code e}. {@code next}, when given, is the board's step already
   * taken. Returns what happened at the board (nothing, for an event that is not an action).
   */
  private List<BoardEvent> apply(TableEvent e, DealState.Step next) {
    List<BoardEvent> happened = List.of();
    if (e instanceof TableEvent.Created c) {
      name = c.name();
      settings = c.settings();
      source = c.source();
      scorecard = Scorecard.start(settings.scoring());
      holders.put(c.directorToken(),
          new Holder(c.directorToken(), Role.DIRECTOR, Optional.empty(), "", false));
    } else if (e instanceof TableEvent.Joined j) {
      Holder h = new Holder(j.token(), j.role(), j.seat(), j.name(), j.robot());
      holders.put(j.token(), h);
      j.seat().ifPresent(s -> seats[s.ordinal()] = h);
      if (!j.requestId().isEmpty()) {
        if (requests.isEmpty()) {
          requests = new HashMap<>();
        }
        requests.put(j.requestId(), j.token());
      }
    } else if (e instanceof TableEvent.Left l) {
      Holder h = holders.remove(l.token());
      if (!lastAccepted.isEmpty()) {
        lastAccepted.remove(l.token());
      }
      if (h != null && h.seat().isPresent()) {
        seats[h.seat().get().ordinal()] = null;
        connected[h.seat().get().ordinal()] = false;
      }
    } else if (e instanceof TableEvent.ConnectionChanged c) {
      connected[c.seat().ordinal()] = c.connected();
    } else if (e instanceof TableEvent.BoardStarted b) {
      setup = new BoardSetup(b.number(), b.dealer(), b.vulnerability(), b.deal(),
          settings.auctionSettings());
      salt = b.salt();
      state = DealState.start(setup);
      ready.clear();
      clearUndo();
      status = Status.PLAYING;
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
    } else if (e instanceof TableEvent.ReadyMarked r) {
      ready.add(r.seat());
    } else if (e instanceof TableEvent.Closed) {
      status = Status.CLOSED;
    }
    trackDecision();
    return happened;
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

  /** Whether the next board is a deal (not the table closing, its boards played). */
  private boolean dealsAnother() {
    if (settings.boardCount() > 0 && boardsStarted >= settings.boardCount()) {
      return false;
    }
    return !(source instanceof DealSource.Prepared p) || boardsStarted < p.deals().size();
  }

  /** Deals the next board, or closes the table when it has played its boards. */
  private long startNextBoard() {
    if (settings.boardCount() > 0 && boardsStarted >= settings.boardCount()) {
      return commit(new TableEvent.Closed("played " + boardsStarted + " boards"), null);
    }
    if (!(source instanceof DealSource.Prepared)
        && settings.firstBoard() + boardsStarted > Limits.LAST_BOARD) {
      return commit(new TableEvent.Closed("played up to board " + Limits.LAST_BOARD), null);
    }
    int number;
    Deal deal;
    Salt s;
    if (source instanceof DealSource.Prepared p) {
      if (boardsStarted >= p.deals().size()) {
        return commit(new TableEvent.Closed("played every prepared deal"), null);
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
    return commit(new TableEvent.BoardStarted(number, dealer, vul, deal, s), null);
  }

  private static boolean movesGame(TableEvent e) {
    return !(e instanceof TableEvent.Joined || e instanceof TableEvent.Left
        || e instanceof TableEvent.ConnectionChanged || e instanceof TableEvent.ReadyMarked);
  }

  /** Records the token's last accepted command (the map is made on its first). */
  private void accepted(String token, String key, long version) {
    if (lastAccepted.isEmpty()) {
      lastAccepted = new HashMap<>();
    }
    lastAccepted.put(token, new Accepted(key, version));
  }

  /**
   * Runs a player's command once. A retry of the last command the token had accepted (the same
   * {@code key}, with a version) gets the version that one got; otherwise the version is checked
   * (a stale command is refused before any rule) and {@code command} runs.
   */
  private long once(String token, String key, long expected, LongSupplier command) {
    Accepted a = lastAccepted.get(token);
    if (expected != 0 && a != null && a.key().equals(key)) {
      return a.version();
    }
    checkVersion(expected);
    return command.getAsLong();
  }

  /** 0 skips the check; otherwise the command must not be older than the last game event. */
  private void checkVersion(long expected) {
    if (expected == 0) {
      return;
    }
    if (expected < 0 || expected > version) {
      throw new TableException(Reason.MALFORMED, "expected_version: expected 0 (no check) to "
          + version + ", the table's latest (it is " + expected + ")", "expected_version");
    }
    if (expected < gameVersion) {
      throw TableException.stale(version, expected);
    }
  }

  private Holder player(String token) {
    Holder h = holder(token);
    if (h.role() != Role.PLAYER) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "a " + h.role().name().toLowerCase() + " holds no seat");
    }
    return h;
  }

  private Holder actingPlayer(String token, Seat seat) {
    Holder h = player(token);
    if (!settings.seating().calls(h.seat().get(), seat)) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "you hold " + seatName(h.seat().get()) + ", not " + seatName(seat));
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

  private void requireNotClosed() {
    if (status == Status.CLOSED) {
      throw new TableException(Reason.TABLE_CLOSED, "the table is closed");
    }
  }

  private void requireNoUndo() {
    if (undoRequester != null) {
      throw new RuleViolationException(Violation.DECISION_PENDING,
          seatName(undoRequester) + " has asked to take back a call or card");
    }
  }

  private boolean hasBoard() {
    return state != null && !state.isOver();
  }

  private boolean isFull() {
    return settings.seating().places().stream().allMatch(s -> seats[s.ordinal()] != null);
  }

  private static String seatName(Seat s) {
    String n = s.name();
    return n.charAt(0) + n.substring(1).toLowerCase();
  }

  private static void requireText(String field, String value, int max) {
    requireText(field, value, max, false);
  }

  private static void requireText(String field, String value, int max, boolean mayBeEmpty) {
    if (value == null || (!mayBeEmpty && value.isBlank()) || value.length() > max
        || value.chars().anyMatch(Character::isISOControl)) {
      throw new TableException(Reason.MALFORMED,
          field + " must be " + (mayBeEmpty ? "0" : "1") + " to " + max
              + " printable characters", field);
    }
  }

  private static String newToken() {
    byte[] b = new byte[24];
    TOKENS.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** The last command a token had accepted, so that its retry returns the same version. */
  private record Accepted(String key, long version) {}
}
