package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.CardView;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

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

  // South opens 1NT, North asks with Stayman, South shows four spades, North bids 3NT (so holds
  // four hearts and not four spades); West leads against 3NT from 97.A652.QT94.K64. Seed 3's
  // board 7 in the bench, where the old dealer's layouts fitted the auction 3 times in 30 and
  // West led the ace of hearts, giving two tricks away.
  private static final String STAYMAN =
      "N:Q4.KJ43.8765.AJ8 A862.T7.J32.T752 KJT53.Q98.AK.Q93 97.A652.QT94.K64";

  private static CardView westOnLeadAfterStayman() {
    return Views.after(STAYMAN, "3NT S", Seat.SOUTH, "1NT P 2C P 2S P 3NT P P P", "");
  }

  @Test
  void theOpeningLeadersLayoutsKeepToEveryCallOfTheAuction() {
    // Three hidden hands and five calls between them: dealt all at once, few layouts fit every
    // call; dealt a seat at a time, each seat's hand drawn until it fits, all of them do.
    PlayState st = PlayState.of(westOnLeadAfterStayman());
    List<Seat> hidden = EndgameSearch.hiddenSeats(st);
    AuctionReading reading = AuctionReading.read(Seat.SOUTH, st.view().vulnerability(),
        st.view().auction(), Seat.WEST);
    SampledSearch.Dealer dealer = new SampledSearch.Dealer(st, hidden, reading, List.of(),
        new Random(1));
    for (int i = 0; i < 24; i++) {
      Map<Seat, Hand> layout = dealer.next();
      assertThat(SampledSearch.fits(st, hidden, layout, reading, 0)).as("layout %s", layout)
          .isTrue();
      Hand south = layout.get(Seat.SOUTH);
      assertThat(south.highCardPoints()).as("1NT: 15-17").isBetween(15, 17);
      assertThat(south.length(Suit.SPADES)).as("2S over Stayman: four spades").isGreaterThanOrEqualTo(4);
    }
  }

  @Test
  void theOpeningLeaderLeadsADiamondAgainstStaymanAndThreeNotrump() {
    // With South's 15-17 and spades, North's values and hearts where the auction puts them, the
    // diamond lead is best on the layouts (and at the table: the ace of hearts gives two tricks).
    Card lead = CardPlayer.of(RobotLevel.STRONG, Scoring.IMPS, 1).decide(westOnLeadAfterStayman())
        .card();
    assertThat(lead.suit()).isEqualTo(Suit.DIAMONDS);
  }
}
