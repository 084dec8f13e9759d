package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.record.Diagnostic;

/**
 * A procedural penalty (Law 90) in a results file, in Tenace's ScoreTable columns Penalty_NS and
 * Penalty_EW: taken from the pair's total after the board is scored, the board's points and the
 * opponents' unchanged, against a hand count; score --check agrees with a total that has it.
 */
class ProceduralPenaltyTest {
  /**
   * One board at three tables, NS +420, +420, +170: at matchpoints (top 4) pairs 1 and 2 (NS)
   * score 3 each, pair 3 scores 0; pairs 4 and 5 (EW) 1 each, pair 6 4. Pair 2 is penalised
   * 0.5 MP and pair 6 1 MP: pair 2 has 2.5 of 4 (62.5%), pair 6 3 of 4 (75%); pair 5, who
   * played against pair 2, keeps its 1.
   */
  private static final String FILE = """
      [Event "Club"]
      [Board "1"]
      [Dealer "N"]
      [Vulnerable "None"]
      [Scoring "MP"]
      [ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\5R;MP_EW\\5R;Penalty_NS\\5R;Penalty_EW\\5R"]
       1  1  4 4S    N 10   420    -  3.0  1.0     -     -
       2  2  5 4S    N 10   420    -  3.0  1.0   0.5     -
       3  3  6 2S    N 10   170    -  0.0  4.0     -     1
      [TotalScoreTable "Rank\\2R;PairId\\2R;TotalScoreMP\\6R;TotalPercentage\\6R;NrBoards\\2R"]
       1  6  3.0  75.00  1
       2  1  3.0  75.00  1
       3  2  2.5  62.50  1
       4  4  1.0  25.00  1
       5  5  1.0  25.00  1
       6  3  0.0   0.00  1
      """;

  @Test
  void aPenaltyComesOffThePairsTotalAloneAndCheckAgrees() {
    EventReader.Read read = EventReader.read(Resources.latin1(FILE), "club.pbn");
    assertThat(read.diagnostics()).isEmpty();

    EventScorer.ScoredEvent scored = EventScorer.score(read.event(), Method.MP);
    // The board's points are the comparisons', penalty or not.
    assertThat(scored.boards().get(0).rows().get(1).ns()).contains(Fraction.of(3));
    assertThat(scored.boards().get(0).rows().get(1).ew()).contains(Fraction.of(1));
    assertThat(scored.standing("2")).hasValueSatisfying(s -> {
      assertThat(s.total()).isEqualTo(Fraction.of(5, 2));
      assertThat(s.percentage()).contains(Fraction.of(125, 2));
    });
    assertThat(scored.standing("5").map(Standing::total)).contains(Fraction.ONE);
    assertThat(scored.standing("6").map(Standing::total)).contains(Fraction.of(3));
    assertThat(scored.ranking().stream().map(s -> s.pair() + ":" + s.placeText()).toList())
        .containsExactlyInAnyOrder("1:1-2", "6:1-2", "2:3", "4:4-5", "5:4-5", "3:6");

    List<Diagnostic> problems = new ArrayList<>();
    Checker.Result result = Checker.check(read.event(), problems::add);
    assertThat(problems).isEmpty();
    assertThat(result.disagreements()).isEmpty();
    assertThat(result.checked()).isEqualTo(3 + 3 * 2 + 6 * 2); // scores, MPs, totals
  }

  @Test
  void aPenaltyThatIsNotANumberIsReportedAndItsRowLeftOut() {
    String bad = FILE.replace("   0.5     -", " half     -");
    EventReader.Read read = EventReader.read(Resources.latin1(bad), "club.pbn");
    assertThat(read.diagnostics()).singleElement().satisfies(d ->
        assertThat(d.toString()).contains("Penalty_NS 'half' is not a number of points to take"
            + " off; row left out"));
  }
}
