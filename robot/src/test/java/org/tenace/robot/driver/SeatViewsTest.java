package org.tenace.robot.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Strain;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;

class SeatViewsTest {
  private static final List<Card> FIRST = List.of(Card.parse("HK"), Card.parse("H2"),
      Card.parse("HA"), Card.parse("H3"));

  /** 1NT by North: East leads; South is dummy. East's view unless said otherwise. */
  private static BoardView.Builder oneNotrump() {
    return Boards.board().setContract(Boards.contract(1, Strain.STRAIN_NO_TRUMP, Seat.NORTH))
        .addHands(Boards.hand(Seat.EAST, "S2", "D5"));
  }

  @Test
  void thePlayWaitsForTheContractAfterTheFinalPass() {
    var noContract = Boards.board().addHands(Boards.hand(Seat.EAST, "S2"));
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.EAST, noContract), Seat.EAST,
        Seat.EAST)).isFalse();
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.EAST, oneNotrump()), Seat.EAST,
        Seat.EAST)).isTrue();
  }

  @Test
  void afterAFourthCardThePlayWaitsForTheTricksWinner() {
    var unwon = oneNotrump().addTricks(Boards.trick(1, Seat.EAST, null, FIRST));
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.EAST, unwon), Seat.EAST,
        Seat.EAST)).isFalse();
    var won = oneNotrump().addTricks(Boards.trick(1, Seat.EAST, Seat.WEST, FIRST));
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.WEST, won), Seat.WEST, Seat.WEST))
        .isTrue();
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.EAST, won), Seat.EAST, Seat.EAST))
        .isFalse();
  }

  @Test
  void declarerWaitsForDummyToBeFaced() {
    var lead = Boards.board().setContract(Boards.contract(1, Strain.STRAIN_NO_TRUMP, Seat.NORTH))
        .addHands(Boards.hand(Seat.NORTH, "S2", "D5"))
        .addTricks(Boards.trick(1, Seat.EAST, null, FIRST.subList(0, 1)));
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.NORTH, lead), Seat.NORTH,
        Seat.SOUTH)).isFalse();
    lead.addHands(Boards.hand(Seat.SOUTH, "H2", "C5"));
    assertThat(SeatViews.settledForPlay(Boards.snapshot(Seat.NORTH, lead), Seat.NORTH,
        Seat.SOUTH)).isTrue();
  }

  @Test
  void aTrickShownRedactedIsTakenFromWhatTheDriverSawAndDummyIsInTheView() {
    // After a fresh snapshot, trick 1 shows only West's own card (Law 66).
    var redacted = Boards.trick(1, Seat.EAST, Seat.WEST, FIRST).toBuilder().clearCards()
        .addCards(Boards.trick(1, Seat.EAST, null, FIRST).getCards(3)).build();
    var b = oneNotrump().clearHands().addHands(Boards.hand(Seat.WEST, "S3", "D6"))
        .addHands(Boards.hand(Seat.SOUTH, "S4", "D7")).addTricks(redacted);
    Trick full = new Trick(Seat.EAST, FIRST);
    CardView v = SeatViews.cardView(Boards.snapshot(Seat.WEST, b), Seat.WEST, Seat.WEST,
        List.of(Card.parse("S3"), Card.parse("D6")), Map.of(1, full));
    assertThat(v.tricks()).containsExactly(full);
    assertThat(v.current()).isEqualTo(Trick.start(Seat.WEST));
    assertThat(v.dummy()).hasValueSatisfying(d -> assertThat(d.size()).isEqualTo(2));
    CardView forgotten = SeatViews.cardView(Boards.snapshot(Seat.WEST, b), Seat.WEST, Seat.WEST,
        List.of(Card.parse("S3")), Map.of());
    assertThat(forgotten.tricks()).isEmpty();
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
