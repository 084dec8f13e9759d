package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.client.Channels;
import org.tenace.client.NodeChannel;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.store.TestPostgres;

/**
 * Two server processes on loopback share one PostgreSQL; a table is played on the first (two
 * people, as remote robots, and the server's robots in the other seats), the first is killed
 * with {@code kill -9}, and the second takes the table over once the first's lease has expired:
 * the clients follow it there, the server's robots sit down again, and the table plays to its
 * end with every acknowledged action in the log, written by one owner at a time.
 */
class FailoverTest {
  private static final int BOARDS = 12;
  /** Short enough for a failover within 2 s of the kill (docs/operations.md, Several nodes). */
  private static final String LEASE = "1500ms";
  @TempDir Path dir;
  private final List<Process> servers = new ArrayList<>();
  private final List<ManagedChannel> channels = new ArrayList<>();
  private final List<SeatDriver> drivers = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    drivers.forEach(SeatDriver::close);
    channels.forEach(ManagedChannel::shutdownNow);
    servers.forEach(Process::destroyForcibly);
  }

  private Process node(String db, int port, Path log) throws Exception {
    // Fast robots: the time measured is the failover's, not a strong robot's thinking.
    Process p = ServerProcess.start(port, db, log, "--lease", LEASE,
        "--advertise", "127.0.0.1:" + port, "--robot-level", "fast");
    servers.add(p);
    return p;
  }

  private ManagedChannel channel(String addresses) {
    ManagedChannel c = Channels.following(addresses, InsecureChannelCredentials.create());
    channels.add(c);
    return c;
  }

  @Test
  void theOwnerKilledTheOtherNodeTakesOverAndTheTableFinishesWithEveryAcknowledgedAction()
      throws Exception {
    TestPostgres pg = TestPostgres.get();
    String plain = pg.newDatabase();
    String db = plain + "?user=" + TestPostgres.USER + "&password=" + TestPostgres.PASSWORD;
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    Path logA = dir.resolve("a.log");
    Path logB = dir.resolve("b.log");
    Process a = node(db, portA, logA);
    Process b = node(db, portB, logB);
    String both = "127.0.0.1:" + portA + ",127.0.0.1:" + portB;

    var stub = TableServiceGrpc.newBlockingStub(channel(both));
    var created = stub.createTable(CreateTableRequest.newBuilder().setName("failover")
        .setSettings(TableSettings.newBuilder().setBoardCount(BOARDS)).setDealSeed(23)
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();

    // North and South: people's clients (the house robot over the client library), each with
    // a channel that knows both nodes, starting at the first.
    List<Integer> boards = new CopyOnWriteArrayList<>();
    AtomicLong seen = new AtomicLong();        // the highest sequence any client was sent
    AtomicLong killedAt = new AtomicLong();    // nanoTime of the kill
    AtomicLong seenAtKill = new AtomicLong(-1);
    AtomicLong firstAfter = new AtomicLong();  // nanoTime of the first action after the kill
    AtomicLong firstHeard = new AtomicLong();  // nanoTime of the first message after the kill
    List<NodeChannel> clientChannels = new ArrayList<>();
    for (Seat seat : List.of(Seat.SEAT_NORTH, Seat.SEAT_SOUTH)) {
      NodeChannel c = (NodeChannel) channel(both);
      clientChannels.add(c);
      String token = TableServiceGrpc.newBlockingStub(c).joinTable(JoinTableRequest.newBuilder()
          .setTableId(id).setRole(Role.ROLE_PLAYER).setSeat(seat).setName("p" + seat.getNumber())
          .build()).getToken();
      boolean counts = seat == Seat.SEAT_NORTH;
      drivers.add(new SeatDriver(c, id, token, new RobotPlayer(new HouseRobot()),
          new SeatDriver.Listener() {
            @Override
            public void boardCompleted(BoardCompleted board) {
              if (counts) {
                boards.add(board.getResult().getBoardNumber());
              }
            }

            @Override
            public void received(WatchTableResponse m) {
              long s = m.hasSnapshot() ? m.getSnapshot().getSequence()
                  : m.getEvent().getSequence();
              seen.accumulateAndGet(s, Math::max);
              if (seenAtKill.get() >= 0) {
                firstHeard.compareAndSet(0, System.nanoTime());
              }
              if (seenAtKill.get() >= 0 && s > seenAtKill.get()) {
                firstAfter.compareAndSet(0, System.nanoTime());
              }
            }
          }).start());
    }

    await("two boards to be played on the first node").atMost(Duration.ofSeconds(60))
        .until(() -> boards.size() >= 2);
    a.destroyForcibly(); // SIGKILL: no lease handed back, no stream told
    killedAt.set(System.nanoTime());
    assertThat(a.waitFor(10, TimeUnit.SECONDS)).isTrue();
    seenAtKill.set(seen.get());
    assertThat(boards.size()).as("boards played before the kill").isLessThan(BOARDS);
    String survivor = "127.0.0.1:" + portB;
    await("the survivor to take the table over").atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20)).until(() -> survivor.equals(owner(plain, id)));
    long takenAt = System.nanoTime();
    String atTakeover = "North: " + drivers.get(0).describe() + ", its calls to "
        + clientChannels.get(0).at(id) + "; South: " + drivers.get(1).describe()
        + ", its calls to " + clientChannels.get(1).at(id);

    for (SeatDriver d : drivers) {
      try {
        assertThat(d.done().get(120, TimeUnit.SECONDS)).isEqualTo("the table closed");
      } catch (TimeoutException e) {
        throw new AssertionError("the table did not finish on the second node: boards " + boards
            + "; North waits for " + drivers.get(0).describe() + "; South for "
            + drivers.get(1).describe() + "\nsecond node's log:\n" + ServerProcess.tail(logB, 60)
            + "\nits threads:\n" + ServerProcess.threads(b), e);
      }
    }
    // Every board once, in order, across the failover; the clients are at the second node.
    assertThat(boards).containsExactlyElementsOf(
        java.util.stream.IntStream.rangeClosed(1, BOARDS).boxed().toList());
    for (NodeChannel c : clientChannels) {
      assertThat(c.current()).isEqualTo("127.0.0.1:" + portB);
    }
    System.out.printf("failover: %d ms from kill -9 to the takeover, %d ms to the clients' "
        + "first message from the new owner, %d ms to the first action on it (lease %s, "
        + "clients playing)%n", TimeUnit.NANOSECONDS.toMillis(takenAt - killedAt.get()),
        TimeUnit.NANOSECONDS.toMillis(firstHeard.get() - killedAt.get()),
        TimeUnit.NANOSECONDS.toMillis(firstAfter.get() - killedAt.get()), LEASE);
    assertThat(firstAfter.get()).as("an action after the kill").isPositive();
    if (firstAfter.get() - takenAt > TimeUnit.SECONDS.toNanos(1)) {
      System.out.println("the clients at the takeover: " + atTakeover + "\nthe survivor's log:\n"
          + ServerProcess.tail(logB, 40));
    }

    // The log: seqs 1..n without a gap, every one a client was sent before the kill among them,
    // those written by the first owner (epoch 1) all before those of the second (epoch 2).
    List<long[]> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(plain, TestPostgres.USER,
            TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement(
            "SELECT seq, epoch FROM table_event WHERE table_id = ? ORDER BY seq")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.add(new long[] {rs.getLong(1), rs.getLong(2)});
        }
      }
    }
    for (int i = 0; i < rows.size(); i++) {
      assertThat(rows.get(i)[0]).as("seq at row " + i).isEqualTo(i + 1);
      if (i > 0) {
        assertThat(rows.get(i)[1]).as("epoch at seq " + (i + 1)).isGreaterThanOrEqualTo(
            rows.get(i - 1)[1]);
      }
    }
    assertThat((long) rows.size()).isGreaterThanOrEqualTo(seenAtKill.get());
    assertThat(rows.stream().filter(r -> r[0] <= seenAtKill.get()).allMatch(r -> r[1] == 1))
        .as("every action acknowledged before the kill was the first owner's").isTrue();
    assertThat(rows.get(rows.size() - 1)[1]).as("the end was written by the new owner")
        .isEqualTo(2);
  }

  /**
   * Nobody asks the survivor for the table: its reaper takes the dead node's table over once the
   * lease has run out, its robots sit down there, and the people who come back afterwards,
   * knowing only the dead node and the survivor, finish the table there.
   */
  @Test
  void theSurvivorTakesTheTableOverUnaskedAndItsRobotsPlayThere() throws Exception {
    TestPostgres pg = TestPostgres.get();
    String plain = pg.newDatabase();
    String db = plain + "?user=" + TestPostgres.USER + "&password=" + TestPostgres.PASSWORD;
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    Path logB = dir.resolve("b.log");
    Process a = node(db, portA, dir.resolve("a.log"));
    Process b = node(db, portB, logB);
    String at = "127.0.0.1:" + portA;
    String both = at + ",127.0.0.1:" + portB;
    var stub = TableServiceGrpc.newBlockingStub(channel(at));
    CreateTableRequest create = CreateTableRequest.newBuilder().setName("unasked")
        .setSettings(TableSettings.newBuilder().setBoardCount(2)).setDealSeed(29)
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST)
        .setRequestId("unasked-once").build();
    String id = stub.createTable(create).getTable().getTableId();
    List<String> tokens = new ArrayList<>();
    for (Seat seat : List.of(Seat.SEAT_NORTH, Seat.SEAT_SOUTH)) {
      tokens.add(stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
          .setRole(Role.ROLE_PLAYER).setSeat(seat).setName("p" + seat.getNumber()).build())
          .getToken());
    }
    a.destroyForcibly();
    long killed = System.nanoTime();
    assertThat(a.waitFor(10, TimeUnit.SECONDS)).isTrue();
    String survivor = "127.0.0.1:" + portB;
    try {
      await("the survivor to take the table over, unasked").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(20)).until(() -> survivor.equals(owner(plain, id)));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("the lease is still " + owner(plain, id) + "'s; survivor's log:\n"
          + ServerProcess.tail(logB, 40), e);
    }
    System.out.printf("failover: %d ms from kill -9 to the takeover, nobody asking (lease %s)%n",
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed), LEASE);
    // The CreateTable retried at the survivor (its answer lost with the dead node): no second
    // table, the same one.
    assertThat(TableServiceGrpc.newBlockingStub(channel(survivor)).createTable(create)
        .getTable().getTableId()).isEqualTo(id);

    List<Integer> boards = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 2; i++) {
      NodeChannel c = (NodeChannel) channel(both);
      boolean counts = i == 0;
      drivers.add(new SeatDriver(c, id, tokens.get(i), new RobotPlayer(new HouseRobot()),
          new SeatDriver.Listener() {
            @Override
            public void boardCompleted(BoardCompleted board) {
              if (counts) {
                boards.add(board.getResult().getBoardNumber());
              }
            }
          }).start());
    }
    for (SeatDriver d : drivers) {
      try {
        assertThat(d.done().get(120, TimeUnit.SECONDS)).isEqualTo("the table closed");
      } catch (TimeoutException e) {
        throw new AssertionError("the table did not finish on the survivor: boards " + boards
            + "; North waits for " + drivers.get(0).describe() + "; South for "
            + drivers.get(1).describe() + "\nsurvivor's log:\n" + ServerProcess.tail(logB, 60),
            e);
      }
    }
    assertThat(boards).containsExactly(1, 2);
  }

  /** The node that holds {@code id}'s lease now, as the database says. */
  private static String owner(String url, String id) throws Exception {
    try (Connection c = DriverManager.getConnection(url, TestPostgres.USER,
            TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement(
            "SELECT owner FROM table_lease WHERE table_id = ?")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : "";
      }
    }
  }
}
