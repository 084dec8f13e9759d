package org.tenace.cli.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Input {@code tenace score} cannot use: reported with file, line and reason, never thrown. */
class ScoreErrorsTest {

  @TempDir
  Path dir;

  static final String DAMAGED = Cli.text("pbn/conventions/damaged.pbn");

  @Test
  void eachProblemIsReportedWithFileLineAndReasonAndTheRestIsScored() {
    String file = Cli.write(dir, "damaged.pbn", DAMAGED);

    Cli.Run run = Cli.run("score", "--format", "csv", file);

    assertThat(run.errLines()).contains(
        file + ":" + Cli.lineOf(DAMAGED, "[Deal ") + ": board 1: Deal tag ignored: the hands"
            + " hold different numbers of cards: N 13, E 13, S 13, W 12",
        file + ":" + Cli.lineOf(DAMAGED, "8S") + ": board 2: Contract tag ignored: impossible"
            + " contract '8S': levels are 1..7: '8S'",
        file + ":" + Cli.lineOf(DAMAGED, "9N") + ": board 5: ScoreTable row 1: impossible"
            + " contract '9N': levels are 1..7: '9N'; the recorded score is used",
        file + ":" + Cli.lineOf(DAMAGED, " Q 10") + ": board 5: ScoreTable row 2: declarer 'Q'"
            + " is not N, E, S or W; row left out",
        file + ":" + Cli.lineOf(DAMAGED, "4 4 8 3N  N") + ": board 5: ScoreTable: the last row"
            + " has 5 of 8 elements (truncated?); row ignored");
    // Board 1 without its deal and board 4 are still scored, and board 5's good rows. Boards
    // 1 and 4 were played once where board 5 was twice: Neuberg gives each result half the top.
    assertThat(run.outLines()).containsExactly(Reports.CSV_HEADER,
        "1,1,,,4S,S,10,420,1,1", "4,1,,,3NT,N,9,600,1,1", "5,1,1,5,?,,,400,2,0",
        "5,3,3,7,3NT,N,8,-100,0,2");
    assertThat(run.exit()).isZero();
  }

  @Test
  void aMissingFileExitsWithTwoAfterTheOthersAreChecked() {
    String missing = dir.resolve("nosuch.pbn").toString();
    String good = Cli.write(dir, "forms.pbn", ScoreConventionsTest.SCORE_FORMS);

    Cli.Run run = Cli.run("score", "--check", missing, good);

    assertThat(run.errLines()).containsExactly(missing + ": cannot read: no such file");
    assertThat(run.outLines()).containsExactly("checked 4 values, 0 disagree");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aBinaryFileIsRefusedInOneLine() throws Exception {
    byte[] binary = new byte[20_000];
    new Random(7).nextBytes(binary);
    Path file = Files.write(dir.resolve("photo.pbn"), binary);
    Cli.Run run = Cli.run("score", file.toString());

    assertThat(run.errLines()).singleElement().asString().startsWith(file + ": not a PBN file: "
        + "it is binary (").endsWith("); score reads PBN results files, which are text");
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aLinFileIsRefusedInWordsNotReadAsPbn() {
    String lin = "pn|Ann,Bob,Cy,Di|st||md|3S4HAKD2C,S5H3D4C,S6H4D5C,|rh||ah|Board 1|sv|0|"
        + "mb|1N|mb|p|mb|p|mb|p|pg||\n";
    for (String name : new String[] {"board.lin", "board.txt"}) {
      String file = Cli.write(dir, name, lin);
      Cli.Run run = Cli.run("score", file);

      assertThat(run.errLines()).as(name).containsExactly(file + ": a LIN file (BBO's hand "
          + "records), not PBN results: score reads PBN results files; ./tenace replay reads LIN");
      assertThat(run.exit()).isEqualTo(2);
    }
  }

  /**
   * A README or a pom is text but holds no PBN board (a tag quoted in it is not a game):
   * refused in one line, checked or not.
   */
  @Test
  void aTextFileWithNoGameIsRefusedInOneLine() {
    String readme = Cli.write(dir, "README.md", """
        # Tenace

        An open-source [duplicate-bridge](https://en.wikipedia.org/wiki/Duplicate_bridge) server.

        ## Play
        Run `./tenace play [--seat S]`; `analyse` writes `[OptimumScore "NS -920"]`.
        """);
    String pom = Cli.write(dir, "pom.xml", """
        <?xml version="1.0" encoding="UTF-8"?>
        <project>
          <version>[3.9.16,)</version>
          <requireJavaVersion><version>[17,)</version></requireJavaVersion>
        </project>
        """);
    // And the project's own README, which quotes PBN tags.
    String real = java.nio.file.Path.of("..", "README.md").toAbsolutePath().normalize().toString();
    for (String file : List.of(readme, pom, real)) {
      for (boolean check : new boolean[] {false, true}) {
        Cli.Run run = check ? Cli.run("score", file, "--check") : Cli.run("score", file);

        assertThat(run.errLines()).as(file).containsExactly(file + ": not a PBN results file: "
            + "it holds no board (no game with a [Board] or [Deal] tag); score reads PBN results "
            + "files");
        assertThat(run.out()).as(file).isEmpty();
        assertThat(run.exit()).as(file).isEqualTo(2);
      }
    }
  }

  @Test
  void aDirectoryIsNotAFileToRead() {
    Cli.Run run = Cli.run("score", dir.toString());

    assertThat(run.errLines()).containsExactly(dir + ": cannot read: it is a directory");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void anUnreadableFileIsTwoEvenWhenTheOthersDisagree() {
    String bad = Cli.write(dir, "forms.pbn",
        ScoreConventionsTest.SCORE_FORMS.replace("NS +750", "NS 700"));

    Cli.Run run = Cli.run("score", "--check", bad, dir.resolve("gone.pbn").toString());

    assertThat(run.lastLine()).isEqualTo("checked 4 values, 1 disagree");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aFileCutShortIsScoredUpToWhereItEnds() throws Exception {
    byte[] whole = Cli.resource("pbn/ruter/sm1.pbn");
    String text = new String(whole, StandardCharsets.ISO_8859_1);
    // Inside the last row of board 2's ScoreTable, after its contract.
    int cut = text.indexOf("16  1 21 16 2H   E  8 CA") + 12;
    Path file = dir.resolve("cut.pbn");
    Files.write(file, Arrays.copyOf(whole, cut));

    Cli.Run run = Cli.run("score", "--check", file.toString());

    assertThat(run.errLines()).hasSize(1).first().asString()
        .startsWith(file + ":").contains("board 2: ScoreTable: the last row has")
        .endsWith("(truncated?); row ignored");
    // Board 1 is whole and agrees. Board 2 lost its bottom (-110): every other row now has one
    // score fewer below it, so their figures disagree. The totals cover 66 boards, not the 2
    // left: they are not compared.
    assertThat(run.outLines()).noneMatch(l -> l.startsWith(file + ", 1, "))
        .anyMatch(l -> l.startsWith(file + ", 2, "))
        .noneMatch(l -> l.startsWith(file + ", total, "));
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void aFileWithNoResultsSaysSo() {
    String file = Cli.write(dir, "deals.pbn", """
        [Board "1"]
        [Deal "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"]
        """);

    Cli.Run run = Cli.run("score", file);

    assertThat(run.outLines()).containsExactly(file,
        "no results to score: no record has a contract or a ScoreTable");
    assertThat(run.exit()).isZero();
  }

  @Test
  void anUnknownMethodNamesTheChoices() {
    Cli.Run run = Cli.run("score", "--method", "swiss", "x.pbn");

    assertThat(run.errLines()).containsExactly("tenace: score: invalid value for option "
        + "'--method': unknown method 'swiss': one of mp, mp-acbl, imp-cross, imp-cross-avg, "
        + "butler");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void anUnknownFormatNamesTheChoices() {
    Cli.Run run = Cli.run("score", "--format", "xml", "x.pbn");

    assertThat(run.errLines()).containsExactly("tenace: score: unknown format 'xml': text or csv");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void noFileIsAUsageError() {
    Cli.Run run = Cli.run("score");

    assertThat(run.errLines()).containsExactly("tenace: score: missing required parameter: "
        + "'FILE'");
    assertThat(run.exit()).isEqualTo(2);
  }

  /**
   * Real files damaged at random (seeded, so a failure can be replayed): cut short, bytes
   * overwritten, lines dropped or repeated, digits changed. Whatever happens, the command
   * reports and goes on: no exception escapes, the safety net that turns one into a message
   * is never needed, and the exit status is 0 or 1 (2 for a file cut before its first tag pair,
   * which holds no game).
   */
  @Test
  void damagedRealFilesNeverMakeTheCommandFail() throws Exception {
    List<byte[]> sources = List.of(
        Arrays.copyOf(Cli.resource("pbn/ruter/sm1.pbn"), 24_000),
        Arrays.copyOf(Cli.resource("pbn/ruter/impcross.pbn"), 30_000),
        Cli.resource("pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-03_Daylong.pbn"),
        Cli.resource("pbn/spec_examples/correct_10.pbn"));
    Random random = new Random(20_241_121L);
    for (int i = 0; i < 120; i++) {
      byte[] damaged = damage(sources.get(i % sources.size()), random);
      Path file = dir.resolve("damaged" + i + ".pbn");
      Files.write(file, damaged);
      for (String[] args : List.of(new String[] {"score", "--check", file.toString()},
          new String[] {"score", file.toString()},
          new String[] {"score", "--format", "csv", "--method", "butler", file.toString()})) {
        Cli.Run run = Cli.run(args);

        assertThat(run.err()).as("damage %d", i).doesNotContain("Exception", "\tat ",
            "cannot score this file");
        if (run.exit() == 2) {
          // Cut before its first board: nothing of a board is left, and it is said so.
          assertThat(run.errLines()).as("damage %d", i).containsExactly(file + ": not a PBN "
              + "results file: it holds no board (no game with a [Board] or [Deal] tag); score "
              + "reads PBN results files");
          assertThat(new String(damaged, StandardCharsets.ISO_8859_1)).as("damage %d", i)
              .doesNotContainPattern("\\[(Board|Deal) +\"");
        } else {
          assertThat(run.exit()).as("damage %d", i).isIn(0, 1);
        }
      }
    }
  }

  private static byte[] damage(byte[] source, Random random) {
    byte[] b = source.clone();
    switch (random.nextInt(5)) {
      case 0 -> b = Arrays.copyOf(b, random.nextInt(b.length));
      case 1 -> {
        for (int k = 0; k < 1 + random.nextInt(20); k++) {
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
      }
      case 2, 3 -> {
        List<String> lines = new java.util.ArrayList<>(
            new String(b, StandardCharsets.ISO_8859_1).lines().toList());
        for (int k = 0; k < 1 + random.nextInt(10); k++) {
          int at = random.nextInt(lines.size());
          if (random.nextBoolean()) {
            lines.remove(at);
          } else {
            lines.add(at, lines.get(random.nextInt(lines.size())));
          }
        }
        b = String.join("\r\n", lines).getBytes(StandardCharsets.ISO_8859_1);
      }
      default -> {
        for (int k = 0; k < 1 + random.nextInt(30); k++) {
          int at = random.nextInt(b.length);
          if (Character.isDigit(b[at])) {
            b[at] = (byte) ('0' + random.nextInt(10));
          }
        }
      }
    }
    return b;
  }
}
