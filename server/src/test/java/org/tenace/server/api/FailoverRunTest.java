package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
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
 * The failover run of issue 32: three server processes on loopback, one PostgreSQL, sixteen
 * tables at full speed (the server's robots East and West, two scripted gRPC players North and
 * South, each over a channel that knows the three nodes). One node is killed with {@code kill
 * -9}; once its tables have moved, another is stopped (SIGSTOP) for ten seconds and let go
 * (SIGCONT). Every table finishes its boards on a survivor, every sequence of its log once and
 * in order (each written under an epoch no older than the one before), the stopped node's late
 * appends are fenced (its metrics count them), and every client ends at its table's owner. It
 * prints the time from the kill, and from the stop, to the first action accepted on a table
 * that moved.
 */
class FailoverRunTest {
  private static final int TABLES = 16;
  private static final int BOARDS = 6;
  private static final Duration AT_MOST = Duration.ofSeconds(240);
  @TempDir Path dir;
  @RegisterExtension final Cluster cluster = new Cluster();
  private final List<SeatDriver> drivers = new ArrayList<>();

  @Test
  @Timeout(value = 420, unit = TimeUnit.SECONDS)
  void sixteenTablesOnThreeNodesFinishThroughAKillAndAPause() throws Exception {
    Map<String, Process> nodes = new LinkedHashMap<>();
    Map<String, Integer> metrics = new LinkedHashMap<>();
    for (String n : List.of("a", "b", "c")) {
      int port = ServerProcess.freePort();
      int metricsPort = ServerProcess.freePort();
      String address = Cluster.address(port);
      nodes.put(address, cluster.process(port, dir.resolve(n + ".log"), "--metrics-port",
          String.valueOf(metricsPort)));
      metrics.put(address, metricsPort);
    }
    List<String> addresses = new ArrayList<>(nodes.keySet());
    String all = String.join(",", addresses);

    // Sixteen tables, made on the three nodes in turn; two scripted players at each.
    Map<String, String> made = new LinkedHashMap<>(); // table id -> node it was made on
    Map<String, NodeChannel> clientOf = new LinkedHashMap<>();
    Map<String, AtomicLong> seen = new ConcurrentHashMap<>(); // highest sequence, by table
    Map<String, AtomicInteger> boards = new ConcurrentHashMap<>();
    AtomicLong cut = new AtomicLong(); // nanoTime of the kill, then of the stop
    Map<String, Long> seenAtCut = new ConcurrentHashMap<>();
    Map<String, Long> firstAfterCut = new ConcurrentHashMap<>();
    for (int i = 0; i < TABLES; i++) {
      String node = addresses.get(i % addresses.size());
      var stub = TableServiceGrpc.newBlockingStub(cluster.channel(node))
          .withDeadlineAfter(60, TimeUnit.SECONDS);
      String id = stub.createTable(CreateTableRequest.newBuilder().setName("run " + i)
          .setSettings(TableSettings.newBuilder().setBoardCount(BOARDS)).setDealSeed(100 + i)
          .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST).build())
          .getTable().getTableId();
      made.put(id, node);
      seen.put(id, new AtomicLong());
      boards.put(id, new AtomicInteger());
      for (Seat seat : List.of(Seat.SEAT_NORTH, Seat.SEAT_SOUTH)) {
        NodeChannel c = cluster.channel(node + "," + all);
        String token = TableServiceGrpc.newBlockingStub(c).withDeadlineAfter(60, TimeUnit.SECONDS)
            .joinTable(JoinTableRequest.newBuilder().setTableId(id).setRole(Role.ROLE_PLAYER)
                .setSeat(seat).setName("p" + seat.getNumber()).build()).getToken();
        boolean north = seat == Seat.SEAT_NORTH;
        if (north) {
          clientOf.put(id, c);
        }
        drivers.add(cluster.play(c, id, token, new SeatDriver.Listener() {
          @Override
          public void boardCompleted(BoardCompleted b) {
            if (north) {
              boards.get(id).incrementAndGet();
            }
          }

          @Override
          public void received(WatchTableResponse m) {
            long s = m.hasSnapshot() ? m.getSnapshot().getSequence()
                : m.getEvent().getSequence();
            seen.get(id).accumulateAndGet(s, Math::max);
            Long at = seenAtCut.get(id);
            if (at != null && s > at) {
              firstAfterCut.putIfAbsent(id, System.nanoTime());
            }
          }
        }));
      }
    }

    await("a board played at every table").atMost(AT_MOST)
        .until(() -> boards.values().stream().allMatch(b -> b.get() >= 1));
    String killed = addresses.get(0);
    List<String> onKilled = tablesOf(killed);
    onKilled.removeIf(id -> boards.get(id).get() >= BOARDS);
    for (String id : onKilled) {
      seenAtCut.put(id, seen.get(id).get());
    }
    Map<String, Long> epochsAtKill = cluster.epochs();
    long killedAtMillis = System.currentTimeMillis();
    nodes.get(killed).destroyForcibly(); // SIGKILL: no lease handed back, no stream told
    cut.set(System.nanoTime());
    assertThat(nodes.get(killed).waitFor(10, TimeUnit.SECONDS)).isTrue();
    try {
      await("the killed node's tables to be taken over").atMost(AT_MOST)
          .until(() -> onKilled.stream().allMatch(firstAfterCut::containsKey));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("after the kill, the tables " + onKilled + " moved to "
          + cluster.owners() + "; the clients saw " + seen + "\n" + cluster.tails(30), e);
    }

    // The second node stops for ten seconds: its tables are taken over by the third, and its
    // appends after it runs again are fenced.
    String paused = addresses.get(1);
    List<String> onPaused = tablesOf(paused);
    onPaused.removeIf(id -> boards.get(id).get() >= BOARDS);
    for (String id : onPaused) {
      seenAtCut.put(id, seen.get(id).get());
      firstAfterCut.remove(id);
    }
    Map<String, Long> epochsAtStop = cluster.epochs();
    long stoppedAtMillis = System.currentTimeMillis();
    Cluster.signal(nodes.get(paused), "STOP");
    long stoppedAt = System.nanoTime();
    // Its players wait on its streams, which a stopped process neither ends nor serves: they
    // move when it runs again and finds its tables another's.
    await("ten seconds of the pause and its tables taken over").atMost(AT_MOST)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> System.nanoTime() - stoppedAt >= TimeUnit.SECONDS.toNanos(10)
            && onPaused.stream().noneMatch(openTablesOf(paused)::contains));
    Cluster.signal(nodes.get(paused), "CONT");
    try {
      await("the paused node's tables to go on at the new owner").atMost(AT_MOST)
          .until(() -> onPaused.stream().allMatch(id -> firstAfterCut.containsKey(id)
              || boards.get(id).get() >= BOARDS));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("after the pause, the tables " + onPaused + " are at "
          + cluster.owners() + "; the clients saw " + seen + "\n" + cluster.tails(30), e);
    }

    for (SeatDriver d : drivers) {
      assertThat(Cluster.end(d, AT_MOST, () -> "a table did not finish: boards " + boards + "\n"
          + cluster.tails(30))).isEqualTo("the table closed");
    }
    assertThat(boards.values()).allMatch(b -> b.get() == BOARDS);

    // The stopped node's appends after it ran again were refused: its metrics count them.
    String scrape = await("the paused node's fenced appends in its metrics").atMost(AT_MOST)
        .until(() -> scrape(metrics.get(paused)), m -> fenced(m) >= 1);
    long fencedAppends = fenced(scrape);

    // Every table's log: sequences 1..n once, the epochs never going back; its last owner a
    // survivor, where its client's calls go.
    Map<String, String> owners = cluster.owners();
    List<String> survivors = List.of(addresses.get(1), addresses.get(2));
    for (String id : made.keySet()) {
      List<long[]> rows = cluster.log(id);
      for (int i = 0; i < rows.size(); i++) {
        assertThat(rows.get(i)[0]).as("table %s: seq at row %d", id, i).isEqualTo(i + 1);
        if (i > 0) {
          assertThat(rows.get(i)[1]).as("table %s: epoch at seq %d", id, i + 1)
              .isGreaterThanOrEqualTo(rows.get(i - 1)[1]);
        }
      }
      assertThat((long) rows.size()).as("table %s: every action a client saw", id)
          .isGreaterThanOrEqualTo(seen.get(id).get());
      assertThat(survivors).as("table %s's owner", id).contains(owners.get(id));
      assertThat(clientOf.get(id).at(id)).as("table %s's client", id).isEqualTo(owners.get(id));
    }
    // The first action the new owner accepted on each moved table: its first event under a
    // newer epoch, stamped by the server's clock (this machine's).
    List<Long> afterKill = new ArrayList<>();
    for (String id : onKilled) {
      afterKill.add(firstUnderANewEpoch(id, epochsAtKill.get(id)) - killedAtMillis);
    }
    List<Long> afterPause = new ArrayList<>();
    for (String id : onPaused) {
      long at = firstUnderANewEpoch(id, epochsAtStop.get(id));
      if (at > 0) {
        afterPause.add(at - stoppedAtMillis);
      }
    }
    long firstAfterKill = java.util.Collections.min(afterKill);
    long lastAfterKill = java.util.Collections.max(afterKill);
    long firstAfterPause = afterPause.isEmpty() ? -1 : java.util.Collections.min(afterPause);
    long lastAfterPause = afterPause.isEmpty() ? -1 : java.util.Collections.max(afterPause);
    System.out.printf("failover run: %d tables of %d boards on 3 nodes (lease %s); kill -9 of "
        + "%s moved %d tables, the first action on one %d ms after the kill, on the last %d ms "
        + "after; SIGSTOP of %s for 10 s moved %d, the first action on one %d ms after the "
        + "stop, on the last %d ms after (its players moved at SIGCONT); %d of its appends "
        + "fenced after SIGCONT%n", TABLES, BOARDS, Cluster.LEASE, killed, onKilled.size(),
        firstAfterKill, lastAfterKill, paused, onPaused.size(), firstAfterPause, lastAfterPause,
        fencedAppends);
  }

  private static String scrape(int port) {
    try {
      return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(10))
          .build(), HttpResponse.BodyHandlers.ofString()).body();
    } catch (Exception e) {
      return "";
    }
  }

  private static long fenced(String metrics) {
    return metrics.lines().filter(l -> l.startsWith("tenace_cluster_fenced_appends_total"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
  }

  /** The tables {@code node} holds the leases of now. */
  private List<String> tablesOf(String node) throws Exception {
    List<String> out = new ArrayList<>();
    cluster.owners().forEach((id, owner) -> {
      if (owner.equals(node)) {
        out.add(id);
      }
    });
    return out;
  }

  /**
   * The tables still open whose leases {@code node} holds now: a table that ended its last board
   * just before the pause, before its players saw it, stays the paused node's (a closed table is
   * not taken over).
   */
  private List<String> openTablesOf(String node) throws Exception {
    List<String> out = new ArrayList<>();
    cluster.query("SELECT l.table_id FROM table_lease l LEFT JOIN table_listing t"
        + " ON t.table_id = l.table_id WHERE l.owner = ? AND (t.open IS NULL OR t.open)",
        rs -> out.add(rs.getString(1)), node);
    return out;
  }

  /** When table {@code id}'s first event under an epoch after {@code epoch} was recorded; 0. */
  private long firstUnderANewEpoch(String id, long epoch) throws Exception {
    long[] at = new long[1];
    cluster.query("SELECT COALESCE(min(recorded_at), 0) FROM table_event WHERE table_id = ? "
        + "AND epoch > ?", rs -> at[0] = rs.getLong(1), id, epoch);
    return at[0];
  }
}
