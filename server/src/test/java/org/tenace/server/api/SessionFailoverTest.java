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
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.client.Channels;
import org.tenace.client.NodeChannel;
import org.tenace.client.TableStream;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.PgEventLog;
import org.tenace.server.store.TestPostgres;

/**
 * A session spans nodes: three server processes on one PostgreSQL, a session of four tables
 * whose round's tables are spread over the three, and the node that runs the session (and some
 * of its tables) killed with {@code kill -9} in the middle of a round. A survivor takes the
 * session over, hears its tables wherever they are played, opens the next round over the
 * survivors, and the session ends with the same results and hand record as the same session
 * (same seed) played on one server.
 */
class SessionFailoverTest {
  private static final String LEASE = "1500ms";
  private static final Duration AT_MOST = Duration.ofSeconds(180);
  @TempDir Path dir;
  @RegisterExtension final SessionServer alone = new SessionServer();
  private final List<Process> servers = new ArrayList<>();
  private final List<ManagedChannel> channels = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    channels.forEach(ManagedChannel::shutdownNow);
    servers.forEach(Process::destroyForcibly);
  }

  private Process node(String db, int port, Path log) throws Exception {
    Process p = ServerProcess.start(port, db, log, "--lease", LEASE,
        "--advertise", "127.0.0.1:" + port, "--robot-level", "fast");
    servers.add(p);
    return p;
  }

  private SessionServiceGrpc.SessionServiceBlockingStub at(String addresses, String token) {
    return at(channel(addresses), token);
  }

  private NodeChannel channel(String addresses) {
    ManagedChannel c = Channels.following(addresses, InsecureChannelCredentials.create());
    channels.add(c);
    return (NodeChannel) c;
  }

  private static SessionServiceGrpc.SessionServiceBlockingStub at(ManagedChannel c,
      String token) {
    return SessionServer.as(SessionServiceGrpc.newBlockingStub(c), token);
  }

  private static CreateSessionRequest session() {
    return CreateSessionRequest.newBuilder().setName("Across nodes")
        .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(4).setRounds(2)
        .setBoardsPerRound(2).setRobots(true).setDealSeed(31).build();
  }

  @Test
  @Timeout(value = 420, unit = TimeUnit.SECONDS)
  void aSessionOverThreeNodesEndsThroughItsNodesKillAsOnOneServer() throws Exception {
    String plain = TestPostgres.get().newDatabase();
    String db = plain + "?user=" + TestPostgres.USER + "&password=" + TestPostgres.PASSWORD;
    Map<String, Process> nodes = new TreeMap<>();
    Map<String, Path> logs = new TreeMap<>();
    for (String n : List.of("a", "b", "c")) {
      int port = ServerProcess.freePort();
      String address = "127.0.0.1:" + port;
      logs.put(address, dir.resolve(n + ".log"));
      nodes.put(address, node(db, port, logs.get(address)));
    }
    String first = nodes.keySet().iterator().next();
    var created = at(first, "").withDeadlineAfter(60, TimeUnit.SECONDS)
        .createSession(session());
    String id = created.getSessionId();
    at(first, created.getDirectorToken()).withDeadlineAfter(60, TimeUnit.SECONDS).startSession(
        StartSessionRequest.newBuilder().setSessionId(id).build());

    // Round 1's four tables, spread over the three nodes, each taken up by its node.
    try {
      await("round 1's tables to be played on all three nodes").atMost(Duration.ofSeconds(60))
          .until(() -> new java.util.HashSet<>(tableOwners(plain).values()).size() == 3
              && tableOwners(plain).size() == 4);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("the tables' owners: " + tableOwners(plain) + "; the logs:\n"
          + tails(logs), e);
    }
    String runner = owner(plain, "session:" + id);
    assertThat(nodes).containsKey(runner);
    assertThat(tableOwners(plain).values()).as("tables on the session's own node")
        .contains(runner);

    // A board or more scored, on several nodes, then the session's node dies mid-round.
    var watching = at(first, created.getDirectorToken());
    await("a board of round 1 to be scored").atMost(AT_MOST).until(() -> watching
        .withDeadlineAfter(30, TimeUnit.SECONDS).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build()).getStatus()
        .getBoardsFinished() >= 1);
    Map<String, String> before = tableOwners(plain);
    GetResultsResponse atKill = watching.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    nodes.get(runner).destroyForcibly();
    assertThat(nodes.get(runner).waitFor(10, TimeUnit.SECONDS)).isTrue();
    List<String> survivors = nodes.keySet().stream().filter(n -> !n.equals(runner)).toList();

    // A client that knows the survivors is sent on to whichever took the session over (and,
    // sent to the dead node before its lease ran out, moves on to the next it knows of).
    NodeChannel following = channel(String.join(",", survivors));
    var director = at(following, created.getDirectorToken());
    AtomicReference<GetResultsResponse> last = new AtomicReference<>();
    AtomicReference<String> refused = new AtomicReference<>("nothing");
    try {
      await("the session to end on the survivors").atMost(AT_MOST)
          .pollInterval(Duration.ofMillis(500)).until(() -> {
            try {
              last.set(director.withDeadlineAfter(10, TimeUnit.SECONDS).getResults(
                  GetResultsRequest.newBuilder().setSessionId(id).build()));
            } catch (io.grpc.StatusRuntimeException e) {
              refused.set(e.getStatus().getCode() + ": " + e.getStatus().getDescription()
                  + " (at " + following.current() + ")");
              if (e.getStatus().getCode() == io.grpc.Status.Code.UNAVAILABLE
                  && TableStream.movedTo(e).isEmpty()) {
                following.next(); // that node cannot be reached
              }
              return false;
            }
            return last.get().getStatus().getState() == SessionState.SESSION_STATE_FINISHED;
          });
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("the session did not end after its node was killed; it stood at "
          + (last.get() == null ? "nothing heard" : last.get().getStatus()) + " (the last "
          + "refusal: " + refused.get() + "); the tables "
          + "were at " + before + ", are at " + tableOwners(plain) + ", the session at "
          + owner(plain, "session:" + id) + "; the survivors' logs:\n" + tails(logs), e);
    }
    assertThat(survivors).contains(owner(plain, "session:" + id));
    Map<String, String> after = tableOwners(plain);
    assertThat(after).hasSize(8);
    assertThat(after.values()).as("every table on a survivor at the end")
        .allMatch(survivors::contains);
    assertThat(new java.util.HashSet<>(after.values())).as("round 2 spread over the survivors")
        .containsExactlyInAnyOrderElementsOf(survivors);

    // The same session on one server, same seed: the same results and hand record. On a
    // database of its own, so that its tables have the same ids, which seed the robots' play.
    String oneDb = TestPostgres.get().newDatabase();
    var one = alone.start(b -> TenaceServer.start(b,
        PgEventLog.open(oneDb, TestPostgres.USER, TestPostgres.PASSWORD), true));
    var made = one.createSession(session());
    var oneDirector = SessionServer.as(one, made.getDirectorToken());
    oneDirector.startSession(StartSessionRequest.newBuilder()
        .setSessionId(made.getSessionId()).build());
    SessionServer.untilEnd(oneDirector, made.getSessionId());
    GetResultsRequest clusterResults = GetResultsRequest.newBuilder().setSessionId(id).build();
    GetResultsRequest oneResults = GetResultsRequest.newBuilder()
        .setSessionId(made.getSessionId()).build();
    GetResultsResponse cluster = director.getResults(clusterResults);
    GetResultsResponse single = oneDirector.getResults(oneResults);
    // Every board of the movement once, at its table, by its pairs, with the same deal.
    assertThat(SessionServer.played(cluster)).isEqualTo(SessionServer.played(single));
    assertThat(deals(cluster.getPbn())).isEqualTo(deals(single.getPbn()));
    SessionServer.assertChecks(cluster.getPbn());
    // The boards in play at the killed node's tables when it died: their robots play them on at
    // a survivor, from the table's snapshot, as they would have on one server.
    java.util.Set<String> scoredBefore = new java.util.HashSet<>(SessionServer.played(atKill));
    List<String> roundOne = atKill.getStatus().getPlan(0).getTableIdsList();
    java.util.Set<Integer> cut = new java.util.TreeSet<>();
    for (String line : SessionServer.played(cluster)) {
      int table = Integer.parseInt(line.substring(line.indexOf('/') + 1, line.indexOf(':')));
      boolean roundOneAtTheDead = line.contains("@1/")
          && runner.equals(before.get(roundOne.get(table - 1)));
      if (roundOneAtTheDead && !scoredBefore.contains(line)) {
        cut.add(Integer.parseInt(line.substring(0, line.indexOf('@'))));
      }
    }
    System.out.printf("session across nodes: boards %s were in play at the killed node's "
        + "tables%n", cut);
    // Every board's traveller, the ranking and the hand record (with each board's play) are
    // those of the same session on one server.
    String resumed = "boards " + cut + " were in play at the killed node's tables";
    assertThat(cluster.getTravellersList()).as("the travellers; " + resumed)
        .isEqualTo(single.getTravellersList());
    assertThat(cluster.getRankingList()).as("the ranking; " + resumed)
        .isEqualTo(single.getRankingList());
    // The hand records carry each deal's double-dummy table once solved, on each server in its
    // own time: equal once both have them all.
    await("the two hand records to be the same").atMost(AT_MOST).untilAsserted(() ->
        assertThat(director.getResults(clusterResults).getPbn()).as("the hand record; " + resumed)
            .isEqualTo(oneDirector.getResults(oneResults).getPbn()));
  }

  /** The [Deal] tags of a hand record, in order. */
  private static List<String> deals(String pbn) {
    return pbn.lines().filter(l -> l.startsWith("[Deal ")).toList();
  }

  /** Every table's lease: its id, the node that holds it. */
  private static Map<String, String> tableOwners(String url) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (Connection c = DriverManager.getConnection(url, TestPostgres.USER,
            TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement(
            "SELECT table_id, owner FROM table_lease WHERE table_id NOT LIKE 'session:%'");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }

  /** The node that holds {@code id}'s lease now. */
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

  private static String tails(Map<String, Path> logs) {
    StringBuilder b = new StringBuilder();
    logs.forEach((node, log) -> b.append("--- ").append(node).append('\n')
        .append(ServerProcess.tail(log, 80)).append('\n'));
    return b.toString();
  }
}
