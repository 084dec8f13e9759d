package org.tenace.bridge.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;

class AuctionsTest {

  private static List<RecordedCall> calls(Seat dealer, String text) {
    List<RecordedCall> out = new ArrayList<>();
    for (String c : Arrays.stream(text.split(" ")).filter(s -> !s.isEmpty()).toList()) {
      out.add(RecordedCall.of(dealer.next(out.size()), Call.parse(c)));
    }
    return out;
  }

  // Passed out, not yet ended, and who declares (Law 22), and doubling.
  @ParameterizedTest
  @CsvSource({
    "N, P P P P, true, true, -",
    "N, P P P, false, false, -",
    "N, P P P 1C P P P, true, false, 1C W",
    "N, 1H P 2H P P P, true, false, 2H N",
    "N, 2C P 2D P 3C P P P, true, false, 3C N",
    "N, 1H 1S 2H X P P P, true, false, 2HX N",
    "N, 1H X XX P P P, true, false, 1HXX N",
    "N, 1H X P P 1S P P P, true, false, 1S N",
    "E, 1C P 1S P 2S P 4S P P P, true, false, 4S W",
    "N, 1NT P 3NT, false, false, 3NT N",
  })
  void theContractIsTheLastBidByTheFirstOfItsSideToNameTheStrain(char dealerSeat, String auction,
      boolean complete, boolean passedOut, String contract) {
    Seat dealer = Seat.parse(dealerSeat);
    List<RecordedCall> calls = calls(dealer, auction);
    assertThat(Auctions.isComplete(calls)).isEqualTo(complete);
    assertThat(Auctions.isPassedOut(calls)).isEqualTo(passedOut);
    assertThat(Auctions.finalContract(calls).map(c -> c.toBidString() + " " + c.declarer())
        .orElse("-")).isEqualTo(contract);
  }

  // What may follow: a double of an opponent's bid only, a redouble of an opponent's double only,
  // and the bids above the last.
  @ParameterizedTest
  @CsvSource({
    "N, '', Pass 1C, 36",
    "N, 1C, Pass X 1D, 36",
    "N, 1C P, Pass 1D, 35",
    "N, 1C P P, Pass X 1D, 36",
    "N, 1C X, Pass XX 1D, 36",
    "N, 1C X P, Pass 1D, 35",
    "N, 1C X P P, Pass XX 1D, 36",
    "N, 7NT, Pass X, 2",
    "N, 7NT X XX, Pass, 1",
  })
  void theCallsThatMayFollowAreThoseOfARegularAuction(char dealerSeat, String auction,
      String first, int count) {
    List<Call> legal = Auctions.legalCalls(calls(Seat.parse(dealerSeat), auction));
    List<Call> expected = Arrays.stream(first.split(" ")).map(Call::parse).toList();
    assertThat(legal.subList(0, expected.size())).isEqualTo(expected);
    assertThat(legal).hasSize(count).doesNotHaveDuplicates();
  }
}
