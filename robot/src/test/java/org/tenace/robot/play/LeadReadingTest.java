package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.CardView;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * Declarer and the leader's partner read the opening lead as the house leads (docs/robot-system.md
 * §10), and the strong robot leads only such cards.
 */
class LeadReadingTest {
  // South declares 3NT; West leads the queen of hearts from QJT9, which denies the king (from KQJ
  // the house leads the king): the king is East's.
  private static final String DEAL =
      "N:AK2.765.AK32.K32 8763.K84.JT4.Q76 QJ4.A32.Q765.AJ4 T95.QJT9.98.T985";

  private static final LeadReading.Lead QUEEN_AT_NOTRUMP =
      new LeadReading.Lead(Seat.WEST, Card.parse("HQ"), false);

  private static boolean fits(LeadReading.Lead lead, String played, String westNow) {
    CardView view = Views.after(DEAL, "3NT S", played);
    return LeadReading.fit(lead, PlayState.of(view), Map.of(Seat.WEST, Hand.parsePbn(westNow)));
  }

  @Test
  void theCardLedIsTheOneTheHouseLeadsFromTheSuit() {
    // The queen from QJT9 and from QJ9x (a near sequence); not from KQJ (the king), nor from
    // Q963 (fourth best) or Q63 (low from three to an honour).
    assertThat(fits(QUEEN_AT_NOTRUMP, "HQ", "T95.JT9.98.T985")).isTrue();
    assertThat(fits(QUEEN_AT_NOTRUMP, "HQ", "T95.J98.98.T985")).isTrue();
    assertThat(fits(QUEEN_AT_NOTRUMP, "HQ", "T95.KJ9.98.T985")).isFalse();
    assertThat(fits(QUEEN_AT_NOTRUMP, "HQ", "T95.T98.98.T985")).isFalse();
    assertThat(fits(QUEEN_AT_NOTRUMP, "HQ", "T95.98.98.T9854")).isFalse();
  }

  @Test
  void againstASuitNoLowCardIsLedAwayFromAnAce() {
    LeadReading.Lead four = new LeadReading.Lead(Seat.WEST, Card.parse("C5"), true);
    // 9765 of clubs leads the five (fourth best); with the ace, A765, never.
    assertThat(fits(four, "C5", "T95.QJT9.98.976")).isTrue();
    assertThat(fits(four, "C5", "T95.QJT9.98.A76")).isFalse();
    // At notrump A985 leads the five too.
    assertThat(fits(new LeadReading.Lead(Seat.WEST, Card.parse("C5"), false), "C5",
        "T95.QJT9.98.A76")).isTrue();
  }

  @Test
  void theHouseLeadsOneAgreedCardASuitAndAgainstASuitNotAwayFromAnAce() {
    Hand hand = Hand.parsePbn("AJ74.KQT.9852.3");
    assertThat(LeadReading.leads(hand, false)).containsExactly(
        Card.parse("S4"), Card.parse("HK"), Card.parse("D2"), Card.parse("C3"));
    assertThat(LeadReading.leads(hand, true)).containsExactly(
        Card.parse("HK"), Card.parse("D2"), Card.parse("C3"));
    // With every suit headed by an ace, the ace underled is all there is.
    assertThat(LeadReading.leads(Hand.parsePbn("A74.A52.A85.A932"), true)).hasSize(4);
  }

  @Test
  void declarersLayoutsKeepToTheLeadButOneInFour() {
    // After the queen of hearts, West holds the king only in the layouts that leave the lead out.
    PlayState st = PlayState.of(Views.after(DEAL, "3NT S", "HQ"));
    List<Seat> hidden = EndgameSearch.hiddenSeats(st);
    AuctionReading reading = AuctionReading.read(Seat.SOUTH, st.view().vulnerability(),
        st.view().auction(), Seat.SOUTH);
    SampledSearch.Dealer dealer = new SampledSearch.Dealer(st, hidden, reading, List.of(),
        new Random(1));
    LeadReading.Lead lead = LeadReading.read(st);
    assertThat(lead).isEqualTo(QUEEN_AT_NOTRUMP);
    int layouts = 48;
    int kept = 0;
    int kingWest = 0;
    for (int i = 0; i < layouts; i++) {
      Map<Seat, Hand> layout = dealer.next();
      kept += LeadReading.fit(lead, st, layout) ? 1 : 0;
      kingWest += layout.get(Seat.WEST).contains(Card.parse("HK")) ? 1 : 0;
    }
    assertThat(kept).isGreaterThanOrEqualTo(layouts * (SampledSearch.LEAD_FREE - 1)
        / SampledSearch.LEAD_FREE);
    assertThat(kingWest).isPositive().isLessThanOrEqualTo(layouts / SampledSearch.LEAD_FREE);
  }

  @Test
  void theLeaderReadsNothingFromItsOwnLead() {
    assertThat(LeadReading.read(PlayState.of(Views.after(DEAL, "3NT S", "")))).isNull();
  }

  @Test
  void theStrongRobotsOpeningLeadIsAnAgreedCard() {
    // Against 4S by South, West holds AJ74 of hearts: the sampler may choose any suit, but from
    // each suit only the card the system card says, and not the ace underled.
    String deal = "N:KQ32.K65.AK3.K32 T86.Q98.QJ4.QJ76 AJ954.32.T765.A4 7.AJT74.982.T985";
    CardView view = Views.after(deal, "4S S", "");
    Card lead = CardPlayer.of(RobotLevel.STRONG, Scoring.IMPS, 0, 16, 3_000_000).decide(view)
        .card();
    assertThat(LeadReading.leads(view.hand(), true)).contains(lead);
  }
}
