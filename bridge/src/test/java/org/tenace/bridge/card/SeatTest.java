package org.tenace.bridge.card;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeatTest {

  @Test
  void eachSeatHasItsWordWhichReadsBackAsTheSeat() {
    assertThat(Seat.values()).extracting(Seat::word)
        .containsExactly("North", "East", "South", "West");
    for (Seat s : Seat.values()) {
      assertThat(Seat.parse(s.word())).isSameAs(s);
    }
  }
}
