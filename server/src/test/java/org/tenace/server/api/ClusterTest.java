package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.client.Channels;
import org.tenace.client.NodeChannel;
import org.tenace.client.SeatDriver;
import org.tenace.client.TableStream;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.robot.house.HouseRobot;
import org.tenace.server.application.ServerLimits;

/**
 * Two servers in this JVM on loopback, sharing one PostgreSQL: a table is played on the server
 * that owns it, the other sends its clients there (TABLE_MOVED with the owner's address), and
 * the client library's channel follows; when the owner stops, the other takes the table over and
 * the clients and robots carry on there.
 */
class ClusterTest {
  private static final Duration AT_MOST = Duration.ofSeconds(60);
  @RegisterExtension final Cluster cluster = new Cluster();

  /** A table of {@code boards} boards with robots in three seats, created at {@code address}. */
  private static String[] robotTable(ManagedChannel at, int boards) {
    var stub = TableServiceGrpc.newBlockingStub(at);
    var created = stub.createTable(CreateTableRequest.newBuilder().setName("cluster")
        .setSettings(TableSettings.newBuilder().setBoardCount(boards)).setDealSeed(5)
        .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();
    String token = stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
        .setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH).setName("remote").build()).getToken();
    return new String[] {id, token};
  }

  @Test
  void anotherNodeSendsTheClientToTheTablesOwnerAndTheClientFollows() throws Exception {
    List<TenaceServer> nodes = cluster.nodes(2);
    String a = Cluster.address(nodes.get(0));
    String b = Cluster.address(nodes.get(1));
    String[] table = robotTable(cluster.channel(a), 2);
    // Ids are the database's: a table created on the other node has another one.
    String other = robotTable(cluster.channel(b), 1)[0];
    assertThat(other).isNotEqualTo(table[0]);
    // Every node lists every open table: its own from memory, the others' as they published.
    for (String at : List.of(a, b)) {
      await("the table list at " + at + " to show both nodes' tables").atMost(AT_MOST)
          .untilAsserted(() -> assertThat(TableServiceGrpc.newBlockingStub(cluster.channel(at))
              .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
              .getTablesList()).extracting(org.tenace.proto.v1.TableInfo::getTableId)
              .containsExactly(table[0], other));
    }

    // The server's answer as it is sent, on a plain channel that follows nothing.
    ManagedChannel plain = cluster.keep(io.grpc.Grpc.newChannelBuilder(b,
        InsecureChannelCredentials.create()).build());
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(plain).joinTable(
        JoinTableRequest.newBuilder().setTableId(table[0]).setRole(Role.ROLE_KIBITZER).build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
          assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
          assertThat(e.getStatus().getDescription()).startsWith("TABLE_MOVED");
          assertThat(TableStream.movedTo(e)).contains(a);
        });

    // A client that knows only the other node is sent to the owner and plays there.
    NodeChannel following = cluster.channel(b);
    List<Integer> boards = new CopyOnWriteArrayList<>();
    SeatDriver d = cluster.play(following, table[0], table[1], Cluster.counting(boards));
    assertThat(d.done().get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS))
        .isEqualTo("the table closed");
    assertThat(boards).containsExactly(1, 2);
    assertThat(following.current()).isEqualTo(a);
  }

  /**
   * What the terminal client, the bots and the benchmark do with one --server: a channel to one
   * node, the one that owns neither table here. Its join and its commands are sent on to each
   * table's owner, and one channel plays two tables on two nodes at once.
   */
  @Test
  void aClientGivenOnlyOneNodeJoinsAndPlaysEachTableAtItsOwner() throws Exception {
    List<String> nodes = cluster.nodes(3).stream().map(Cluster::address).toList();
    String a = nodes.get(0);
    String b = nodes.get(1);
    String c = nodes.get(2);
    List<String[]> tables = List.of(robotTable(cluster.channel(a), 2),
        robotTable(cluster.channel(b), 2));
    String onA = tables.get(0)[0];
    String onB = tables.get(1)[0];
    ManagedChannel only = cluster.keep(Channels.open(c, InsecureChannelCredentials.create()));
    var stub = TableServiceGrpc.newBlockingStub(only);
    List<List<Integer>> boards = List.of(new CopyOnWriteArrayList<>(),
        new CopyOnWriteArrayList<>());
    List<SeatDriver> played = new ArrayList<>();
    List<String> ids = List.of(onA, onB);
    for (int i = 0; i < 2; i++) {
      assertThat(stub.joinTable(JoinTableRequest.newBuilder().setTableId(ids.get(i))
          .setRole(Role.ROLE_KIBITZER).setName("watching").build()).getToken())
          .as("a kibitzer's token at %s, asked of the node that does not own it", ids.get(i))
          .isNotEmpty();
      played.add(cluster.play(only, ids.get(i), tables.get(i)[1],
          Cluster.counting(boards.get(i))));
    }
    for (int i = 0; i < 2; i++) {
      String id = ids.get(i);
      List<Integer> its = boards.get(i);
      assertThat(Cluster.end(played.get(i), AT_MOST, () -> "table " + id + " did not finish: "
          + "boards " + its + ", its calls go to " + ((NodeChannel) only).at(id)))
          .isEqualTo("the table closed");
      assertThat(boards.get(i)).containsExactly(1, 2);
    }
    assertThat(((NodeChannel) only).at(onA)).isEqualTo(a);
    assertThat(((NodeChannel) only).at(onB)).isEqualTo(b);
  }

  @Test
  void whenTheOwnerStopsTheOtherTakesTheTableOverAndItsRobotsAndClientsCarryOn()
      throws Exception {
    Playing p = firstBoardPlayed(true);
    p.first().close(); // a rolling upgrade: its leases are handed back as it stops
    // Every board once, in order, across the move; the robots sat down again on the new owner.
    p.playsToTheEndAtTheSecond();
    assertThat(p.second().tables().find(p.table())).isPresent();
    var metrics = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    ServerMetrics.register(metrics, p.second());
    assertThat(metrics.get("tenace.cluster.takeovers").functionCounter().count()).isEqualTo(1);
    assertThat(metrics.get("tenace.cluster.leases").gauge().value()).isGreaterThanOrEqualTo(1);
  }

  /**
   * A node of a cluster plays a takeover through once as it starts, off the record: a board on
   * a server and a log of its own, read back by a second; the cluster sees no table of it.
   */
  @Test
  void aNodeRehearsesATakeoverAsItStartsAndTheClusterSeesNothingOfIt() throws Exception {
    TenaceServer node = cluster.nodes(1).get(0);
    Rehearsal.Done done;
    try {
      done = node.rehearsed().get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the node's rehearsal did not end; its threads wait for: "
          + Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
          .filter(n -> n.contains("rehearsal")).toList(), e);
    }
    assertThat(done.events()).as("events played and read back").isGreaterThan(40);
    assertThat(TableServiceGrpc.newBlockingStub(cluster.channel(Cluster.address(node)))
        .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList())
        .isEmpty();
    assertThat(node.store().list()).isEmpty();
  }

  /**
   * The robots of a table taken over sit down after the takeover, not within it: a client whose
   * call takes the table over (or who asks while the reaper takes it) is answered at once, even
   * while the new owner is still making the table's robots (a node's first robots load their
   * code: seconds on a busy machine, the client waiting all along, as FailoverTest measured).
   */
  @Test
  void aClientIsAnsweredByTheNewOwnerBeforeItsRobotsSitDown() throws Exception {
    TenaceServer first = cluster.nodes(1).get(0);
    int portB = ServerProcess.freePort();
    java.util.concurrent.CountDownLatch robotsMayCome = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger robotsAsked =
        new java.util.concurrent.atomic.AtomicInteger();
    String b = Cluster.address(portB);
    // A long lease: this node may not reap for a minute, so the client's call is what takes
    // the table over (its lease handed back), not the reaper before it.
    cluster.node(portB, Duration.ofSeconds(60), (builder, store) -> TenaceServer.start(builder,
        store, ServerLimits.NONE, Duration.ZERO, () -> {
          robotsAsked.incrementAndGet();
          try {
            robotsMayCome.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new HouseRobot();
        }));
    try {
      String[] table = robotTable(cluster.channel(Cluster.address(first)), 1);
      first.close(); // its leases handed back: the second node takes the table on first use
      var stub = TableServiceGrpc.newBlockingStub(cluster.channel(b))
          .withDeadlineAfter(30, java.util.concurrent.TimeUnit.SECONDS);
      org.tenace.proto.v1.JoinTableResponse joined;
      try {
        joined = stub.joinTable(JoinTableRequest.newBuilder().setTableId(table[0])
            .setRole(Role.ROLE_KIBITZER).setName("watching").build());
      } catch (StatusRuntimeException e) {
        throw new AssertionError("the client's join waited for the new owner, which was making "
            + "the table's robots (" + robotsAsked.get() + " asked for): " + e.getStatus(), e);
      }
      assertThat(joined.getToken()).isNotEmpty();
      await("the new owner to start making the table's robots").atMost(AT_MOST)
          .until(() -> robotsAsked.get() > 0);
      assertThat(robotsMayCome.getCount()).as("the robots were still being made").isOne();
    } finally {
      robotsMayCome.countDown();
    }
  }

  @Test
  void aFencedOwnerDropsTheTableAndItsClientsFollowItToTheNewOwner() throws Exception {
    Playing p = firstBoardPlayed(false);
    // The second node takes the lease while the first still plays (as after the first was
    // paused past its lease): the first's next append is fenced.
    assertThat(cluster.update("UPDATE table_lease SET owner = ?, epoch = epoch + 1 "
        + "WHERE table_id = ?", Cluster.address(p.second()), p.table())).isEqualTo(1);
    p.playsToTheEndAtTheSecond();
    assertThat(p.first().tables().find(p.table())).as("dropped by the fenced node").isEmpty();
    var metrics = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    ServerMetrics.register(metrics, p.first());
    assertThat(metrics.get("tenace.cluster.fenced.appends").functionCounter().count())
        .isGreaterThanOrEqualTo(1);
    assertThat(p.second().tables().find(p.table())).isPresent();
  }

  /**
   * Two nodes, a table of three boards on the first and South's client playing it there, over a
   * channel that knows the first node ({@code bothNodes}: and the second).
   */
  private record Playing(TenaceServer first, TenaceServer second, String table,
      NodeChannel channel, List<Integer> boards, SeatDriver south) {
    /**
     * South's client ends as the table closes, every board played once, in order, and its
     * channel at the second node.
     */
    void playsToTheEndAtTheSecond() throws Exception {
      String second = Cluster.address(second());
      assertThat(Cluster.end(south, AT_MOST, () -> "the table did not finish on the node at "
          + second + ": boards " + boards + ", at " + channel.current()))
          .isEqualTo("the table closed");
      assertThat(boards).containsExactly(1, 2, 3);
      assertThat(channel.current()).isEqualTo(second);
    }
  }

  /** {@link Playing}, once the first board has been played on the first node. */
  private Playing firstBoardPlayed(boolean bothNodes) throws Exception {
    List<TenaceServer> nodes = cluster.nodes(2);
    String a = Cluster.address(nodes.get(0));
    String[] table = robotTable(cluster.channel(a), 3);
    NodeChannel channel = cluster.channel(bothNodes ? a + "," + Cluster.address(nodes.get(1))
        : a);
    List<Integer> boards = new CopyOnWriteArrayList<>();
    SeatDriver d = cluster.play(channel, table[0], table[1], Cluster.counting(boards));
    await("the first board to be played on the first node").atMost(AT_MOST)
        .until(() -> !boards.isEmpty());
    return new Playing(nodes.get(0), nodes.get(1), table[0], channel, boards, d);
  }

  /**
   * CreateTable's request_id holds across nodes: the same request retried on another node, while
   * the first plays the table and again after it stopped, makes no second table.
   */
  @Test
  void aCreateTableRetriedOnAnotherNodeAfterAFailoverMakesNoSecondTable() throws Exception {
    List<TenaceServer> nodes = cluster.nodes(2);
    String a = Cluster.address(nodes.get(0));
    String b = Cluster.address(nodes.get(1));
    CreateTableRequest create = CreateTableRequest.newBuilder().setName("retried")
        .setSettings(TableSettings.newBuilder().setBoardCount(1)).setDealSeed(7)
        .addRobotSeats(Seat.SEAT_NORTH).setRequestId("create-once").build();
    var made = TableServiceGrpc.newBlockingStub(cluster.channel(a)).createTable(create);
    String id = made.getTable().getTableId();
    // Its answer lost, the client tries the other node: sent on to the table's owner.
    assertThat(TableServiceGrpc.newBlockingStub(cluster.channel(b)).createTable(create).getTable()
        .getTableId()).as("the retry while the first node plays the table").isEqualTo(id);
    nodes.get(0).close(); // the first node goes; the second takes its tables over
    var retried = TableServiceGrpc.newBlockingStub(cluster.channel(b)).createTable(create);
    assertThat(retried.getTable().getTableId()).as("the retry after the failover").isEqualTo(id);
    assertThat(retried.getDirectorToken()).isEqualTo(made.getDirectorToken());
    assertThat(nodes.get(1).tables().all()).extracting(e -> e.shell().id()).containsExactly(id);
  }

  /**
   * A token of a table on one node, used at a table on another, is told apart from a forged one
   * there too: the token index is in the database.
   */
  @Test
  void aTokenOfAnotherNodesTableIsRefusedAsTheWrongTable() throws Exception {
    List<String> nodes = cluster.nodes(2).stream().map(Cluster::address).toList();
    String[] onA = robotTable(cluster.channel(nodes.get(0)), 1);
    String onB = robotTable(cluster.channel(nodes.get(1)), 1)[0];
    var atB = TableServiceGrpc.newBlockingStub(cluster.channel(nodes.get(1)))
        .withInterceptors(org.tenace.client.Bearer.of(onA[1]));
    await("the first node's token to be refused at the second's table as another table's")
        .atMost(AT_MOST).untilAsserted(() -> assertThatThrownBy(() -> atB.markReady(
            org.tenace.proto.v1.MarkReadyRequest.newBuilder().setTableId(onB).build()))
            .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
              assertThat(e.getStatus().getDescription())
                  .isEqualTo("WRONG_TABLE: the token belongs to another table");
            }));
  }

  @Test
  void sessionsCreatedOnTwoNodesHaveIdsOfTheirOwn() throws Exception {
    List<String> ids = createSessions(cluster.nodes(2));
    assertThat(ids.get(0)).isNotEqualTo(ids.get(1));
  }

  /**
   * A session's round is spread over three nodes; its director, at the session's node, stops the
   * session: every table of the round closes, on whichever node it was played (the session's
   * node takes each from its owner, whose players it sends there at its next heartbeat).
   */
  @Test
  void aDirectorsActionReachesTheSessionsTablesOnTheOtherNodes() throws Exception {
    List<String> nodes = cluster.nodes(3).stream().map(Cluster::address).toList();
    String a = nodes.get(0);
    var sessions = org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(cluster.channel(a));
    var created = sessions.createSession(org.tenace.proto.v1.CreateSessionRequest.newBuilder()
        .setName("spread").setMovement(org.tenace.proto.v1.MovementType.MOVEMENT_TYPE_MITCHELL)
        .setTables(3).setRounds(3).setBoardsPerRound(2).setDealSeed(7).build());
    String id = created.getSessionId();
    // People in every seat, who never play: the tables wait, open, until the director acts.
    for (int pair = 1; pair <= 6; pair++) {
      for (Seat seat : List.of(Seat.SEAT_NORTH, Seat.SEAT_SOUTH)) {
        sessions.joinSession(org.tenace.proto.v1.JoinSessionRequest.newBuilder()
            .setSessionId(id).setPair(pair).setName("p" + pair + seat.name().substring(5, 6))
            .setSeat(seat).build());
      }
    }
    var director = sessions.withInterceptors(org.tenace.client.Bearer.of(
        created.getDirectorToken()));
    director.startSession(org.tenace.proto.v1.StartSessionRequest.newBuilder()
        .setSessionId(id).build());
    String prefix = "Session " + id + " round 1 table ";
    var listA = TableServiceGrpc.newBlockingStub(cluster.channel(a));
    List<String> round = new ArrayList<>();
    await("the session's node listing round 1's three tables (the other nodes publish theirs "
        + "every second)").atMost(AT_MOST).untilAsserted(() -> {
          round.clear();
          listA.listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
              .getTablesList().stream().filter(t -> t.getName().startsWith(prefix))
              .forEach(t -> round.add(t.getTableId()));
          assertThat(round).hasSize(3);
        });
    assertThat(owners(round)).as("round 1's tables spread over the nodes").hasSize(3);

    director.abortSession(org.tenace.proto.v1.AbortSessionRequest.newBuilder()
        .setSessionId(id).build());

    for (String node : nodes) {
      var list = TableServiceGrpc.newBlockingStub(cluster.channel(node));
      await("node " + node + " listing none of round 1's tables as still open after the "
          + "director stopped the session").atMost(AT_MOST).untilAsserted(() ->
          assertThat(list.listTables(org.tenace.proto.v1.ListTablesRequest
              .getDefaultInstance()).getTablesList())
              .filteredOn(t -> t.getName().startsWith(prefix))
              .allSatisfy(t -> assertThat(t.getStatus()).as(t.getName())
                  .isEqualTo(org.tenace.proto.v1.TableStatus.TABLE_STATUS_CLOSED)));
    }
    assertThat(owners(round)).as("every table now at the session's node")
        .containsExactly(a);
  }

  /** The nodes that hold the leases of {@code tables} now. */
  private java.util.Set<String> owners(List<String> tables) throws java.sql.SQLException {
    java.util.Set<String> owners = new java.util.TreeSet<>();
    cluster.owners().forEach((id, owner) -> {
      if (tables.contains(id)) {
        owners.add(owner);
      }
    });
    return owners;
  }

  /** A session of robots created at each of {@code nodes}: their ids. */
  private List<String> createSessions(List<TenaceServer> nodes) {
    List<String> ids = new ArrayList<>();
    for (TenaceServer node : nodes) {
      ids.add(org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(
          cluster.channel(Cluster.address(node)))
          .createSession(org.tenace.proto.v1.CreateSessionRequest.newBuilder()
              .setName("on " + node.port())
              .setMovement(org.tenace.proto.v1.MovementType.MOVEMENT_TYPE_HOWELL).setTables(3)
              .setRounds(3).setBoardsPerRound(2).setRobots(true).build()).getSessionId());
    }
    return ids;
  }

  @Test
  void listSessionsOnAnyNodeListsEveryNodesSessions() throws Exception {
    List<TenaceServer> nodes = cluster.nodes(3);
    List<String> ids = createSessions(nodes.subList(0, 2));

    for (TenaceServer node : nodes) {
      var stub = org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(
          cluster.channel(Cluster.address(node)));
      await("node " + node.port() + " listing the sessions made on the first two nodes (each node "
          + "publishes its own every second)").atMost(AT_MOST).untilAsserted(() ->
          assertThat(stub.listSessions(org.tenace.proto.v1.ListSessionsRequest
              .getDefaultInstance()).getSessionsList())
              .extracting(org.tenace.proto.v1.SessionSummary::getSessionId)
              .containsExactlyInAnyOrderElementsOf(ids));
    }
    // The table lists show no session among the tables.
    assertThat(TableServiceGrpc.newBlockingStub(cluster.channel(Cluster.address(nodes.get(2))))
        .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList())
        .isEmpty();
  }
}
