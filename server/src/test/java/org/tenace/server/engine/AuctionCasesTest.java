package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.bridge.card.Seat.EAST;
import static org.tenace.bridge.card.Seat.NORTH;
import static org.tenace.bridge.card.Seat.SOUTH;
import static org.tenace.bridge.card.Seat.WEST;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;

/** The correct auction (Laws 17-22), case by case, online (O) or in both modes (B). */
class AuctionCasesTest {

  private static void refused(ThrowingCallable call, Violation v, String message) {
    assertThatThrownBy(call).isInstanceOfSatisfying(RuleViolationException.class, e -> {
      assertThat(e.violation()).isEqualTo(v);
      assertThat(e.getMessage()).isEqualTo(v.name() + ": " + message);
    });
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case01_anEmptyAuctionIsNorthsTurnWith36LegalCallsAndNoDouble(Mode mode) {
    Auction a = Script.start(mode);
    assertThat(a.turn()).isEqualTo(NORTH);
    assertThat(a.legalCalls()).hasSize(36).doesNotContain(Call.DOUBLE, Call.REDOUBLE)
        .startsWith(Call.PASS);
    assertThat(a.isComplete()).isFalse();
  }

  @Test
  void case02_anInsufficientBidIsRefusedNamingTheLowestSufficientBid() {
    Auction a = Script.run(Mode.ONLINE, "N:1C");
    refused(() -> a.then(EAST, Call.parse("1C")), Violation.INSUFFICIENT_BID,
        "1C after 1C; lowest is 1D");
    assertThat(a.check(EAST, Call.parse("1C"))).get().extracting(Refusal::message)
        .isEqualTo("INSUFFICIENT_BID: 1C after 1C; lowest is 1D");
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case03_aHigherStrainAtTheSameLevelIsLegal(Mode mode) {
    Auction a = Script.run(mode, "N:1C E:1D");
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1C", "1D");
    assertThat(a.record()).allMatch(r -> r.status() == CallStatus.STANDS && r.law().isEmpty());
  }

  @Test
  void case04_aBidBelowTheLastBidIsInsufficient() {
    Auction a = Script.run(Mode.ONLINE, "N:1S E:1NT");
    refused(() -> a.then(SOUTH, Call.parse("1S")), Violation.INSUFFICIENT_BID,
        "1S after 1NT; lowest is 2C");
  }

  @Test
  void case05_aDoubleWithNoBidHasNothingToDouble() {
    refused(() -> Script.start(Mode.ONLINE).then(NORTH, Call.DOUBLE),
        Violation.INADMISSIBLE_DOUBLE, "nothing to double");
  }

  @Test
  void case06_aDoubleOfPartnersBidIsInadmissible() {
    Auction a = Script.run(Mode.ONLINE, "N:1H E:P");
    refused(() -> a.then(SOUTH, Call.DOUBLE), Violation.INADMISSIBLE_DOUBLE,
        "cannot double your side's bid");
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case07_aDoubleInTheBalancingSeatIsLegal(Mode mode) {
    Auction a = Script.run(mode, "N:1H E:P S:P W:X");
    assertThat(a.calls()).last().isEqualTo(Call.DOUBLE);
    assertThat(a.legalCalls()).contains(Call.REDOUBLE).doesNotContain(Call.DOUBLE);
  }

  @Test
  void case08_aSecondDoubleIsRefused() {
    Auction a = Script.run(Mode.ONLINE, "N:1H E:X");
    refused(() -> a.then(SOUTH, Call.DOUBLE), Violation.INADMISSIBLE_DOUBLE, "already doubled");
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case10_theDoubledSideMayRedoubleAfterTwoPasses(Mode mode) {
    Auction a = Script.run(mode, "N:1H E:X S:P W:P N:XX");
    assertThat(a.calls()).last().isEqualTo(Call.REDOUBLE);
    Auction done = Script.run(a, "P P P");
    assertThat(done.contract()).contains(Contract.parse("1HXX N"));
  }

  @Test
  void case11_aRedoubleWithoutADoubleIsRefused() {
    Auction a = Script.run(Mode.ONLINE, "N:1H");
    refused(() -> a.then(EAST, Call.REDOUBLE), Violation.INADMISSIBLE_REDOUBLE,
        "no double to redouble");
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case14_over7NTOnlyPassAndDoubleAreLegalAnd7SIsInsufficient(Mode mode) {
    Auction a = Script.run(mode, "N:7NT");
    assertThat(a.legalCalls()).containsExactly(Call.PASS, Call.DOUBLE);
    assertThat(a.check(EAST, Call.parse("7S"))).get().extracting(Refusal::violation)
        .isEqualTo(Violation.INSUFFICIENT_BID);
    if (mode == Mode.ONLINE) {
      refused(() -> a.then(EAST, Call.parse("7S")), Violation.INSUFFICIENT_BID,
          "7S after 7NT; no bid is sufficient");
    } else {
      Auction after = a.then(EAST, Call.parse("7S"));     // recorded, then Law 27
      assertThat(after.option()).get().extracting(PendingOption::law).isEqualTo("27");
      assertThat(after.option().get().holder()).isEqualTo(SOUTH);
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case15_afterARedoubleWestMayOnlyPass(Mode mode) {
    Auction a = Script.run(mode, "N:7NT E:X S:XX");
    assertThat(a.turn()).isEqualTo(WEST);
    assertThat(a.legalCalls()).containsExactly(Call.PASS);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case16_fourPassesPassTheBoardOut(Mode mode) {
    Auction a = Script.run(mode, "P P P P");
    assertThat(a.isComplete()).isTrue();
    assertThat(a.isPassedOut()).isTrue();
    assertThat(a.contract()).isEmpty();
    assertThat(a.declarer()).isEmpty();
    assertThat(a.openingLeader()).isEmpty();
    assertThat(a.readyForPlay()).isFalse();
    assertThat(a.legalCalls()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case17_threeOpeningPassesDoNotEndTheAuction(Mode mode) {
    Auction a = Script.run(mode, "P P P");
    assertThat(a.isComplete()).isFalse();
    assertThat(a.turn()).isEqualTo(WEST);
    assertThat(a.legalCalls()).hasSize(36);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case18_anOpeningInFourthSeatEndsAfterThreePasses(Mode mode) {
    Auction a = Script.run(mode, "P P P W:1C P P P");
    assertThat(a.contract()).contains(Contract.parse("1C W"));
    assertThat(a.openingLeader()).contains(NORTH);
    assertThat(a.dummy()).contains(EAST);
    assertThat(a.readyForPlay()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case19_theOpenerOfTheStrainDeclaresWhenPartnerRaises(Mode mode) {
    Auction a = Script.run(mode, "N:1H P S:2H P P P");
    assertThat(a.contract()).contains(Contract.parse("2H N"));
    assertThat(a.openingLeader()).contains(EAST);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case21_anArtificialBidNamesItsStrainForTheDeclarer(Mode mode) {
    Auction a = Script.run(mode, "N:2C! P S:2D P N:3C P P P");
    assertThat(a.contract()).contains(Contract.parse("3C N"));
    assertThat(a.record().get(0).alert().alerted()).isTrue();
  }

  @Test
  void case24_aCallAfterTheFinalPassIsRefused() {
    Auction a = Script.run(Mode.ONLINE, "N:1NT P P P");
    refused(() -> a.then(NORTH, Call.parse("2C")), Violation.CALL_AFTER_FINAL_PASS,
        "the auction has ended (1NT N)");
  }

  @Test
  void case25_aFirstCallByEastIsOutOfTurn() {
    refused(() -> Script.start(Mode.ONLINE).then(EAST, Call.parse("1S")), Violation.OUT_OF_TURN,
        "it is N's turn to call");
  }

  @ParameterizedTest
  @CsvSource({"1,N,None", "2,E,NS", "3,S,EW", "4,W,All", "5,N,NS", "9,N,EW", "13,N,All",
      "16,W,EW", "17,N,None"})
  void case26_theBoardNumberFixesDealerAndVulnerability(int board, char dealer, String vul) {
    for (Mode mode : Mode.values()) {
      Auction a = Auction.start(Board.of(board), Script.settings(mode));
      assertThat(a.dealer()).isEqualTo(Seat.parse(dealer));
      assertThat(a.turn()).isEqualTo(Seat.parse(dealer));
      assertThat(Board.of(board).vulnerability()).isEqualTo(Vulnerability.parse(vul));
    }
  }
}
