package org.tenace.robot.seat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.client.Boards;
import org.tenace.client.SeatView;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

class ClaimJudgeTest {

  /**
   * Three tricks left at 3NT by South, West to answer South's claim: South {@code claimer},
   * dummy (North) holds three small clubs, West three higher clubs, East what remains; the other
   * forty cards were played in ten tricks.
   */
  private static boolean westAnswers(int tricks, String[] claimer, String[] east,
      boolean showPlayed) {
    String[] north = {"C2", "C3", "C4"};
    String[] west = {"C5", "C6", "C7"};
    Hand held = Hand.EMPTY;
    for (String[] h : List.of(claimer, north, west, east)) {
      for (String c : h) {
        held = held.with(Card.parse(c));
      }
    }
    BoardView.Builder b = Boards.board()
        .setContract(Boards.contract(3, Strain.STRAIN_NO_TRUMP, Seat.SOUTH))
        .addHands(Boards.hand(Seat.WEST, west)).addHands(Boards.hand(Seat.NORTH, north));
    if (showPlayed) {
      List<Card> played = new ArrayList<>();
      for (int i = 0; i < 52; i++) {
        if (!held.contains(Card.of(i))) {
          played.add(Card.of(i));
        }
      }
      for (int t = 0; t < 10; t++) {
        b.addTricks(Boards.trick(t + 1, Seat.WEST, Seat.SOUTH, played.subList(4 * t, 4 * t + 4)));
      }
    }
    Claim claim = Claim.newBuilder().setClaimer(org.tenace.proto.v1.Seat.SEAT_SOUTH)
        .setTricks(tricks).setRemaining(3).setClaimerCards(Boards.hand(Seat.SOUTH, claimer))
        .build();
    return ClaimJudge.accept(new SeatView(Seat.WEST, Boards.snapshot(Seat.WEST, b)), claim);
  }

  @Test
  void aClaimOfTopWinnersIsAccepted() {
    assertThat(westAnswers(3, new String[] {"SA", "SK", "SQ"}, new String[] {"D2", "D3", "D4"},
        true)).isTrue();
  }

  @Test
  void aClaimBeyondTheSureWinnersIsRejectedAndOneWithinThemAccepted() {
    String[] south = {"SA", "SK", "S2"};
    String[] east = {"SQ", "D3", "D4"}; // East's queen stops the third spade
    assertThat(westAnswers(3, south, east, true)).isFalse();
    assertThat(westAnswers(2, south, east, true)).isTrue();
  }

  @Test
  void whenThePlayedCardsAreNotShownThePictureDoesNotAddUpAndTheClaimIsRejected() {
    assertThat(westAnswers(3, new String[] {"SA", "SK", "SQ"}, new String[] {"D2", "D3", "D4"},
        false)).isFalse();
  }

  @Test
  void partnersClaimIsNeverObjectedTo() {
    Claim claim = Claim.newBuilder().setClaimer(org.tenace.proto.v1.Seat.SEAT_WEST).setTricks(13)
        .setRemaining(13).build();
    assertThat(ClaimJudge.accept(new SeatView(Seat.EAST,
        Boards.snapshot(Seat.EAST, Boards.board())), claim))
        .isTrue();
  }

  @Test
  void sideSuitWinnersAreNotSureWhileTheOtherSideCanRuff() {
    Hand a = Hand.parsePbn("AKQ...");
    Hand b = Hand.parsePbn("...432");
    Hand c = Hand.parsePbn("J.2..");
    Hand d = Hand.parsePbn("...765");
    assertThat(ClaimJudge.sureTricks(a, b, c, d, null)).isEqualTo(3);
    assertThat(ClaimJudge.sureTricks(a, b, c, d, Suit.HEARTS)).isZero();
    assertThat(ClaimJudge.sureTricks(a, b, Hand.parsePbn("J...8"), d, Suit.HEARTS))
        .as("no trump left with them").isEqualTo(3);
  }
}
