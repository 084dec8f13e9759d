package org.tenace.server.api;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tenace.client.Channels;
import org.tenace.client.NodeChannel;
import org.tenace.client.SeatDriver;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.store.PgEventLog;
import org.tenace.server.store.TestPostgres;

/**
 * The cluster tests' nodes on one PostgreSQL database of their own: servers in this JVM or in
 * child processes on loopback ports, the clients' channels that follow a table from node to node,
 * the clients themselves, and what the database says of the leases and the log. Register it with
 * {@code @RegisterExtension}; after each test it stops every client, channel, server and process
 * it made.
 */
final class Cluster implements AfterEachCallback {
  /**
   * A server process's lease: short enough for a failover within 2 s of a kill
   * (docs/operations.md, Several nodes).
   */
  static final String LEASE = "1500ms";
  private final List<TenaceServer> servers = new ArrayList<>();
  private final List<Process> processes = new ArrayList<>();
  private final Map<String, Path> logs = new LinkedHashMap<>();
  private final List<ManagedChannel> channels = new ArrayList<>();
  private final List<SeatDriver> drivers = new ArrayList<>();
  private String url;

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    drivers.forEach(SeatDriver::close);
    channels.forEach(ManagedChannel::shutdownNow);
    servers.forEach(TenaceServer::close);
    for (Process p : processes) {
      signal(p, "CONT"); // a stopped process does not die of SIGKILL until it runs
      p.destroyForcibly();
    }
  }

  /** The test's database, made at the first call: its JDBC URL, without user or password. */
  private String url() {
    if (url == null) {
      url = TestPostgres.get().newDatabase();
    }
    return url;
  }

  /** The node on loopback {@code port}: its id and address. */
  static String address(int port) {
    return "127.0.0.1:" + port;
  }

  /** {@code n} servers in this JVM on loopback ports, as {@link #node(int)} starts each. */
  List<TenaceServer> nodes(int n) throws IOException {
    List<TenaceServer> started = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      started.add(node(ServerProcess.freePort()));
    }
    return started;
  }

  /** The address of {@code node}, a server in this JVM. */
  static String address(TenaceServer node) {
    return address(node.port());
  }

  /** A server in this JVM on loopback {@code port}, a node of the database with a 2 s lease. */
  TenaceServer node(int port) {
    return node(port, Duration.ofSeconds(2), (builder, store) ->
        TenaceServer.start(builder, store, true));
  }

  /** As {@link #node(int)}, with {@code lease}, the server as {@code launch} starts it. */
  TenaceServer node(int port, Duration lease,
      BiFunction<ServerBuilder<?>, PgEventLog, TenaceServer> launch) {
    String address = address(port);
    PgEventLog store = PgEventLog.open(url(), TestPostgres.USER, TestPostgres.PASSWORD,
        new PgEventLog.Node(address, address, lease));
    TenaceServer s = launch.apply(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port)), store);
    servers.add(s);
    return s;
  }

  /**
   * A server process on loopback {@code port}, a node of the database with the lease {@link
   * #LEASE}, its log in {@code log}; fast robots, as the time measured is the failover's, not a
   * strong robot's thinking. {@code more} are further options.
   */
  Process process(int port, Path log, String... more) throws IOException {
    List<String> options = new ArrayList<>(List.of("--lease", LEASE,
        "--advertise", address(port), "--robot-level", "fast"));
    options.addAll(List.of(more));
    Process p = ServerProcess.start(port, url() + "?user=" + TestPostgres.USER + "&password="
        + TestPostgres.PASSWORD, log, options.toArray(String[]::new));
    processes.add(p);
    logs.put(address(port), log);
    return p;
  }

  /** Sends {@code signal} (STOP, CONT) to {@code p} if it still runs. */
  static void signal(Process p, String signal) throws IOException, InterruptedException {
    if (p.isAlive()) {
      new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start()
          .waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The last {@code lines} lines of every process's log, each under its node's address. */
  String tails(int lines) {
    StringBuilder b = new StringBuilder();
    logs.forEach((node, log) -> b.append("--- ").append(node).append('\n')
        .append(ServerProcess.tail(log, lines)).append('\n'));
    return b.toString();
  }

  /** A channel to {@code addresses} (comma-separated) that follows a table to its owner. */
  NodeChannel channel(String addresses) {
    return (NodeChannel) keep(Channels.following(addresses, InsecureChannelCredentials.create()));
  }

  /** {@code channel}, shut down after the test. */
  ManagedChannel keep(ManagedChannel channel) {
    channels.add(channel);
    return channel;
  }

  /** The house robot as a remote client in the seat {@code token} holds, started. */
  SeatDriver play(ManagedChannel channel, String id, String token, SeatDriver.Listener listener) {
    SeatDriver d = new SeatDriver(channel, id, token, new RobotPlayer(new HouseRobot()),
        listener);
    drivers.add(d);
    return d.start();
  }

  /**
   * Why {@code d} stopped, once it has, within {@code atMost}; past that, a failure that says
   * {@code state} (read then) and what the client waits for.
   */
  static String end(SeatDriver d, Duration atMost, Supplier<String> state) throws Exception {
    try {
      return d.done().get(atMost.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError(state.get() + "; the client waits for: " + d.describe(), e);
    }
  }

  /** A listener that adds each completed board's number to {@code boards}. */
  static SeatDriver.Listener counting(List<Integer> boards) {
    return new SeatDriver.Listener() {
      @Override
      public void boardCompleted(org.tenace.proto.v1.BoardCompleted b) {
        boards.add(b.getResult().getBoardNumber());
      }
    };
  }

  /** Every lease now, the tables' and the sessions' ({@code session:<id>}): id to its owner. */
  Map<String, String> owners() throws SQLException {
    Map<String, String> out = new TreeMap<>();
    query("SELECT table_id, owner FROM table_lease", rs -> out.put(rs.getString(1),
        rs.getString(2)));
    return out;
  }

  /** The node that holds {@code id}'s lease now; empty if none. */
  String owner(String id) throws SQLException {
    return owners().getOrDefault(id, "");
  }

  /** Every lease's epoch now. */
  Map<String, Long> epochs() throws SQLException {
    Map<String, Long> out = new TreeMap<>();
    query("SELECT table_id, epoch FROM table_lease", rs -> out.put(rs.getString(1),
        rs.getLong(2)));
    return out;
  }

  /** Table {@code id}'s log: each event's seq and epoch, in order. */
  List<long[]> log(String id) throws SQLException {
    List<long[]> rows = new ArrayList<>();
    query("SELECT seq, epoch FROM table_event WHERE table_id = ? ORDER BY seq",
        rs -> rows.add(new long[] {rs.getLong(1), rs.getLong(2)}), id);
    return rows;
  }

  /** Runs {@code sql}, an update, with {@code parameters}: the rows it changed. */
  int update(String sql, Object... parameters) throws SQLException {
    try (Connection c = DriverManager.getConnection(url(), TestPostgres.USER,
            TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement(sql)) {
      set(ps, parameters);
      return ps.executeUpdate();
    }
  }

  /** Each row {@code sql} selects with {@code parameters}, given to {@code row}. */
  void query(String sql, Row row, Object... parameters) throws SQLException {
    try (Connection c = DriverManager.getConnection(url(), TestPostgres.USER,
            TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement(sql)) {
      set(ps, parameters);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          row.read(rs);
        }
      }
    }
  }

  private static void set(PreparedStatement ps, Object... parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      ps.setObject(i + 1, parameters[i]);
    }
  }

  /** What a query does with each row. */
  interface Row {
    void read(ResultSet rs) throws SQLException;
  }
}
