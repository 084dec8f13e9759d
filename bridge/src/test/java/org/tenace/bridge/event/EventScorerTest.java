package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Rounding;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.event.EventScorer.ScoredEvent;
import org.tenace.bridge.event.EventScorer.ScoredRow;

/** An event's boards scored by one method, and its ranking, read from real files. */
class EventScorerTest {

  @Test
  void aRuterPairsFileIsScoredAtMatchpointsAndRanked() {
    ResultsFile file = Resources.read("pbn/ruter/sm1.pbn").event();

    ScoredEvent event = EventScorer.score(file, file.method());

    assertThat(file.method()).isEqualTo(Method.MP);
    assertThat(event.boards()).hasSize(66);
    assertThat(event.ranking()).hasSize(36);
    Standing first = event.ranking().get(0);
    assertThat(first.pair()).isEqualTo("23");
    assertThat(first.boards()).isEqualTo(66);
    assertThat(Rounding.matchpoints(first.total()).toPlainString()).isEqualTo("1337.0");
    assertThat(Rounding.percentageTwoDecimals(first.percentage().orElseThrow())
        .toPlainString()).isEqualTo("59.58");
    assertThat(file.names()).containsEntry("23", "Lasse Bergroth - Mikko Nieminen");
  }

  @Test
  void aShortBoardIsFactoredUpByNeuberg() {
    // Board 16's top, +200 raw 30 MP, factored by Neuberg from 16 to 18 tables: 33.9.
    ResultsFile file = Resources.read("pbn/ruter/sm1.pbn").event();

    ScoredEvent event = EventScorer.score(file, Method.MP);

    List<ScoredRow> board16 = event.boards().stream()
        .filter(b -> b.board().label().equals("16")).findFirst().orElseThrow().rows();
    ScoredRow top = board16.stream().filter(r -> r.row().table().equals("8")).findFirst()
        .orElseThrow();
    Fraction ns = top.points(Side.NS, Optional.empty()).orElseThrow();
    assertThat(Rounding.matchpoints(ns).toPlainString()).isEqualTo("33.9");
    assertThat(top.top()).contains(Fraction.of(34));
  }

  @Test
  void aCrossImpFileSumsTheImpsAgainstEveryOtherTable() {
    ResultsFile file = Resources.read("pbn/ruter/impcross.pbn").event();

    ScoredEvent event = EventScorer.score(file, file.method(), Checker.sectionsApart(file));

    assertThat(file.method()).isEqualTo(Method.IMP_CROSS);
    assertThat(event.boards()).hasSize(42);
    assertThat(event.ranking()).hasSize(80);
    ScoredRow firstRow = event.boards().get(0).rows().get(0);
    assertThat(firstRow.row().table()).isEqualTo("N4");
    assertThat(firstRow.ns()).contains(Fraction.of(391));
    assertThat(firstRow.ew()).contains(Fraction.of(-391));
    assertThat(event.ranking().get(0).pair()).isEqualTo("523");
    assertThat(event.sessionScore(event.ranking().get(0))).isEqualTo(Fraction.of(2261));
  }
}
