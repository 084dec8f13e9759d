package org.tenace.server.api;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.movement.Movement;
import org.tenace.scoring.card.Seat;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.Mode;
import org.tenace.server.session.Session;
import org.tenace.server.session.SessionException;
import org.tenace.server.session.SessionException.Reason;
import org.tenace.server.session.SessionPlan;
import org.tenace.server.session.SessionPlay;
import org.tenace.server.session.SessionRecords;
import org.tenace.server.session.SessionScoring;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableListener;
import org.tenace.server.table.TableSettings;

/**
 * Runs the server's sessions: opens each round's tables through the same {@link Tables} as
 * CreateTable (each table given its round's boards as prepared deals), seats the joined pairs and
 * the robots, hears every table's {@code BoardScored}, and moves everyone on when a round is
 * done. The rules of a session are {@link Session}'s; this only carries its steps out.
 * Table listeners run under their table's lock, so what they hear is handed to one thread that
 * steps the sessions in order.
 */
final class SessionDirector implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SessionDirector.class);
  private static final SecureRandom TOKENS = new SecureRandom();

  /** A seat held for a joined pair at one of this round's tables. */
  record Ticket(String tableId, Seat seat, String token) {}

  /** One session and what runs it; guarded by itself. */
  static final class Run {
    private Session session;
    final String directorToken;
    final Map<String, Integer> pairTokens = new HashMap<>();
    /** The TableService id of each table, by round and table number. */
    final Map<Integer, Map<Integer, String>> tableIds = new HashMap<>();
    final Map<Integer, List<Ticket>> tickets = new HashMap<>();
    final List<Consumer<Run>> watchers = new CopyOnWriteArrayList<>();

    Run(Session session, String directorToken) {
      this.session = session;
      this.directorToken = directorToken;
    }

    synchronized Session session() {
      return session;
    }

    synchronized Map<Integer, String> tableIds(int round) {
      return Map.copyOf(tableIds.getOrDefault(round, Map.of()));
    }

    synchronized List<Ticket> tickets(int pair) {
      return List.copyOf(tickets.getOrDefault(pair, List.of()));
    }

    /** -1 for the director, the pair for a pair's token; refused for any other. */
    synchronized int holder(String token) {
      if (token.isEmpty()) {
        throw new SessionException(Reason.TOKEN_INVALID, "no token: send the session's token");
      }
      if (token.equals(directorToken)) {
        return -1;
      }
      Integer pair = pairTokens.get(token);
      if (pair == null) {
        throw new SessionException(Reason.TOKEN_INVALID, "not a token of this session");
      }
      return pair;
    }
  }

  private final Tables tables;
  private final RobotSeater robots;
  private final Map<String, Run> runs = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);
  private final ExecutorService steps = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "session-director");
    t.setDaemon(true);
    return t;
  });

  SessionDirector(Tables tables, RobotSeater robots) {
    this.tables = tables;
    this.robots = robots;
  }

  Run create(SessionPlan plan) {
    String id = String.valueOf(nextId.getAndIncrement());
    Run run = new Run(Session.create(id, plan), newToken());
    runs.put(id, run);
    return run;
  }

  Run require(String id) {
    Run r = runs.get(id);
    if (r == null) {
      throw new SessionException(Reason.SESSION_NOT_FOUND, "no session '" + id + "'");
    }
    return r;
  }

  /** Joins a pair; returns its number and token. */
  Map.Entry<Integer, String> join(Run run, int pair, String name) {
    Map.Entry<Integer, String> out;
    synchronized (run) {
      int p = run.session.pairFor(pair);
      run.session = run.session.join(p, name);
      String token = newToken();
      run.pairTokens.put(token, p);
      out = Map.entry(p, token);
    }
    changed(run);
    return out;
  }

  /** Starts the session, by its director: round 1's tables open. */
  void start(Run run, String token) {
    synchronized (run) {
      if (run.holder(token) != -1) {
        throw new SessionException(Reason.NOT_DIRECTOR, "only the session's director starts it");
      }
      run.session = run.session.start();
      openRound(run);
    }
    changed(run);
  }

  /** Opens every table of the round in play. Called holding the run. */
  private void openRound(Run run) {
    Session s = run.session;
    Movement.Round round = s.currentRound();
    SessionPlan plan = s.plan();
    TableSettings.ScoringMethod method = plan.scoring() == SessionScoring.MATCHPOINTS
        ? TableSettings.ScoringMethod.MATCHPOINTS : TableSettings.ScoringMethod.IMP;
    Map<Integer, String> ids = new HashMap<>();
    run.tickets.clear();
    for (Movement.Table t : round.tables()) {
      List<DealSource.PreparedDeal> deals = new ArrayList<>();
      for (int b : t.boards()) {
        deals.add(new DealSource.PreparedDeal(b, plan.deals().get(b)));
      }
      // No kibitzers: a table's boards are still to be played at other tables.
      TableSettings settings = TableSettings.defaults(Mode.ONLINE).withScoring(method)
          .withBoards(t.boards().get(0), t.boards().size())
          .withKibitz(TableSettings.KibitzPolicy.NONE);
      String name = "Session " + s.id() + " round " + round.number() + " table " + t.number();
      Tables.Entry e = tables.create(name, settings, new DealSource.Prepared(deals), "");
      e.table().addListener(new Scorer(run, round.number(), t));
      ids.put(t.number(), e.table().id());
      Set<Seat> robotSeats = EnumSet.noneOf(Seat.class);
      seatPair(run, e.table(), t.ns(), Seat.NORTH, Seat.SOUTH, robotSeats);
      seatPair(run, e.table(), t.ew(), Seat.EAST, Seat.WEST, robotSeats);
      if (plan.robots()) {
        robots.seat(e, robotSeats);
      }
    }
    run.tableIds.put(round.number(), ids);
    log.info("session {}: round {} of {} open at {} table(s)", s.id(), round.number(),
        plan.rounds(), round.tables().size());
  }

  private static void seatPair(Run run, Table table, int pair, Seat first, Seat second,
      Set<Seat> robotSeats) {
    String name = run.session.entries().get(pair);
    for (Seat seat : List.of(first, second)) {
      if (name == null) {
        robotSeats.add(seat);
      } else {
        Holder h = table.join(Role.PLAYER, Optional.of(seat), name, false, "");
        run.tickets.computeIfAbsent(pair, k -> new ArrayList<>())
            .add(new Ticket(table.id(), seat, h.token()));
      }
    }
  }

  /** Hears one table of one round; each board scored there becomes a step of the session. */
  private final class Scorer implements TableListener {
    private final Run run;
    private final int round;
    private final Movement.Table sitting;

    Scorer(Run run, int round, Movement.Table sitting) {
      this.run = run;
      this.round = round;
      this.sitting = sitting;
    }

    @Override
    public void onEvent(Table table, long seq, org.tenace.server.table.TableEvent event,
        List<BoardEvent> happened, org.tenace.server.engine.DealState after) {
      if (happened.stream().noneMatch(e -> e instanceof BoardEvent.BoardScored)) {
        return;
      }
      SessionPlay play = new SessionPlay(round, sitting.number(), sitting.ns(), sitting.ew(),
          SessionRecords.of(after));
      steps.execute(() -> recorded(run, play));
    }
  }

  private void recorded(Run run, SessionPlay play) {
    try {
      synchronized (run) {
        run.session = run.session.record(play);
        if (run.session.roundComplete()) {
          run.session = run.session.nextRound();
          if (run.session.state() == Session.State.PLAYING) {
            openRound(run);
          } else {
            run.tickets.clear();
            log.info("session {}: finished", run.session.id());
          }
        }
      }
      changed(run);
    } catch (RuntimeException ex) {
      log.error("session {}: board {} at table {} not recorded", run.session().id(),
          play.board(), play.table(), ex);
    }
  }

  private static void changed(Run run) {
    for (Consumer<Run> w : run.watchers) {
      w.accept(run);
    }
  }

  private static String newToken() {
    byte[] b = new byte[16];
    TOKENS.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  @Override
  public void close() {
    steps.shutdownNow();
  }
}
