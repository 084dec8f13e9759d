package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FractionTest {

  @Test
  void keepsLowestTermsWithAPositiveDenominator() {
    assertThat(Fraction.of(6, -4)).isEqualTo(new Fraction(-3, 2));
    assertThat(Fraction.of(0, 7)).isEqualTo(Fraction.ZERO);
    assertThat(Fraction.of(18, 16).toString()).isEqualTo("9/8");
  }

  @Test
  void refusesDenominatorsThatAreZeroNegativeOrNotReduced() {
    assertThatThrownBy(() -> Fraction.of(1, 0)).hasMessageContaining("division by zero");
    assertThatThrownBy(() -> new Fraction(1, -2)).hasMessageContaining("must be positive");
    assertThatThrownBy(() -> new Fraction(2, 4)).hasMessageContaining("not in lowest terms");
    assertThatThrownBy(() -> Fraction.ONE.dividedBy(Fraction.ZERO))
        .hasMessageContaining("division by zero");
  }

  @Test
  void neubergArithmeticStaysExact() {
    // (30 + 1) * 18/16 - 1 = 33.875, sm1.pbn board 16
    Fraction mp = Fraction.of(30).plus(1).times(Fraction.of(18, 16)).minus(1);
    assertThat(mp).isEqualTo(Fraction.of(271, 8));
    // 18/17 never ends in decimals, yet seventeen of them make 18 again
    Fraction sum = Fraction.ZERO;
    for (int i = 0; i < 17; i++) {
      sum = sum.plus(Fraction.of(18, 17));
    }
    assertThat(sum).isEqualTo(Fraction.of(18));
  }

  @ParameterizedTest(name = "{0}/{1} to {2} places: {3}")
  @CsvSource({"271, 8, 1, 33.9", "113, 4, 1, 28.3", "5, 4, 1, 1.3", "-5, 4, 1, -1.3",
      "1, 8, 1, 0.1", "1600, 27, 2, 59.26", "1, 2, 0, 1", "-1, 2, 0, -1", "2, 3, 0, 1"})
  void roundsHalvesAwayFromZero(long n, long d, int places, String expected) {
    assertThat(Fraction.of(n, d).round(places).toPlainString()).isEqualTo(expected);
  }

  @Test
  void comparesExactlyEvenWhereDoublesWouldNot() {
    assertThat(Fraction.of(1, 3).compareTo(Fraction.of(333_333_333_333L, 1_000_000_000_000L)))
        .isPositive();
    assertThat(Fraction.of(-1, 2)).isLessThan(Fraction.of(-1, 3));
    assertThat(Fraction.of(7, 2).compareTo(Fraction.of(14, 4))).isZero();
  }

  @Test
  void refusesToOverflowSilently() {
    Fraction huge = Fraction.of(Long.MAX_VALUE / 2);
    assertThatThrownBy(() -> huge.times(4)).isInstanceOf(ArithmeticException.class);
  }

  @Property
  void additionAndSubtractionUndoEachOther(
      @ForAll @IntRange(min = -1000, max = 1000) int a, @ForAll @IntRange(min = 1, max = 97) int b,
      @ForAll @IntRange(min = -1000, max = 1000) int c, @ForAll @IntRange(min = 1, max = 97) int d) {
    Fraction x = Fraction.of(a, b);
    Fraction y = Fraction.of(c, d);
    assertThat(x.plus(y).minus(y)).isEqualTo(x);
    assertThat(x.plus(y).compareTo(x)).isEqualTo(Integer.signum(c));
  }
}
