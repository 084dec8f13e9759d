package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TravellerTest {

  @Test
  void countsOnlyPlayedRowsAsPlays() {
    Traveller t = Traveller.of(
        new Traveller.Row("1", "2", TableResult.played(0)),
        new Traveller.Row("3", "4", TableResult.adjusted(Artificial.AVERAGE, Artificial.AVERAGE)),
        new Traveller.Row("5", "6", TableResult.played(-620)));
    assertThat(t.plays()).isEqualTo(2);
    assertThat(t.playedScores()).containsExactly(0, -620);
  }

  @Test
  void refusesAScoreThatNoContractCanProduce() {
    assertThatThrownBy(() -> TableResult.played(425))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bridge scores are multiples of 10, not 425");
  }

  @ParameterizedTest
  @CsvSource({"A+, AVERAGE_PLUS", "a+, AVERAGE_PLUS", "A, AVERAGE", "A=, AVERAGE",
      "A-, AVERAGE_MINUS", "Avg-, AVERAGE_MINUS"})
  void readsArtificialScoresAsRuterAndBboWriteThem(String text, Artificial expected) {
    assertThat(Artificial.parse(text)).isEqualTo(expected);
  }

  @Test
  void artificialScoresCarryLaw12C2Values() {
    assertThat(Artificial.AVERAGE_PLUS.percent()).isEqualTo(60);
    assertThat(Artificial.AVERAGE_PLUS.imps()).isEqualTo(3);
    assertThat(Artificial.AVERAGE.percent()).isEqualTo(50);
    assertThat(Artificial.AVERAGE.imps()).isZero();
    assertThat(Artificial.AVERAGE_MINUS.percent()).isEqualTo(40);
    assertThat(Artificial.AVERAGE_MINUS.imps()).isEqualTo(-3);
    assertThatThrownBy(() -> Artificial.parse("A*")).hasMessageContaining("not an artificial score");
  }
}
