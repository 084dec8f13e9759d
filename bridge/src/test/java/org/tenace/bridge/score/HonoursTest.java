package org.tenace.bridge.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Side;

class HonoursTest {
  // North holds AKQJ of spades (the ten is East's); no hand holds four aces.
  static final Deal NORTH_FOUR_SPADES =
      Deal.parsePbn("N:AKQJ.AK2.A32.432 T98.QJT9.KQJ.AKQ 765.8765.T987.JT 432.43.654.98765");
  // West holds all five spade honours and all four aces.
  static final Deal WEST_FIVE_SPADES_FOUR_ACES =
      Deal.parsePbn("N:98765.KQJ.KQJ.QJ 432.T987.T987.T9 .654.654.8765432 AKQJT.A32.A32.AK");

  @ParameterizedTest(name = "{0}: {1} {2}")
  @CsvSource({"SPADES, NS, 100", "HEARTS, , 0", "DIAMONDS, , 0", "CLUBS, , 0",
      "NO_TRUMP, , 0"})
  void fourOfTheFiveTrumpHonoursInOneHandScore100(Strain strain, Side side, int points) {
    assertThat(Honours.of(NORTH_FOUR_SPADES, strain).map(Honours::points).orElse(0))
        .isEqualTo(points);
    Honours.of(NORTH_FOUR_SPADES, strain).ifPresent(h -> assertThat(h.side()).isEqualTo(side));
  }

  @Test
  void allFiveTrumpHonoursOrFourAcesAtNotrumpScore150() {
    assertThat(Honours.of(WEST_FIVE_SPADES_FOUR_ACES, Strain.SPADES))
        .contains(Honours.fiveTrumpHonours(Side.EW));
    assertThat(Honours.of(WEST_FIVE_SPADES_FOUR_ACES, Strain.NO_TRUMP))
        .contains(Honours.fourAces(Side.EW));
    // the aces do not count in a suit contract, nor a lone ace of trumps
    assertThat(Honours.of(WEST_FIVE_SPADES_FOUR_ACES, Strain.HEARTS)).isEmpty();
  }

  @Test
  void honoursSpreadOverTwoHandsScoreNothing() {
    // hearts: AK with North, QJT with East; clubs: AKQ with East, JT with South
    assertThat(Honours.of(NORTH_FOUR_SPADES, Strain.HEARTS)).isEmpty();
    assertThat(Honours.of(NORTH_FOUR_SPADES, Strain.CLUBS)).isEmpty();
  }

  @Test
  void refusesValuesHonoursCannotHave() {
    assertThatThrownBy(() -> new Honours(Side.NS, 50))
        .hasMessage("honours are worth 100 or 150, not 50");
    assertThatThrownBy(() -> Honours.fourTrumpHonours(Side.NS).checkPossibleIn(Strain.NO_TRUMP))
        .hasMessageContaining("at notrump only four aces");
  }
}
