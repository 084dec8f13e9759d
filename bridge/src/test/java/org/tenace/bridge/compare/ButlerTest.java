package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ButlerTest {

  private static Fraction ns(ImpBoard board, int row) {
    return board.rows().get(row).ns();
  }

  @Test
  void butlerBoard1DropsTheTopAndBottomOfThreeScores() {
    // A Ruter Butler traveller, board 1: datum -50 from +50, -50, -100; IMPs +3, 0, -2
    ImpBoard board = Butler.score(Traveller.ofScores(50, -50, -100));
    assertThat(board.datum()).hasValue(-50);
    assertThat(ns(board, 0)).isEqualTo(Fraction.of(3));
    assertThat(ns(board, 1)).isEqualTo(Fraction.ZERO);
    assertThat(ns(board, 2)).isEqualTo(Fraction.of(-2));
    assertThat(board.rows().get(2).ew()).isEqualTo(Fraction.of(2));
  }

  @Test
  void nbbExampleRoundsTheMeanToTheNearestTen() {
    // ilovebridge.nl "Butler-regels uitgelegd": +450 and -800 dropped, (420-50+420+420)/4 = 302.5
    ImpBoard board = Butler.score(Traveller.ofScores(450, 420, -800, -50, 420, 420));
    assertThat(board.datum()).hasValue(300);
    assertThat(ns(board, 0)).isEqualTo(Fraction.of(4));
    assertThat(ns(board, 1)).isEqualTo(Fraction.of(3));
    assertThat(ns(board, 2)).isEqualTo(Fraction.of(-15));
    assertThat(ns(board, 3)).isEqualTo(Fraction.of(-8));
  }

  @Test
  void hemelExampleFromEastWestsSide() {
    // four EW +620, three EW +170: one of each end out, the datum is EW +440 (NS -440)
    ImpBoard board = Butler.score(Traveller.ofScores(-620, -620, -620, -620, -170, -170, -170));
    assertThat(board.datum()).hasValue(-440);
    assertThat(board.rows().get(0).ew()).isEqualTo(Fraction.of(5));
    assertThat(board.rows().get(4).ew()).isEqualTo(Fraction.of(-7));
  }

  @ParameterizedTest(name = "{0} scores: {1} from each end")
  @CsvSource({"0,0", "1,0", "2,0", "3,1", "4,1", "10,1", "19,1", "20,2", "29,2", "30,3", "45,4"})
  void dropsOneFromEachEndThenATenth(int count, int drops) {
    assertThat(Butler.dropsFromEachEnd(count)).isEqualTo(drops);
  }

  @ParameterizedTest(name = "mean of {0}: datum {1}")
  @CsvSource({
    "'0 50', 30", "'0 -50', -30", "'10 30', 20", "'-10 -30', -20", "'120 130', 130",
    "'-120 -130', -130", "'110 120 420', 120", "'100 100 104', 100", "'620', 620",
    "'90 90 100 100', 100", "'-90 -90 -100 -100', -100",
  })
  void roundsHalvesAwayFromZeroSoBothSidesSeeTheSameDatum(String scores, int datum) {
    int[] s = Arrays.stream(scores.split(" ")).mapToInt(Integer::parseInt).toArray();
    assertThat(Butler.datum(s)).isEqualTo(datum);
  }

  @Test
  void largeFieldsLoseATenthFromEachEnd() {
    // 20 scores: the two 2000s and the two -2000s are out; the rest average 100
    int[] scores = new int[20];
    Arrays.fill(scores, 100);
    scores[0] = 2000;
    scores[1] = 2000;
    scores[2] = -2000;
    scores[3] = -2000;
    assertThat(Butler.datum(scores)).isEqualTo(100);
    // dropping only one from each end would leave 2000 - 2000 + 16 * 100 over 18 = 88.9
    assertThat(Butler.datum(scores, 1)).isEqualTo(90);
  }

  @Test
  void artificialScoresTakeNoPartInTheDatumAndScoreLaw12C2Imps() {
    Traveller t = Traveller.of(
        new Traveller.Row("1", "2", TableResult.played(420)),
        new Traveller.Row("3", "4", TableResult.played(-50)),
        new Traveller.Row("5", "6",
            TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS)),
        new Traveller.Row("7", "8", TableResult.adjusted(Artificial.AVERAGE, Artificial.AVERAGE)));
    ImpBoard board = Butler.score(t);
    assertThat(board.datum()).hasValue(190); // (420 - 50) / 2 = 185, rounded away from zero
    assertThat(ns(board, 2)).isEqualTo(Fraction.of(3));
    assertThat(board.rows().get(2).ew()).isEqualTo(Fraction.of(-3));
    assertThat(ns(board, 3)).isEqualTo(Fraction.ZERO);
  }

  @Test
  void aBoardNobodyPlayedHasNoDatum() {
    Traveller t = Traveller.of(new Traveller.Row("1", "2",
        TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_PLUS)));
    ImpBoard board = Butler.score(t);
    assertThat(board.datum()).isEmpty();
    assertThat(ns(board, 0)).isEqualTo(Fraction.of(3));
  }

  @Test
  void refusesToDropEveryScore() {
    assertThatThrownBy(() -> Butler.datum(new int[] {10, 20}, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot drop 1 scores from each end of 2");
  }
}
