package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.score.Cli.Run;

/** {@code tenace host} against a real server on loopback, and its faulty command lines. */
class HostCommandTest {
  @RegisterExtension final LoopbackServer loopback = new LoopbackServer();

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aRobotMitchellRunsToItsRankingAndWritesAHandRecordTheCheckerAccepts(@TempDir Path dir)
      throws Exception {
    loopback.start();
    Path pbn = dir.resolve("session.pbn");
    Run host = run("host", "--server", loopback.address(), "--movement", "mitchell",
        "--tables", "3", "--boards", "1", "--robots", "--seed", "11", "--pbn", pbn.toString());
    assertThat(host.err()).isEmpty();
    assertThat(host.exit()).isZero();
    assertThat(host.out()).contains("Mitchell", "round 1 of 3", "round 3 of 3",
        "9 of 9 results in (3 boards, each played at 3 tables)", "Final ranking:");
    assertThat(host.out().lines().filter(l -> l.matches(" +[\\d-]+ +pair +\\d+ .*")).count())
        .isEqualTo(3 * 6); // the standings after rounds 1 and 2, and the final ranking
    assertThat(Files.readString(pbn, java.nio.charset.StandardCharsets.ISO_8859_1))
        .contains("[ScoreTable ", "[TotalScoreTable ", "[Auction ", "[Play ");

    Run check = run("score", "--check", pbn.toString());
    assertThat(check.exit()).isZero();
    assertThat(check.out()).contains(", 0 disagree");
  }

  @Test
  @Timeout(value = 400, unit = TimeUnit.SECONDS)
  void aRobotHowellRunsToItsEndAndResultsGivesItsRankingTravellersAndHandRecord(
      @TempDir Path dir) throws Exception {
    loopback.start();
    String at = loopback.address();
    Run host = run("host", "--server", at, "--movement", "howell", "--tables", "3",
        "--boards", "1", "--robots", "--seed", "9", "--name", "Howell night");
    assertThat(host.exit()).as(host.err()).isZero();
    assertThat(host.out()).contains("session 1 on " + at, "Howell, 3 tables", "round 5 of 5",
        "15 of 15 results in (5 boards, each played at 3 tables)", "Final ranking:");

    Run text = run("results", "1", "--server", at);
    assertThat(text.exit()).as(text.err()).isZero();
    assertThat(text.out()).contains("Howell night (session 1): Howell, 3 tables, 6 pairs, "
        + "final results", "Rank  Pair       MPs      %  Boards", "Board 1", "Board 5");
    // The host's count of results is the one results gives.
    assertThat(text.out()).contains("15 of 15 results in (5 boards, each played at 3 tables)");
    String travellers = text.out().substring(text.out().indexOf("Board 1"));
    assertThat(travellers.lines().filter(l -> l.matches(" +\\d+ .*")))
        .hasSize(15); // one traveller line per board played at a table

    Run csv = run("results", "1", "--server", at, "--format", "csv");
    assertThat(csv.exit()).isZero();
    assertThat(csv.out().lines().toList()).hasSize(7)
        .first().isEqualTo("rank,pair,total,percentage,boards,name");

    Run pbn = run("results", "1", "--server", at, "--format", "pbn");
    assertThat(pbn.exit()).isZero();
    Path file = dir.resolve("howell.pbn");
    Files.writeString(file, pbn.out(), java.nio.charset.StandardCharsets.ISO_8859_1);
    Run check = run("score", "--check", file.toString());
    assertThat(check.exit()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).contains(", 0 disagree");

    // Robots play every deal the same way: six pairs tied, read "1-6" by results as by
    // score, and the robot pairs have names in the ranking and in the hand record.
    Run score = run("score", file.toString());
    assertThat(score.exit()).as(score.err()).isZero();
    java.util.Map<String, String> byResults = places(
        text.out().substring(0, text.out().indexOf("Board 1")), "Rank");
    java.util.Map<String, String> byScore = places(
        score.out().substring(score.out().lastIndexOf("Ranking")), "Place");
    assertThat(byResults).hasSize(6).containsValue("1-6").isEqualTo(byScore);
    assertThat(text.out()).contains("Robot - Robot");
    assertThat(pbn.out()).contains("Robot - Robot");

    Run unknown = run("results", "7", "--server", at);
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err().lines().toList()).containsExactly(
        "tenace: results: the server refused: SESSION_NOT_FOUND: no session '7'");
    Run format = run("results", "1", "--server", at, "--format", "xml");
    assertThat(format.exit()).isEqualTo(2);
    assertThat(format.err().lines().toList()).containsExactly(
        "tenace: results: --format: text, csv, pbn, scorecards, scorecards-csv or html, not"
            + " 'xml'");
  }

  @Test
  @Timeout(value = 400, unit = TimeUnit.SECONDS)
  void aFourTableMitchellOfSixteenBoardsRunsToItsEndAndScoreCheckAgreesWithItsHandRecord(
      @TempDir Path dir) throws Exception {
    loopback.start();
    Path pbn = dir.resolve("sixteen.pbn");
    Run host = run("host", "--server", loopback.address(), "--movement", "mitchell",
        "--tables", "4", "--boards", "4", "--robots", "--seed", "16", "--pbn", pbn.toString());
    assertThat(host.exit()).as(host.err()).isZero();
    assertThat(host.out()).contains("Mitchell, 4 tables with a skip, 8 pairs, 3 rounds, 16 "
        + "boards", "table 4: pair 4 North-South against pair 8, boards 13-16",
        "48 of 48 results in (16 boards, each played at 3 tables)", "Final ranking:");
    Run check = run("score", "--check", pbn.toString());
    assertThat(check.exit()).as(check.out() + check.err()).isZero();
    assertThat(check.out()).contains(", 0 disagree");
  }

  /** Each pair's place in a ranking printed under a header starting with {@code header}. */
  private static java.util.Map<String, String> places(String text, String header) {
    java.util.Map<String, String> out = new java.util.TreeMap<>();
    boolean in = false;
    for (String line : text.lines().toList()) {
      String t = line.strip();
      if (t.startsWith(header)) {
        in = true;
        continue;
      }
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^([\\d-]+)\\s+(\\d+)\\s")
          .matcher(t);
      if (in && m.find()) {
        out.put(m.group(2), m.group(1));
      } else if (in && t.isEmpty() && !out.isEmpty()) {
        break;
      }
    }
    return out;
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
        "tenace: host: --server: HOST:PORT, not 'nowhere': which port? (a server listens on "
            + "50051 unless given --port)");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--wait", "1"),
        "tenace: host: --wait is for a session with --robots (without, every pair must join)");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "--colour"),
        "tenace: host: unknown option '--colour'");
    assertRefused(run("host", "--movement", "howell", "--tables", "3", "extra"),
        "tenace: host: unexpected argument 'extra'");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aMovementTheServerCannotMakeIsBadUsage() {
    loopback.start();
    Run r = run("host", "--server", loopback.address(), "--movement", "mitchell",
        "--tables", "2", "--robots");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines().toList()).singleElement().asString()
        .startsWith("tenace: host: the server refused: MALFORMED: movement: a Mitchell needs"
            + " at least 3 tables");
  }

  private static void assertRefused(Run r, String line) {
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().toList()).containsExactly(line);
  }
}
