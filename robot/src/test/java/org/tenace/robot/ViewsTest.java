package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

class ViewsTest {
  private static final Hand NORTH = Hand.parsePbn("KQ2.AJ3.Q5432.32");
  private static final Hand SOUTH = Hand.parsePbn("AJT54.Q64.J7.AK4");

  @Test
  void aCallViewRefusesAHandThatIsNotThirteenCards() {
    assertThatThrownBy(() -> new CallView(Seat.NORTH, NORTH.without(Card.parse("S2")), Seat.NORTH,
        Vulnerability.NONE, List.of(), List.of(Call.PASS)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("13 cards");
  }

  @Test
  void aCallViewRefusesAnEmptyChoice() {
    assertThatThrownBy(() -> new CallView(Seat.NORTH, NORTH, Seat.NORTH, Vulnerability.NONE, List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no legal calls");
  }

  @Test
  void anAlertedChoiceNeedsAnExplanation() {
    assertThatThrownBy(() -> new CallChoice(Call.PASS, true, ""))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("explanation");
  }

  private static CardView view(Seat seat, Seat playsFor, Hand hand, Optional<Hand> dummy, List<Card> legal) {
    Contract c = Contract.parse("4S S");
    return new CardView(seat, Seat.SOUTH, Vulnerability.NONE, List.of(), c, playsFor, hand, dummy,
        List.of(), Trick.start(playsFor), legal);
  }

  @Test
  void dummysSeatNeverPlays() {
    assertThatThrownBy(() -> view(Seat.NORTH, Seat.NORTH, NORTH, Optional.of(NORTH), NORTH.cards()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dummy's seat never plays");
  }

  @Test
  void onlyDeclarerPlaysForAnotherSeat() {
    Hand east = Hand.parsePbn("987.K52.AK6.T987");
    assertThatThrownBy(() -> view(Seat.EAST, Seat.WEST, east, Optional.of(NORTH), east.cards()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot play for");
  }

  @Test
  void theLegalCardsMustBeInTheHandPlayedFrom() {
    assertThatThrownBy(() -> view(Seat.SOUTH, Seat.NORTH, SOUTH, Optional.of(NORTH), SOUTH.cards()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in N's hand");
  }

  @Test
  void declarerCannotPlayFromAnUnfacedDummy() {
    assertThatThrownBy(() -> view(Seat.SOUTH, Seat.NORTH, SOUTH, Optional.empty(), NORTH.cards()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before dummy is faced");
  }

  @Test
  void theTrickInProgressMustBeThePlayersTurn() {
    Contract c = Contract.parse("4S S");
    assertThatThrownBy(() -> new CardView(Seat.SOUTH, Seat.SOUTH, Vulnerability.NONE, List.of(), c, Seat.SOUTH,
        SOUTH, Optional.of(NORTH), List.of(), Trick.start(Seat.WEST), SOUTH.cards()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("W's turn");
  }
}
