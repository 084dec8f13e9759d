package org.tenace.bench;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.tenace.cli.common.LocalServer;

/**
 * Cold starts of the server: each a fresh process with an empty store, timed from starting its
 * JVM to its listening and to its first accepted action (a table created, four seated, the first
 * call). One start before them is not counted: it warms this process, whose own first gRPC call
 * would otherwise be timed as the server's.
 */
final class ColdStarts {
  /** Milliseconds from starting the JVM to its listening and to its first accepted action. */
  record Start(double listeningMs, double firstActionMs) {}

  /** Starts a fresh server (the caller's options), returning once it listens. */
  interface Starter {
    LocalServer start() throws IOException;
  }

  private ColdStarts() {}

  /** {@code count} timed starts, after one that is not counted. */
  static List<Start> measure(int count, Starter starter) throws Exception {
    List<Start> starts = new ArrayList<>();
    for (int i = 0; i <= count; i++) {
      Start s = once(starter);
      if (i > 0) {
        starts.add(s);
      }
    }
    return starts;
  }

  private static Start once(Starter starter) throws Exception {
    try (LocalServer p = starter.start()) {
      ManagedChannel channel = Grpc.newChannelBuilder(p.target(),
          InsecureChannelCredentials.create()).directExecutor().build();
      try {
        // Unary calls, as the cold-start figures in docs/performance.md were taken.
        LoadRun run = new LoadRun(List.of(channel), false);
        run.seat(1);
        run.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (run.firstAccepted() == 0) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException("the server accepted no action in 60 s"
                + (run.reasons().isEmpty() ? "" : "; refusals: " + run.reasons()));
          }
          TimeUnit.MILLISECONDS.sleep(1);
        }
        run.stop();
        return new Start(p.startupNanos() / 1e6, (run.firstAccepted() - p.startedNanos()) / 1e6);
      } finally {
        channel.shutdownNow();
        channel.awaitTermination(5, TimeUnit.SECONDS);
      }
    }
  }

  /** The median of {@code values} (the mean of the middle two for an even count). */
  static double median(List<Double> values) {
    List<Double> v = values.stream().sorted().toList();
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }
}
