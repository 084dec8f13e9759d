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
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.client.Player;
import org.tenace.client.SeatDriver;
import org.tenace.robot.Robot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.scoring.card.Seat;
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
 */
final class ServerRobots implements RobotSeater, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServerRobots.class);

  private final Channel channel;
  private final Supplier<Robot> robots;
  private final Duration humanPace;
  private final Set<SeatDriver> drivers = ConcurrentHashMap.newKeySet();
  /** The table each running driver plays at, for {@link #describe()}. */
  private final java.util.Map<SeatDriver, String> tableOf = new ConcurrentHashMap<>();
  private final List<SeatDriver.Stats> finished = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger started =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean closed;

  ServerRobots(Channel channel, Supplier<Robot> robots) {
    this(channel, robots, Duration.ZERO);
  }

  /**
   * {@code humanPace}: how long a robot takes over each call and card at a table where a person
   * sits, so that the person can follow the play (none at a robot-only table).
   */
  ServerRobots(Channel channel, Supplier<Robot> robots, Duration humanPace) {
    this.channel = channel;
    this.robots = robots;
    this.humanPace = humanPace;
  }

  @Override
  public void seat(Tables.Entry table, Set<Seat> seats) {
    Duration p = pace(table.table(), seats.size() == 4);
    for (Seat s : seats) {
      if (table.table().seat(s).map(Holder::robot).orElse(false)) {
        continue; // a CreateTable retried with its request id: this robot is seated already
      }
      Holder h = table.table().join(Role.PLAYER, Optional.of(s), NAME, true, "");
      drive(table.table().id(), h.token(), p);
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
          drive(t.id(), h.token(), pace(t, robotsHere == 4));
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

  private void drive(String tableId, String token, Duration pace) {
    if (closed) {
      return;
    }
    Player player = PacedPlayer.of(new RobotPlayer(robots.get()), pace);
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
    drivers.add(d);
    tableOf.put(d, tableId);
    started.incrementAndGet();
    d.done().whenComplete((reason, error) -> {
      finished.add(d.stats());
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
}
