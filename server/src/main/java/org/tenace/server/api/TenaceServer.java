package org.tenace.server.api;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.robot.Robot;
import org.tenace.robot.RobotLevel;
import org.tenace.server.application.ClaimSearches;
import org.tenace.server.application.DealAnalyses;
import org.tenace.server.application.RobotSeater;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.SessionDirector;
import org.tenace.server.application.Tables;
import org.tenace.server.session.SessionResults;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.EventLogs;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.Table;

/**
 * The table server: owns its gRPC server, its store and its timers, from start to a clean stop.
 * It takes a {@link ServerBuilder} so that tests can hand it any transport (after
 * grpc-java's route guide). Beside it runs an in-process server with the same services, through
 * which the server's own robots play (the same API for people and programs).
 */
public final class TenaceServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TenaceServer.class);
  private static final String SERVICE = TableServiceGrpc.SERVICE_NAME;
  /**
   * The largest request accepted, in bytes: the largest legal one is CreateTable with a deal_pbn
   * of Limits.DEAL_PBN characters (768 KiB at worst in UTF-8). Anything larger is refused by gRPC
   * (RESOURCE_EXHAUSTED) before a handler sees it.
   */
  public static final int MAX_INBOUND_MESSAGE = 1 << 20;
  /**
   * The most request metadata accepted, in bytes: a token is 32 characters, and 8 KiB leaves room
   * for what gRPC clients add (user agent, deadline, tracing).
   */
  public static final int MAX_INBOUND_METADATA = 8 << 10;

  private final Server server;
  private final Server inProcess;
  /** The services as the gRPC port serves them, interceptors included (for the HTTP port). */
  private final java.util.List<ServerServiceDefinition> services;
  /** Other transports serving {@link #services}: stopped with the gRPC server, before the store. */
  private final java.util.List<AutoCloseable> transports =
      new java.util.concurrent.CopyOnWriteArrayList<>();
  private final ManagedChannel robotChannel;
  private final ServerRobots robots;
  private final TwoPlayerRobots twoPlayerRobots;
  private final EventLog store;
  private final Tables tables;
  private final SessionDirector sessions;
  private final DealAnalyses analyses = new DealAnalyses(DealAnalyses.NODE_BUDGET);
  private final ClaimSearches searches = new ClaimSearches(Caller::carry);
  // The tables whose overdue ruling waits for a claim's search: the timer asks for it once.
  private final Set<Table> settling = ConcurrentHashMap.newKeySet();
  private final HealthStatusManager health = new HealthStatusManager();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "director-timer");
    t.setDaemon(true);
    return t;
  });
  /**
   * Seats the robots of a table taken over from another server, off the takeover: the takeover
   * holds the table list's lock, and the client whose call took the table waits for it.
   */
  private final ExecutorService reseating = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "robots-reseating");
    t.setDaemon(true);
    return t;
  });
  /** The rehearsal of a takeover a node of a cluster plays as it starts ({@link Rehearsal}). */
  private final java.util.concurrent.CompletableFuture<Rehearsal.Done> rehearsed =
      new java.util.concurrent.CompletableFuture<>();
  private volatile Thread rehearsal;
  private volatile boolean closed;

  private TenaceServer(ServerBuilder<?> builder, EventLog store, InstantSource clock,
      ServerRobots.Maker robotMaker, ServerLimits limits, java.time.Duration robotPace,
      RobotLevel robotLevel) {
    boolean withRobots = robotMaker != null;
    this.store = store;
    this.tables = new Tables(store, clock, Hub::forTable);
    // The log is read once: the tables first, then the sessions, which hear their tables again.
    Map<String, List<StoredEvent>> logs = store.loadAll();
    tables.load(logs);
    String name = "tenace-robots-" + UUID.randomUUID();
    // Handlers never block (a claim's search runs on its own threads), so both ends run on the
    // calling thread; a robot's driver only hands each message to its own worker.
    this.robotChannel = InProcessChannelBuilder.forName(name).directExecutor().build();
    this.robots = withRobots ? new ServerRobots(robotChannel, robotMaker, robotPace,
        robotLevel) : null;
    this.sessions = new SessionDirector(tables, robots == null ? RobotSeater.NONE : robots,
        store, SessionCodec.INSTANCE, clock);
    // A finished session's deals are put to the solver at once, so that its first export
    // already has most tables (an export never waits for them).
    sessions.whenFinished(s -> analyses.atHand(SessionGrpcService.deals(SessionResults.of(s))));
    sessions.load(logs);
    this.twoPlayerRobots = withRobots ? new TwoPlayerRobots(robotChannel) : null;
    TableGrpcService service = new TableGrpcService(tables, limits, java.util.List.of(
        new FourPlayerService(tables, robots == null ? RobotSeater.NONE : robots),
        new TwoPlayerService(tables,
            twoPlayerRobots == null ? TwoPlayerService.Robots.NONE : twoPlayerRobots)),
        searches, analyses);
    Caller caller = new Caller();
    ServerServiceDefinition api = ServerInterceptors.intercept(service, caller);
    ServerServiceDefinition sessionApi = ServerInterceptors.intercept(
        new SessionGrpcService(sessions, limits, analyses), caller);
    this.services = java.util.List.of(api, sessionApi);
    this.server = builder
        .maxInboundMessageSize(MAX_INBOUND_MESSAGE)
        .maxInboundMetadataSize(MAX_INBOUND_METADATA)
        .addService(api)
        .addService(sessionApi)
        .addService(health.getHealthService())
        .addService(ProtoReflectionServiceV1.newInstance())
        .build();
    this.inProcess = InProcessServerBuilder.forName(name).directExecutor().addService(api)
        .build();
  }

  /**
   * Opens the store at {@code jdbcUrl}, rebuilds its tables, starts serving, and puts the robots
   * already seated back to play. CreateTable's robot_seats seats new ones.
   */
  public static TenaceServer start(ServerBuilder<?> builder, String jdbcUrl) {
    return start(builder, jdbcUrl, true);
  }

  /** As {@link #start(ServerBuilder, String)}; without robots, robot_seats is refused. */
  public static TenaceServer start(ServerBuilder<?> builder, String jdbcUrl, boolean withRobots) {
    return start(builder, EventLogs.open(jdbcUrl, false, null, null), withRobots);
  }

  /**
   * As {@link #start(ServerBuilder, String, boolean)}, on a store already open (tests, and the
   * server command, which tells a store that cannot open from a port that cannot be bound).
   */
  public static TenaceServer start(ServerBuilder<?> builder, EventLog store, boolean withRobots) {
    return start(builder, store, withRobots, ServerLimits.NONE);
  }

  /** As {@link #start(ServerBuilder, EventLog, boolean)}, creating tables within limits. */
  public static TenaceServer start(ServerBuilder<?> builder, EventLog store, boolean withRobots,
      ServerLimits limits) {
    return start(builder, store, withRobots, limits, java.time.Duration.ZERO);
  }

  /**
   * As {@link #start(ServerBuilder, EventLog, boolean, ServerLimits)}; the robots take
   * {@code robotPace} over each call and card where a person sits at the table (the server
   * command's --robot-pace; none here by default, so that tests and embedders run at full speed).
   */
  public static TenaceServer start(ServerBuilder<?> builder, EventLog store, boolean withRobots,
      ServerLimits limits, java.time.Duration robotPace) {
    return start(builder, store, withRobots, limits, robotPace, RobotLevel.FAST);
  }

  /**
   * As {@link #start(ServerBuilder, EventLog, boolean, ServerLimits, java.time.Duration)}, with the
   * house robots; where a person sits they think at {@code robotLevel} (the server command's
   * --robot-level, strong by default; fast in the other ways to start, so that tests and
   * embedders run at full speed), at a table of robots only fast, unless the table says otherwise
   * (CreateTable's robot_level).
   */
  public static TenaceServer start(ServerBuilder<?> builder, EventLog store, boolean withRobots,
      ServerLimits limits, java.time.Duration robotPace, RobotLevel robotLevel) {
    return launch(builder, store, limits, robotPace, withRobots ? ServerRobots.Maker.HOUSE : null,
        robotLevel);
  }

  /**
   * As {@link #start(ServerBuilder, EventLog, boolean, ServerLimits, java.time.Duration)}, the
   * server's robots made by {@code robots} (null: none). Tests give them a configuration bounded
   * by work alone, so that what they play, and how long it takes, does not hang on the machine's
   * load.
   */
  public static TenaceServer start(ServerBuilder<?> builder, EventLog store,
      ServerLimits limits, java.time.Duration robotPace, Supplier<Robot> robots) {
    return launch(builder, store, limits, robotPace,
        robots == null ? null : ServerRobots.Maker.of(robots), RobotLevel.FAST);
  }

  private static TenaceServer launch(ServerBuilder<?> builder, EventLog store,
      ServerLimits limits, java.time.Duration robotPace, ServerRobots.Maker robots,
      RobotLevel robotLevel) {
    TenaceServer s = new TenaceServer(builder, store, InstantSource.system(), robots, limits,
        robotPace, robotLevel);
    try {
      s.inProcess.start();
      s.server.start();
    } catch (IOException e) {
      s.inProcess.shutdownNow();
      store.close();
      throw new UncheckedIOException("cannot start the server: " + e.getMessage(), e);
    }
    if (s.robots != null) {
      s.robots.resume(s.tables.all(Tables.Kind.FOUR_PLAYER));
    }
    // A table taken over from another server of a cluster: its robots sit down again here, on
    // a thread of their own, so that the client whose call took it over is answered at once
    // (a first robot on a node also loads the robots' code: half a second, measured).
    s.tables.whenTakenOver(e -> s.reseat(e));
    if (s.twoPlayerRobots != null) {
      s.twoPlayerRobots.resume(s.tables.all(Tables.Kind.TWO_PLAYER));
    }
    if (store.shared()) {
      s.rehearse();
    }
    // A dead server's tables are taken over as soon as its lease runs out, unasked: its robots
    // and the director's timers go on here before any client comes back; so are its sessions,
    // which go on hearing their tables wherever they are played (and the tables another
    // server's session placed here are taken up the same way).
    store.whenOrphaned(id -> id.startsWith(org.tenace.server.application.SessionLog.PREFIX)
        ? s.sessions.adopt(id) : s.tables.adopt(id));
    // And what another took while this server was away (paused past its lease) is dropped at
    // once, its clients sent on, rather than at its next append.
    store.whenLost((id, address) -> {
      if (id.startsWith(org.tenace.server.application.SessionLog.PREFIX)) {
        s.sessions.lost(id);
      } else {
        s.tables.lost(id, address);
      }
    });
    s.health.setStatus("", ServingStatus.SERVING);
    s.health.setStatus(SERVICE, ServingStatus.SERVING);
    s.timer.scheduleWithFixedDelay(s::settleOverdue, 1, 1, TimeUnit.SECONDS);
    if (store.shared()) {
      s.timer.scheduleWithFixedDelay(s::publish, 0, 1, TimeUnit.SECONDS);
    }
    // A closed table leaves memory a while after it closed; its log answers for it after.
    s.timer.scheduleWithFixedDelay(() -> s.evictClosed(), 1, 1, TimeUnit.SECONDS);
    if (!limits.idleTimeout().isZero()) {
      s.timer.scheduleWithFixedDelay(() -> s.closeIdle(limits.idleTimeout()), 1, 1,
          TimeUnit.SECONDS);
    }
    log.info("server started on port {} with {} table(s)", s.port(), s.tables.all().size());
    return s;
  }

  /** The port the server listens on (for a builder given port 0). */
  public int port() {
    return server.getPort();
  }

  /**
   * The table and session services exactly as the gRPC port serves them (their interceptors
   * included), for another transport to serve alike: the HTTP port's gRPC-Web.
   */
  public java.util.List<ServerServiceDefinition> services() {
    return services;
  }

  /**
   * Has {@code transport} (which serves {@link #services}) stopped with this server: after every
   * stream has been told that the server stops, before the store closes.
   */
  public void closeAlong(AutoCloseable transport) {
    transports.add(transport);
  }

  /**
   * Session {@code id}'s results page as it stands (a self-contained HTML page, what the HTTP
   * port serves at {@code /sessions/ID/results}); empty when there is no such session.
   */
  public java.util.Optional<String> resultsPage(String id) {
    try {
      return java.util.Optional.of(SessionGrpcService.page(sessions.require(id), analyses));
    } catch (org.tenace.server.session.SessionException e) {
      return java.util.Optional.empty();
    }
  }

  /** The server's event log, for its metrics. */
  EventLog store() {
    return store;
  }

  /** The server's tables, for tests. */
  Tables tables() {
    return tables;
  }

  /** Where claims' searches run, for tests. */
  ClaimSearches searches() {
    return searches;
  }

  /** The server's robots, for tests; null when started without them. */
  ServerRobots robots() {
    return robots;
  }

  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /**
   * Stops cleanly: health goes NOT_SERVING, every stream ends with UNAVAILABLE (SHUTTING_DOWN) so
   * clients know to come back, the server stops, and the store is flushed and closed.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    reseating.shutdownNow();
    Thread rehearsing = rehearsal;
    if (rehearsing != null) {
      rehearsing.interrupt(); // it stops its own server at once
    }
    if (robots != null) {
      robots.close();
    }
    if (twoPlayerRobots != null) {
      twoPlayerRobots.close();
    }
    health.setStatus("", ServingStatus.NOT_SERVING);
    health.setStatus(SERVICE, ServingStatus.NOT_SERVING);
    for (Tables.Entry e : tables.all()) {
      e.shell().atomically(() -> Hub.of(e).closeAll(Status.Code.UNAVAILABLE, "SHUTTING_DOWN",
          "SHUTTING_DOWN: the server is stopping; reconnect later"));
    }
    server.shutdown();
    try {
      if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      server.shutdownNow();
    }
    for (AutoCloseable t : transports) {
      try {
        t.close();
      } catch (Exception ex) {
        log.warn("stopping a transport failed", ex);
      }
    }
    sessions.close();
    analyses.close();
    robotChannel.shutdownNow();
    inProcess.shutdownNow();
    timer.shutdownNow();
    searches.close(); // after the timer, which asks for searches; before the store they append to
    store.close();
    log.info("server stopped; the store is closed");
  }

  /**
   * Plays a takeover through once, off the record, on a thread of its own, so that this node's
   * first takeover runs code already loaded and compiled ({@link Rehearsal}); a node of a cluster
   * does it as it starts.
   */
  private void rehearse() {
    Thread t = new Thread(() -> {
      try {
        Rehearsal.Done done = Rehearsal.run();
        log.info("rehearsed a takeover ({} events played and read back) in {} ms", done.events(),
            done.took().toMillis());
        rehearsed.complete(done);
      } catch (RuntimeException e) {
        // Only a warm-up: the first takeover is slower without it, nothing else.
        if (!closed) {
          log.warn("the rehearsal of a takeover failed: {}", e.getMessage());
        }
        rehearsed.completeExceptionally(e);
      }
    }, "takeover-rehearsal");
    t.setDaemon(true);
    rehearsal = t;
    t.start();
  }

  /** The rehearsal of a takeover, once played; never done where the log is not shared. */
  java.util.concurrent.CompletableFuture<Rehearsal.Done> rehearsed() {
    return rehearsed;
  }

  /** Seats a taken-over table's robots again, on the reseating thread. */
  private void reseat(Tables.Entry e) {
    try {
      reseating.execute(() -> {
        if (closed) {
          return;
        }
        if (e.kind() == Tables.Kind.FOUR_PLAYER && robots != null) {
          robots.resume(List.of(e));
        } else if (e.kind() == Tables.Kind.TWO_PLAYER && twoPlayerRobots != null) {
          twoPlayerRobots.resume(List.of(e));
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException stopping) {
      // The server is stopping: nobody is to play here any more.
    }
  }

  /** Publishes this server's tables' listings for the other servers' table lists. */
  private void publish() {
    try {
      tables.publish(e -> Hub.of(e).info().toByteArray());
      sessions.publish(s -> SessionMessages.summary(s).toByteArray());
    } catch (RuntimeException ex) {
      log.warn("publishing the table list failed: {}", ex.getMessage());
    }
  }

  /** How long a closed table stays in memory after it closed (its last players may look). */
  static final java.time.Duration CLOSED_KEPT = java.time.Duration.ofMinutes(1);

  private void evictClosed() {
    try {
      tables.evictClosed(CLOSED_KEPT);
    } catch (RuntimeException ex) {
      log.error("dropping closed tables from memory failed", ex);
    }
  }

  private void closeIdle(java.time.Duration timeout) {
    try {
      tables.closeIdle(timeout);
    } catch (RuntimeException ex) {
      log.error("closing idle tables failed", ex);
    }
  }

  /**
   * Gives the Laws' default to what has waited too long for the director. A default that settles
   * a claim searches first, as the director's own ruling does, on the search threads; the timer
   * asks again a second later if they were busy.
   */
  private void settleOverdue() {
    try {
      for (Tables.Entry e : tables.all(Tables.Kind.FOUR_PLAYER)) {
        Table t = e.table();
        if (t.awaitsDirector() && settling.add(t)) {
          searches.take(s -> {
            t.settleOverdue(s);
            return t;
          }, settling::remove, ex -> {
            settling.remove(t);
            log.debug("table {}: settling an overdue ruling failed: {}", t.id(),
                StatusMapper.toStatus(ex).getStatus().getDescription());
          });
        }
      }
    } catch (RuntimeException ex) {
      log.error("settling overdue rulings failed", ex);
    }
  }
}
