package org.tenace.robot.seat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.client.Boards;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

class SeatViewsTest {
  private static SeatView view(Seat viewer, BoardView.Builder b) {
    return new SeatView(viewer, Boards.snapshot(viewer, b));
  }

  @Test
  void aFinishedTrickShownWithoutItsCardsIsLeftOutAndDummyIsInTheView() {
    // After a fresh snapshot, trick 1 shows only West's own card (Law 66); the driver fills in
    // the tricks it saw, so a trick still redacted here is one it never saw.
    var redacted = Boards.trick(1, Seat.EAST, Seat.WEST, Boards.FIRST).toBuilder().clearCards()
        .addCards(Boards.trick(1, Seat.EAST, null, Boards.FIRST).getCards(3)).build();
    var b = Boards.oneNotrump().clearHands().addHands(Boards.hand(Seat.WEST, "S3", "D6"))
        .addHands(Boards.hand(Seat.SOUTH, "S4", "D7"));
    CardView seen = SeatViews.cardView(view(Seat.WEST, b.clone()
        .addTricks(Boards.trick(1, Seat.EAST, Seat.WEST, Boards.FIRST))), Seat.WEST,
        List.of(Card.parse("S3"), Card.parse("D6")));
    assertThat(seen.tricks()).containsExactly(new Trick(Seat.EAST, Boards.FIRST));
    assertThat(seen.current()).isEqualTo(Trick.start(Seat.WEST));
    assertThat(seen.dummy()).hasValueSatisfying(d -> assertThat(d.size()).isEqualTo(2));
    CardView forgotten = SeatViews.cardView(view(Seat.WEST, b.addTricks(redacted)), Seat.WEST,
        List.of(Card.parse("S3")));
    assertThat(forgotten.tricks()).isEmpty();
    assertThat(forgotten.current()).isEqualTo(Trick.start(Seat.WEST));
  }

  @Test
  void withdrawnCallsAreLeftOutOfTheAuction() {
    var record = List.of(
        org.tenace.proto.v1.AuctionCall.newBuilder().setIndex(0)
            .setSeat(org.tenace.proto.v1.Seat.SEAT_NORTH)
            .setCall(Vocabulary.toProto(Bid.parse("1C"))).setWithdrawn(true).build(),
        org.tenace.proto.v1.AuctionCall.newBuilder().setIndex(1)
            .setSeat(org.tenace.proto.v1.Seat.SEAT_NORTH)
            .setCall(Vocabulary.toProto(Bid.parse("1NT"))).setAlert(true)
            .setExplanation("15-17").build());
    var auction = SeatViews.auction(record);
    assertThat(auction).hasSize(1);
    assertThat(auction.get(0).call()).isEqualTo(Bid.parse("1NT"));
    assertThat(auction.get(0).alert()).isTrue();
    assertThat(auction.get(0).explanation()).isEqualTo("15-17");
  }
}
