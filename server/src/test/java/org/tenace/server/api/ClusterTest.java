package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.client.Channels;
import org.tenace.client.NodeChannel;
import org.tenace.client.SeatDriver;
import org.tenace.client.TableStream;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.PgEventLog;
import org.tenace.server.store.TestPostgres;

/**
 * Two servers in this JVM on loopback, sharing one PostgreSQL: a table is played on the server
 * that owns it, the other sends its clients there (TABLE_MOVED with the owner's address), and
 * the client library's channel follows; when the owner stops, the other takes the table over and
 * the clients and robots carry on there.
 */
class ClusterTest {
  private static final Duration AT_MOST = Duration.ofSeconds(60);
  private final List<TenaceServer> servers = new ArrayList<>();
  private final List<ManagedChannel> channels = new ArrayList<>();
  private final List<SeatDriver> drivers = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    drivers.forEach(SeatDriver::close);
    channels.forEach(ManagedChannel::shutdownNow);
    servers.forEach(TenaceServer::close);
  }

  /** A server on loopback {@code port} as node 127.0.0.1:port of the database at {@code url}. */
  private TenaceServer node(String url, int port) {
    String address = "127.0.0.1:" + port;
    PgEventLog store = PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
        new PgEventLog.Node(address, address, Duration.ofSeconds(2)));
    TenaceServer s = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port)), store, true);
    servers.add(s);
    return s;
  }

  private ManagedChannel channel(String addresses) {
    ManagedChannel c = Channels.following(addresses, InsecureChannelCredentials.create());
    channels.add(c);
    return c;
  }

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

  private SeatDriver south(ManagedChannel channel, String id, String token,
      List<Integer> boards) {
    SeatDriver d = new SeatDriver(channel, id, token, new RobotPlayer(new HouseRobot()),
        new SeatDriver.Listener() {
          @Override
          public void boardCompleted(BoardCompleted b) {
            boards.add(b.getResult().getBoardNumber());
          }
        });
    drivers.add(d);
    return d.start();
  }

  @Test
  void anotherNodeSendsTheClientToTheTablesOwnerAndTheClientFollows() throws Exception {
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    node(url, portA);
    node(url, portB);
    String a = "127.0.0.1:" + portA;
    String b = "127.0.0.1:" + portB;
    String[] table = robotTable(channel(a), 2);
    // Ids are the database's: a table created on the other node has another one.
    String other = robotTable(channel(b), 1)[0];
    assertThat(other).isNotEqualTo(table[0]);
    // Every node lists every open table: its own from memory, the others' as they published.
    for (String at : List.of(a, b)) {
      await("the table list at " + at + " to show both nodes' tables").atMost(AT_MOST)
          .untilAsserted(() -> assertThat(TableServiceGrpc.newBlockingStub(channel(at))
              .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
              .getTablesList()).extracting(org.tenace.proto.v1.TableInfo::getTableId)
              .containsExactly(table[0], other));
    }

    // The server's answer as it is sent, on a plain channel that follows nothing.
    ManagedChannel plain = io.grpc.Grpc.newChannelBuilder(b,
        InsecureChannelCredentials.create()).build();
    channels.add(plain);
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(plain).joinTable(
        JoinTableRequest.newBuilder().setTableId(table[0]).setRole(Role.ROLE_KIBITZER).build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
          assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
          assertThat(e.getStatus().getDescription()).startsWith("TABLE_MOVED");
          assertThat(TableStream.movedTo(e)).contains(a);
        });

    // A client that knows only the other node is sent to the owner and plays there.
    NodeChannel following = (NodeChannel) channel(b);
    List<Integer> boards = new CopyOnWriteArrayList<>();
    SeatDriver d = south(following, table[0], table[1], boards);
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
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    int portC = ServerProcess.freePort();
    node(url, portA);
    node(url, portB);
    node(url, portC);
    String a = "127.0.0.1:" + portA;
    String b = "127.0.0.1:" + portB;
    String c = "127.0.0.1:" + portC;
    List<String[]> tables = List.of(robotTable(channel(a), 2), robotTable(channel(b), 2));
    String onA = tables.get(0)[0];
    String onB = tables.get(1)[0];
    ManagedChannel only = Channels.open(c, InsecureChannelCredentials.create());
    channels.add(only);
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
      played.add(south(only, ids.get(i), tables.get(i)[1], boards.get(i)));
    }
    for (int i = 0; i < 2; i++) {
      try {
        assertThat(played.get(i).done().get(AT_MOST.toSeconds(),
            java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("the table closed");
      } catch (java.util.concurrent.TimeoutException e) {
        throw new AssertionError("table " + ids.get(i) + " did not finish: boards "
            + boards.get(i) + ", the client waits for: " + played.get(i).describe()
            + ", its calls go to " + ((NodeChannel) only).at(ids.get(i)), e);
      }
      assertThat(boards.get(i)).containsExactly(1, 2);
    }
    assertThat(((NodeChannel) only).at(onA)).isEqualTo(a);
    assertThat(((NodeChannel) only).at(onB)).isEqualTo(b);
  }

  @Test
  void whenTheOwnerStopsTheOtherTakesTheTableOverAndItsRobotsAndClientsCarryOn()
      throws Exception {
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    TenaceServer first = node(url, portA);
    TenaceServer second = node(url, portB);
    String a = "127.0.0.1:" + portA;
    String b = "127.0.0.1:" + portB;
    String[] table = robotTable(channel(a), 3);
    NodeChannel channel = (NodeChannel) channel(a + "," + b);
    List<Integer> boards = new CopyOnWriteArrayList<>();
    SeatDriver d = south(channel, table[0], table[1], boards);
    await("the first board to be played on the first node").atMost(AT_MOST)
        .until(() -> !boards.isEmpty());
    first.close(); // a rolling upgrade: its leases are handed back as it stops
    String reason;
    try {
      reason = d.done().get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the table did not finish on the second node: boards " + boards
          + ", the client waits for: " + d.describe() + ", at " + channel.current(), e);
    }
    assertThat(reason).isEqualTo("the table closed");
    // Every board once, in order, across the move; the robots sat down again on the new owner.
    assertThat(boards).containsExactly(1, 2, 3);
    assertThat(channel.current()).isEqualTo(b);
    assertThat(second.tables().find(table[0])).isPresent();
    var metrics = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    ServerMetrics.register(metrics, second);
    assertThat(metrics.get("tenace.cluster.takeovers").functionCounter().count()).isEqualTo(1);
    assertThat(metrics.get("tenace.cluster.leases").gauge().value()).isGreaterThanOrEqualTo(1);
  }

  /**
   * A node of a cluster plays a takeover through once as it starts, off the record: a board on
   * a server and a log of its own, read back by a second; the cluster sees no table of it.
   */
  @Test
  void aNodeRehearsesATakeoverAsItStartsAndTheClusterSeesNothingOfIt() throws Exception {
    String url = TestPostgres.get().newDatabase();
    int port = ServerProcess.freePort();
    TenaceServer node = node(url, port);
    Rehearsal.Done done;
    try {
      done = node.rehearsed().get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the node's rehearsal did not end; its threads wait for: "
          + Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
          .filter(n -> n.contains("rehearsal")).toList(), e);
    }
    assertThat(done.events()).as("events played and read back").isGreaterThan(40);
    assertThat(TableServiceGrpc.newBlockingStub(channel("127.0.0.1:" + port))
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
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    TenaceServer first = node(url, portA);
    java.util.concurrent.CountDownLatch robotsMayCome = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger robotsAsked =
        new java.util.concurrent.atomic.AtomicInteger();
    String b = "127.0.0.1:" + portB;
    // A long lease: this node may not reap for a minute, so the client's call is what takes
    // the table over (its lease handed back), not the reaper before it.
    PgEventLog store = PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
        new PgEventLog.Node(b, b, Duration.ofSeconds(60)));
    servers.add(TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", portB)), store,
        ServerLimits.NONE, Duration.ZERO, () -> {
          robotsAsked.incrementAndGet();
          try {
            robotsMayCome.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new HouseRobot();
        }));
    try {
      String[] table = robotTable(channel("127.0.0.1:" + portA), 1);
      first.close(); // its leases handed back: the second node takes the table on first use
      var stub = TableServiceGrpc.newBlockingStub(channel(b))
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
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    TenaceServer first = node(url, portA);
    TenaceServer second = node(url, portB);
    String a = "127.0.0.1:" + portA;
    String b = "127.0.0.1:" + portB;
    String[] table = robotTable(channel(a), 3);
    NodeChannel channel = (NodeChannel) channel(a);
    List<Integer> boards = new CopyOnWriteArrayList<>();
    SeatDriver d = south(channel, table[0], table[1], boards);
    await("the first board to be played on the first node").atMost(AT_MOST)
        .until(() -> !boards.isEmpty());
    // The second node takes the lease while the first still plays (as after the first was
    // paused past its lease): the first's next append is fenced.
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, TestPostgres.USER,
            TestPostgres.PASSWORD);
        java.sql.PreparedStatement ps = c.prepareStatement(
            "UPDATE table_lease SET owner = ?, epoch = epoch + 1 WHERE table_id = ?")) {
      ps.setString(1, b);
      ps.setString(2, table[0]);
      assertThat(ps.executeUpdate()).isEqualTo(1);
    }
    String reason;
    try {
      reason = d.done().get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the table did not finish on the new owner: boards " + boards
          + ", the client waits for: " + d.describe() + ", at " + channel.current(), e);
    }
    assertThat(reason).isEqualTo("the table closed");
    assertThat(boards).containsExactly(1, 2, 3);
    assertThat(first.tables().find(table[0])).as("dropped by the fenced node").isEmpty();
    var metrics = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    ServerMetrics.register(metrics, first);
    assertThat(metrics.get("tenace.cluster.fenced.appends").functionCounter().count())
        .isGreaterThanOrEqualTo(1);
    assertThat(second.tables().find(table[0])).isPresent();
    assertThat(channel.current()).isEqualTo(b);
  }

  /**
   * CreateTable's request_id holds across nodes: the same request retried on another node, while
   * the first plays the table and again after it stopped, makes no second table.
   */
  @Test
  void aCreateTableRetriedOnAnotherNodeAfterAFailoverMakesNoSecondTable() throws Exception {
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    TenaceServer first = node(url, portA);
    TenaceServer second = node(url, portB);
    String a = "127.0.0.1:" + portA;
    String b = "127.0.0.1:" + portB;
    CreateTableRequest create = CreateTableRequest.newBuilder().setName("retried")
        .setSettings(TableSettings.newBuilder().setBoardCount(1)).setDealSeed(7)
        .addRobotSeats(Seat.SEAT_NORTH).setRequestId("create-once").build();
    var made = TableServiceGrpc.newBlockingStub(channel(a)).createTable(create);
    String id = made.getTable().getTableId();
    // Its answer lost, the client tries the other node: sent on to the table's owner.
    assertThat(TableServiceGrpc.newBlockingStub(channel(b)).createTable(create).getTable()
        .getTableId()).as("the retry while the first node plays the table").isEqualTo(id);
    first.close(); // the first node goes; the second takes its tables over
    var retried = TableServiceGrpc.newBlockingStub(channel(b)).createTable(create);
    assertThat(retried.getTable().getTableId()).as("the retry after the failover").isEqualTo(id);
    assertThat(retried.getDirectorToken()).isEqualTo(made.getDirectorToken());
    assertThat(second.tables().all()).extracting(e -> e.shell().id()).containsExactly(id);
  }

  /**
   * A token of a table on one node, used at a table on another, is told apart from a forged one
   * there too: the token index is in the database.
   */
  @Test
  void aTokenOfAnotherNodesTableIsRefusedAsTheWrongTable() throws Exception {
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    node(url, portA);
    node(url, portB);
    String[] onA = robotTable(channel("127.0.0.1:" + portA), 1);
    String onB = robotTable(channel("127.0.0.1:" + portB), 1)[0];
    var atB = TableServiceGrpc.newBlockingStub(channel("127.0.0.1:" + portB))
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
    String url = TestPostgres.get().newDatabase();
    int portA = ServerProcess.freePort();
    int portB = ServerProcess.freePort();
    node(url, portA);
    node(url, portB);
    List<String> ids = new ArrayList<>();
    for (int port : List.of(portA, portB)) {
      ids.add(org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(channel("127.0.0.1:" + port))
          .createSession(org.tenace.proto.v1.CreateSessionRequest.newBuilder()
              .setName("on " + port)
              .setMovement(org.tenace.proto.v1.MovementType.MOVEMENT_TYPE_HOWELL).setTables(3)
              .setRounds(3).setBoardsPerRound(2).setRobots(true).build()).getSessionId());
    }
    assertThat(ids.get(0)).isNotEqualTo(ids.get(1));
  }

  /**
   * A session's round is spread over three nodes; its director, at the session's node, stops the
   * session: every table of the round closes, on whichever node it was played (the session's
   * node takes each from its owner, whose players it sends there at its next heartbeat).
   */
  @Test
  void aDirectorsActionReachesTheSessionsTablesOnTheOtherNodes() throws Exception {
    String url = TestPostgres.get().newDatabase();
    List<Integer> ports = List.of(ServerProcess.freePort(), ServerProcess.freePort(),
        ServerProcess.freePort());
    ports.forEach(p -> node(url, p));
    String a = "127.0.0.1:" + ports.get(0);
    var sessions = org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(channel(a));
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
    var listA = TableServiceGrpc.newBlockingStub(channel(a));
    List<String> round = new ArrayList<>();
    await("the session's node listing round 1's three tables (the other nodes publish theirs "
        + "every second)").atMost(AT_MOST).untilAsserted(() -> {
          round.clear();
          listA.listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
              .getTablesList().stream().filter(t -> t.getName().startsWith(prefix))
              .forEach(t -> round.add(t.getTableId()));
          assertThat(round).hasSize(3);
        });
    assertThat(owners(url, round)).as("round 1's tables spread over the nodes").hasSize(3);

    director.abortSession(org.tenace.proto.v1.AbortSessionRequest.newBuilder()
        .setSessionId(id).build());

    for (int port : ports) {
      var list = TableServiceGrpc.newBlockingStub(channel("127.0.0.1:" + port));
      await("node " + port + " listing none of round 1's tables as still open after the "
          + "director stopped the session").atMost(AT_MOST).untilAsserted(() ->
          assertThat(list.listTables(org.tenace.proto.v1.ListTablesRequest
              .getDefaultInstance()).getTablesList())
              .filteredOn(t -> t.getName().startsWith(prefix))
              .allSatisfy(t -> assertThat(t.getStatus()).as(t.getName())
                  .isEqualTo(org.tenace.proto.v1.TableStatus.TABLE_STATUS_CLOSED)));
    }
    assertThat(owners(url, round)).as("every table now at the session's node")
        .containsExactly(a);
  }

  /** The nodes that hold the leases of {@code tables} now. */
  private static java.util.Set<String> owners(String url, List<String> tables)
      throws java.sql.SQLException {
    java.util.Set<String> owners = new java.util.TreeSet<>();
    try (var c = java.sql.DriverManager.getConnection(url, TestPostgres.USER,
        TestPostgres.PASSWORD);
        var ps = c.prepareStatement("SELECT owner FROM table_lease WHERE table_id = ANY (?)")) {
      ps.setArray(1, c.createArrayOf("varchar", tables.toArray()));
      try (var rs = ps.executeQuery()) {
        while (rs.next()) {
          owners.add(rs.getString(1));
        }
      }
    }
    return owners;
  }

  @Test
  void listSessionsOnAnyNodeListsEveryNodesSessions() throws Exception {
    String url = TestPostgres.get().newDatabase();
    List<Integer> ports = List.of(ServerProcess.freePort(), ServerProcess.freePort(),
        ServerProcess.freePort());
    ports.forEach(p -> node(url, p));
    List<String> ids = new ArrayList<>();
    for (int port : ports.subList(0, 2)) {
      ids.add(org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(channel("127.0.0.1:" + port))
          .createSession(org.tenace.proto.v1.CreateSessionRequest.newBuilder()
              .setName("on " + port)
              .setMovement(org.tenace.proto.v1.MovementType.MOVEMENT_TYPE_HOWELL).setTables(3)
              .setRounds(3).setBoardsPerRound(2).setRobots(true).build()).getSessionId());
    }

    for (int port : ports) {
      var stub = org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(
          channel("127.0.0.1:" + port));
      await("node " + port + " listing the sessions made on the first two nodes (each node "
          + "publishes its own every second)").atMost(AT_MOST).untilAsserted(() ->
          assertThat(stub.listSessions(org.tenace.proto.v1.ListSessionsRequest
              .getDefaultInstance()).getSessionsList())
              .extracting(org.tenace.proto.v1.SessionSummary::getSessionId)
              .containsExactlyInAnyOrderElementsOf(ids));
    }
    // The table lists show no session among the tables.
    assertThat(TableServiceGrpc.newBlockingStub(channel("127.0.0.1:" + ports.get(2)))
        .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList())
        .isEmpty();
  }
}
