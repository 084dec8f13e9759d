package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.Matchpoints.Units;
import org.tenace.bridge.compare.TableResult.Share;

/**
 * Assigned adjusted scores (Law 12C1(c)) against hand counts. 4S= by N non-vulnerable is +420,
 * 4S-1 is -50.
 */
class AssignedScoreTest {

  private static final TableResult WEIGHTED =
      TableResult.weighted(List.of(new Share(60, 420), new Share(40, -50)));

  private static Traveller.Row row(String ns, String ew, TableResult result) {
    return new Traveller.Row(ns, ew, result);
  }

  private static List<Fraction> ns(List<RowPoints> rows) {
    return rows.stream().map(RowPoints::ns).toList();
  }

  private static List<Fraction> ew(List<RowPoints> rows) {
    return rows.stream().map(RowPoints::ew).toList();
  }

  private static Fraction f(long n, long d) {
    return Fraction.of(n, d);
  }

  private static Fraction f(long n) {
    return Fraction.of(n);
  }

  /** 450, 420, 170, -50 played and, at the fifth table, 60% of 4S= + 40% of 4S-1. */
  private static Traveller weightedField() {
    return Traveller.of(row("1", "2", TableResult.played(450)), row("3", "4", TableResult.played(420)),
        row("5", "6", TableResult.played(170)), row("7", "8", TableResult.played(-50)),
        row("9", "10", WEIGHTED));
  }

  /**
   * 450, 420, -50 played; the fourth table's North-South assigned 4S= in full, its East-West
   * 60% of 4S= + 40% of 4S-1.
   */
  private static Traveller splitField() {
    return Traveller.of(row("1", "2", TableResult.played(450)), row("3", "4", TableResult.played(420)),
        row("5", "6", TableResult.played(-50)),
        row("7", "8", TableResult.split(List.of(new Share(100, 420)),
            List.of(new Share(60, 420), new Share(40, -50)))));
  }

  @Test
  void aPlainAssignedResultScoresAsIfPlayed() {
    Traveller assigned = Traveller.of(row("1", "2", TableResult.played(420)),
        row("3", "4", TableResult.played(450)), row("5", "6", TableResult.played(-50)),
        row("7", "8", TableResult.assigned(420)));
    Traveller played = Traveller.ofScores(420, 450, -50, 420);
    MatchpointBoard mp = Matchpoints.score(assigned, Units.EUROPEAN);
    // hand count, top 6: 420 beats -50, ties 420: 3; 450 beats all: 6; -50 beats none: 0
    assertThat(ns(mp.rows())).containsExactly(f(3), f(6), f(0), f(3));
    assertThat(ew(mp.rows())).containsExactly(f(3), f(0), f(6), f(3));
    assertThat(mp.top()).isEqualTo(f(6));
    assertThat(ns(mp.rows())).isEqualTo(ns(Matchpoints.score(played, Units.EUROPEAN).rows()));
    assertThat(ns(CrossImps.score(assigned, CrossImps.Form.SUM).rows()))
        .isEqualTo(ns(CrossImps.score(played, CrossImps.Form.SUM).rows()))
        // 420: -1 vs 450, +10 vs -50, 0 vs 420
        .containsExactly(f(9), f(1 + 11 + 1), f(-10 - 11 - 10), f(9));
  }

  @Test
  void aWeightedScoreEarnsTheWeightedSumOfItsPartsAtMatchpoints() {
    MatchpointBoard mp = Matchpoints.score(weightedField(), Units.EUROPEAN);
    assertThat(mp.top()).isEqualTo(f(8));
    // 4S= part: 0 + 1 + 2 + 2 = 5; 4S-1 part: 0 + 0 + 0 + 1 = 1; .6 x 5 + .4 x 1 = 3.4.
    // The played 420 against it: .6 x 1 (tie) + .4 x 2 = 1.4, plus 0 + 2 + 2.
    assertThat(ns(mp.rows())).containsExactly(f(8), f(27, 5), f(14, 5), f(2, 5), f(17, 5));
    assertThat(ew(mp.rows())).containsExactly(f(0), f(13, 5), f(26, 5), f(38, 5), f(23, 5));
  }

  @Test
  void aWeightedScoreEarnsTheWeightedSumOfItsPartsAtImps() {
    List<RowPoints> sum = CrossImps.score(weightedField(), CrossImps.Form.SUM).rows();
    // weighted row: vs 450 .6x-1 + .4x-11 = -5; vs 420 .4x-10 = -4; vs 170 .6x6 + .4x-6 = 1.2;
    // vs -50 .6x10 = 6: -1.8
    assertThat(ns(sum)).containsExactly(f(24), f(19), f(-41, 5), f(-33), f(-9, 5));
    assertThat(ew(sum)).containsExactly(f(-24), f(-19), f(41, 5), f(33), f(9, 5));
    List<RowPoints> avg = CrossImps.score(weightedField(), CrossImps.Form.AVERAGE).rows();
    assertThat(avg.get(4).ns()).isEqualTo(f(-9, 20));

    ImpBoard butler = Butler.score(weightedField());
    // datum of the played 450, 420, 170, -50 without the extremes: 295, rounded to 300
    assertThat(butler.datum()).hasValue(300);
    // .6 x IMPs(+120) + .4 x IMPs(-350) = .6 x 3 - .4 x 8
    assertThat(butler.rows().get(4).ns()).isEqualTo(f(-7, 5));
    assertThat(butler.rows().get(4).ew()).isEqualTo(f(7, 5));
    assertThat(butler.rows().get(0).ns()).isEqualTo(f(4));
  }

  @Test
  void aSplitScoreScoresEachSideOnItsOwnListAtMatchpoints() {
    MatchpointBoard mp = Matchpoints.score(splitField(), Units.EUROPEAN);
    assertThat(mp.top()).isEqualTo(f(6));
    // NS's 420: 0 + 1 + 2 = 3. EW's list against 450: 2; 420: .6 x 1 + .4 x 2; -50: .4 x 1.
    assertThat(ns(mp.rows())).containsExactly(f(6), f(3), f(0), f(3));
    assertThat(ew(mp.rows())).containsExactly(f(0), f(13, 5), f(28, 5), f(19, 5));
    // the split row's sides need not add up to the top
    assertThat(mp.rows().get(3).ns().plus(mp.rows().get(3).ew())).isEqualTo(f(34, 5));
  }

  @Test
  void aSplitScoreScoresEachSideOnItsOwnListAtImps() {
    List<RowPoints> sum = CrossImps.score(splitField(), CrossImps.Form.SUM).rows();
    // NS's 420: -1, 0, +10. EW's list against 450: .6 x 1 + .4 x 11; 420: .4 x 10; -50: .6 x -10
    assertThat(ns(sum)).containsExactly(f(13), f(9), f(-31), f(9));
    assertThat(ew(sum)).containsExactly(f(-17), f(-13), f(27), f(3));
  }

  @Test
  void weightsMustAddUpToAHundred() {
    assertThatThrownBy(() -> TableResult.weighted(List.of(new Share(60, 420), new Share(30, -50))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("add up to 90%, not 100%");
  }
}
