package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

class ShufflerTest {
  private static final int DEALS = 20_000;
  /** Chi-square, 156 degrees of freedom: the 0.9999 quantile is about 229. */
  private static final double CRITICAL = 229.0;

  @Test
  void theSameSeedGivesTheSameDeals() {
    Shuffler a = Shuffler.seeded(42);
    Shuffler b = Shuffler.seeded(42);
    for (int i = 0; i < 10; i++) {
      assertThat(a.deal()).isEqualTo(b.deal());
    }
    assertThat(Shuffler.seeded(42).deal()).isNotEqualTo(Shuffler.seeded(43).deal());
  }

  @Test
  void aSeedGivesTheSameFirstDealOnEveryRun() {
    // Pins the algorithm (SplitMix64 + Fisher-Yates): a change would break recorded sessions.
    assertThat(Shuffler.seeded(1).deal().toPbn(Seat.NORTH))
        .isEqualTo("N:J7652.94.A97.AJ2 A.AQJT32.QJ85.K3 984.K65.T642.Q76 KQT3.87.K3.T9854");
  }

  @Test
  void secureDealsAreFullDeals() {
    Shuffler s = Shuffler.secure();
    Deal a = s.deal();
    Deal b = s.deal();
    assertThat(a).isNotEqualTo(b); // 1 chance in 5e28 of a false failure
    assertThat(Deal.parsePbn(a.toPbn(Seat.WEST))).isEqualTo(a);
  }

  @Test
  void eachCardGoesToEachSeatEquallyOften() {
    assertThat(chiSquare(Shuffler.seeded(20261121L))).isLessThan(CRITICAL);
    assertThat(chiSquare(new Shuffler(new java.util.Random(7)))).isLessThan(CRITICAL);
  }

  @Test
  void theChiSquareCatchesABiasedSource() {
    // A source that favours small values: the test above must be able to fail.
    RandomGenerator biased = new RandomGenerator() {
      private final java.util.SplittableRandom r = new java.util.SplittableRandom(3);

      @Override
      public long nextLong() {
        return r.nextLong();
      }

      @Override
      public int nextInt(int bound) {
        return r.nextInt(bound) % Math.max(1, bound - 1);
      }
    };
    assertThat(chiSquare(new Shuffler(biased))).isGreaterThan(CRITICAL);
  }

  @Test
  void twoGivenCardsShareAHandTwelveTimesInFiftyOne() {
    Shuffler s = Shuffler.seeded(99);
    int same = 0;
    int n = 51_000;
    for (int i = 0; i < n; i++) {
      Deal d = s.deal();
      if (d.holder(Card.parse("SA")) == d.holder(Card.parse("C2"))) {
        same++;
      }
    }
    double expected = n * 12.0 / 51;
    double sd = Math.sqrt(n * (12.0 / 51) * (39.0 / 51));
    assertThat(Math.abs(same - expected)).isLessThan(4 * sd);
  }

  private static double chiSquare(Shuffler shuffler) {
    long[][] counts = new long[52][4];
    for (int i = 0; i < DEALS; i++) {
      Deal d = shuffler.deal();
      for (Seat seat : Seat.values()) {
        for (long b = d.hand(seat).bits(); b != 0; b &= b - 1) {
          counts[Long.numberOfTrailingZeros(b)][seat.ordinal()]++;
        }
      }
    }
    double expected = DEALS / 4.0;
    double chi = 0;
    for (long[] card : counts) {
      for (long c : card) {
        chi += (c - expected) * (c - expected) / expected;
      }
    }
    return chi;
  }
}
