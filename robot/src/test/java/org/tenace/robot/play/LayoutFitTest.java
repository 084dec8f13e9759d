package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.robot.CardView;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * The layouts the strong robot deals keep to each call as the house system reads it, the points
 * counted as the call counts them: a hand its own system would have bid so is never left out.
 */
class LayoutFitTest {
  // West opens 1S with 10 high-card points, six spades and four hearts (the rule of 20), and
  // declares it; North leads the king of diamonds and holds the trick: North sees its own hand
  // and dummy's (East), and deals West's and South's twelve cards.
  private static final String DEAL =
      "W:AQ9876.K876.J2.3 KJ.AQ4.KQ98.J876 T52.T9.A765.AKQ2 43.J532.T43.T954";

  private static PlayState northAfterTheLead() {
    CardView view = Views.after(DEAL, "1S W", Seat.WEST, "1S P P P", "DK D5 D3 D2");
    return PlayState.of(view);
  }

  private static boolean fits(PlayState st, String west, String south) {
    Map<Seat, Hand> layout = new EnumMap<>(Seat.class);
    layout.put(Seat.WEST, Hand.parsePbn(west));
    layout.put(Seat.SOUTH, Hand.parsePbn(south));
    AuctionReading reading = AuctionReading.read(Seat.WEST, st.view().vulnerability(),
        st.view().auction(), Seat.NORTH);
    return SampledSearch.fits(st, List.of(Seat.WEST, Seat.SOUTH), layout, reading, 0);
  }

  @Test
  void anOpeningOfTenHighCardPointsAndSixSpadesFitsTheOneSpadeOpening() {
    // 10 HCP and 6-4 count 12 with length, as the opening's rule counts them: the real layout
    // must be among those dealt (a check on high-card points alone, 11-23, left it out).
    assertThat(fits(northAfterTheLead(), "AQ9876.K876.J.3", "43.J532.T4.T954")).isTrue();
  }

  @Test
  void aHandTheSystemWouldNotOpenIsLeftOut() {
    // 10 HCP with 5-3-3-2 (the two of diamonds played) fails the rule of 20: the system passes.
    assertThat(fits(northAfterTheLead(), "AQ987.K87.J4.T3", "643.J6532.T.954")).isFalse();
  }

  @Test
  void aOneSpadeOpeningNeverHasFourSpades() {
    // Four spades and five hearts open 1H.
    assertThat(fits(northAfterTheLead(), "AQ98.K8765.J.T3", "7643.J32.T4.954")).isFalse();
  }
}
