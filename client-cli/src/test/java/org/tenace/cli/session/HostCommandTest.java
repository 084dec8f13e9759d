package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.score.Cli.Run;
import org.tenace.server.api.TenaceServer;

/** {@code tenace host} against a real server on loopback, and its faulty command lines. */
class HostCommandTest {

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aRobotMitchellRunsToItsRankingAndWritesAHandRecordTheCheckerAccepts(@TempDir Path dir)
      throws Exception {
    try (TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")) {
      Path pbn = dir.resolve("session.pbn");
      Run host = run("host", "--server", "127.0.0.1:" + server.port(), "--movement", "mitchell",
          "--tables", "3", "--boards", "1", "--robots", "--seed", "11", "--pbn", pbn.toString());
      assertThat(host.err()).isEmpty();
      assertThat(host.exit()).isZero();
      assertThat(host.out()).contains("Mitchell", "round 1 of 3", "round 3 of 3",
          "boards played: 9 of 9", "Final ranking:");
      assertThat(host.out().lines().filter(l -> l.matches(" +\\d+ +pair +\\d+ .*")).count())
          .isEqualTo(3 * 6); // the standings after rounds 1 and 2, and the final ranking
      assertThat(Files.readString(pbn, java.nio.charset.StandardCharsets.ISO_8859_1))
          .contains("[ScoreTable ", "[TotalScoreTable ", "[Auction ", "[Play ");

      Run check = run("score", "--check", pbn.toString());
      assertThat(check.exit()).isZero();
      assertThat(check.out()).contains(", 0 disagree");
    }
  }

  @Test
  void aFaultyCommandLineEndsWithOneLineAndStatusTwo() {
    assertRefused(run("host", "--tables", "3"), "tenace: host: --movement is required: mitchell, howell or teams");
    assertRefused(run("host", "--movement", "swiss", "--tables", "3"),
        "tenace: host: --movement: mitchell, howell or teams, not 'swiss'");
    assertRefused(run("host", "--movement", "howell"), "tenace: host: --tables is required");
    assertRefused(run("host", "--movement", "howell", "--tables", "three"),
        "tenace: host: --tables: a whole number, not 'three'");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--scoring", "vp"),
        "tenace: host: --scoring: mp, imp or butler, not 'vp'");
    assertRefused(run("host", "--movement", "teams", "--tables", "4", "--scoring", "mp"),
        "tenace: host: --scoring: a teams session scores team IMPs (imp), not 'mp'");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--deals", "/no/such.pbn"),
        "tenace: host: --deals: no file '/no/such.pbn'");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--server", "nowhere"),
        "tenace: host: --server: HOST:PORT, not 'nowhere'");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--colour"),
        "tenace: host: unknown option '--colour'");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aMovementTheServerCannotMakeIsBadUsage() {
    try (TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")) {
      Run r = run("host", "--server", "127.0.0.1:" + server.port(), "--movement", "mitchell",
          "--tables", "2", "--robots");
      assertThat(r.exit()).isEqualTo(2);
      assertThat(r.err().lines().toList()).singleElement().asString()
          .startsWith("tenace: host: the server refused: MALFORMED: movement: a Mitchell needs"
              + " at least 3 tables");
    }
  }

  private static void assertRefused(Run r, String line) {
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().toList()).containsExactly(line);
  }
}
