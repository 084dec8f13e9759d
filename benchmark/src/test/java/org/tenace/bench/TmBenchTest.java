package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.bench.BenchCommandTest.fields;
import static org.tenace.bench.BenchCommandTest.number;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tenace bench --tm} against a real server in a child process (started from the test's
 * class path) with gateways and scripted TM programs on loopback. It checks what the figures are
 * and that they hang together, not how fast: timings belong to docs/performance.md.
 */
class TmBenchTest {
  @TempDir
  Path dir;

  @Test
  void fourProgramsATableThroughTheGatewayReportItsTimePerLine() throws Exception {
    Path json = dir.resolve("tm.json");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute("bench", "--tm", "--tables", "2", "--seconds", "3", "--warmup", "1",
        "--json", json.toString(), "--server-classpath", System.getProperty("java.class.path"));

    assertThat(exit).as(err.toString()).isZero();
    assertThat(out.toString()).contains("four TM programs each", "gateway's time per line, p99",
        "boards a second");
    Map<String, String> f = fields(Files.readString(json));
    assertThat(f).containsKeys("started_at", "load_average_before", "boards", "boards_per_s",
        "line_p50_us", "line_p99_us", "to_program_p99_us", "from_program_p99_us",
        "relay_p50_us", "relay_p99_us");
    assertThat(f.get("tables")).isEqualTo("2");
    assertThat(number(f, "programs_broken_off")).isZero();
    // A board is 4 calls and 52 cards: each sent by one program (a line from a program) and read
    // by three (a line to each), beside the handshake-free board lines; so lines to programs
    // outnumber calls and cards from them, about three to one or more.
    double in = number(f, "from_program_lines");
    double outLines = number(f, "to_program_lines");
    assertThat(in).isPositive();
    assertThat(outLines).isGreaterThanOrEqualTo(2 * in);
    assertThat(number(f, "lines")).isEqualTo(in + outLines);
    double p50 = number(f, "line_p50_us");
    assertThat(p50).isPositive().isLessThanOrEqualTo(number(f, "line_p99_us"));
    assertThat(number(f, "line_p99_us")).isLessThanOrEqualTo(number(f, "line_max_us"));
    // The relay goes through the gateway twice and the server: it takes longer than the median
    // line in the gateway alone.
    assertThat(number(f, "relay_samples")).isPositive();
    assertThat(number(f, "relay_p50_us")).isGreaterThan(p50);
    assertThat(number(f, "boards")).isNotNegative();
  }

  @Test
  void tmGoesWithoutIdle() {
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute("bench", "--tm", "--idle", "10");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--tm needs");
  }
}
