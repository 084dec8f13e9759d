package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/** The double-dummy cost of each card, on a two-card ending small enough to work out by hand. */
class PlayCostsTest {
  // Notrump, South declares, West leads the HK: North's HA wins it and the C2 the last trick
  // (two tricks); ducking lets West's HQ win the second heart lead (one trick).
  private static final Map<Seat, Hand> HANDS = Map.of(
      Seat.NORTH, Hand.parsePbn(".A..2"),
      Seat.EAST, Hand.parsePbn("..32."),
      Seat.SOUTH, Hand.parsePbn("32..."),
      Seat.WEST, Hand.parsePbn(".KQ.."));

  private static List<Card> play(String... cards) {
    return java.util.Arrays.stream(cards).map(Card::parse).toList();
  }

  @Test
  void duckingTheAceGivesATrickAway() {
    // West's HK wins the first trick, so West leads the second.
    List<Card> play = play("HK", "C2", "D2", "S2", "HQ", "HA", "D3", "S3");

    List<CardCost> costs = PlayCosts.of(new DoubleDummy(12), HANDS, Strain.NO_TRUMP, Seat.SOUTH,
        Seat.WEST, play, 1_000_000);

    assertThat(costs).extracting(CardCost::cost).containsExactly(0, 1, 0, 0, 0, 0, 0, 0);
    assertThat(costs).extracting(CardCost::after).containsExactly(2, 1, 1, 1, 1, 1, 1, 1);
    assertThat(costs.get(0).before()).isEqualTo(2);
    assertThat(costs.get(1).declarerSide()).isTrue();
    assertThat(costs.get(0).declarerSide()).isFalse();
  }

  @Test
  void bestPlayCostsNothing() {
    // The HQ lead is as good as the HK, and North takes the ace: two tricks throughout.
    List<Card> play = play("HQ", "HA", "D2", "S2");

    List<CardCost> costs = PlayCosts.of(new DoubleDummy(12), HANDS, Strain.NO_TRUMP, Seat.SOUTH,
        Seat.WEST, play, 1_000_000);

    assertThat(costs).extracting(CardCost::cost).containsOnly(0);
    assertThat(costs).extracting(CardCost::after).containsOnly(2);
  }

  @Test
  void aCardNotInTheHandStopsTheAnalysis() {
    assertThatThrownBy(() -> PlayCosts.of(new DoubleDummy(12), HANDS, Strain.NO_TRUMP,
        Seat.SOUTH, Seat.WEST, play("HA"), 1_000_000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not hold");
  }
}
