package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.CrossImps.Form;
import org.tenace.bridge.compare.Matchpoints.Units;

/** Every figure of two real Ruter exports, recomputed from the scores alone. */
class RuterFilesTest {

  @Test
  void sm1MatchpointsNeubergAndPercentagesAgreeOnEveryRow() throws IOException {
    RuterFile file = RuterFile.read("/data/pbn/ruter/sm1.pbn");
    List<MatchpointBoard> boards = Matchpoints.session(file.travellers(), Units.EUROPEAN);
    Comparison figures = new Comparison();
    for (int b = 0; b < boards.size(); b++) {
      MatchpointBoard board = boards.get(b);
      for (int i = 0; i < board.rows().size(); i++) {
        Map<String, String> expected = file.boards().get(b).get(i);
        RowPoints got = board.rows().get(i);
        figures.compare(b, i, "MP_NS", expected, Rounding.matchpoints(got.ns()));
        figures.compare(b, i, "MP_EW", expected, Rounding.matchpoints(got.ew()));
        figures.compare(b, i, "Percentage_NS", expected,
            Rounding.percentage(board.nsPercentage(i)));
        figures.compare(b, i, "Percentage_EW", expected,
            Rounding.percentage(board.ewPercentage(i)));
      }
    }
    assertThat(boards).hasSize(66);
    figures.assertAgreed(4 * 1188);
  }

  @Test
  void sm1RankingAgreesWithTheTotalScoreTable() throws IOException {
    RuterFile file = RuterFile.read("/data/pbn/ruter/sm1.pbn");
    List<Standing> ranking =
        Ranking.matchpoints(Matchpoints.session(file.travellers(), Units.EUROPEAN));
    assertThat(ranking).hasSize(file.totals().size()).hasSize(36);
    for (int i = 0; i < ranking.size(); i++) {
      Map<String, String> line = file.totals().get(i);
      Standing s = ranking.get(i);
      String tie = line.get("RankTie").equals("-") ? line.get("Rank") : line.get("RankTie");
      assertThat(List.of(s.pair(), "" + s.place(), "" + s.lastPlace(),
              Rounding.matchpoints(s.total()).toPlainString(),
              Rounding.percentageTwoDecimals(s.percentage().orElseThrow()).toPlainString(),
              "" + s.boards()))
          .as("rank %s", line.get("Rank"))
          .containsExactly(line.get("PairId"), line.get("Rank"), tie, line.get("TotalScoreMP"),
              line.get("TotalPercentage"), line.get("NrBoards"));
    }
    assertThat(ranking.get(24).placeText()).isEqualTo("25-26");
  }

  @Test
  void impcrossSummedCrossImpsAgreeOnEveryRow() throws IOException {
    RuterFile file = RuterFile.read("/data/pbn/ruter/impcross.pbn");
    List<Traveller> travellers = file.travellers();
    Comparison figures = new Comparison();
    for (int b = 0; b < travellers.size(); b++) {
      ImpBoard board = CrossImps.score(travellers.get(b), Form.SUM, CrossImps.RUTER);
      for (int i = 0; i < board.rows().size(); i++) {
        Map<String, String> expected = file.boards().get(b).get(i);
        figures.compare(b, i, "IMP_NS", expected, board.rows().get(i).ns().round(1));
        figures.compare(b, i, "IMP_EW", expected, board.rows().get(i).ew().round(1));
      }
    }
    assertThat(travellers).hasSize(42);
    figures.assertAgreed(2 * 1680);
  }

  @Test
  void impcrossRankingAgreesWithTheTotalScoreTable() throws IOException {
    RuterFile file = RuterFile.read("/data/pbn/ruter/impcross.pbn");
    List<ImpBoard> boards = file.travellers().stream()
        .map(t -> CrossImps.score(t, Form.SUM, CrossImps.RUTER)).toList();
    List<Standing> ranking = Ranking.imps(boards);
    assertThat(ranking).hasSize(80);
    for (int i = 0; i < ranking.size(); i++) {
      Map<String, String> line = file.totals().get(i);
      assertThat(List.of(ranking.get(i).pair(), "" + ranking.get(i).place(),
              ranking.get(i).total().round(1).toPlainString()))
          .containsExactly(line.get("PairId"), line.get("Rank"), line.get("TotalScoreIMP"));
    }
  }

  /** Our figures against a file's: how many were compared, and each that differs. */
  private static final class Comparison {
    private final List<String> disagreements = new ArrayList<>();
    private int checked;

    void compare(int board, int row, String column, Map<String, String> expected,
        java.math.BigDecimal ours) {
      checked++;
      if (!ours.toPlainString().equals(expected.get(column))) {
        disagreements.add("board index " + board + " row " + row + " " + column + ": file "
            + expected.get(column) + ", ours " + ours.toPlainString());
      }
    }

    void assertAgreed(int figures) {
      assertThat(checked).isEqualTo(figures);
      assertThat(disagreements).isEmpty();
    }
  }
}
