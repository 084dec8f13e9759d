package org.tenace.server.api;

import io.grpc.Channel;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.client.TwoPlayerDriver;
import org.tenace.robot.seat.HoneymoonPlayer;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.RobotSeater;
import org.tenace.server.application.Tables;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * The server's robots at two-player tables: each takes its seat like any player and plays it
 * through a {@link TwoPlayerDriver} over the in-process channel to the server's own
 * TableService, as {@link ServerRobots} does at four-player tables (same API, same redaction).
 */
final class TwoPlayerRobots implements TwoPlayerService.Robots, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TwoPlayerRobots.class);

  private final Channel channel;
  private final Set<TwoPlayerDriver> drivers = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  TwoPlayerRobots(Channel channel) {
    this.channel = channel;
  }

  @Override
  public void seat(Tables.Entry table, Set<Seat> seats) {
    TwoPlayerTable t = table.twoPlayer();
    for (Seat s : seats) {
      if (t.seat(s).map(Holder::robot).orElse(false)) {
        continue; // a retried CreateTable: seated already
      }
      Holder h = t.join(Role.PLAYER, Optional.of(s), RobotSeater.NAME, true, "");
      drive(t.id(), h);
    }
  }

  /** Drives again the robots seated at open tables (after a restart). */
  void resume(Iterable<Tables.Entry> tables) {
    for (Tables.Entry e : tables) {
      TwoPlayerTable t = e.twoPlayer();
      if (t.status() == Table.Status.CLOSED) {
        continue;
      }
      for (Holder h : t.holders()) {
        if (h.robot() && h.seat().isPresent()) {
          drive(t.id(), h);
        }
      }
    }
  }

  private void drive(String tableId, Holder h) {
    if (closed) {
      return;
    }
    TwoPlayerDriver d = new TwoPlayerDriver(channel, tableId, h.token(), h.seat().orElseThrow(),
        new HoneymoonPlayer());
    drivers.add(d);
    d.done().whenComplete((reason, error) -> {
      drivers.remove(d);
      log.debug("robot at two-player table {} stopped: {}", tableId, reason);
    });
    d.start();
  }

  @Override
  public void close() {
    closed = true;
    for (TwoPlayerDriver d : drivers) {
      d.close();
    }
  }
}
