package org.tenace.server.api;

import io.grpc.Channel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.Player;
import org.tenace.client.SeatDriver;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.Robot;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.bridge.card.Card;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.RobotSeater;
import org.tenace.server.application.Tables;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;

/**
 * The server's own robots. Each takes its seat like any player (a holder marked robot) and plays it
 * through a {@link SeatDriver} over an in-process channel to the server's own TableService: the
 * same API, tokens and redaction as a remote bot, so robots get no advantage. After a restart the
 * robots already seated (their tokens are in the log) are driven again.
 *
 * <p>Each robot thinks at its table's level (CreateTable's robot_level, kept with its settings),
 * else at the server's level ({@code --robot-level}, strong by default) where a person sits and
 * fast at a table of robots only; it plays for the table's form of scoring (matchpoints, else
 * IMPs), its layouts seeded by the table's id. At most {@link #thinkers()} strong robots think at
 * once, so that robots never starve the tables of cores: the others wait their turn, which costs
 * them time but never changes their card (their work is counted in nodes, not time). A robot
 * driven again in the middle of a board (after a restart, or on the node that took its table
 * over) is given the tricks it saw played, so that it plays on as it would have without the
 * break: the same session ends alike on one node and across nodes that fail.
 */
final class ServerRobots implements RobotSeater, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServerRobots.class);

  /** Makes a robot at a level, playing for a form of scoring, its layouts seeded by its table. */
  @FunctionalInterface
  interface Maker {
    Robot make(RobotLevel level, Scoring scoring, long tableSeed);

    /** The house robot. */
    Maker HOUSE = HouseRobot::new;

    /** Whatever {@code robots} gives, at every level (tests: a configuration of their own). */
    static Maker of(Supplier<Robot> robots) {
      return (level, scoring, seed) -> robots.get();
    }
  }

  private final Channel channel;
  private final Maker robots;
  private final Duration humanPace;
  private final RobotLevel humanLevel;
  /** Permits to think at the strong level: one per two cores, at least one. */
  private final Semaphore thinking = new Semaphore(thinkers());
  /** The level each running driver's robot thinks at, for {@link #levels()}. */
  private final java.util.Map<SeatDriver, RobotLevel> levelOf = new ConcurrentHashMap<>();
  private final Set<SeatDriver> drivers = ConcurrentHashMap.newKeySet();
  /** The table each running driver plays at, for {@link #describe()}. */
  private final java.util.Map<SeatDriver, String> tableOf = new ConcurrentHashMap<>();
  private final List<SeatDriver.Stats> finished = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger started =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean closed;

  ServerRobots(Channel channel, Supplier<Robot> robots) {
    this(channel, Maker.of(robots), Duration.ZERO, RobotLevel.FAST);
  }

  /**
   * {@code humanPace}: how long a robot takes over each call and card at a table where a person
   * sits, so that the person can follow the play (none at a robot-only table).
   */
  ServerRobots(Channel channel, Supplier<Robot> robots, Duration humanPace) {
    this(channel, Maker.of(robots), humanPace, RobotLevel.FAST);
  }

  /**
   * {@code humanLevel}: how hard a robot thinks at a table where a person sits (a table of robots
   * only plays fast), unless the table says otherwise.
   */
  ServerRobots(Channel channel, Maker robots, Duration humanPace, RobotLevel humanLevel) {
    this.channel = channel;
    this.robots = robots;
    this.humanPace = humanPace;
    this.humanLevel = humanLevel;
  }

  /** How many strong robots think at once: one per two cores, at least one. */
  static int thinkers() {
    return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
  }

  @Override
  public void seat(Tables.Entry table, Set<Seat> seats) {
    Duration p = pace(table.table(), seats.size() == 4);
    for (Seat s : seats) {
      if (table.table().seat(s).map(Holder::robot).orElse(false)) {
        continue; // a CreateTable retried with its request id: this robot is seated already
      }
      Holder h = table.table().join(Role.PLAYER, Optional.of(s), NAME, true, "");
      drive(table.table(), h.token(), p, seats.size() == 4);
    }
  }

  /** Drives again the robots seated at the open tables (after a restart). */
  void resume(Collection<Tables.Entry> tables) {
    int n = 0;
    for (Tables.Entry e : tables) {
      Table t = e.table();
      List<Holder> holders = t.atomically(
          () -> t.status() == Table.Status.CLOSED ? List.<Holder>of() : t.holders());
      long robotsHere = holders.stream().filter(h -> h.robot() && h.seat().isPresent()).count();
      for (Holder h : holders) {
        if (h.robot() && h.seat().isPresent()) {
          drive(t, h.token(), pace(t, robotsHere == 4), robotsHere == 4);
          n++;
        }
      }
    }
    if (n > 0) {
      log.info("{} robot(s) back at their tables", n);
    }
  }

  /**
   * The table's own robot pace (CreateTable's robot_pace, kept with its settings), else none at
   * a table of robots only and the server's where a person sits.
   */
  private Duration pace(Table t, boolean robotsOnly) {
    return t.settings().robotPace().orElse(robotsOnly ? Duration.ZERO : humanPace);
  }

  /**
   * The table's own robot level (CreateTable's robot_level, kept with its settings), else fast
   * at a table of robots only and the server's where a person sits.
   */
  private RobotLevel level(Table t, boolean robotsOnly) {
    return t.settings().robotLevel().orElse(robotsOnly ? RobotLevel.FAST : humanLevel);
  }

  /** The levels the running robots think at, by table id (tests). */
  java.util.Map<String, List<RobotLevel>> levels() {
    java.util.Map<String, List<RobotLevel>> by = new java.util.TreeMap<>();
    levelOf.forEach((d, level) -> {
      String table = tableOf.get(d);
      if (table != null) { // else stopped meanwhile
        by.computeIfAbsent(table, k -> new ArrayList<>()).add(level);
      }
    });
    return by;
  }

  /** How many robots play now. */
  int playing() {
    return drivers.size();
  }

  /** How many robots were set to play since the server started (tests: none twice). */
  int started() {
    return started.get();
  }

  /**
   * What each running robot waits for, one line each, by table id ({@link SeatDriver#describe()}):
   * for a test whose table stalls to say whether a robot holds it up.
   */
  java.util.Map<String, List<String>> describe() {
    java.util.Map<String, List<String>> by = new java.util.TreeMap<>();
    tableOf.forEach((d, table) -> by.computeIfAbsent(table, k -> new ArrayList<>())
        .add(d.describe()));
    return by;
  }

  /** The counts of every driver since the server started, running or stopped. */
  SeatDriver.Stats totals() {
    List<SeatDriver.Stats> all = new ArrayList<>(finished);
    for (SeatDriver d : drivers) {
      if (!d.done().isDone()) {
        all.add(d.stats());
      }
    }
    long[] t = new long[6];
    for (SeatDriver.Stats s : all) {
      t[0] += s.commands();
      t[1] += s.refusals();
      t[2] += s.stale();
      t[3] += s.fallbacks();
      t[4] += s.reconnects();
      t[5] += s.boardsCompleted();
    }
    return new SeatDriver.Stats(t[0], t[1], t[2], t[3], t[4], t[5]);
  }

  private void drive(Table table, String token, Duration pace, boolean robotsOnly) {
    if (closed) {
      return;
    }
    String tableId = table.id();
    RobotLevel level = level(table, robotsOnly);
    Scoring scoring = table.settings().scoring()
        == org.tenace.server.table.TableSettings.ScoringMethod.MATCHPOINTS
        ? Scoring.MATCHPOINTS : Scoring.IMPS;
    Robot robot = robots.make(level, scoring, seed(tableId));
    if (level == RobotLevel.STRONG) {
      robot = new Capped(robot, thinking);
    }
    Player player = PacedPlayer.of(new RobotPlayer(robot), pace);
    SeatDriver d = new SeatDriver(channel, tableId, token, player, new SeatDriver.Listener() {
      @Override
      public void stopped(String reason) {
        if (closed || reason.equals("the table closed")) {
          log.debug("robot at table {} stopped: {}", tableId, reason);
        } else {
          log.warn("robot at table {} stopped: {}", tableId, reason); // its seat now waits
        }
      }
    });
    // Driven again mid-board (a restart, a takeover), the robot remembers the tricks it saw
    // played, which its fresh snapshot shows turned over: it plays on as it would have.
    d.remembering(board -> Presenter.playedTricks(table, board));
    drivers.add(d);
    tableOf.put(d, tableId);
    levelOf.put(d, level);
    started.incrementAndGet();
    d.done().whenComplete((reason, error) -> {
      finished.add(d.stats());
      levelOf.remove(d);
      drivers.remove(d);
      tableOf.remove(d);
    });
    d.start();
  }

  /** Stops every robot (before the server stops, so that none tries to reconnect). */
  @Override
  public void close() {
    closed = true;
    for (SeatDriver d : drivers) {
      d.close();
    }
  }

  /** A table's seed for its robots' layouts: the same table, the same cards. */
  static long seed(String tableId) {
    long h = 1125899906842597L;
    for (int i = 0; i < tableId.length(); i++) {
      h = 31 * h + tableId.charAt(i);
    }
    return h;
  }

  /**
   * A robot that thinks about a card only with a permit: the strong robots of the whole server
   * share {@link #thinkers()} of them. Waiting changes when the card comes, never which card.
   */
  private record Capped(Robot robot, Semaphore permits) implements Robot {
    @Override
    public CallChoice chooseCall(CallView view) {
      return robot.chooseCall(view);
    }

    @Override
    public Card chooseCard(CardView view) {
      if (view.legalCards().size() == 1) {
        return view.legalCards().get(0);
      }
      permits.acquireUninterruptibly();
      try {
        return robot.chooseCard(view);
      } finally {
        permits.release();
      }
    }
  }
}
