package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.CrossImps.Form;

class CrossImpsTest {

  @Test
  void liigaButlerBoard17SumsTheImpsAgainstEveryOtherTable() {
    // Ruter cross-IMP traveller, board 17: +50 against -170, -400, -420 x3, -450 x5, -480 gets 112
    Traveller t = Traveller.ofScores(50, -170, -400, -420, -420, -420, -450, -450, -450, -450,
        -450, -480);
    ImpBoard board = CrossImps.score(t, Form.SUM);
    assertThat(board.rows().get(0).ns()).isEqualTo(Fraction.of(112));
    assertThat(board.rows().get(0).ew()).isEqualTo(Fraction.of(-112));
    assertThat(board.datum()).isEmpty();
    // the average divides by the eleven comparisons
    assertThat(CrossImps.score(t, Form.AVERAGE).rows().get(0).ns()).isEqualTo(Fraction.of(112, 11));
  }

  @Test
  void skyclubAveragesOverThePlayedTablesOnly() {
    // A BBO IMP-pairs traveller, board 1: +100, +100, +50 and an average row that is not compared
    Traveller t = Traveller.of(
        new Traveller.Row("a", "b", TableResult.played(100)),
        new Traveller.Row("c", "d", TableResult.played(100)),
        new Traveller.Row("e", "f", TableResult.played(50)),
        new Traveller.Row("g", "h", TableResult.adjusted(Artificial.AVERAGE, Artificial.AVERAGE)));
    ImpBoard board = CrossImps.score(t, Form.AVERAGE);
    assertThat(board.rows().get(0).ns()).isEqualTo(Fraction.ONE);
    assertThat(board.rows().get(1).ns()).isEqualTo(Fraction.ONE);
    assertThat(board.rows().get(2).ns()).isEqualTo(Fraction.of(-2));
    assertThat(board.rows().get(2).ew()).isEqualTo(Fraction.of(2));
    assertThat(board.rows().get(3).ns()).isEqualTo(Fraction.ZERO);
    assertThat(board.rows().get(3).ew()).isEqualTo(Fraction.ZERO);
  }

  @Test
  void artificialScoresAreWorthAFixedAmountPerComparison() {
    Traveller t = Traveller.of(
        new Traveller.Row("a", "b", TableResult.played(420)),
        new Traveller.Row("c", "d", TableResult.played(-50)),
        new Traveller.Row("e", "f", TableResult.played(170)),
        new Traveller.Row("g", "h",
            TableResult.adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS)));
    RowPoints law = CrossImps.score(t, Form.SUM).rows().get(3);
    assertThat(law.ns()).isEqualTo(Fraction.of(9)); // +3 against each of 3 played results
    assertThat(law.ew()).isEqualTo(Fraction.of(-9));
    RowPoints ruter = CrossImps.score(t, Form.SUM, CrossImps.RUTER).rows().get(3);
    assertThat(ruter.ns()).isEqualTo(Fraction.of(9, 2));
    RowPoints average = CrossImps.score(t, Form.AVERAGE).rows().get(3);
    assertThat(average.ns()).isEqualTo(Fraction.of(3));
    assertThat(average.ew()).isEqualTo(Fraction.of(-3));
    // and the played rows compare with the other two played results only
    assertThat(CrossImps.score(t, Form.SUM).rows().get(0).ns())
        .isEqualTo(Fraction.of(Imps.of(470) + Imps.of(250)));
  }

  @Test
  void aBoardPlayedOnceScoresNothing() {
    ImpBoard board = CrossImps.score(Traveller.ofScores(620), Form.AVERAGE);
    assertThat(board.rows().get(0).ns()).isEqualTo(Fraction.ZERO);
  }

  @Property
  void theFieldsImpsCancelOut(
      @ForAll @Size(min = 1, max = 15) List<@IntRange(min = -300, max = 300) Integer> tens) {
    int[] scores = tens.stream().mapToInt(t -> t * 10).toArray();
    for (Form form : Form.values()) {
      Fraction sum = CrossImps.score(Traveller.ofScores(scores), form).rows().stream()
          .map(RowPoints::ns).reduce(Fraction.ZERO, Fraction::plus);
      assertThat(sum).isEqualTo(Fraction.ZERO);
    }
  }
}
