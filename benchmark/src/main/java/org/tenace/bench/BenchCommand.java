package org.tenace.bench;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.tenace.cli.common.LocalServer;
import org.tenace.cli.common.ServerJarOption;
import org.tenace.client.NodeChannel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tenace bench}: the table server under load. Starts {@code tenace server} in a process of
 * its own (or targets one), plays complete boards at N tables with four scripted players a table
 * over gRPC, and reports throughput, the latency of an action reaching all four seats, and what
 * the server spent: CPU per action, heap, resident memory, collection pauses. {@code --idle}
 * measures what a table at rest costs. docs/performance.md says how to read the figures.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Measure a table server under load: boards/s, latency of an action to all four "
        + "seats, server CPU per action and memory (docs/performance.md).")
public final class BenchCommand implements Callable<Integer> {
  private static final double MB = 1024 * 1024;

  @Spec
  CommandSpec spec;

  @Option(names = "--tables", defaultValue = "16", paramLabel = "N",
      description = "tables played at once, four scripted players each; 0 for none "
          + "(default ${DEFAULT-VALUE})")
  int tables;

  @Option(names = "--seconds", defaultValue = "20", paramLabel = "S",
      description = "how long to measure, after the warm-up (default ${DEFAULT-VALUE})")
  int seconds;

  @Option(names = "--warmup", defaultValue = "10", paramLabel = "S",
      description = "seconds of play before measuring (default ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--server", paramLabel = "HOST:PORT[,...]", description = "a running server "
      + "to measure (plaintext; it must allow as many tables as asked), or the nodes of a cluster, "
      + "comma-separated: the tables are made in turn on each, and measured together; by default "
      + "a server of its own is started (H2 and journal in a temporary folder)")
  String server;

  @Option(names = "--server-pid", paramLabel = "PID[,...]", split = ",", description = "with "
      + "--server on this machine: its process (or each node's), for their CPU, memory and pauses, "
      + "summed (read through the JVM's management agent and /proc)")
  List<Long> serverPids = new ArrayList<>();

  @Option(names = "--server-metrics", paramLabel = "HOST:PORT[,...]", split = ",",
      description = "with --server: each node's --metrics-port, for the commit latency they saw "
      + "(their tenace_journal_append_seconds histogram over the measured seconds)")
  List<String> serverMetrics = new ArrayList<>();

  @Option(names = "--db-pid", paramLabel = "PID", description = "with --server: the database "
      + "server's process on this machine (PostgreSQL's postmaster), whose CPU and its children's "
      + "is added to the servers' (Linux)")
  Long dbPid;

  @Option(names = "--idle", defaultValue = "0", paramLabel = "N", description = "also measure "
      + "N idle tables (four seated, dealt, four open streams of --transport's kind): heap and "
      + "resident memory a table, on a fresh server of its own; with --tables 0, only that")
  int idle;

  @Option(names = "--cold-start", defaultValue = "0", paramLabel = "N", description = "also "
      + "start a fresh server N times (after one start not counted, which warms this client) "
      + "and time each from its JVM's start to its first accepted action; medians")
  int coldStarts;

  @Option(names = "--json", paramLabel = "FILE",
      description = "also write the figures to FILE as one JSON object")
  Path json;

  @Option(names = "--channels", defaultValue = "4", paramLabel = "N",
      description = "gRPC connections the players share, to each node (default "
          + "${DEFAULT-VALUE})")
  int channelCount;

  /** How the scripted players reach the server. */
  enum Transport { stream, unary }

  @Option(names = "--transport", defaultValue = "stream", paramLabel = "KIND",
      description = "stream: each player watches and acts over one Connect stream; unary: "
          + "WatchTable and a unary call per action (default ${DEFAULT-VALUE})")
  Transport transport;

  @Option(names = "--server-cpus", paramLabel = "LIST", description = "run the server started "
      + "here under taskset -c LIST (e.g. 0), to read its cost apart from the players'; run "
      + "this command itself under taskset for the other cores")
  String serverCpus;

  @Option(names = "--server-java-option", paramLabel = "OPTION",
      description = "a JVM option for the server started here (repeatable), e.g. -Xmx512m")
  List<String> serverJavaOptions = new ArrayList<>();

  @Option(names = "--server-arg", paramLabel = "ARG", description = "an option for the server "
      + "started here (repeatable), e.g. --server-arg=--sync")
  List<String> serverArgs = new ArrayList<>();

  @Option(names = "--tm", description = "measure the Table Manager gateway instead: four "
      + "scripted TM programs a table, the gateway's time per line and boards/s "
      + "(docs/table-manager.md)")
  boolean tm;

  @Option(names = "--robots", description = "measure the robots' play instead: four house "
      + "robots bid and play deals, each board measured double dummy (tricks lost by declarer, "
      + "defenders and opening lead, contract against par in IMPs, thinking time; "
      + "docs/performance.md)")
  boolean robots;

  @Option(names = "--deals", defaultValue = "100", paramLabel = "N|FILE", description = "with "
      + "--robots: N seeded random deals, or a PBN file's deals, whose recorded play is then "
      + "reported beside the robots' (default ${DEFAULT-VALUE})")
  String deals;

  @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
      description = "with --robots: the seed of the random deals (default ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--level", defaultValue = "strong", paramLabel = "L[,L]", split = ",",
      description = "with --robots: the robots' level, fast or strong; several, comma-separated, "
      + "are each measured on the same deals in the same run (default ${DEFAULT-VALUE})")
  List<String> levels = new ArrayList<>();

  @Option(names = "--bidding-only", description = "with --robots: the robots only bid; each "
      + "contract against par in IMPs, with no card played (a file's recorded auctions beside)")
  boolean biddingOnly;

  @Option(names = "--threads", defaultValue = "1", paramLabel = "T",
      description = "with --robots: boards played at once (default ${DEFAULT-VALUE}; the figures "
      + "do not depend on it, the thinking times do)")
  int threads;

  @Mixin
  ServerJarOption serverJar = new ServerJarOption();

  @Option(names = "--server-classpath", hidden = true,
      description = "start the server from this class path instead of its jar (tests)")
  String serverClasspath;

  @Override
  public Integer call() throws Exception {
    if (tm) {
      return new TmBench(this).call();
    }
    if (robots) {
      return robots();
    }
    check();
    Report report = new Report();
    report.put("started_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), "", "")
        .put("cores", Runtime.getRuntime().availableProcessors(), "cores", "")
        .put("load_average_before", loadAverage(), "load average before", "")
        .put("java", System.getProperty("java.vm.name") + " " + System.getProperty(
            "java.runtime.version"), "java", "");
    String title = "tenace bench";
    if (tables > 0) {
      title += ": " + tables + (tables == 1 ? " table, " : " tables, ") + seconds
          + " s measured after " + warmup + " s warm-up";
      load(report);
    }
    if (idle > 0) {
      title += (tables > 0 ? "; " : ": ") + idle + " idle tables";
      idle(report);
    }
    if (coldStarts > 0) {
      title += (tables > 0 || idle > 0 ? "; " : ": ") + coldStarts + " cold starts";
      coldStarts(report);
    }
    spec.commandLine().getOut().print(report.text(title + " (" + target() + ")"));
    spec.commandLine().getOut().flush();
    if (json != null) {
      Files.writeString(json, report.json() + System.lineSeparator());
    }
    return 0;
  }

  private int robots() {
    java.io.PrintWriter out = spec.commandLine().getOut();
    if (threads < 1) {
      throw new ParameterException(spec.commandLine(), "--threads must be at least 1");
    }
    List<org.tenace.robot.RobotLevel> robotLevels = new ArrayList<>();
    for (String l : levels) {
      try {
        robotLevels.add(org.tenace.robot.RobotLevel.parse(l));
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--level: " + e.getMessage());
      }
    }
    if (deals.matches("\\d{1,9}")) {
      int n = Integer.parseInt(deals);
      if (n < 1) {
        throw new ParameterException(spec.commandLine(), "--deals must be at least 1");
      }
      String title = n + " seeded deals from seed " + seed;
      return biddingOnly
          ? RobotBench.bidding(title, RobotBench.seeded(n, seed), List.of(), threads, out)
          : RobotBench.run(title, RobotBench.seeded(n, seed), List.of(), robotLevels, threads, out);
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(Path.of(deals));
    } catch (IOException | java.nio.file.InvalidPathException e) {
      throw new ParameterException(spec.commandLine(), "--deals: " + deals
          + " is neither a number of deals nor a file that can be read");
    }
    List<org.tenace.bridge.record.HandRecord> records =
        org.tenace.bridge.pbn.PbnReader.readHandRecords(bytes, deals).values();
    List<RobotBench.Setting> settings = new ArrayList<>();
    for (org.tenace.bridge.record.HandRecord r : records) {
      r.deal().ifPresent(d -> settings.add(new RobotBench.Setting(d, r.dealer(),
          r.vulnerability())));
    }
    if (settings.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "--deals: " + deals + " holds no deal");
    }
    String title = settings.size() + " deals of " + deals;
    return biddingOnly
        ? RobotBench.bidding(title, settings, records, threads, out)
        : RobotBench.run(title, settings, records, robotLevels, threads, out);
  }

  private void check() {
    if (tables < 0 || seconds < 1 || warmup < 0 || idle < 0 || coldStarts < 0
        || channelCount < 1) {
      throw new ParameterException(spec.commandLine(), "--tables, --warmup, --idle and "
          + "--cold-start are 0 or more, --seconds and --channels 1 or more");
    }
    if (tables == 0 && idle == 0 && coldStarts == 0) {
      throw new ParameterException(spec.commandLine(), "nothing to measure: give --tables N, "
          + "--idle N or --cold-start N");
    }
    if (server != null && coldStarts > 0) {
      throw new ParameterException(spec.commandLine(), "--cold-start starts servers of its "
          + "own: it does not go with --server");
    }
    if ((!serverPids.isEmpty() || !serverMetrics.isEmpty() || dbPid != null)
        && server == null) {
      throw new ParameterException(spec.commandLine(), "--server-pid, --server-metrics and "
          + "--db-pid go with --server");
    }
    if (server != null && (serverCpus != null || !serverJavaOptions.isEmpty()
        || !serverArgs.isEmpty())) {
      throw new ParameterException(spec.commandLine(), "--server-cpus, --server-java-option and "
          + "--server-arg are for the server started here, not with --server");
    }
  }

  private String target() {
    int n = nodes().size();
    return server == null ? "server started here"
        : n > 1 ? n + " nodes " + server : "server " + server;
  }

  /** The servers --server names (one, or a cluster's nodes), or none. */
  private List<String> nodes() {
    List<String> nodes = new ArrayList<>();
    if (server != null) {
      for (String n : server.split(",")) {
        if (!n.isBlank()) {
          nodes.add(n.strip());
        }
      }
    }
    return nodes;
  }

  /**
   * The servers' commit latency histograms now, or null (said on stderr) when --server-metrics
   * is not given or a server's metrics cannot be read: the other figures are measured anyway.
   */
  private AppendLatency appendLatency() throws InterruptedException {
    if (serverMetrics.isEmpty()) {
      return null;
    }
    try {
      return AppendLatency.read(serverMetrics);
    } catch (IOException e) {
      spec.commandLine().getErr().println("tenace: bench: " + e.getMessage()
          + "; the commit latency is left out");
      spec.commandLine().getErr().flush();
      return null;
    }
  }

  /** N tables played flat out: throughput, latency, the server's cost. */
  private void load(Report report) throws Exception {
    try (Running running = run()) {
      List<String> nodes = server == null ? List.of(running.target) : nodes();
      List<ManagedChannel> channels = channels(nodes, channelCount);
      try {
        // Channel c starts at node c % nodes: table t is made on node t % nodes, and its
        // players talk to that node.
        LoadRun run = new LoadRun(channels, transport == Transport.stream, nodes.size());
        run.seat(tables);
        run.start();
        long began = System.nanoTime();
        // The probe attaches after the players have started, so that its agent is not counted
        // in the server's start.
        ServerProbe probe = running.probe(spec.commandLine().getErr());
        long rest = TimeUnit.SECONDS.toNanos(warmup) - (System.nanoTime() - began);
        if (rest > 0) {
          TimeUnit.NANOSECONDS.sleep(rest);
        }
        // The servers' metrics are read outside the CPU's window: a scrape of a node's
        // histograms costs it milliseconds, which are not its actions'.
        AppendLatency appends0 = appendLatency();
        long cpu0 = probe == null ? 0 : probe.cpuNanos();
        long db0 = dbPid == null ? 0 : ProcessTreeCpu.nanos(dbPid);
        if (probe != null) {
          probe.countPauses();
        }
        long t0 = System.nanoTime();
        run.measure();
        TimeUnit.SECONDS.sleep(seconds);
        run.stop();
        double secs = (System.nanoTime() - t0) / 1e9;
        long cpu1 = probe == null ? 0 : probe.cpuNanos();
        long db1 = dbPid == null ? 0 : ProcessTreeCpu.nanos(dbPid);
        AppendLatency appends1 = appends0 == null ? null : appendLatency();
        AppendLatency appends = appends1 == null ? null : appends1.since(appends0);
        Histogram latency = run.latencies();
        long actions = run.actions();
        if (actions == 0) {
          throw new IllegalStateException("no action was accepted in " + seconds + " s"
              + (run.reasons().isEmpty() ? "" : "; refusals: " + run.reasons())
              + "; is the server busy elsewhere?");
        }
        report.put("nodes", nodes.size(), "nodes", "")
            .put("tables", tables, "tables", "")
            .put("transport", transport.name(), "players' transport", "")
            .put("seconds", round(secs, 3), "measured", "s")
            .put("boards", run.boards(), "boards played", "")
            .put("boards_per_s", round(run.boards() / secs, 1), "boards a second", "")
            .put("actions", actions, "actions accepted", "")
            .put("actions_per_s", round(actions / secs, 0), "actions a second", "")
            .put("refused", run.refusals(), "actions refused", "")
            .put("stream_errors", run.streamErrors(), "streams ended early", "")
            .put("latency_samples", latency.getTotalCount(), "latency samples", "")
            .put("p50_us", micros(latency, 50), "action to all four seats, p50", "us")
            .put("p99_us", micros(latency, 99), "action to all four seats, p99", "us")
            .put("p999_us", micros(latency, 99.9), "action to all four seats, p99.9", "us")
            .put("max_us", latency.getTotalCount() == 0 ? null
                : round(latency.getMaxValue() / 1e3, 1), "action to all four seats, max", "us");
        if (run.refusals() > 0 || run.streamErrors() > 0) {
          report.put("refusal_reasons", run.reasons().toString(), "refusals", "");
        }
        // The database's CPU counts as the servers': H2 runs inside the server.
        long spent = cpu1 - cpu0 + (db1 - db0);
        Double cpu = probe == null ? null : round(spent / 1e3 / actions, 1);
        report.put("server_cpu_us_per_action", cpu, "server CPU per action", "us")
            .put("server_cpu_cores", probe == null ? null : round(spent / 1e9 / secs, 2),
                "server CPU", "cores");
        if (dbPid != null) {
          report.put("db_cpu_us_per_action", round((db1 - db0) / 1e3 / actions, 1),
              "of which the database's", "us");
        }
        if (!serverMetrics.isEmpty()) {
          report.put("appends", appends == null ? null : appends.count(), "appends committed", "")
              .put("append_p50_us", appends == null ? null : appends.micros(50),
                  "append to commit, p50", "us")
              .put("append_p99_us", appends == null ? null : appends.micros(99),
                  "append to commit, p99", "us");
        }
        double[] pauses = probe == null ? null : probe.pauses();
        report.put("server_heap_used_mb", probe == null ? null : round(probe.heapUsed() / MB, 1),
                "server heap used", "MB")
            .put("server_heap_committed_mb",
                probe == null ? null : round(probe.heapCommitted() / MB, 1),
                "server heap committed", "MB")
            .put("server_rss_mb", mb(probe == null ? OptionalLong.empty() : probe.rss()),
                "server resident memory", "MB")
            .put("server_rss_peak_mb", mb(probe == null ? OptionalLong.empty() : probe.peakRss()),
                "server resident memory, peak", "MB")
            .put("gc_pauses", pauses == null ? null : (long) pauses[0], "GC pauses", "")
            .put("gc_pause_total_ms", pauses == null ? null : pauses[1], "GC pauses, total", "ms")
            .put("gc_pause_max_ms", pauses == null ? null : pauses[2], "GC pause, longest", "ms");
        if (running.process != null) {
          report.put("server_start_ms", round(running.process.startupNanos() / 1e6, 0),
              "server start to listening", "ms");
          report.put("first_action_ms", run.firstAccepted() == 0 ? null
              : round((run.firstAccepted() - running.process.startedNanos()) / 1e6, 0),
              "server start to first accepted action", "ms");
        }
      } finally {
        close(channels);
      }
    }
  }

  /** N tables at rest: the heap and resident memory each costs. */
  private void idle(Report report) throws Exception {
    try (Running running = run()) {
      List<ManagedChannel> channels = channels(List.of(running.target),
          Math.max(channelCount, 8));
      try {
        ServerProbe probe = running.probe(spec.commandLine().getErr());
        long heap0 = probe == null ? 0 : probe.liveHeap();
        OptionalLong rss0 = probe == null ? OptionalLong.empty() : probe.rss();
        long t0 = System.nanoTime();
        new IdleTables(channels, transport == Transport.stream).open(idle);
        double secs = (System.nanoTime() - t0) / 1e9;
        report.put("idle_tables", idle, "idle tables", "")
            .put("idle_streams", 4L * idle, "idle streams open", "")
            .put("idle_setup_s", round(secs, 1), "idle tables opened in", "s");
        if (probe == null) {
          report.put("idle_heap_bytes_per_table", null, "heap per idle table", "bytes")
              .put("idle_rss_bytes_per_table", null, "resident memory per idle table", "bytes");
          return;
        }
        long heap1 = probe.liveHeap();
        OptionalLong rss1 = probe.rss();
        report.put("idle_heap_bytes_per_table", (heap1 - heap0) / idle, "heap per idle table",
                "bytes")
            .put("idle_rss_bytes_per_table", rss0.isPresent() && rss1.isPresent()
                ? (Object) ((rss1.getAsLong() - rss0.getAsLong()) / idle) : null,
                "resident memory per idle table", "bytes")
            .put("idle_server_heap_live_mb", round(heap1 / MB, 1), "server live heap, idle",
                "MB")
            .put("idle_server_rss_mb", mb(rss1), "server resident memory, idle", "MB");
      } finally {
        close(channels);
      }
    }
  }

  /** Fresh servers, each timed from its JVM's start to its first accepted action. */
  private void coldStarts(Report report) throws Exception {
    List<ColdStarts.Start> starts = ColdStarts.measure(coldStarts, this::startServer);
    List<Double> listening = starts.stream().map(ColdStarts.Start::listeningMs).toList();
    List<Double> first = starts.stream().map(ColdStarts.Start::firstActionMs).toList();
    report.put("cold_starts", coldStarts, "cold starts", "")
        .put("cold_start_listening_ms", round(ColdStarts.median(listening), 0),
            "server start to listening, median", "ms")
        .put("cold_start_first_action_ms", round(ColdStarts.median(first), 0),
            "server start to first accepted action, median", "ms")
        .put("cold_start_first_action_min_ms", round(first.stream().min(Double::compare)
            .orElseThrow(), 0), "server start to first accepted action, least", "ms")
        .put("cold_start_first_action_max_ms", round(first.stream().max(Double::compare)
            .orElseThrow(), 0), "server start to first accepted action, most", "ms");
  }

  /** The server measured: started here (a fresh one each time) or the one given. */
  private Running run() throws IOException {
    if (server != null) {
      return new Running(server, null, serverPids);
    }
    LocalServer p = startServer();
    return new Running(p.target(), p, List.of(p.pid()));
  }

  /**
   * A fresh server of its own, as in production (its H2 store and journal in a scratch folder
   * that goes with it) but with no limits on tables or calls, and the options given here;
   * returns once it listens.
   */
  LocalServer startServer() throws IOException {
    LocalServer.Launch launch = serverClasspath != null ? LocalServer.classPath(serverClasspath)
        : LocalServer.jar(serverJar.jar());
    return launch.scratchStore().cpus(serverCpus).javaOptions(serverJavaOptions)
        .serverArgs(List.of("--max-tables", "0", "--max-tables-per-client", "0",
            "--max-calls-per-connection", "0", "--idle-timeout", "0"))
        .serverArgs(serverArgs).start();
  }

  /**
   * The servers under measurement and, on this machine, their probe (attached on first use;
   * several nodes' figures summed).
   */
  private static final class Running implements AutoCloseable {
    final String target;
    final LocalServer process;
    final List<Long> pids;
    ServerProbe probe;
    boolean tried;

    Running(String target, LocalServer process, List<Long> pids) {
      this.target = target;
      this.process = process;
      this.pids = List.copyOf(pids);
    }

    /** The probe, or null (said once on {@code err}) when a server cannot be attached to. */
    ServerProbe probe(java.io.PrintWriter err) {
      if (probe == null && !pids.isEmpty() && !tried) {
        tried = true;
        try {
          probe = ServerProbe.attach(pids);
        } catch (IOException e) {
          err.println("tenace: bench: " + e.getMessage() + "; the server's CPU, memory and "
              + "pauses are left out");
          err.flush();
        }
      }
      return probe;
    }

    @Override
    public void close() throws InterruptedException {
      if (probe != null) {
        probe.close();
      }
      if (process != null) {
        process.close();
      }
    }
  }

  /** {@code perNode} channels to each node, channel c starting at node c % nodes. */
  private static List<ManagedChannel> channels(List<String> nodes, int perNode) {
    List<ManagedChannel> channels = new ArrayList<>();
    for (int i = 0; i < perNode * nodes.size(); i++) {
      List<String> order = new ArrayList<>(nodes);
      java.util.Collections.rotate(order, -(i % nodes.size()));
      // Answers are handled on the transport's threads: the players never block. Each table's
      // calls go to the node that owns it, whichever node of a cluster the channel starts at.
      channels.add(new NodeChannel(String.join(",", order), InsecureChannelCredentials.create(),
          ManagedChannelBuilder::directExecutor));
    }
    return channels;
  }

  private static void close(List<ManagedChannel> channels) throws InterruptedException {
    channels.forEach(ManagedChannel::shutdownNow);
    for (ManagedChannel c : channels) {
      c.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  static Double micros(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? null : round(h.getValueAtPercentile(percentile) / 1e3, 1);
  }

  private static Double mb(OptionalLong bytes) {
    return bytes.isPresent() ? round(bytes.getAsLong() / MB, 1) : null;
  }

  static double round(double v, int places) {
    double f = Math.pow(10, places);
    return Math.round(v * f) / f;
  }

  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
