package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

class VocabularyTest {

  @Test
  void everyCardCallAndSeatGoesToProtoAndBack() {
    for (int i = 0; i < 52; i++) {
      Card c = Card.of(i);
      assertThat(Vocabulary.card(Vocabulary.toProto(c))).isEqualTo(c);
    }
    List<Call> calls = new ArrayList<>(List.of(Call.PASS, Call.DOUBLE, Call.REDOUBLE));
    for (int rank = 0; rank < 35; rank++) {
      calls.add(Bid.ofRank(rank));
    }
    for (Call c : calls) {
      assertThat(Vocabulary.call(Vocabulary.toProto(c))).isEqualTo(c);
    }
    for (Seat s : Seat.values()) {
      assertThat(Vocabulary.seat(Vocabulary.toProto(s))).isEqualTo(s);
    }
    for (Strain s : Strain.values()) {
      assertThat(Vocabulary.strain(Vocabulary.toProto(s))).isEqualTo(s);
    }
    for (Vulnerability v : Vulnerability.values()) {
      assertThat(Vocabulary.vulnerability(Vocabulary.toProto(v))).isEqualTo(v);
    }
    assertThat(Vocabulary.toProto(Vulnerability.NS))
        .isEqualTo(org.tenace.proto.v1.Vulnerability.VULNERABILITY_NORTH_SOUTH);
  }

  @Test
  void aSeatIsNamedAsPlayersSayIt() {
    for (Seat s : Seat.values()) {
      assertThat(Vocabulary.seatWord(Vocabulary.toProto(s))).isEqualTo(s.word());
    }
    assertThat(Vocabulary.seatWord(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED)).isEqualTo("?");
    assertThat(Vocabulary.seatWord(org.tenace.proto.v1.Seat.UNRECOGNIZED)).isEqualTo("?");
  }

  @Test
  void theProtoRankIsTheFaceValue() {
    assertThat(Vocabulary.toProto(Card.parse("HT")).getRank())
        .isEqualTo(org.tenace.proto.v1.Rank.RANK_TEN);
    assertThat(Vocabulary.toProto(Card.parse("S2")).getRankValue()).isEqualTo(2);
  }

  @Test
  void anUnspecifiedValueIsABrokenMessageNamedAsSuch() {
    assertThatThrownBy(() -> Vocabulary.seat(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a seat");
    assertThatThrownBy(() -> Vocabulary.card(org.tenace.proto.v1.Card.newBuilder()
        .setSuit(org.tenace.proto.v1.Suit.SUIT_CLUBS).build()))
        .hasMessageContaining("not a rank");
    assertThatThrownBy(() -> Vocabulary.call(org.tenace.proto.v1.Call.getDefaultInstance()))
        .hasMessageContaining("neither a bid nor another call");
  }
}
