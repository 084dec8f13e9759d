package org.tenace.server.api;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.function.ToDoubleFunction;
import org.tenace.server.application.Tables;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Table;

/**
 * What the server counts, for its /metrics endpoint. Meters live in Micrometer's global registry,
 * which counts nothing until a registry is added to it (the server command adds Prometheus's):
 * the table code records without knowing whether anyone reads. Names start with {@code tenace.}
 * (Prometheus: {@code tenace_}); no card or token is ever a tag.
 */
public final class ServerMetrics {
  private ServerMetrics() {}

  /**
   * Counts every call by method and status code (a refusal's code: FAILED_PRECONDITION for a
   * rule, RESOURCE_EXHAUSTED for a limit...) and times the unary ones (the actions); add it to
   * the server's builder with {@code intercept}.
   */
  public static ServerInterceptor calls() {
    return new ServerInterceptor() {
      @Override
      public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
          ServerCallHandler<Q, R> next) {
        long start = System.nanoTime();
        MethodDescriptor<Q, R> method = call.getMethodDescriptor();
        String name = method.getBareMethodName() == null ? method.getFullMethodName()
            : method.getBareMethodName();
        boolean unary = method.getType() == MethodDescriptor.MethodType.UNARY;
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
          @Override
          public void close(Status status, Metadata trailers) {
            record(name, status.getCode().name(), unary ? System.nanoTime() - start : -1);
            super.close(status, trailers);
          }
        }, headers);
      }
    };
  }

  /**
   * Counts one call or Connect command by method and code, and times it unless {@code nanos} is
   * negative (streams): a command on a Connect stream counts as its unary call would.
   */
  static void record(String method, String code, long nanos) {
    Counter.builder("tenace.requests").description("calls ended, by method and code")
        .tag("method", method).tag("code", code).register(Metrics.globalRegistry).increment();
    if (nanos >= 0) {
      Timer.builder("tenace.request.latency").description("unary calls, start to reply")
          .tag("method", method).publishPercentileHistogram().register(Metrics.globalRegistry)
          .record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }
  }

  /** Gauges of what {@code server} holds now: tables by state, seats, streams, robots. */
  public static void register(MeterRegistry registry, TenaceServer server) {
    Tables tables = server.tables();
    for (Table.Status s : Table.Status.values()) {
      gauge(registry, "tenace.tables", "tables by state", "state", s.name().toLowerCase(),
          tables, t -> t.all().stream().filter(e -> e.shell().status() == s).count());
    }
    gauge(registry, "tenace.seats", "seats taken at open tables", "by", "person", tables,
        t -> seats(t, false));
    gauge(registry, "tenace.seats", "seats taken at open tables", "by", "robot", tables,
        t -> seats(t, true));
    Gauge.builder("tenace.streams", tables, t -> t.all().stream()
        .mapToInt(e -> e.shell().atomically(() -> Hub.of(e).streams())).sum())
        .description("open WatchTable streams").register(registry);
    ServerRobots robots = server.robots();
    if (robots != null) {
      Gauge.builder("tenace.robots", robots, ServerRobots::playing)
          .description("robots playing").register(registry);
    }
    if (server.store() instanceof org.tenace.server.store.PgEventLog pg) {
      // Several nodes on one PostgreSQL (docs/operations.md): what this node owns, how many
      // tables it took over, and how many of its appends another node's takeover fenced.
      Gauge.builder("tenace.cluster.leases", pg, org.tenace.server.store.PgEventLog::owned)
          .description("tables and sessions this node owns").register(registry);
      io.micrometer.core.instrument.FunctionCounter.builder("tenace.cluster.takeovers", pg,
          org.tenace.server.store.PgEventLog::takeovers)
          .description("tables taken over from another node (or this one before a restart)")
          .register(registry);
      io.micrometer.core.instrument.FunctionCounter.builder("tenace.cluster.fenced.appends", pg,
          org.tenace.server.store.PgEventLog::fencedAppends)
          .description("appends refused because another node had taken the table over")
          .register(registry);
    }
  }

  private static void gauge(MeterRegistry registry, String name, String description, String tag,
      String value, Tables tables, ToDoubleFunction<Tables> f) {
    Gauge.builder(name, tables, f).description(description).tag(tag, value).register(registry);
  }

  private static long seats(Tables tables, boolean robot) {
    long n = 0;
    for (Tables.Entry e : tables.all()) {
      if (e.shell().status() != Table.Status.CLOSED) {
        for (Holder h : e.shell().holders()) {
          if (h.seat().isPresent() && h.robot() == robot) {
            n++;
          }
        }
      }
    }
    return n;
  }
}
