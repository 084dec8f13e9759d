package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
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
  private static final Duration AT_MOST = Duration.ofSeconds(180);
  @TempDir Path dir;
  @RegisterExtension final SessionServer alone = new SessionServer();
  @RegisterExtension final Cluster cluster = new Cluster();

  private SessionServiceGrpc.SessionServiceBlockingStub at(String addresses, String token) {
    return at(cluster.channel(addresses), token);
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
    Map<String, Process> nodes = new TreeMap<>();
    for (String n : List.of("a", "b", "c")) {
      int port = ServerProcess.freePort();
      nodes.put(Cluster.address(port), cluster.process(port, dir.resolve(n + ".log")));
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
          .until(() -> new java.util.HashSet<>(tableOwners().values()).size() == 3
              && tableOwners().size() == 4);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("the tables' owners: " + tableOwners() + "; the logs:\n"
          + cluster.tails(80), e);
    }
    String runner = cluster.owner("session:" + id);
    assertThat(nodes).containsKey(runner);
    assertThat(tableOwners().values()).as("tables on the session's own node")
        .contains(runner);

    // A board or more scored, on several nodes, then the session's node dies mid-round.
    var watching = at(first, created.getDirectorToken());
    await("a board of round 1 to be scored").atMost(AT_MOST).until(() -> watching
        .withDeadlineAfter(30, TimeUnit.SECONDS).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build()).getStatus()
        .getBoardsFinished() >= 1);
    Map<String, String> before = tableOwners();
    GetResultsResponse atKill = watching.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    nodes.get(runner).destroyForcibly();
    assertThat(nodes.get(runner).waitFor(10, TimeUnit.SECONDS)).isTrue();
    List<String> survivors = nodes.keySet().stream().filter(n -> !n.equals(runner)).toList();

    // A client that knows the survivors is sent on to whichever took the session over (and,
    // sent to the dead node before its lease ran out, moves on to the next it knows of).
    NodeChannel following = cluster.channel(String.join(",", survivors));
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
          + "were at " + before + ", are at " + tableOwners() + ", the session at "
          + cluster.owner("session:" + id) + "; the survivors' logs:\n" + cluster.tails(80), e);
    }
    assertThat(survivors).contains(cluster.owner("session:" + id));
    Map<String, String> after = tableOwners();
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

  /** Every table's lease (the sessions' left out): its id, the node that holds it. */
  private Map<String, String> tableOwners() throws java.sql.SQLException {
    Map<String, String> out = cluster.owners();
    out.keySet().removeIf(id -> id.startsWith("session:"));
    return out;
  }
}
