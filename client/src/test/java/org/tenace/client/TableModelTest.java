package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.CardsWithdrawn;
import org.tenace.proto.v1.CardPlayed;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/** The model, fed events, is the snapshot the server would send: here after cards taken back. */
class TableModelTest {

  private static WatchTableResponse event(long sequence, TableEvent.Builder e) {
    return WatchTableResponse.newBuilder().setEvent(e.setSequence(sequence)).build();
  }

  private static PlayedCard played(Seat seat, String card) {
    return PlayedCard.newBuilder().setSeat(Vocabulary.toProto(seat))
        .setCard(Vocabulary.toProto(Card.parse(card))).build();
  }

  /** West led SQ, South's SA won the trick; South's card is taken back: the trick is open again. */
  @Test
  void theLastCardOfAWonTrickTakenBackLeavesTheTrickOpenAndNobodysTrick() {
    TableModel m = new TableModel();
    Trick won = Boards.trick(1, Seat.WEST, Seat.SOUTH,
        List.of(Card.parse("SQ"), Card.parse("S2"), Card.parse("S3"), Card.parse("SA")));
    m.apply(WatchTableResponse.newBuilder().setSnapshot(Boards.snapshot(Seat.SOUTH,
        Boards.board().setContract(Boards.contract(1, Strain.STRAIN_NO_TRUMP, Seat.SOUTH))
            .addTricks(won).setTricksNorthSouth(1))).build());
    m.apply(event(11, TableEvent.newBuilder().setCardsWithdrawn(CardsWithdrawn.newBuilder()
        .addCards(played(Seat.SOUTH, "SA")).setTrickNumber(1).setUndone(true))));
    Trick open = m.board().orElseThrow().getTricks(0);
    assertThat(open.getCardsList()).containsExactly(played(Seat.WEST, "SQ"),
        played(Seat.NORTH, "S2"), played(Seat.EAST, "S3"));
    assertThat(open.getWinner()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
    assertThat(m.board().orElseThrow().getTricksNorthSouth()).isZero();
    // Played again, the card goes after the others, the lead still first.
    m.apply(event(12, TableEvent.newBuilder().setCardPlayed(CardPlayed.newBuilder()
        .setCard(played(Seat.SOUTH, "SK")).setTrickNumber(1))));
    assertThat(m.board().orElseThrow().getTricks(0).getCardsList()).first()
        .isEqualTo(played(Seat.WEST, "SQ"));
  }

  /** Whose action the table waits for is the table's word, as the turn is: each event says it. */
  @Test
  void whoIsToActIsWhatTheLastEventSaid() {
    TableModel m = new TableModel();
    m.apply(WatchTableResponse.newBuilder().setSnapshot(Boards.snapshot(Seat.SOUTH,
        Boards.board()).toBuilder().setToAct(org.tenace.proto.v1.Seat.SEAT_EAST)).build());
    assertThat(m.toAct()).contains(org.tenace.proto.v1.Seat.SEAT_EAST);
    m.apply(event(11, TableEvent.newBuilder().setToAct(org.tenace.proto.v1.Seat.SEAT_SOUTH)
        .setCardPlayed(CardPlayed.newBuilder().setCard(played(Seat.EAST, "SK"))
            .setTrickNumber(1))));
    assertThat(m.toAct()).contains(org.tenace.proto.v1.Seat.SEAT_SOUTH);
    m.apply(event(12, TableEvent.newBuilder().setCardPlayed(CardPlayed.newBuilder()
        .setCard(played(Seat.SOUTH, "S2")).setTrickNumber(1))));
    assertThat(m.toAct()).isEmpty();
  }
}
