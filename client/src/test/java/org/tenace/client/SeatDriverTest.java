package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Option;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/** The driver's reading of the table, without a server: when to act, and what a seat is shown. */
class SeatDriverTest {
  private static boolean settled(Seat viewer, BoardView.Builder b, Seat playsFor) {
    return SeatDriver.settledForPlay(new SeatView(viewer, Boards.snapshot(viewer, b)), playsFor);
  }

  @Test
  void thePlayWaitsForTheContractAfterTheFinalPass() {
    var noContract = Boards.board().addHands(Boards.hand(Seat.EAST, "S2"));
    assertThat(settled(Seat.EAST, noContract, Seat.EAST)).isFalse();
    assertThat(settled(Seat.EAST, Boards.oneNotrump(), Seat.EAST)).isTrue();
  }

  @Test
  void afterAFourthCardThePlayWaitsForTheTricksWinner() {
    var unwon = Boards.oneNotrump().addTricks(Boards.trick(1, Seat.EAST, null, Boards.FIRST));
    assertThat(settled(Seat.EAST, unwon, Seat.EAST)).isFalse();
    var won = Boards.oneNotrump().addTricks(Boards.trick(1, Seat.EAST, Seat.WEST, Boards.FIRST));
    assertThat(settled(Seat.WEST, won, Seat.WEST)).isTrue();
    assertThat(settled(Seat.EAST, won, Seat.EAST)).isFalse();
  }

  @Test
  void declarerWaitsForDummyToBeFaced() {
    var lead = Boards.board().setContract(Boards.contract(1, Strain.STRAIN_NO_TRUMP, Seat.NORTH))
        .addHands(Boards.hand(Seat.NORTH, "S2", "D5"))
        .addTricks(Boards.trick(1, Seat.EAST, null, Boards.FIRST.subList(0, 1)));
    assertThat(settled(Seat.NORTH, lead, Seat.SOUTH)).isFalse();
    lead.addHands(Boards.hand(Seat.SOUTH, "H2", "C5"));
    assertThat(settled(Seat.NORTH, lead, Seat.SOUTH)).isTrue();
  }

  @Test
  void aTrickShownRedactedIsTakenFromWhatTheDriverSaw() {
    // After a fresh snapshot, trick 1 shows only West's own card (Law 66).
    var full = Boards.trick(1, Seat.EAST, null, Boards.FIRST);
    var redacted = Boards.trick(1, Seat.EAST, Seat.WEST, Boards.FIRST).toBuilder().clearCards()
        .addCards(full.getCards(3)).build();
    var inProgress = Boards.trick(2, Seat.WEST, null, List.of(Card.parse("S3")));
    TableSnapshot s = Boards.snapshot(Seat.WEST, Boards.oneNotrump().addTricks(redacted)
        .addTricks(inProgress));

    var restored = SeatDriver.withSeenTricks(s, Map.of(1, full)).getBoard();
    assertThat(restored.getTricks(0)).isEqualTo(full.toBuilder()
        .setWinner(org.tenace.proto.v1.Seat.SEAT_WEST).build());
    assertThat(restored.getTricks(1)).isEqualTo(inProgress);
    assertThat(SeatDriver.withSeenTricks(s, Map.of())).isEqualTo(s);
  }

  @Test
  void aTrickInProgressIsNeverFilledInFromOneSeenBefore() {
    // The fourth card was taken back: the trick is shown with three cards and no winner.
    var full = Boards.trick(1, Seat.EAST, Seat.WEST, Boards.FIRST);
    var undone = Boards.trick(1, Seat.EAST, null, Boards.FIRST.subList(0, 3));
    TableSnapshot s = Boards.snapshot(Seat.WEST, Boards.oneNotrump().addTricks(undone));
    assertThat(SeatDriver.withSeenTricks(s, Map.of(1, full))).isEqualTo(s);
  }

  @Test
  void byDefaultAPlayerAcceptsAnIrregularityOrWaivesAPenaltyAndNamesTheFirstSuitOffered() {
    Player onlyCalls = new FirstLegal();
    SeatView view = new SeatView(Seat.EAST, Boards.snapshot(Seat.EAST, Boards.oneNotrump()));
    Option acceptable = Option.newBuilder().addChoices(OptionChoice.OPTION_CHOICE_REFUSE)
        .addChoices(OptionChoice.OPTION_CHOICE_ACCEPT).build();
    assertThat(onlyCalls.chooseOption(view, acceptable))
        .isEqualTo(OptionAnswer.of(OptionChoice.OPTION_CHOICE_ACCEPT));
    Option lead = Option.newBuilder().addChoices(OptionChoice.OPTION_CHOICE_REQUIRE_SUIT)
        .addChoices(OptionChoice.OPTION_CHOICE_WAIVE).build();
    assertThat(onlyCalls.chooseOption(view, lead))
        .isEqualTo(OptionAnswer.of(OptionChoice.OPTION_CHOICE_WAIVE));
    Option suitOnly = Option.newBuilder().addChoices(OptionChoice.OPTION_CHOICE_BAN_SUIT)
        .addSuits(org.tenace.proto.v1.Suit.SUIT_HEARTS).build();
    assertThat(onlyCalls.chooseOption(view, suitOnly))
        .isEqualTo(OptionAnswer.withSuit(OptionChoice.OPTION_CHOICE_BAN_SUIT, Suit.HEARTS));
    assertThat(onlyCalls.acceptUndo(view)).isTrue();
  }
}
