package org.tenace.bench;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.nio.file.Files;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.tenace.cli.common.LocalServer;

/**
 * {@code tenace bench --tm}: the Table Manager gateway under load. A server as the other bench
 * runs use (started here or given), N tables each behind a gateway of its own on loopback, four
 * scripted TM programs a table ({@link TmLoad}); it reports boards a second and the gateway's
 * own time per line, p50 and p99, both ways and together, beside the relay of a call or card
 * from one program to the three others (gateway, server and gateway). docs/performance.md and
 * docs/table-manager.md say what each figure covers.
 */
final class TmBench {
  private final BenchCommand bench;

  TmBench(BenchCommand bench) {
    this.bench = bench;
  }

  int call() throws Exception {
    if (bench.tables < 1 || bench.seconds < 1 || bench.warmup < 0 || bench.idle > 0) {
      throw new picocli.CommandLine.ParameterException(bench.spec.commandLine(), "--tm needs "
          + "--tables 1 or more and --seconds 1 or more, and goes without --idle");
    }
    Report report = new Report();
    report.put("started_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), "", "")
        .put("cores", Runtime.getRuntime().availableProcessors(), "cores", "")
        .put("load_average_before", BenchCommand.loadAverage(), "load average before", "")
        .put("java", System.getProperty("java.vm.name") + " " + System.getProperty(
            "java.runtime.version"), "java", "");
    LocalServer process = null;
    String target = bench.server;
    if (target == null) {
      process = bench.startServer();
      target = process.target();
    }
    List<ManagedChannel> channels = new ArrayList<>();
    try {
      for (int i = 0; i < bench.channelCount; i++) {
        channels.add(Grpc.newChannelBuilder(target, InsecureChannelCredentials.create()).build());
      }
      try (TmLoad load = new TmLoad(channels)) {
        load.open(bench.tables);
        load.start();
        TimeUnit.SECONDS.sleep(bench.warmup);
        long t0 = System.nanoTime();
        load.measure();
        TimeUnit.SECONDS.sleep(bench.seconds);
        load.stop();
        double secs = (System.nanoTime() - t0) / 1e9;
        Histogram out = load.toProgram();
        Histogram in = load.fromProgram();
        Histogram both = out.copy();
        both.add(in);
        Histogram relay = load.relay();
        if (both.getTotalCount() == 0) {
          throw new IllegalStateException("no line went through the gateway in "
              + bench.seconds + " s; is the server busy elsewhere?");
        }
        report.put("tables", bench.tables, "tables", "")
            .put("seconds", BenchCommand.round(secs, 3), "measured", "s")
            .put("boards", load.boards(), "boards played", "")
            .put("boards_per_s", BenchCommand.round(load.boards() / secs, 1), "boards a second", "")
            .put("programs_broken_off", load.failures(), "programs that broke off", "")
            .put("lines", both.getTotalCount(), "lines through the gateway", "")
            .put("line_p50_us", BenchCommand.micros(both, 50), "gateway's time per line, p50", "us")
            .put("line_p99_us", BenchCommand.micros(both, 99), "gateway's time per line, p99", "us")
            .put("line_p999_us", BenchCommand.micros(both, 99.9),
                "gateway's time per line, p99.9", "us")
            .put("line_max_us", max(both), "gateway's time per line, max", "us")
            .put("to_program_lines", out.getTotalCount(), "lines to programs", "")
            .put("to_program_p50_us", BenchCommand.micros(out, 50), "line to a program, p50", "us")
            .put("to_program_p99_us", BenchCommand.micros(out, 99), "line to a program, p99", "us")
            .put("from_program_lines", in.getTotalCount(), "calls and cards from programs", "")
            .put("from_program_p50_us", BenchCommand.micros(in, 50),
                "call or card from a program, p50", "us")
            .put("from_program_p99_us", BenchCommand.micros(in, 99),
                "call or card from a program, p99", "us")
            .put("relay_samples", relay.getTotalCount(), "calls and cards relayed", "")
            .put("relay_p50_us", BenchCommand.micros(relay, 50),
                "program to the three others, p50", "us")
            .put("relay_p99_us", BenchCommand.micros(relay, 99),
                "program to the three others, p99", "us");
      }
    } finally {
      channels.forEach(ManagedChannel::shutdownNow);
      if (process != null) {
        process.close();
      }
    }
    String title = "tenace bench --tm: " + bench.tables + (bench.tables == 1 ? " table, "
        : " tables, ") + "four TM programs each, " + bench.seconds + " s measured after "
        + bench.warmup + " s warm-up (" + (bench.server != null ? "server " + bench.server
        : "server started here") + ")";
    bench.spec.commandLine().getOut().print(report.text(title));
    bench.spec.commandLine().getOut().flush();
    if (bench.json != null) {
      Files.writeString(bench.json, report.json() + System.lineSeparator());
    }
    return 0;
  }

  private static Double max(Histogram h) {
    return h.getTotalCount() == 0 ? null : BenchCommand.round(h.getMaxValue() / 1e3, 1);
  }
}
