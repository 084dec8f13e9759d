package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.Matchpoints.Units;

class MatchpointsTest {

  private static List<Fraction> ns(MatchpointBoard board) {
    return board.rows().stream().map(RowPoints::ns).toList();
  }

  private static List<String> rounded(List<Fraction> values) {
    return values.stream().map(f -> Rounding.matchpoints(f).toPlainString()).toList();
  }

  private static int[] repeat(int... scoreThenCount) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < scoreThenCount.length; i += 2) {
      for (int k = 0; k < scoreThenCount[i + 1]; k++) {
        out.add(scoreThenCount[i]);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  @Test
  void loreburnTenTablesWithTiesShareThePositionPoints() {
    // bridgewebs.com/loreburn: four 710s, four 680s, one 650, one 500; top 18
    MatchpointBoard board = Matchpoints.score(
        Traveller.ofScores(repeat(710, 4, 680, 4, 650, 1, 500, 1)), Units.EUROPEAN);
    assertThat(board.top()).isEqualTo(Fraction.of(18));
    assertThat(ns(board)).containsExactly(
        Fraction.of(15), Fraction.of(15), Fraction.of(15), Fraction.of(15),
        Fraction.of(7), Fraction.of(7), Fraction.of(7), Fraction.of(7),
        Fraction.of(2), Fraction.ZERO);
    assertThat(board.rows().get(0).ew()).isEqualTo(Fraction.of(3));
    assertThat(board.rows().get(4).ew()).isEqualTo(Fraction.of(11));
    assertThat(board.rows().get(9).ew()).isEqualTo(Fraction.of(18));
  }

  @Test
  void howickFifteenTablesCountAPassedOutBoardAsZero() {
    // howickbridgeclub.org.nz: top 28; 28, 26, three tied on 22, then 18 and 16. The rest of the
    // field is made up, one of them passed out (0) between two plus scores and the minuses.
    int[] scores = {620, 600, 500, 500, 500, 450, 420, 400, 170, 140, 0, -50, -100, -100, -200};
    MatchpointBoard board = Matchpoints.score(Traveller.ofScores(scores), Units.EUROPEAN);
    assertThat(board.top()).isEqualTo(Fraction.of(28));
    assertThat(ns(board).subList(0, 7)).containsExactly(Fraction.of(28), Fraction.of(26),
        Fraction.of(22), Fraction.of(22), Fraction.of(22), Fraction.of(18), Fraction.of(16));
    assertThat(ns(board).get(10)).isEqualTo(Fraction.of(8)); // the pass-out beats four minuses
  }

  @Test
  void pjmsThreePairsSharingTheBottomGetTwoEach() {
    MatchpointBoard board =
        Matchpoints.score(Traveller.ofScores(420, 400, 170, 140, -50, -50, -50), Units.EUROPEAN);
    assertThat(ns(board).subList(4, 7)).containsOnly(Fraction.of(2));
  }

  @Test
  void sm1Board2EighteenTablesTopThirtyFour() {
    // Finnish pairs 2014, board 2: +200 x2, +180, +150, +110 x2, +100 x7, +50 x4, -110
    MatchpointBoard board = Matchpoints.score(
        Traveller.ofScores(repeat(200, 2, 180, 1, 150, 1, 110, 2, 100, 7, 50, 4, -110, 1)),
        Units.EUROPEAN);
    assertThat(board.top()).isEqualTo(Fraction.of(34));
    List<String> expectedNs = List.of("33.0", "33.0", "30.0", "28.0", "25.0", "25.0",
        "16.0", "16.0", "16.0", "16.0", "16.0", "16.0", "16.0", "5.0", "5.0", "5.0", "5.0", "0.0");
    assertThat(rounded(ns(board))).isEqualTo(expectedNs);
    assertThat(Rounding.percentage(board.nsPercentage(6)).toPlainString()).isEqualTo("47");
    assertThat(Rounding.percentage(board.ewPercentage(6)).toPlainString()).isEqualTo("53");
    assertThat(Rounding.percentage(board.nsPercentage(4)).toPlainString()).isEqualTo("74");
    assertThat(Rounding.percentage(board.ewPercentage(13)).toPlainString()).isEqualTo("85");
  }

  @Test
  void sm1Board16ScalesSixteenPlaysToEighteenWithNeuberg() {
    // The same event, board 16: 16 played results and two Avg+/Avg+ rows that are not plays
    List<Traveller.Row> rows = new ArrayList<>();
    int[] scores = {200, 130, 110, 110, 100, 100, 100, 90, 90, -50, -100, -110, -130, -140,
        -300, -300};
    for (int i = 0; i < scores.length; i++) {
      rows.add(new Traveller.Row("n" + i, "e" + i, TableResult.played(scores[i])));
    }
    rows.add(new Traveller.Row("19", "28",
        TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_PLUS)));
    rows.add(new Traveller.Row("26", "21",
        TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_PLUS)));
    MatchpointBoard board = Matchpoints.score(new Traveller(rows), Units.EUROPEAN);

    assertThat(board.top()).isEqualTo(Fraction.of(34));
    assertThat(board.rows().get(0).ns()).isEqualTo(Fraction.of(271, 8)); // 33.875
    assertThat(board.rows().get(0).ew()).isEqualTo(Fraction.of(1, 8));
    assertThat(rounded(ns(board))).containsExactly("33.9", "31.6", "28.3", "28.3", "22.6", "22.6",
        "22.6", "17.0", "17.0", "13.6", "11.4", "9.1", "6.9", "4.6", "1.3", "1.3", "20.4", "20.4");
    assertThat(rounded(board.rows().stream().map(RowPoints::ew).toList())).containsExactly(
        "0.1", "2.4", "5.8", "5.8", "11.4", "11.4", "11.4", "17.0", "17.0", "20.4", "22.6", "24.9",
        "27.1", "29.4", "32.8", "32.8", "20.4", "20.4");
    assertThat(Rounding.percentage(board.nsPercentage(0)).toPlainString()).isEqualTo("100");
    assertThat(Rounding.percentage(board.nsPercentage(14)).toPlainString()).isEqualTo("4");
    assertThat(board.nsPercentage(16)).isEqualTo(Fraction.of(60));
  }

  @Test
  void neubergLeavesAFullyPlayedBoardAlone() {
    assertThat(Matchpoints.neuberg(Fraction.of(30), 18, 18)).isEqualTo(Fraction.of(30));
    assertThat(Matchpoints.neuberg(Fraction.of(14), 16, 18)).isEqualTo(Fraction.of(127, 8));
    assertThatThrownBy(() -> Matchpoints.neuberg(Fraction.ONE, 19, 18))
        .hasMessageContaining("1 <= plays <= expected plays");
  }

  @Test
  void expectedPlaysComeFromTheMostPlayedBoardOfTheSession() {
    Traveller full = Traveller.ofScores(100, 90, 50, -50);
    Traveller short3 = Traveller.ofScores(100, 90, 50);
    List<MatchpointBoard> boards = Matchpoints.session(List.of(full, short3), Units.EUROPEAN);
    assertThat(boards.get(1).top()).isEqualTo(Fraction.of(6));
    // the top of three plays, 4 raw, becomes (4 + 1) * 4/3 - 1 = 17/3 of 6
    assertThat(boards.get(1).rows().get(0).ns()).isEqualTo(Fraction.of(17, 3));
  }

  @Test
  void refusesFewerExpectedPlaysThanResults() {
    assertThatThrownBy(() -> Matchpoints.score(Traveller.ofScores(10, 20, 30), Units.EUROPEAN, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 3 results but was expected 2 times");
  }

  @Test
  void bboPercentagesAreTheAcblFormOverNMinusOne() {
    // A BBO club traveller, board 1, 28 tables. Read naively, the +110 line would be
    // (15 + 0.5*8)/27, but 59.26% is 16/27: twelve scores below +110, so two lie between +110
    // and +140; this field has them at +130.
    int[] scores = repeat(170, 1, 150, 1, 140, 3, 130, 2, 110, 9, 100, 11, -250, 1);
    MatchpointBoard board = Matchpoints.score(Traveller.ofScores(scores), Units.ACBL);
    assertThat(board.top()).isEqualTo(Fraction.of(27));
    assertThat(Rounding.percentageTwoDecimals(board.nsPercentage(0)).toPlainString())
        .isEqualTo("100.00");
    assertThat(Rounding.percentageTwoDecimals(board.nsPercentage(1)).toPlainString())
        .isEqualTo("96.30");
    assertThat(Rounding.percentageTwoDecimals(board.nsPercentage(2)).toPlainString())
        .isEqualTo("88.89");
    assertThat(Rounding.percentageTwoDecimals(board.nsPercentage(7)).toPlainString())
        .isEqualTo("59.26");
    assertThat(Rounding.percentageTwoDecimals(board.nsPercentage(27)).toPlainString())
        .isEqualTo("0.00");
    assertThat(board.rows().get(2).ns()).isEqualTo(Fraction.of(24)); // 23 beaten + 2 ties of ½
  }

  @Test
  void acblUnitsAreHalfTheEuropeanOnes() {
    Traveller t = Traveller.ofScores(420, 420, 400, -50, 0);
    MatchpointBoard eu = Matchpoints.score(t, Units.EUROPEAN);
    MatchpointBoard us = Matchpoints.score(t, Units.ACBL);
    assertThat(us.top()).isEqualTo(Fraction.of(4));
    assertThat(us.rows().get(0).ns()).isEqualTo(Fraction.of(7, 2));
    for (int i = 0; i < 5; i++) {
      assertThat(us.rows().get(i).ns()).isEqualTo(eu.rows().get(i).ns().dividedBy(2));
      assertThat(us.nsPercentage(i)).isEqualTo(eu.nsPercentage(i));
    }
  }

  @Test
  void artificialScoresNeedNotBalance() {
    Traveller t = Traveller.of(
        new Traveller.Row("1", "2", TableResult.played(100)),
        new Traveller.Row("3", "4", TableResult.played(50)),
        new Traveller.Row("5", "6", TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS)),
        new Traveller.Row("7", "8", TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_PLUS)),
        new Traveller.Row("9", "10", TableResult.adjusted(Artificial.AVERAGE, Artificial.AVERAGE)));
    MatchpointBoard board = Matchpoints.score(t, Units.EUROPEAN);
    assertThat(board.top()).isEqualTo(Fraction.of(8));
    assertThat(board.nsPercentage(2)).isEqualTo(Fraction.of(60));
    assertThat(board.ewPercentage(2)).isEqualTo(Fraction.of(40));
    assertThat(board.ewPercentage(3)).isEqualTo(Fraction.of(60));
    assertThat(board.rows().get(4).ns()).isEqualTo(Fraction.of(4));
    // two plays scaled to five: the winner's 2 raw becomes (2 + 1) * 5/2 - 1 = 6.5
    assertThat(board.rows().get(0).ns()).isEqualTo(Fraction.of(13, 2));
  }

  @Test
  void aBoardPlayedOnceIsAnAverageForBoth() {
    MatchpointBoard alone = Matchpoints.score(Traveller.ofScores(620), Units.EUROPEAN);
    assertThat(alone.nsPercentage(0)).isEqualTo(Fraction.of(50));
    MatchpointBoard ofThree = Matchpoints.score(Traveller.ofScores(620), Units.EUROPEAN, 3);
    assertThat(ofThree.rows().get(0).ns()).isEqualTo(Fraction.of(2)); // (0 + 1) * 3 - 1
    assertThat(ofThree.nsPercentage(0)).isEqualTo(Fraction.of(50));
  }

  @Property
  void bothSidesShareTheTopOnEveryPlayedRow(
      @ForAll @Size(min = 1, max = 20) List<@IntRange(min = -200, max = 200) Integer> tens,
      @ForAll @IntRange(min = 0, max = 5) int missing) {
    int[] scores = tens.stream().mapToInt(t -> t * 10).toArray();
    MatchpointBoard board =
        Matchpoints.score(Traveller.ofScores(scores), Units.EUROPEAN, scores.length + missing);
    Fraction sum = Fraction.ZERO;
    for (RowPoints r : board.rows()) {
      assertThat(r.ns().plus(r.ew())).isEqualTo(board.top());
      assertThat(r.ns().signum()).isNotNegative();
      sum = sum.plus(r.ns());
    }
    // without Neuberg the NS points add up to n(n-1): every comparison hands out 2 units
    if (missing == 0) {
      int n = scores.length;
      assertThat(sum).isEqualTo(Fraction.of((long) n * (n - 1)));
    }
    IntStream.range(0, scores.length).forEach(i -> IntStream.range(0, scores.length)
        .filter(j -> scores[i] > scores[j])
        .forEach(j -> assertThat(board.rows().get(i).ns()).isGreaterThan(board.rows().get(j).ns())));
  }
}
