package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

class PositionTest {
  /** North led the spade ace; East, South and West hold two cards each, North one. */
  private static Map<Seat, Hand> afterTheLead() {
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    hands.put(Seat.NORTH, Hand.parsePbn("..2."));
    hands.put(Seat.EAST, Hand.parsePbn("K..3."));
    hands.put(Seat.SOUTH, Hand.parsePbn("Q..4."));
    hands.put(Seat.WEST, Hand.parsePbn("J..5."));
    return hands;
  }

  @Test
  void aTrickInProgressCountsInTheLengthOfTheHandsThatPlayedToIt() {
    Position p = new Position(afterTheLead(), null, Seat.NORTH, List.of(Card.parse("SA")));
    assertThat(p.trick()).containsExactly(Card.parse("SA"));
  }

  @Test
  void refusesWhatNoPlayCouldReach() {
    Map<Seat, Hand> hands = afterTheLead();
    assertThatThrownBy(() -> Position.onLead(hands, null, Seat.NORTH))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unequal");
    assertThatThrownBy(() -> new Position(hands, null, Seat.NORTH, List.of(Card.parse("SK"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two places");
    assertThatThrownBy(() -> new Position(hands, null, Seat.NORTH,
        List.of(Card.parse("SA"), Card.parse("S2"), Card.parse("S3"), Card.parse("S4"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most three");
    Map<Seat, Hand> missing = new EnumMap<>(hands);
    missing.remove(Seat.WEST);
    assertThatThrownBy(() -> new Position(missing, null, Seat.NORTH, List.of(Card.parse("SA"))))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("no hand for W");
  }
}
