package org.tenace.cli.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code tenace score} over the real results files: every recorded figure agrees with ours. */
class ScoreCommandRealFilesTest {
  private static final List<String> BBO = List.of("BBO_Forums_Sunday_Daylong_Daylong.pbn",
      daily("02"), daily("03"), daily("04"), daily("05"), daily("06"), daily("07"), daily("08"),
      daily("09"), daily("10"), daily("18"), daily("19"));

  private static String daily(String day) {
    return "Ben_and_Friends_Daily_2024-06-" + day + "_Daylong.pbn";
  }

  @TempDir
  Path dir;

  /**
   * sm1: 1,188 rows, each a score and MP and % for both sides, but the two A+ rows have no
   * score; then 36 pairs' TotalScoreMP and TotalPercentage. impcross: 1,680 rows of score and
   * IMPs for both sides, one of them A+ without a score; then 80 TotalScoreIMP.
   */
  @ParameterizedTest
  @CsvSource({"pbn/ruter/sm1.pbn, 6010", "pbn/ruter/impcross.pbn, 5119",
      "pbn/spec_examples/correct_10.pbn, 1", "pbn/spec_examples/correct_20.pbn, 2",
      "pbn/spec_examples/correct_21.pbn, 1"})
  void everyFigureOfARealFileAgrees(String path, int checked) {
    Cli.Run run = Cli.run("score", "--check", Cli.copy(dir, path));

    assertThat(run.outLines()).containsExactly("checked " + checked + " values, 0 disagree");
    assertThat(run.exit()).isZero();
  }

  @Test
  void everyScoreTagOfTheBboDaylongFilesAgrees() {
    List<String> args = new ArrayList<>(List.of("score", "--check"));
    BBO.forEach(f -> args.add(Cli.copy(dir, "pbn/bbo_daylong/" + f)));

    Cli.Run run = Cli.run(args.toArray(String[]::new));

    assertThat(run.outLines()).containsExactly("checked 98 values, 0 disagree");
    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
  }

  @Test
  void allTheRealFilesTogetherCheckInTheThousands() {
    List<String> args = new ArrayList<>(List.of("score", "--check",
        Cli.copy(dir, "pbn/ruter/sm1.pbn"), Cli.copy(dir, "pbn/ruter/impcross.pbn")));
    BBO.forEach(f -> args.add(Cli.copy(dir, "pbn/bbo_daylong/" + f)));
    for (String f : List.of("correct_10.pbn", "correct_20.pbn", "correct_21.pbn")) {
      args.add(Cli.copy(dir, "pbn/spec_examples/" + f));
    }

    Cli.Run run = Cli.run(args.toArray(String[]::new));

    assertThat(run.lastLine()).isEqualTo("checked 11231 values, 0 disagree");
    assertThat(run.exit()).isZero();
  }

  @Test
  void theRuterFilesReadWithoutAProblem() {
    Cli.Run run = Cli.run("score", "--check", Cli.copy(dir, "pbn/ruter/sm1.pbn"),
        Cli.copy(dir, "pbn/ruter/impcross.pbn"));

    assertThat(run.err()).isEmpty();
  }

  @Test
  void aPairsEventPrintsEachTravellerAndTheRankingWithinAHundredColumns() {
    Cli.Run run = Cli.run("score", Cli.copy(dir, "pbn/ruter/sm1.pbn"));

    List<String> lines = run.outLines();
    assertThat(run.exit()).isZero();
    assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
    assertThat(lines.get(1)).startsWith("66 boards, 36 pairs; matchpoints");
    assertThat(lines).filteredOn(l -> l.startsWith("Board ")).hasSize(66);
    assertThat(lines).contains("Board 2  Dealer E  Vul NS",
        "Table  NS  EW  Contract  By  Tricks  NS score  NS MP  EW MP  NS %  EW %");
    // sm1.pbn board 2: +180 (1NT by S, 10 tricks) gets 30.0 and 4.0, 88% and 12%.
    assertThat(lines).anySatisfy(l -> assertThat(l.split("\\s+"))
        .containsSubsequence("17", "20", "17", "1NT", "S", "10", "+180", "30.0", "4.0", "88",
            "12"));
    // 3b: board 16's top, +200 raw 30 MP, factored by Neuberg from 16 to 18 tables: 33.9.
    assertThat(lines).anySatisfy(l -> assertThat(l.split("\\s+"))
        .containsSubsequence("8", "13", "34", "2S", "E", "6", "+200", "33.9", "0.1", "100"));
    int ranking = lines.indexOf("Ranking");
    assertThat(lines.get(ranking + 1).split("\\s+"))
        .containsExactly("Place", "Pair", "Names", "Boards", "MP", "%");
    assertThat(lines.get(ranking + 2).split("\\s+"))
        .containsExactly("", "1", "23", "Lasse", "Bergroth", "-", "Mikko", "Nieminen", "66",
            "1337.0", "59.58");
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("25-26  16"));
  }

  @Test
  void aCrossImpEventPrintsSummedImpsWithSectionsInTheTableColumn() {
    Cli.Run run = Cli.run("score", Cli.copy(dir, "pbn/ruter/impcross.pbn"));

    List<String> lines = run.outLines();
    assertThat(lines.get(1)).isEqualTo("42 boards, 80 pairs; cross-IMPs (sum)");
    assertThat(lines).contains(
        "Table  NS   EW   Contract  By  Tricks  NS score  NS IMPs  EW IMPs");
    // The first row of board 1: +150 against the field, 391 IMPs.
    assertThat(lines.get(lines.indexOf("Board 1  Dealer N  Vul None") + 2).split("\\s+"))
        .containsExactly("", "N4", "524", "557", "6NT", "E", "9", "+150", "391.0", "-391.0");
    // An Avg+ row: 1.5 IMPs for each of the 39 results, Ruter's convention.
    assertThat(lines).anySatisfy(l -> assertThat(l.split("\\s+"))
        .containsSubsequence("O9", "635", "658", "A+/A+", "58.5", "58.5"));
    int ranking = lines.indexOf("Ranking");
    assertThat(lines.get(ranking + 2).split("\\s+")).containsSubsequence("1", "523", "Aron",
        "42", "2261.0");
    assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
  }

  @Test
  void aDaylongFileHasATravellerOfOneResultPerBoard() {
    Cli.Run run = Cli.run("score", "--format", "csv",
        Cli.copy(dir, "pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-04_Daylong.pbn"));

    assertThat(run.outLines()).hasSize(1 + 8).first().isEqualTo(
        "board,table,ns_pair,ew_pair,contract,declarer,tricks,ns_score,ns_points,ew_points");
    // One result alone on its board: no comparison, half the top of 0 to each side.
    assertThat(run.outLines()).contains("6,1,GIB - twooneben,GIB - GIB,Pass,,,0,0,0",
        "3,1,GIB - twooneben,GIB - GIB,4SX,S,7,-500,0,0");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void csvHasOneLinePerResult() {
    Cli.Run run = Cli.run("score", "--format", "csv", Cli.copy(dir, "pbn/ruter/sm1.pbn"));

    assertThat(run.outLines()).hasSize(1 + 1188);
    assertThat(run.outLines()).contains("1,17,20,17,7NTX,S,12,-100,0,34",
        "16,8,13,34,2S,E,6,200,33.88,0.13", "16,14,19,28,A+/A+,,,,20.4,20.4");
  }
}
