package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.cli.common.LocalServer;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import picocli.CommandLine;

/**
 * {@code tenace bench} against a real server in a child process (started from this test's class
 * path rather than the jar, which the test phase has not built). It checks what the figures
 * are, not how fast: timings belong to docs/performance.md, never to a test.
 */
class BenchCommandTest {
  private static final Pattern FIELD =
      Pattern.compile("\"(\\w+)\": (null|\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9.]+)");

  @TempDir
  Path dir;

  /** Over each transport: the Connect stream (the default) and the unary calls. */
  @ParameterizedTest(name = "--transport {0}")
  @ValueSource(strings = {"stream", "unary"})
  void playsWholeBoardsAndReportsTheServersCost(String transport) throws Exception {
    Path json = dir.resolve("bench.json");
    Run run = bench("--tables", "2", "--seconds", "2", "--warmup", "1", "--transport", transport,
        "--json", json.toString());

    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.out).contains("boards a second", "action to all four seats, p99.9",
        "server CPU per action");
    Map<String, String> f = fields(Files.readString(json));
    assertThat(f).containsKeys("boards_per_s", "actions_per_s", "server_cpu_us_per_action",
        "p50_us", "p99_us", "p999_us", "server_heap_used_mb", "server_rss_mb", "gc_pauses",
        "gc_pause_max_ms", "first_action_ms");
    assertThat(f.get("tables")).isEqualTo("2");
    assertThat(f.get("transport")).isEqualTo("\"" + transport + "\"");
    assertThat(number(f, "refused")).isZero();
    assertThat(number(f, "stream_errors")).isZero();
    long boards = (long) number(f, "boards");
    long actions = (long) number(f, "actions");
    // 60 actions a board (4 calls, 52 cards, a ready mark from each seat), give or take a board
    // in progress at each table at either end. No minimum of boards: a loaded machine may finish
    // none in 2 s.
    assertThat(actions).isPositive().isBetween(60 * (boards - 2), 60 * (boards + 2));
    assertThat(number(f, "latency_samples")).isPositive().isLessThanOrEqualTo(actions);
    double p50 = number(f, "p50_us");
    double p99 = number(f, "p99_us");
    double p999 = number(f, "p999_us");
    assertThat(p50).isPositive().isLessThanOrEqualTo(p99);
    assertThat(p99).isLessThanOrEqualTo(p999);
    assertThat(number(f, "server_cpu_us_per_action")).isPositive();
    assertThat(number(f, "server_heap_used_mb")).isPositive();
    assertThat(number(f, "server_rss_mb")).isGreaterThan(number(f, "server_heap_used_mb") / 2);
    assertThat(number(f, "gc_pauses")).isNotNegative();
  }

  @Test
  void measuresIdleTablesOnAServerOfTheirOwn() throws Exception {
    Path json = dir.resolve("idle.json");
    Run run = bench("--tables", "0", "--idle", "100", "--json", json.toString());

    assertThat(run.exit).as(run.err).isZero();
    Map<String, String> f = fields(Files.readString(json));
    assertThat(f).doesNotContainKey("boards_per_s");
    assertThat(number(f, "idle_tables")).isEqualTo(100);
    assertThat(number(f, "idle_streams")).isEqualTo(400);
    // Four seats, a dealt board and four streams cost something, and far less than a megabyte.
    assertThat(number(f, "idle_heap_bytes_per_table")).isBetween(1.0, 1e6);
  }

  @Test
  void timesColdStartsToTheFirstAcceptedAction() throws Exception {
    Path json = dir.resolve("cold.json");
    Run run = bench("--tables", "0", "--cold-start", "2", "--json", json.toString());

    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.out).contains("server start to first accepted action, median");
    Map<String, String> f = fields(Files.readString(json));
    assertThat(number(f, "cold_starts")).isEqualTo(2);
    double listening = number(f, "cold_start_listening_ms");
    double first = number(f, "cold_start_first_action_ms");
    // A server takes its first action after it listens; the least of two is at most the median.
    assertThat(listening).isPositive();
    assertThat(first).isGreaterThan(listening);
    assertThat(number(f, "cold_start_first_action_min_ms")).isPositive()
        .isLessThanOrEqualTo(first);
    assertThat(number(f, "cold_start_first_action_max_ms")).isGreaterThanOrEqualTo(first);
  }

  /**
   * Given several nodes (here two servers of their own, each on H2), the tables are made on each
   * in turn and measured together: the nodes' CPU summed, their commit latency read from their
   * metrics.
   */
  @Test
  void drivesSeveralNodesAndReadsTheirCommitLatency() throws Exception {
    int[] metrics = {freePort(), freePort()};
    List<LocalServer> nodes = new ArrayList<>();
    try {
      for (int m : metrics) {
        nodes.add(LocalServer.classPath(System.getProperty("java.class.path")).scratchStore()
            .serverArgs(List.of("--max-tables", "0", "--max-tables-per-client", "0",
                "--max-calls-per-connection", "0", "--metrics-port", String.valueOf(m)))
            .start());
      }
      Path json = dir.resolve("nodes.json");
      Run run = bench("--tables", "4", "--seconds", "2", "--warmup", "1",
          "--server", nodes.get(0).target() + "," + nodes.get(1).target(),
          "--server-pid", nodes.get(0).pid() + "," + nodes.get(1).pid(),
          "--server-metrics", "127.0.0.1:" + metrics[0] + ",127.0.0.1:" + metrics[1],
          "--json", json.toString());

      assertThat(run.exit).as(run.err).isZero();
      assertThat(run.out).contains("2 nodes", "append to commit, p99");
      Map<String, String> f = fields(Files.readString(json));
      assertThat(number(f, "nodes")).isEqualTo(2);
      assertThat(number(f, "refused")).isZero();
      assertThat(number(f, "actions")).isPositive();
      assertThat(number(f, "server_cpu_us_per_action")).isPositive();
      // Each action is one append, give or take those in flight at either end.
      assertThat(number(f, "appends")).isPositive();
      assertThat(number(f, "append_p50_us")).isPositive()
          .isLessThanOrEqualTo(number(f, "append_p99_us"));
      // Two tables made on each node.
      for (LocalServer node : nodes) {
        ManagedChannel ch = Grpc.newChannelBuilder(node.target(),
            InsecureChannelCredentials.create()).build();
        try {
          assertThat(TableServiceGrpc.newBlockingStub(ch).listTables(
              ListTablesRequest.getDefaultInstance()).getTablesList())
              .as("tables on %s", node.target()).hasSize(2);
        } finally {
          ch.shutdownNow();
        }
      }
    } finally {
      nodes.forEach(LocalServer::close);
    }
  }

  @Test
  void coldStartsDoNotGoWithAGivenServer() {
    Run run = bench("--server", "127.0.0.1:50051", "--cold-start", "3");

    assertThat(run.exit).isEqualTo(2);
    assertThat(run.err).contains("--cold-start starts servers of its own");
  }

  @Test
  void nothingToMeasureIsAUsageError() {
    Run run = bench("--tables", "0");

    assertThat(run.exit).isEqualTo(2);
    assertThat(run.err).contains("nothing to measure");
  }

  @Test
  void optionsForTheServerStartedHereDoNotGoWithAGivenServer() {
    Run run = bench("--server", "127.0.0.1:50051", "--server-arg=--sync");

    assertThat(run.exit).isEqualTo(2);
    assertThat(run.err).contains("--server-arg are for the server started here");
  }

  private static int freePort() throws java.io.IOException {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private record Run(int exit, String out, String err) {}

  private static Run bench(String... args) {
    String[] all = new String[args.length + 3];
    all[0] = "bench";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--server-classpath";
    all[args.length + 2] = System.getProperty("java.class.path");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(all);
    return new Run(exit, out.toString(), err.toString());
  }

  /** The fields of the one JSON object {@code --json} writes, each value as written. */
  static Map<String, String> fields(String json) {
    assertThat(json.strip()).startsWith("{").endsWith("}");
    Map<String, String> f = new HashMap<>();
    Matcher m = FIELD.matcher(json);
    while (m.find()) {
      f.put(m.group(1), m.group(2));
    }
    return f;
  }

  /** Field {@code key} of {@code f}, which must be a number. */
  static double number(Map<String, String> f, String key) {
    assertThat(f.get(key)).as(key).isNotNull().isNotEqualTo("null");
    return Double.parseDouble(f.get(key));
  }
}
