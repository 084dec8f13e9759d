package org.tenace.bridge.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

class HandRecordTest {

  @Test
  void aPassedOutBoardHasNoContract() {
    assertThatThrownBy(() -> HandRecord.builder(Seat.NORTH, Vulnerability.NONE).passedOut(true)
        .contract(RandomBoards.contract("1S", Seat.NORTH)).build())
        .hasMessageContaining("passed-out board has no contract");
  }

  @Test
  void aResultIsZeroToThirteenTricks() {
    assertThatThrownBy(() -> HandRecord.builder(Seat.NORTH, Vulnerability.NONE).result(14)
        .build()).hasMessageContaining("tricks 0..13: 14");
  }

  @Test
  void irregularitiesMarkOnlyWhatTheyCanMark() {
    assertThatThrownBy(() -> new RecordedCall(Seat.NORTH, Call.PASS, false, Optional.empty(),
        Set.of(Irregularity.INSUFFICIENT_BID))).hasMessageContaining("only a bid");
    assertThatThrownBy(() -> new RecordedCall(Seat.NORTH, Bid.parse("1C"), false,
        Optional.empty(), Set.of(Irregularity.REVOKE))).hasMessageContaining("marks a card");
    assertThatThrownBy(() -> new PlayedCard(Seat.NORTH, Card.parse("SA"),
        Optional.of(Irregularity.INSUFFICIENT_BID))).hasMessageContaining("marks a call");
  }

  @Test
  void aRecordIsAValueThatABuilderCopies() {
    HandRecord r = RandomBoards.record(42);
    assertThat(r.toBuilder().build()).isEqualTo(r);
    assertThat(r.toBuilder().nsScore(100).build()).isNotEqualTo(r);
  }
}
