package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.house.HouseRobot;
import picocli.CommandLine;

class RobotBenchTest {
  @TempDir
  Path dir;

  private record Run(int exit, String out, String err) {}

  private static Run bench(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "bench";
    System.arraycopy(args, 0, all, 1, args.length);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return new Run(cl.execute(all), out.toString(), err.toString());
  }

  @Test
  void theRobotsPlaySeededDealsAndEachFigureIsReported() {
    Run run = bench("--robots", "--deals", "2", "--seed", "3", "--level", "fast,strong");
    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.out).contains("house robot (fast), 2 seeded deals from seed 3: 2 boards",
        "house robot (strong), 2 seeded deals from seed 3: 2 boards",
        "declarer's tricks lost", "defenders' tricks lost", "opening lead",
        "contract against par, IMPs", "at par's level and strain", "thinking per call p50",
        "thinking per card in CPU time (one core's work) p50");
  }

  @Test
  void aFilesDealsArePlayedAndItsRecordedPlayReportedBeside() throws Exception {
    // The first two boards of a BBO daylong record (ben and GIB playing), from client-cli's test
    // data: read as a stream, since under verify it comes from that module's test jar.
    List<String> lines;
    try (var in = getClass().getResourceAsStream(
        "/data/pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-10_Daylong.pbn")) {
      lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
          .toList();
    }
    int third = 0;
    int events = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("[Event ") && ++events == 3) {
        third = i;
        break;
      }
    }
    Path file = dir.resolve("two.pbn");
    Files.write(file, lines.subList(0, third));
    Run run = bench("--robots", "--deals", file.toString(), "--level", "fast");
    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.out).contains("house robot (fast), 2 deals of", "recorded play, 2 boards");
  }

  @Test
  void theFiguresDoNotDependOnHowManyThreadsPlayTheBoards() {
    Run one = bench("--robots", "--deals", "3", "--seed", "5", "--level", "fast");
    Run two = bench("--robots", "--deals", "3", "--seed", "5", "--level", "fast", "--threads", "2");
    assertThat(two.exit).as(two.err).isZero();
    assertThat(withoutTimes(two.out)).isEqualTo(withoutTimes(one.out));
  }

  @Test
  void theAnalysisOnWorkerThreadsAgreesWithTheSerialOneBoardByBoard() {
    List<RobotBench.Setting> deals = RobotBench.seeded(4, 11);
    HouseRobot robot = new HouseRobot(RobotLevel.FAST, 1);
    List<RobotBench.Played> played = deals.stream()
        .map(s -> RobotBench.play(robot, s.deal(), s.dealer(), s.vulnerability())).toList();
    List<Optional<PlayQuality.Board>> serial = RobotBench.analyse(deals, played, 1);
    List<Optional<PlayQuality.Board>> parallel = RobotBench.analyse(deals, played, 3);
    assertThat(serial).hasSize(4).allMatch(Optional::isPresent);
    assertThat(parallel).isEqualTo(serial);
  }

  @Test
  void eachBoardHasItsLineInBoardOrderWhateverTheThreads() {
    Run run = bench("--robots", "--deals", "4", "--seed", "5", "--level", "fast", "--threads", "3");
    assertThat(run.exit).as(run.err).isZero();
    assertThat(run.out).containsSubsequence("board 1: ", "board 2: ", "board 3: ", "board 4: ",
        "house robot (fast), 4 seeded deals from seed 5: 4 boards");
    assertThat(run.out).containsPattern("board 1: (passed out|[1-7](C|D|H|S|NT)X{0,2} by [NESW], "
        + "declarer lost \\d+, defenders \\d+, lead \\d+, worst card \\d+, \\d+ IMPs from par)");
  }

  @Test
  void theBiddingAloneGivesTheFullRunsContractAgainstParWithoutACardPlayed() {
    Run bidding = bench("--robots", "--bidding-only", "--deals", "3", "--seed", "5", "--threads", "2");
    Run full = bench("--robots", "--deals", "3", "--seed", "5", "--level", "fast");
    assertThat(bidding.exit).as(bidding.err).isZero();
    assertThat(bidding.out).contains("house robot bidding, 3 seeded deals from seed 5: 3 boards",
        "thinking per call p50").doesNotContain("declarer's tricks lost", "per card");
    assertThat(bidding.out).containsPattern("board 1: [1-7P].*; (passed out|.* by [NESW]), \\d+ IMPs from par");
    assertThat(figure(bidding.out, "contract against par")).isEqualTo(figure(full.out, "contract against par"));
    assertThat(figure(bidding.out, "boards at par's level")).isEqualTo(figure(full.out, "boards at par's level"));
  }

  private static String figure(String report, String name) {
    return report.lines().filter(l -> l.trim().startsWith(name)).findFirst().orElseThrow();
  }

  private static String withoutTimes(String report) {
    return report.replaceAll("(?m)^\\s*thinking per .*$", "");
  }

  @Test
  void anUnknownLevelIsSaidInOneSentence() {
    Run run = bench("--robots", "--deals", "1", "--level", "expert");
    assertThat(run.exit).isNotZero();
    assertThat(run.err).contains("no robot level expert: the levels are fast and strong")
        .doesNotContain("Exception");
  }

  @Test
  void aDealsValueThatIsNeitherANumberNorAFileIsSaidInOneSentence() {
    Run run = bench("--robots", "--deals", dir.resolve("none.pbn").toString());
    assertThat(run.exit).isNotZero();
    assertThat(run.err).contains("is neither a number of deals nor a file that can be read")
        .doesNotContain("Exception");
  }
}
