package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.TableResult;
import org.tenace.bridge.compare.TableResult.Share;
import org.tenace.bridge.event.EventScorer.ScoredEvent;

/** An assigned adjusted score (Law 12C1(c)) scored across a whole event, against hand counts. */
class AssignedOutcomeTest {

  private static TableRow played(int table, int ns) {
    return row(table, new Outcome.Played(Optional.empty(), false, OptionalInt.empty(), ns,
        OptionalInt.empty()));
  }

  private static TableRow row(int table, Outcome outcome) {
    return new TableRow("", Integer.toString(table), List.of("ns" + table),
        List.of("ew" + table), outcome, List.of(), table);
  }

  /** 450, 420, 170, -50 played; table 5 assigned 60% of 4S= by N + 40% of 4S-1 by N. */
  private static ResultsFile file(Set<String> scoring) {
    return file(scoring, 450, 420, 170, -50);
  }

  /** These scores played, then a table assigned 60% of 4S= by N + 40% of 4S-1 by N. */
  private static ResultsFile file(Set<String> scoring, int... playedNs) {
    Outcome weighted = new Outcome.Assigned((TableResult.Assigned) TableResult.weighted(
        List.of(new Share(60, 420), new Share(40, -50))));
    BoardResults board = new BoardResults(OptionalInt.of(1), Optional.empty(), Optional.empty(),
        rows(weighted, playedNs), List.of(), CrossImps.LAW_12C2, false, 1);
    return new ResultsFile("club.pbn", Optional.empty(), List.of(board), List.of(), List.of(),
        scoring, Optional.empty(), Optional.empty(), Map.of(), false);
  }

  private static List<TableRow> rows(Outcome assigned, int... playedNs) {
    List<TableRow> rows = new ArrayList<>();
    for (int i = 0; i < playedNs.length; i++) {
      rows.add(played(i + 1, playedNs[i]));
    }
    rows.add(row(playedNs.length + 1, assigned));
    return rows;
  }

  private static Fraction ns(ScoredEvent e, int row) {
    return e.boards().get(0).rows().get(row).ns().orElseThrow();
  }

  private static Fraction ew(ScoredEvent e, int row) {
    return e.boards().get(0).rows().get(row).ew().orElseThrow();
  }

  @Test
  void matchpointsCountTheAssignedScoreAsOneOfTheResults() {
    ScoredEvent e = EventScorer.score(file(Set.of()), Method.MP);
    assertThat(e.boards().get(0).rows().get(0).top()).contains(Fraction.of(8));
    assertThat(ns(e, 4)).isEqualTo(Fraction.of(17, 5));
    assertThat(ew(e, 4)).isEqualTo(Fraction.of(23, 5));
    assertThat(ns(e, 1)).isEqualTo(Fraction.of(27, 5));
  }

  @Test
  void crossImpsPerScoreDivideByEveryResultCompared() {
    ScoredEvent e = EventScorer.score(file(Set.of()), Method.IMP_CROSS_PER_SCORE);
    // the sums (24, 19, -8.2, -33, -1.8) over the 5 results
    assertThat(ns(e, 0)).isEqualTo(Fraction.of(24, 5));
    assertThat(ns(e, 4)).isEqualTo(Fraction.of(-9, 25));
  }

  @Test
  void aMedianDatumIMPsTheAssignedScoreAgainstTheSameDatum() {
    ScoredEvent e = EventScorer.score(file(Set.of("MEDIAN"), 1000, 990, 170, -50, -100),
        Method.BUTLER);
    // the median, 170, where the plain Butler datum would be (990 + 170 - 50) / 3 = 370
    assertThat(e.boards().get(0).datums()).containsEntry("", 170);
    assertThat(ns(e, 5)).isEqualTo(Fraction.of(6, 5)); // .6 x IMPs(+250) + .4 x IMPs(-220)
    assertThat(ew(e, 5)).isEqualTo(Fraction.of(-6, 5));
  }
}
