package org.tenace.robot.bidding;

import org.junit.jupiter.api.Test;
import org.tenace.scoring.card.Seat;

class DebugTest {
  @Test
  void debug() {
    System.out.println(Debug.explain(Seat.parse(System.getProperty("dealer", "N")),
        System.getProperty("calls", "P P P 1H P 1NT P 3C P"), System.getProperty("hand", "AT8.4.KT942.T762")));
  }
}
