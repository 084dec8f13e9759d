package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.PlayTurn;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.Viewer;

/** The server's coded refusals, as a player reads them. */
class RefusalsTest {
  private static TableSnapshot at(BoardPhase phase) {
    return TableSnapshot.newBuilder().setViewer(Viewer.newBuilder().setSeat(Seat.SEAT_SOUTH))
        .setBoard(BoardView.newBuilder().setPhase(phase)).build();
  }

  @Test
  void noCardInThisPhaseSaysWhichPhase() {
    assertThat(Refusals.words("NOT_PLAYING: no play in this phase",
        at(BoardPhase.BOARD_PHASE_AUCTION))).isEqualTo("No card yet: the auction is still on");
    assertThat(Refusals.words("NOT_PLAYING: no play in this phase",
        at(BoardPhase.BOARD_PHASE_COMPLETE))).isEqualTo("The board is over: no more cards");
  }

  @Test
  void aCardNotHeldNamesWhoseHand() {
    TableSnapshot dummys = at(BoardPhase.BOARD_PHASE_PLAY).toBuilder().setTurn(Turn.newBuilder()
        .setSeat(Seat.SEAT_NORTH).setPlay(PlayTurn.getDefaultInstance())).build();
    assertThat(Refusals.words("CARD_NOT_HELD: ♠A is not in the hand", dummys))
        .isEqualTo("♠A is not in dummy's hand");
    assertThat(Refusals.words("CARD_NOT_HELD: ♠A is not in the hand",
        at(BoardPhase.BOARD_PHASE_PLAY))).isEqualTo("♠A is not in your hand");
  }

  @Test
  void otherCodesGiveWayToWords() {
    assertThat(Refusals.words("INSUFFICIENT_BID: 1C after 1H; lowest is 1S",
        at(BoardPhase.BOARD_PHASE_AUCTION)))
        .isEqualTo("Insufficient bid: 1C after 1H; lowest is 1S");
    assertThat(Refusals.words("SOME_NEW_CODE: what happened", at(BoardPhase.BOARD_PHASE_PLAY)))
        .isEqualTo("What happened");
    assertThat(Refusals.words("plain words", at(BoardPhase.BOARD_PHASE_PLAY)))
        .isEqualTo("plain words");
  }
}
