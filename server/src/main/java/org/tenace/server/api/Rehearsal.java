package org.tenace.server.api;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.tenace.client.Bearer;
import org.tenace.client.Channels;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.StoredEvent;

/**
 * A takeover played through once, off the record, by a node of a cluster as it starts: a server
 * of its own on loopback and a log of its own, in memory, plays one board (three of the
 * server's robots, and a house robot over the client library at the fourth seat), stops, starts
 * again on that log
 * (every event read back, decoded and replayed, as a takeover does) and sends the client its
 * snapshot.
 *
 * <p>Why: a node that has served no table yet meets that code first at a takeover, with the
 * dead node's clients waiting on it. FailoverTest measured it: a survivor that had played
 * nothing took 0.5-1.5 s to replay its first table, 0.4-2 s to seat its first robots and half a
 * second more for its first snapshot, on top of the lease's own time; a node that has played a
 * board has loaded and compiled that code already. The rehearsal runs on a thread of its own, at
 * the fast robots' level, and writes nothing the cluster sees (nor anything on disk).
 */
final class Rehearsal {
  /** The longest a rehearsal may take before it gives up (it only warms; nothing waits on it). */
  private static final Duration AT_MOST = Duration.ofSeconds(60);

  private Rehearsal() {}

  /** What a rehearsal did: the events it played and read back, and how long it took. */
  record Done(long events, Duration took) {}

  /** Plays the rehearsal. */
  static Done run() {
    long start = System.nanoTime();
    Memory log = new Memory();
    String[] played = play(log);
    long events = readBack(log, played[0], played[1]);
    return new Done(events, Duration.ofNanos(System.nanoTime() - start));
  }

  /** One board at a table of three robots and a client; the table's id and the client's token. */
  private static String[] play(Memory log) {
    TenaceServer server = serve(log);
    ManagedChannel channel = Channels.plaintext("127.0.0.1:" + server.port());
    try {
      var stub = TableServiceGrpc.newBlockingStub(channel)
          .withDeadlineAfter(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      String id = stub.createTable(CreateTableRequest.newBuilder().setName("rehearsal")
          .setSettings(TableSettings.newBuilder().setBoardCount(1)).setDealSeed(1)
          .setRobotLevel(org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_FAST)
          .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_SOUTH)
          .addRobotSeats(Seat.SEAT_WEST).build()).getTable().getTableId();
      String token = stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
          .setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_NORTH).setName("rehearsal").build())
          .getToken();
      SeatDriver north = new SeatDriver(channel, id, token, new RobotPlayer(new HouseRobot()),
          new SeatDriver.Listener() {}).start();
      try {
        String end = north.done().get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
        if (!end.equals("the table closed")) {
          throw new IllegalStateException("the rehearsal's table stopped: " + end);
        }
      } finally {
        north.close();
      }
      return new String[] {id, token};
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the rehearsal's board did not finish: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the rehearsal was interrupted", e);
    } finally {
      channel.shutdownNow();
      server.close();
    }
  }

  /** The log read again by a new server, and the table's snapshot sent; the events read. */
  private static long readBack(Memory log, String id, String token) {
    TenaceServer server = serve(log);
    ManagedChannel channel = Channels.plaintext("127.0.0.1:" + server.port());
    try {
      var watch = TableServiceGrpc.newBlockingStub(
          io.grpc.ClientInterceptors.intercept(channel, Bearer.of(token)))
          .withDeadlineAfter(AT_MOST.toSeconds(), TimeUnit.SECONDS)
          .watchTable(WatchTableRequest.newBuilder().setTableId(id).build());
      return watch.next().getSnapshot().getSequence();
    } finally {
      channel.shutdownNow();
      server.close();
    }
  }

  private static TenaceServer serve(Memory log) {
    return TenaceServer.start(NettyServerBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
        log, true, ServerLimits.NONE, Duration.ZERO, RobotLevel.FAST);
  }

  /** The rehearsal's log: in memory, kept across the two servers that use it. */
  private static final class Memory implements EventLog {
    private final List<StoredEvent> events = new ArrayList<>();

    @Override
    public synchronized void append(StoredEvent e) {
      events.add(e);
    }

    @Override
    public synchronized List<StoredEvent> load(String id) {
      return events.stream().filter(e -> e.tableId().equals(id)).toList();
    }

    @Override
    public synchronized Set<String> list() {
      Set<String> ids = new LinkedHashSet<>();
      events.forEach(e -> ids.add(e.tableId()));
      return ids;
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
