package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.record.Diagnostic;

/** Every figure the real results files record agrees with what the event's scoring works out. */
class CheckerTest {

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
    List<Diagnostic> problems = new ArrayList<>();

    Checker.Result result = Checker.check(Resources.read(path).event(), problems::add);

    assertThat(result.disagreements()).isEmpty();
    assertThat(result.checked()).isEqualTo(checked);
    assertThat(problems).isEmpty();
  }

  /**
   * A team match's board, one room played and the other given Avg+/Avg-: an IMP contest, where
   * Law 12C2(c) makes Avg+ worth 3 IMPs; the same ScoreTable of a pairs event is Ruter's 1.5.
   */
  @ParameterizedTest
  @CsvSource({"Teams, true, 0", "Pairs, false, 2"})
  void anArtificialScoreIsThreeImpsInATeamMatchAndRutersOneAndAHalfAcrossAField(
      String competition, boolean teamMatch, int disagreements) {
    String pbn = """
        [Board "2"]
        [Dealer "E"]
        [Vulnerable "NS"]
        [Scoring "IMP"]
        [Competition "%s"]
        [ScoreTable "Section\\5L;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;\
        Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;IMP_NS\\5R;\
        IMP_EW\\5R"]
        R1M1 1 1 1 4 1NT S 7 90 - 0.00 0.00
        R1M1 2 1 3 2 - - - A+ A- 3.00 -3.00
        """.formatted(competition);

    EventReader.Read read = EventReader.read(Resources.latin1(pbn), "match.pbn");
    Checker.Result result = Checker.check(read.event(), d -> { });

    assertThat(read.diagnostics()).isEmpty();
    assertThat(read.event().boards()).singleElement()
        .satisfies(b -> assertThat(b.avgPlus())
            .isEqualTo(teamMatch ? CrossImps.LAW_12C2 : CrossImps.RUTER));
    assertThat(result.disagreements()).hasSize(disagreements);
    assertThat(result.checked()).isEqualTo(5);
  }

  @Test
  void everyScoreTagOfABboDaylongFileAgrees() {
    EventReader.Read read =
        Resources.read("pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-04_Daylong.pbn");

    Checker.Result result = Checker.check(read.event(), d -> { });

    assertThat(read.diagnostics()).isEmpty();
    assertThat(result.checked()).isPositive();
    assertThat(result.disagreements()).isEmpty();
  }

  @Test
  void aScoreThatIsNotLaw77sIsADisagreementNamingTheFileBoardTableAndField() {
    // 4S by S making 10 at None is +420, not +450.
    String pbn = """
        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]
        [Score "NS 450"]
        """;

    Checker.Result result = Checker.check(
        EventReader.read(Resources.latin1(pbn), "one.pbn").event(), d -> { });

    assertThat(result.checked()).isEqualTo(1);
    assertThat(result.disagreements()).containsExactly(
        new Checker.Disagreement("one.pbn", "1", "1", "Score", "NS 450", "NS 420"));
    assertThat(result.disagreements().get(0)).hasToString("one.pbn, 1, 1, Score, NS 450, NS 420");
  }

  @Test
  void aFileWithoutSectionsIsScoredAcrossTheField() {
    assertThat(Checker.sectionsApart(Resources.read("pbn/ruter/sm1.pbn").event())).isFalse();
  }
}
