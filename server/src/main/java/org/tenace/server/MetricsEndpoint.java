package org.tenace.server;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * {@code GET /metrics} in Prometheus's text format, on its own port (keep it off the public
 * network: it says how busy the server is). Every name starts with {@code tenace_}, the JVM's
 * too, so one prefix finds them all.
 */
final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer http;
  private final PrometheusMeterRegistry registry;
  private final JvmGcMetrics gc = new JvmGcMetrics();

  private MetricsEndpoint(HttpServer http, PrometheusMeterRegistry registry) {
    this.http = http;
    this.registry = registry;
  }

  /** Starts serving on {@code host:port}, with the JVM's meters and the server's (global). */
  static MetricsEndpoint start(String host, int port) throws IOException {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config().meterFilter(new MeterFilter() {
      @Override
      public Meter.Id map(Meter.Id id) {
        return id.getName().startsWith("tenace.") ? id : id.withName("tenace." + id.getName());
      }
    });
    HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 0);
    MetricsEndpoint endpoint = new MetricsEndpoint(http, registry);
    new JvmMemoryMetrics().bindTo(registry);
    endpoint.gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    Metrics.addRegistry(registry);
    http.createContext("/metrics", exchange -> {
      try (exchange) {
        if (!exchange.getRequestMethod().equals("GET")) {
          exchange.sendResponseHeaders(405, -1);
          return;
        }
        byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type",
            "text/plain; version=0.0.4; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      }
    });
    http.setExecutor(Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "metrics");
      t.setDaemon(true);
      return t;
    }));
    http.start();
    return endpoint;
  }

  /** The registry the server's own gauges go to. */
  PrometheusMeterRegistry registry() {
    return registry;
  }

  int port() {
    return http.getAddress().getPort();
  }

  @Override
  public void close() {
    http.stop(0);
    Metrics.removeRegistry(registry);
    gc.close();
    registry.close();
  }
}
