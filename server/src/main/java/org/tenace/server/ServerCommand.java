package org.tenace.server;

import io.grpc.InsecureServerCredentials;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.api.ServerMetrics;
import org.tenace.server.api.TenaceServer;
import org.tenace.server.api.WebPort;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.EventLogs;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoreException;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code tenace server}: runs a table server until it is stopped (SIGTERM or Ctrl-C). Every
 * visible option can also be set by environment (see {@link EnvDefaults}, docs/operations.md).
 */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Run a table server: tables, seats, boards, over gRPC. Each option can also be "
        + "set by environment: --port by TENACE_PORT, and so on (docs/operations.md).")
final class ServerCommand implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "50051", converter = Port.class,
      description = "port to listen on (default ${DEFAULT-VALUE}; 0 picks a free one)")
  int port;

  @Option(names = "--http-port", defaultValue = "8080", converter = Port.class,
      description = "serve the web client (play in a browser) and gRPC-Web on this port, on "
          + "--host, with TLS when --tls-cert is given; 0 for none (default ${DEFAULT-VALUE})")
  int httpPort;

  @Option(names = "--host", defaultValue = "0.0.0.0",
      description = "address to listen on (default ${DEFAULT-VALUE})")
  String host;

  @Option(names = "--db", defaultValue = "jdbc:h2:./data/tenace",
      description = "where the event log is kept: an H2 file (jdbc:h2:PATH), or PostgreSQL "
          + "(jdbc:postgresql://HOST[:PORT]/DATABASE; docs/operations.md) (default "
          + "${DEFAULT-VALUE})")
  String db;

  @Option(names = "--db-user", defaultValue = "",
      description = "PostgreSQL user name, unless --db gives one (?user=...)")
  String dbUser;

  @Option(names = "--db-password", defaultValue = "", description = "PostgreSQL password, "
      + "unless --db gives one (prefer TENACE_DB_PASSWORD: a flag shows in the process list)")
  String dbPassword;

  @Option(names = "--db-handlers", defaultValue = "64", converter = Count.class,
      description = "with PostgreSQL, threads that run the handlers, each waiting on its "
          + "action's commit while the others' share it (default ${DEFAULT-VALUE}; "
          + "docs/performance.md)")
  int dbHandlers;

  @Option(names = "--advertise", paramLabel = "HOST:PORT", defaultValue = "",
      description = "with PostgreSQL and several servers, the address clients reach this one "
          + "at, which the others send them to for its tables; also its name among them "
          + "(default: --host:--port, or this machine's name:--port)")
  String advertise;

  @Option(names = "--lease", defaultValue = "10s", converter = TimeSpan.class,
      description = "with PostgreSQL, how long this server's tables stay its own after its "
          + "last heartbeat, before another server may take them over: 1s to 5m, as 1500ms or 10s (default "
          + "${DEFAULT-VALUE}; docs/operations.md)")
  Duration lease;

  @Option(names = "--tls-cert", paramLabel = "FILE", description = "serve TLS with this PEM "
      + "certificate chain (with --tls-key); tokens otherwise cross the network in clear")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "FILE",
      description = "the certificate's private key, PEM (PKCS#8)")
  Path tlsKey;

  @Option(names = "--max-tables", defaultValue = "1000", converter = Count.class,
      description = "most open tables in all; 0 for no limit (default ${DEFAULT-VALUE})")
  int maxTables;

  @Option(names = "--max-tables-per-client", defaultValue = "10", converter = Count.class,
      description = "most open tables one client address may create; 0 for no limit "
          + "(default ${DEFAULT-VALUE})")
  int maxTablesPerClient;

  @Option(names = "--create-key", defaultValue = "", description = "when set, CreateTable needs "
      + "this key in the metadata tenace-create-key (prefer TENACE_CREATE_KEY: a flag shows in "
      + "the process list)")
  String createKey;

  @Option(names = "--idle-timeout", defaultValue = "2h", converter = TimeSpan.class,
      description = "close a table that has recorded nothing for this long: 90m, 2h, 1d; 0 "
          + "never (default ${DEFAULT-VALUE})")
  Duration idleTimeout;

  @Option(names = "--robot-pace", defaultValue = "1s", converter = TimeSpan.class,
      description = "how long the server's robots take over each call and card where a person "
          + "sits at the table, so that the play can be followed: 0 to 3s (default "
          + "${DEFAULT-VALUE}; none at robot-only tables)")
  Duration robotPace;

  @Option(names = "--robot-level", defaultValue = "strong", converter = Level.class,
      description = "how hard the server's robots think about their cards where a person sits "
          + "at the table: strong (every card by sampling, up to about a second of a core) or "
          + "fast (heuristics, a few milliseconds); robot-only tables play fast, and a table may "
          + "ask for either (default ${DEFAULT-VALUE})")
  org.tenace.robot.RobotLevel robotLevel;

  @Option(names = "--max-calls-per-connection", defaultValue = "100", converter = Count.class,
      description = "most calls at once on one connection (a watched table is one); 0 for no "
          + "limit (default ${DEFAULT-VALUE})")
  int maxCallsPerConnection;

  @Option(names = "--event-loops", defaultValue = "0", converter = Count.class,
      description = "threads that serve the connections and run the handlers; 0 for one per two "
          + "cores, at least one (default ${DEFAULT-VALUE}; docs/performance.md)")
  int eventLoops;

  @Option(names = "--metrics-port", defaultValue = "0", converter = Port.class,
      description = "serve GET /metrics (Prometheus) on this port, on --host; 0 for none "
          + "(default ${DEFAULT-VALUE})")
  int metricsPort;

  @Option(names = "--sync", description = "acknowledge an action only once it is on the disk, so "
      + "that it survives a power cut, not only a crash of the server (costs a disk flush per "
      + "batch of concurrent actions; docs/performance.md)")
  boolean sync;

  @Option(names = "--log-format", defaultValue = "text",
      description = "text, or json: one JSON object a line (default ${DEFAULT-VALUE})")
  Logs.Format logFormat;

  @Option(names = "--parent-pid", hidden = true, description = "stop when this process ends "
      + "(tenace play's client, so that no server outlives a killed client)")
  Long parentPid;

  @Override
  public Integer call() throws Exception {
    Logs.configure(logFormat);
    if (robotPace.compareTo(org.tenace.server.table.Limits.ROBOT_PACE) > 0) {
      throw new BadConfiguration("--robot-pace", "'" + robotPace.toSeconds() + "s' is too slow; "
          + "give 0 to " + org.tenace.server.table.Limits.ROBOT_PACE.toSeconds() + "s");
    }
    if (lease.compareTo(Duration.ofSeconds(1)) < 0 || lease.compareTo(Duration.ofMinutes(5)) > 0) {
      throw new BadConfiguration("--lease", "'" + lease.toMillis() + "ms' is out of range; give "
          + "1s to 5m");
    }
    org.tenace.server.store.PgEventLog.Node node = node();
    ServerCredentials credentials = credentials();
    // Opening the store (H2, Flyway) is half the start, and waits on little but itself: it runs
    // on a thread of its own while this one loads the transport and the protocol, which the
    // server needs next (two cores make it a second or so less to the first action).
    LoggerFactory.getILoggerFactory(); // set up here, not raced by the store's first log line
    CompletableFuture<EventLog> opening = new CompletableFuture<>();
    Thread opener = new Thread(() -> {
      try {
        opening.complete(EventLogs.open(db, sync, dbUser, dbPassword, node));
      } catch (Throwable e) {
        opening.completeExceptionally(e);
      }
    }, "store-open");
    opener.start();
    NettyServerBuilder builder = connectionLimits(NettyServerBuilder.forAddress(
        new InetSocketAddress(host, port), credentials));
    ExecutorService handlers = null;
    if (EventLogs.blocksOnTheNetwork(db)) {
      // An append to PostgreSQL waits for its commit: on the transport's threads it would hold
      // every other connection of the thread for a round trip, and the appends of one thread
      // could never share a commit. Handlers run on a pool of their own, so that many actions
      // wait on one commit at once.
      handlers = Executors.newFixedThreadPool(Math.max(1, dbHandlers),
          new DefaultThreadFactory("tenace-handler", true));
      builder.executor(handlers);
    } else {
      builder.directExecutor();
    }
    // The services' descriptors: building them builds the protocol's (protobuf's own start).
    TableServiceGrpc.getServiceDescriptor();
    SessionServiceGrpc.getServiceDescriptor();
    EventLog store;
    try {
      store = join(opening);
    } catch (RuntimeException e) {
      String why = rootCause(e);
      if (EventLogs.blocksOnTheNetwork(db) && e instanceof StoreException
          && !e.getMessage().startsWith(EventStore.UPGRADE_FAILED)) {
        throw new BadConfiguration("--db " + redacted(db), e.getMessage()); // said in words
      }
      // H2 locks a file database while a process has it open: another server (or play) does.
      if (e.getMessage() != null && e.getMessage().startsWith(EventStore.UPGRADE_FAILED)) {
        // A migration failed even when run again (each may be, see EventStore): the disk, most
        // likely, not the URL.
        throw new BadConfiguration("--db " + redacted(db), EventStore.UPGRADE_FAILED + " ("
            + why + "); "
            + "check that the disk has room and the folder is writable, then start again: the "
            + "upgrade resumes where it stopped");
      }
      throw new BadConfiguration("--db " + redacted(db), why.contains("The file is locked")
          ? "the store is in use by another process, such as another server (" + why + "); "
              + "stop that one first, or give another --db"
          : "cannot open the store (" + why + "); check the URL and that the folder is writable");
    }
    MetricsEndpoint metrics = null;
    if (metricsPort > 0) {
      try {
        metrics = MetricsEndpoint.start(host, metricsPort);
      } catch (IOException | RuntimeException e) {
        store.close();
        throw new BadConfiguration("--metrics-port " + metricsPort, "cannot listen there ("
            + rootCause(e) + "); pick a free port");
      }
    }
    List<ServerInterceptor> global = new ArrayList<>();
    if (metrics != null) {
      global.add(ServerMetrics.calls());
    }
    global.forEach(builder::intercept);
    EventLoopGroup loops = eventLoops(eventLoops > 0 ? eventLoops
        : Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    builder.bossEventLoopGroup(loops).workerEventLoopGroup(loops).channelType(
        Epoll.isAvailable() ? EpollServerSocketChannel.class : NioServerSocketChannel.class);
    TenaceServer server;
    try {
      // On H2 handlers never block (an action is a journal write and a few non-blocking sends),
      // so they run on the transport's threads: no executor hop per action. On PostgreSQL they
      // run on the handlers' pool (above).
      server = TenaceServer.start(builder, store, true,
          new ServerLimits(maxTables, maxTablesPerClient, createKey, idleTimeout), robotPace,
          robotLevel);
    } catch (UncheckedIOException e) {
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw new BadConfiguration("--host/--port " + host + ":" + port, "cannot listen there ("
          + rootCause(e) + "); pick a free port or another address");
    } catch (StoreException e) {
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw new BadConfiguration("--db " + redacted(db), "cannot read the store (" + rootCause(e)
          + "); is it a Tenace store?");
    }
    if (metrics != null) {
      ServerMetrics.register(metrics.registry(), server);
    }
    WebPort web = null;
    if (httpPort > 0) {
      try {
        web = WebPort.start(host, httpPort, server.services(), global, tlsCert, tlsKey,
            maxCallsPerConnection, server::resultsPage);
        server.closeAlong(web);
      } catch (RuntimeException e) {
        server.close();
        if (metrics != null) {
          metrics.close();
        }
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        throw new BadConfiguration("--http-port " + httpPort, "cannot listen there ("
            + rootCause(e) + "); pick a free port, or 0 for no web client");
      }
    }
    TenaceServer running = server;
    MetricsEndpoint serving = metrics;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      running.close();
      if (serving != null) {
        serving.close();
      }
    }, "shutdown"));
    System.out.println("tenace server listening on " + host + ":" + server.port() + " (store "
        + redacted(db) + ")");
    if (web != null) {
      System.out.println("tenace server: play in a browser at " + (tlsCert != null ? "https"
          : "http") + "://" + (host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host)
          + ":" + web.port() + "/");
    }
    System.out.flush();
    if (parentPid != null) {
      // The shutdown hook closes the server cleanly; a parent already gone stops it at once.
      ProcessHandle.of(parentPid).map(ProcessHandle::onExit)
          .orElse(java.util.concurrent.CompletableFuture.completedFuture(null))
          .thenRun(() -> System.exit(0));
    }
    server.awaitTermination();
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    if (handlers != null) {
      handlers.shutdown();
    }
    return 0;
  }

  /**
   * This server among those sharing a PostgreSQL log: named by the address it advertises, so
   * that after a restart it takes its own tables back at once.
   */
  private org.tenace.server.store.PgEventLog.Node node() {
    String address = advertise.strip();
    if (address.isEmpty()) {
      String at = host;
      if (at.equals("0.0.0.0") || at.equals("::")) {
        try {
          at = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
          at = "localhost";
        }
      }
      if (port == 0) {
        // A port picked at start: nobody can be sent here, and the name is this run's alone.
        return new org.tenace.server.store.PgEventLog.Node(at + ":0/"
            + java.util.UUID.randomUUID(), "", lease);
      }
      address = at + ":" + port;
    } else if (!address.matches("[^\\s:/\\[\\]]+:\\d{1,5}")
        && !address.matches("\\[[0-9a-fA-F:]+\\]:\\d{1,5}")) {
      throw new BadConfiguration("--advertise", "'" + address + "' is not HOST:PORT");
    }
    return new org.tenace.server.store.PgEventLog.Node(address, address, lease);
  }

  /** {@code url} without a password it may carry ({@code ?password=...}), for the console. */
  static String redacted(String url) {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
  }

  /**
   * The transport's threads. Fewer than gRPC's default of two a core: an action's events go to
   * the four seats' connections, and each seat served by another thread than the actor's costs
   * that thread a wake-up; on two cores one thread serves more actions, sooner, with less CPU
   * than four, and leaves a core to the store's writer, the collector and the compiler.
   */
  private static EventLoopGroup eventLoops(int threads) {
    ThreadFactory factory = new DefaultThreadFactory("tenace-loop", true);
    return Epoll.isAvailable() ? new EpollEventLoopGroup(threads, factory)
        : new NioEventLoopGroup(threads, factory);
  }

  /** What {@code f} holds, or its failure as it was thrown (an Error as it is). */
  private static <T> T join(CompletableFuture<T> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** TLS from --tls-cert and --tls-key, both readable and a matching pair; else plaintext. */
  private ServerCredentials credentials() {
    if (tlsCert == null && tlsKey == null) {
      return InsecureServerCredentials.create();
    }
    if (tlsCert == null || tlsKey == null) {
      throw new BadConfiguration(tlsCert == null ? "--tls-cert" : "--tls-key",
          "missing; TLS needs both --tls-cert and --tls-key");
    }
    byte[] cert = read("--tls-cert", tlsCert);
    byte[] key = read("--tls-key", tlsKey);
    try {
      ServerCredentials tls = TlsServerCredentials.create(new ByteArrayInputStream(cert),
          new ByteArrayInputStream(key));
      // Parse them now, so that a bad pair is said at start and not at the first handshake.
      GrpcSslContexts.forServer(new ByteArrayInputStream(cert), new ByteArrayInputStream(key))
          .build();
      return tls;
    } catch (IOException | RuntimeException e) {
      throw new BadConfiguration("--tls-cert/--tls-key " + tlsCert + ", " + tlsKey,
          "not a PEM certificate chain and its PKCS#8 private key (" + rootCause(e) + ")");
    }
  }

  private static byte[] read(String option, Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new BadConfiguration(option + " " + file, "cannot be read (" + rootCause(e) + ")");
    }
  }

  /**
   * What one connection may hold, so that a client cannot pin the server's memory or sockets:
   * calls at once (a client has a stream per table it watches and a unary call at a time),
   * keepalive pings no closer than the clients' own (a flood is answered with GOAWAY), and a
   * connection with no call for a while is closed (clients reconnect when they next call).
   */
  private NettyServerBuilder connectionLimits(NettyServerBuilder builder) {
    return builder
        .maxConcurrentCallsPerConnection(
            maxCallsPerConnection == 0 ? Integer.MAX_VALUE : maxCallsPerConnection)
        .permitKeepAliveTime(20, TimeUnit.SECONDS)
        .permitKeepAliveWithoutCalls(true)
        .keepAliveTime(2, TimeUnit.MINUTES)
        .keepAliveTimeout(20, TimeUnit.SECONDS)
        .maxConnectionIdle(30, TimeUnit.MINUTES);
  }

  /** The innermost cause's own words, on one line. */
  private static String rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? "" : root.getMessage();
    // On one line, all of it: an SQL error names its statement on the lines after the first.
    message = message.lines().map(String::strip).filter(l -> !l.isEmpty())
        .collect(java.util.stream.Collectors.joining(" "));
    if (message.length() > 400) {
      message = message.substring(0, 397) + "...";
    }
    // An I/O error's message is often a bare path: its kind says what happened to it.
    return root instanceof java.io.IOException || message.isEmpty()
        ? root.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message)
        : message;
  }

  /** A TCP port: 0 (any free one) to 65535. */
  static final class Port implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int port = Count.parse(value, "port");
      if (port > 65535) {
        throw new TypeConversionException("'" + value + "' is not a port; give 0 to 65535");
      }
      return port;
    }
  }

  /**
   * A duration in whole milliseconds, seconds, minutes, hours or days ({@code 1500ms}, {@code
   * 90m}, {@code 2h}), or 0.
   */
  static final class TimeSpan implements ITypeConverter<Duration> {
    private static final Pattern SPAN = Pattern.compile("(\\d{1,9})(ms|[smhd]?)");

    @Override
    public Duration convert(String value) {
      Matcher m = SPAN.matcher(value.strip());
      if (!m.matches() || (m.group(2).isEmpty() && !m.group(1).matches("0+"))) {
        throw new TypeConversionException("'" + value + "' is not a duration; give a number "
            + "and a unit: 90s, 30m, 2h, 1d (or 0)");
      }
      long n = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        case "h" -> Duration.ofHours(n);
        case "d" -> Duration.ofDays(n);
        default -> Duration.ZERO;
      };
    }
  }

  /** A whole number, 0 or more. */
  /** A robot level, fast or strong (any case). */
  static final class Level implements ITypeConverter<org.tenace.robot.RobotLevel> {
    @Override
    public org.tenace.robot.RobotLevel convert(String value) {
      try {
        return org.tenace.robot.RobotLevel.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException("'" + value + "' is not a robot level; give fast or "
            + "strong");
      }
    }
  }

  static final class Count implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return parse(value, "count");
    }

    static int parse(String value, String what) {
      int n;
      try {
        n = Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a number; give a " + what
            + " in digits");
      }
      if (n < 0) {
        throw new TypeConversionException("'" + value + "' is negative; give a " + what
            + " of 0 or more");
      }
      return n;
    }
  }
}
