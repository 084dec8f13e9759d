package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.Scoring;

/**
 * The simulation of the unsure calls: which decisions it weighs (the system's call and the
 * calls at the edge of its range), and that it decides as the same hand and auction always do.
 * Hands in PBN, spades first; auctions from North as dealer.
 */
class SimulationTest {

  private static List<Call> candidates(String auction, String hand) {
    List<AuctionCall> calls = Auctions.calls(Seat.NORTH, auction);
    Seat seat = Seat.NORTH.next(calls.size());
    AuctionReading reading = AuctionReading.read(Seat.NORTH, Vulnerability.NONE, calls, seat);
    BiddingContext ctx = new BiddingContext(reading, seat);
    HandEvaluation h = HandEvaluation.of(Hand.parsePbn(hand));
    List<Call> legal = BiddingSystemTest.legalCalls(seat, calls);
    BidRule rule = BiddingSystem.rules(ctx).stream()
        .filter(r -> legal.contains(r.call()) && r.matches(h)).findFirst().orElseThrow();
    return Simulation.candidates(ctx, h, rule, legal);
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    // Game or not: a minimum opener over a limit raise weighs game against the pass.
    "1S P 3S P, KQ742.9852.AK9.T, Pass 4S",
    // Slam or not: a strong hand over partner's game weighs six against the pass.
    "1S P 2S P 3S P 4S P, AKQ72.A5.KQ4.972, Pass 6S",
    // Save or not: over their game, with a fit partner showed, the pass or five of our suit.
    "1H 1S 4H, KJ65.4.98743.J92, Pass 4S",
    // Compete or sell out in a part score, with a fit of eight.
    "1D 1H 2D, 64.KJ73.982.Q743, 2H Pass",
  })
  void weighsTheCallsAtTheEdgeOfTheSystemsRange(String auction, String hand, String calls) {
    assertThat(candidates(auction, hand)).containsExactlyElementsOf(
        java.util.Arrays.stream(calls.split(" ")).map(Call::parse).toList());
  }

  @ParameterizedTest(name = "{0} with {1}: the rules alone")
  @CsvSource({
    // Stayman asks a question: its answer is the rules'.
    "1NT P 2C P, AK52.Q87.K84.Q93",
    // A new suit is forcing: the rules' search for a fit.
    "1H P, AQ852.73.K84.932",
    // The opening: nothing to weigh yet.
    "'', AKJ52.K3.84.Q932",
  })
  void leavesTheRulesAloneWhereTheyAreSure(String auction, String hand) {
    assertThat(candidates(auction, hand)).hasSizeLessThan(2);
  }

  @Test
  void theSameHandAndAuctionGiveTheSameCallFromAnyRobotOfTheTable() {
    List<AuctionCall> calls = Auctions.calls(Seat.NORTH, "1S P 3S P");
    CallView view = new CallView(Seat.NORTH, Hand.parsePbn("KQ742.9852.AK9.T"), Seat.NORTH,
        Vulnerability.BOTH, calls, BiddingSystemTest.legalCalls(Seat.NORTH, calls));
    Call first = Bidder.simulating(Scoring.IMPS, 3).decide(view).call();
    Bidder other = Bidder.simulating(Scoring.IMPS, 3);
    other.decide(new CallView(Seat.SOUTH, Hand.parsePbn("J93.QJ7.86.AQJ96"), Seat.NORTH,
        Vulnerability.BOTH, calls.subList(0, 2), BiddingSystemTest.legalCalls(Seat.SOUTH,
        calls.subList(0, 2))));
    assertThat(other.decide(view).call()).isEqualTo(first);
    assertThat(first).isIn(Call.PASS, Call.parse("4S"));
  }

  /**
   * Board 236 of the bench's seed 2 (West deals): 18 HCP and five hearts over partner's single
   * raise. The rules invite (3H, passed on a minimum); the layouts make 4H often enough that it
   * gains, and double dummy makes it on the deal.
   */
  @Test
  void bidsTheGameTheLayoutsMakeWhereTheRulesOnlyInvite() {
    List<AuctionCall> calls = Auctions.calls(Seat.WEST, "P 1H P 2H P");
    CallView view = new CallView(Seat.NORTH, Hand.parsePbn("AT95.AK986.AQ8.3"), Seat.WEST,
        Board.of(236).vulnerability(), calls, BiddingSystemTest.legalCalls(Seat.NORTH, calls));
    assertThat(new Bidder().decide(view).call()).isEqualTo(Call.parse("3H"));
    assertThat(Bidder.simulating(Scoring.IMPS, 1).decide(view).call()).isEqualTo(Call.parse("4H"));
  }
}
