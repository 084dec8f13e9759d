package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
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

/**
 * Two server processes on loopback share one PostgreSQL; a table is played on the first (two
 * people, as remote robots, and the server's robots in the other seats), the first is killed
 * with {@code kill -9}, and the second takes the table over once the first's lease has expired:
 * the clients follow it there, the server's robots sit down again, and the table plays to its
 * end with every acknowledged action in the log, written by one owner at a time.
 */
class FailoverTest {
  private static final int BOARDS = 12;
  /** The longest the clients wait for the table to finish on the survivor. */
  private static final Duration TO_FINISH = Duration.ofSeconds(120);
  @TempDir Path dir;
  @RegisterExtension final Cluster cluster = new Cluster();
  private final List<SeatDriver> drivers = new ArrayList<>();

  /** Both seats' drivers, each at the end: why it stopped, or a failure that says {@code state}. */
  private void untilBothEnd(Supplier<String> state) throws Exception {
    for (SeatDriver d : drivers) {
      assertThat(Cluster.end(d, TO_FINISH, () -> state.get() + "; North waits for "
          + drivers.get(0).describe() + "; South for " + drivers.get(1).describe()))
          .isEqualTo("the table closed");
    }
  }

  @Test
  void theOwnerKilledTheOtherNodeTakesOverAndTheTableFinishesWithEveryAcknowledgedAction()
      throws Exception {
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    Path logB = dir.resolve("b.log");
    Process a = cluster.process(portA, dir.resolve("a.log"));
    Process b = cluster.process(portB, logB);
    String both = Cluster.address(portA) + "," + Cluster.address(portB);

    var stub = TableServiceGrpc.newBlockingStub(cluster.channel(both));
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
      NodeChannel c = cluster.channel(both);
      clientChannels.add(c);
      String token = TableServiceGrpc.newBlockingStub(c).joinTable(JoinTableRequest.newBuilder()
          .setTableId(id).setRole(Role.ROLE_PLAYER).setSeat(seat).setName("p" + seat.getNumber())
          .build()).getToken();
      boolean counts = seat == Seat.SEAT_NORTH;
      drivers.add(cluster.play(c, id, token, new SeatDriver.Listener() {
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
      }));
    }

    await("two boards to be played on the first node").atMost(Duration.ofSeconds(60))
        .until(() -> boards.size() >= 2);
    a.destroyForcibly(); // SIGKILL: no lease handed back, no stream told
    killedAt.set(System.nanoTime());
    assertThat(a.waitFor(10, TimeUnit.SECONDS)).isTrue();
    seenAtKill.set(seen.get());
    assertThat(boards.size()).as("boards played before the kill").isLessThan(BOARDS);
    String survivor = Cluster.address(portB);
    await("the survivor to take the table over").atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(20)).until(() -> survivor.equals(cluster.owner(id)));
    long takenAt = System.nanoTime();
    String atTakeover = "North: " + drivers.get(0).describe() + ", its calls to "
        + clientChannels.get(0).at(id) + "; South: " + drivers.get(1).describe()
        + ", its calls to " + clientChannels.get(1).at(id);

    untilBothEnd(() -> "the table did not finish on the second node: boards " + boards
        + "; its log:\n" + ServerProcess.tail(logB, 60) + "\nits threads:\n"
        + ServerProcess.threads(b));
    // Every board once, in order, across the failover; the clients are at the second node.
    assertThat(boards).containsExactlyElementsOf(
        java.util.stream.IntStream.rangeClosed(1, BOARDS).boxed().toList());
    for (NodeChannel c : clientChannels) {
      assertThat(c.current()).isEqualTo(survivor);
    }
    System.out.printf("failover: %d ms from kill -9 to the takeover, %d ms to the clients' "
        + "first message from the new owner, %d ms to the first action on it (lease %s, "
        + "clients playing)%n", TimeUnit.NANOSECONDS.toMillis(takenAt - killedAt.get()),
        TimeUnit.NANOSECONDS.toMillis(firstHeard.get() - killedAt.get()),
        TimeUnit.NANOSECONDS.toMillis(firstAfter.get() - killedAt.get()), Cluster.LEASE);
    assertThat(firstAfter.get()).as("an action after the kill").isPositive();
    if (firstAfter.get() - takenAt > TimeUnit.SECONDS.toNanos(1)) {
      System.out.println("the clients at the takeover: " + atTakeover + "\nthe survivor's log:\n"
          + ServerProcess.tail(logB, 40));
    }

    // The log: seqs 1..n without a gap, every one a client was sent before the kill among them,
    // those written by the first owner (epoch 1) all before those of the second (epoch 2).
    List<long[]> rows = cluster.log(id);
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
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    Path logB = dir.resolve("b.log");
    Process a = cluster.process(portA, dir.resolve("a.log"));
    cluster.process(portB, logB);
    String at = Cluster.address(portA);
    String survivor = Cluster.address(portB);
    String both = at + "," + survivor;
    var stub = TableServiceGrpc.newBlockingStub(cluster.channel(at));
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
    try {
      await("the survivor to take the table over, unasked").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(20)).until(() -> survivor.equals(cluster.owner(id)));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("the lease is still " + cluster.owner(id) + "'s; survivor's log:\n"
          + ServerProcess.tail(logB, 40), e);
    }
    System.out.printf("failover: %d ms from kill -9 to the takeover, nobody asking (lease %s)%n",
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed), Cluster.LEASE);
    // The CreateTable retried at the survivor (its answer lost with the dead node): no second
    // table, the same one.
    assertThat(TableServiceGrpc.newBlockingStub(cluster.channel(survivor)).createTable(create)
        .getTable().getTableId()).isEqualTo(id);

    List<Integer> boards = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 2; i++) {
      // North's client counts the boards.
      drivers.add(cluster.play(cluster.channel(both), id, tokens.get(i),
          i == 0 ? Cluster.counting(boards) : new SeatDriver.Listener() {}));
    }
    untilBothEnd(() -> "the table did not finish on the survivor: boards " + boards
        + "; its log:\n" + ServerProcess.tail(logB, 60));
    assertThat(boards).containsExactly(1, 2);
  }
}
