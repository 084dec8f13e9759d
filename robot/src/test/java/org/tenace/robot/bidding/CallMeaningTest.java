package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.robot.AuctionCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;

/** What a call of the auction means, in words, as the house system reads it (explain N). */
class CallMeaningTest {

  private static List<AuctionCall> auction(Seat dealer, String calls) {
    List<AuctionCall> out = new ArrayList<>();
    Seat s = dealer;
    for (String t : calls.trim().split("\\s+")) {
      out.add(new AuctionCall(s, Call.parse(t), false, ""));
      s = s.next();
    }
    return out;
  }

  private static String explain(String calls, int n) {
    return CallMeaning.of(Seat.NORTH, Vulnerability.NONE, auction(Seat.NORTH, calls), Seat.SOUTH,
        n);
  }

  @Test
  void aConventionalCallSaysItsAlertsWords() {
    assertThat(explain("1NT P 2C", 3))
        .isEqualTo("2C by South: Stayman: asks for a four-card major, 8+ HCP");
  }

  @Test
  void aNaturalCallSaysWhatItShows() {
    assertThat(explain("1NT P 2C", 1)).startsWith("1NT by North: natural, 15-17 HCP")
        .contains("balanced");
    assertThat(explain("1S P", 1)).startsWith("1S by North: natural, ").contains("5+ spades");
    assertThat(explain("1S P 2S", 3)).startsWith("2S by South: natural, ").contains("3+ spades");
  }

  @Test
  void aNumberOutsideTheAuctionIsSaidInWords() {
    assertThatThrownBy(() -> explain("1NT P 2C", 4))
        .hasMessage("the auction has 3 calls: give a number from 1 to 3");
  }

  @Test
  void answersAndLaterNaturalCallsAreExplainedToo() {
    assertThat(explain("1NT P 2C P 2D", 5))
        .isEqualTo("2D by North: Answer to Stayman: no four-card major");
    assertThat(explain("1C P 1H P 1NT", 5))
        .isEqualTo("1NT by North: natural, 12-14 HCP, balanced");
  }
}
