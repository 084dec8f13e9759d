package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Seat;

class SeatingTest {
  private final Seating four = Seating.FOUR_PLAYERS;

  @Test
  void fourPlayersEachCallForTheirOwnHand() {
    assertThat(four.places()).containsExactly(Seat.values());
    for (Seat place : Seat.values()) {
      for (Seat hand : Seat.values()) {
        assertThat(four.calls(place, hand)).isEqualTo(place == hand);
      }
    }
  }

  @Test
  void declarerPlaysDummysCardsAndNobodyElseDoes() {
    Optional<Seat> dummy = Optional.of(Seat.NORTH);
    assertThat(four.plays(Seat.SOUTH, Seat.NORTH, dummy)).isTrue();
    assertThat(four.plays(Seat.SOUTH, Seat.SOUTH, dummy)).isTrue();
    assertThat(four.plays(Seat.EAST, Seat.NORTH, dummy)).isFalse();
    assertThat(four.plays(Seat.WEST, Seat.EAST, dummy)).isFalse();
    // Before the auction ends nobody plays another's hand.
    assertThat(four.plays(Seat.SOUTH, Seat.NORTH, Optional.empty())).isFalse();
  }
}
