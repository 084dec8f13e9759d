package org.tenace.server.api;

import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.InstantSource;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.store.EventStore;

/**
 * The table server: owns its gRPC server, its store and its timers, from start to a clean stop.
 * It takes a {@link ServerBuilder} so that tests can hand it any transport (STYLE.md, after
 * grpc-java's route guide).
 */
public final class TenaceServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TenaceServer.class);
  private static final String SERVICE = TableServiceGrpc.SERVICE_NAME;

  private final Server server;
  private final EventStore store;
  private final Tables tables;
  private final HealthStatusManager health = new HealthStatusManager();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "director-timer");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closed;

  private TenaceServer(ServerBuilder<?> builder, EventStore store, InstantSource clock,
      RobotSeater robots) {
    this.store = store;
    this.tables = new Tables(Tables.sinkFor(store, clock), clock);
    tables.load(store);
    TableGrpcService service = new TableGrpcService(tables, robots);
    this.server = builder
        .addService(ServerInterceptors.intercept(service, new BearerToken()))
        .addService(health.getHealthService())
        .addService(ProtoReflectionServiceV1.newInstance())
        .build();
  }

  /** Opens the store at {@code jdbcUrl}, rebuilds its tables, and starts serving. */
  public static TenaceServer start(ServerBuilder<?> builder, String jdbcUrl) {
    EventStore store = EventStore.open(jdbcUrl);
    TenaceServer s = new TenaceServer(builder, store, InstantSource.system(), RobotSeater.NONE);
    try {
      s.server.start();
    } catch (IOException e) {
      store.close();
      throw new UncheckedIOException("cannot start the server: " + e.getMessage(), e);
    }
    s.health.setStatus("", ServingStatus.SERVING);
    s.health.setStatus(SERVICE, ServingStatus.SERVING);
    s.timer.scheduleWithFixedDelay(s::settleOverdue, 1, 1, TimeUnit.SECONDS);
    return s;
  }

  /** The port the server listens on (for a builder given port 0). */
  public int port() {
    return server.getPort();
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
    health.setStatus("", ServingStatus.NOT_SERVING);
    health.setStatus(SERVICE, ServingStatus.NOT_SERVING);
    for (Tables.Entry e : tables.all()) {
      synchronized (e.table()) {
        e.hub().closeAll(Status.Code.UNAVAILABLE, "SHUTTING_DOWN",
            "SHUTTING_DOWN: the server is stopping; reconnect later");
      }
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
    timer.shutdownNow();
    store.close();
    log.info("server stopped; the store is closed");
  }

  private void settleOverdue() {
    try {
      for (Tables.Entry e : tables.all()) {
        if (e.table().awaitsDirector()) {
          e.table().settleOverdue();
        }
      }
    } catch (RuntimeException ex) {
      log.error("settling overdue rulings failed", ex);
    }
  }
}
