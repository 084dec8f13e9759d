package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.robot.AuctionCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

class AuctionReadingTest {

  private static AuctionReading read(String calls, Seat viewer) {
    return AuctionReading.read(Seat.NORTH, Vulnerability.NONE, Auctions.calls(Seat.NORTH, calls), viewer);
  }

  @Test
  void partnersTwoClubsOverOneNotrumpIsStaymanAndTheAnswersAreReadToo() {
    AuctionReading r = read("1NT P 2C P 2D P", Seat.SOUTH);
    assertThat(r.entries().get(2).rule().convention()).isEqualTo(Convention.STAYMAN);
    assertThat(r.entries().get(4).rule().convention()).isEqualTo(Convention.STAYMAN_DENIAL);
    assertThat(r.shown(Seat.NORTH).minPoints()).isEqualTo(15);
    assertThat(r.shown(Seat.NORTH).maxPoints()).isEqualTo(17);
    assertThat(r.shown(Seat.NORTH).maxLength(Suit.HEARTS)).isEqualTo(3);
    assertThat(r.shown(Seat.NORTH).maxLength(Suit.SPADES)).isEqualTo(3);
  }

  @Test
  void notrumpOverTheAnswerToStaymanShowsTheOtherMajor() {
    AuctionReading game = read("1NT P 2C P 2S P 3NT", Seat.NORTH);
    assertThat(game.shown(Seat.SOUTH).minLength(Suit.HEARTS)).isEqualTo(4);
    assertThat(game.shown(Seat.SOUTH).maxLength(Suit.SPADES)).isEqualTo(3);
    AuctionReading invitation = read("1NT P 2C P 2H P 2NT", Seat.NORTH);
    assertThat(invitation.shown(Seat.SOUTH).minLength(Suit.SPADES)).isEqualTo(4);
    assertThat(invitation.shown(Seat.SOUTH).maxLength(Suit.HEARTS)).isEqualTo(3);
  }

  @Test
  void aTransferShowsTheNextSuitNotTheOneNamed() {
    AuctionReading r = read("1NT P 2D P", Seat.NORTH);
    assertThat(r.entries().get(2).rule().convention()).isEqualTo(Convention.TRANSFER);
    assertThat(r.shown(Seat.SOUTH).minLength(Suit.HEARTS)).isEqualTo(5);
    assertThat(r.shown(Seat.SOUTH).minLength(Suit.DIAMONDS)).isZero();
  }

  @Test
  void naturalCallsAccumulateWhatTheySeatShows() {
    AuctionReading r = read("1S P 2H P 3H", Seat.NORTH);
    assertThat(r.shown(Seat.NORTH).minLength(Suit.SPADES)).isEqualTo(5);
    assertThat(r.shown(Seat.NORTH).minLength(Suit.HEARTS)).isGreaterThanOrEqualTo(3);
    assertThat(r.shown(Seat.SOUTH).minLength(Suit.HEARTS)).isEqualTo(5);
    assertThat(r.shown(Seat.SOUTH).minPoints()).isGreaterThanOrEqualTo(11);
  }

  @Test
  void anOpponentsAlertedCallTheSystemReadsAsNaturalIsTakenAsUnknown() {
    List<AuctionCall> calls = List.of(
        AuctionCall.of(Seat.NORTH, Call.parse("1H")),
        new AuctionCall(Seat.EAST, Call.parse("2H"), true, "Michaels: spades and a minor"));
    AuctionReading mine = AuctionReading.read(Seat.NORTH, Vulnerability.NONE, calls, Seat.SOUTH);
    assertThat(mine.entries().get(1).rule().convention()).isEqualTo(Convention.UNKNOWN);
    assertThat(mine.shown(Seat.EAST).minLength(Suit.HEARTS)).isZero();
  }

  @Test
  void blackwoodAndItsAnswersAreRecognised() {
    AuctionReading r = read("1S P 3S P 4NT P 5H P", Seat.NORTH);
    assertThat(r.entries().get(4).rule().convention()).isEqualTo(Convention.BLACKWOOD);
    assertThat(r.entries().get(6).rule().convention()).isEqualTo(Convention.ACE_ANSWER);
  }

  @Test
  void oddAuctionsAreReadWithoutFailing() {
    AuctionReading r = read("7NT X XX P P", Seat.NORTH);
    assertThat(r.entries()).hasSize(5);
    AuctionReading s = read("P 1C 7C X P P XX", Seat.EAST);
    assertThat(s.entries()).hasSize(7);
  }
}
