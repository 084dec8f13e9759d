package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Suit;

class HandEvaluationTest {

  private static HandEvaluation h(String pbn) {
    return HandEvaluation.of(Hand.parsePbn(pbn));
  }

  @ParameterizedTest(name = "{0}: hcp {1}, points {2}, balanced {3}")
  @CsvSource({
    "AK52.KQ3.K84.Q93, 17, 17, true",
    "AKJ52.K3.84.Q932, 13, 14, false",
    "KQJ854.73.84.932, 6, 8, false",
    "AKQJT98765432..., 10, 19, false",
  })
  void countsPointsAndShape(String hand, int hcp, int points, boolean balanced) {
    assertThat(h(hand).hcp()).isEqualTo(hcp);
    assertThat(h(hand).points()).isEqualTo(points);
    assertThat(h(hand).isBalanced()).isEqualTo(balanced);
  }

  @ParameterizedTest(name = "{0} supporting spades: {1}")
  @CsvSource({
    "K852.K973.3.J932, 10",   // singleton with four trumps: 3
    "K85.K9732.3.J932, 9",    // singleton with three trumps: 2
    "K852.K9732..J932, 12",   // void with four trumps: 5
    "K8.K9732.93.J932, 7",    // two trumps: no shortness counted
  })
  void countsShortnessOnlyWithSupport(String hand, int support) {
    assertThat(h(hand).supportPoints(Suit.SPADES)).isEqualTo(support);
  }

  @ParameterizedTest(name = "{0}: stopper in spades {1}")
  @CsvSource({"A2.K973.Q32.J932, true", "K2.K973.Q32.J932, true", "Q32.K97.Q32.J932, true",
      "J432.K97.Q3.J932, true", "Q2.K973.Q32.J932, false", "J32.K973.Q32.J93, false"})
  void findsNotrumpStoppers(String hand, boolean stopper) {
    assertThat(h(hand).stopper(Suit.SPADES)).isEqualTo(stopper);
  }
}
