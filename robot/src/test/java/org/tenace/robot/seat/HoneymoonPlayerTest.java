package org.tenace.robot.seat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;

/** The two-player robot, from the views the server sends, keeps its high cards and trumps for the scored tricks. */
class HoneymoonPlayerTest {
  private final HoneymoonPlayer robot = new HoneymoonPlayer();

  private static TwoPlayerView view(TwoPlayerPhase phase, String hand, String turnedUp,
      String led, org.tenace.proto.v1.Suit trump) {
    TwoPlayerView.Builder b = TwoPlayerView.newBuilder().setPhase(phase).setTrump(trump)
        .setToAct(Seat.SEAT_NORTH)
        .addHands(org.tenace.proto.v1.Hand.newBuilder().setSeat(Seat.SEAT_NORTH)
            .addAllCards(Hand.parsePbn(hand).cards().stream().map(Vocabulary::toProto)
                .toList()));
    if (turnedUp != null) {
      b.setTurnedUp(Vocabulary.toProto(Card.parse(turnedUp)));
    }
    if (led != null) {
      b.addTrick(PlayedCard.newBuilder().setSeat(Seat.SEAT_SOUTH)
          .setCard(Vocabulary.toProto(Card.parse(led))));
    }
    return b.build();
  }

  private Card play(TwoPlayerView v) {
    Hand h = Vocabulary.hand(v.getHands(0));
    List<Card> legal = h.cards();
    if (v.getTrickCount() > 0) {
      var suit = Vocabulary.card(v.getTrick(0).getCard()).suit();
      if (h.hasSuit(suit)) {
        legal = h.suit(suit).cards();
      }
    }
    return robot.card(v, org.tenace.bridge.card.Seat.NORTH, legal);
  }

  @Test
  void aLowTurnedUpCardIsLetGoWithoutSpendingAHighCard() {
    TwoPlayerView v = view(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE, "AK2.KQ3.J876.5432", "C3",
        "S7", org.tenace.proto.v1.Suit.SUIT_HEARTS);
    assertThat(play(v)).isEqualTo(Card.parse("S2"));
  }

  @Test
  void aTrumpTurnedUpIsWonAsCheaplyAsPossible() {
    TwoPlayerView v = view(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE, "AK8.KQ3.J876.5432", "H4",
        "S7", org.tenace.proto.v1.Suit.SUIT_HEARTS);
    assertThat(play(v)).isEqualTo(Card.parse("S8"));
  }

  @Test
  void voidItRuffsForAWantedCardAndOtherwiseDiscardsFromTheShortestSideSuitNotATrump() {
    TwoPlayerView wanted = view(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE, ".KQ3.J8765.65432",
        "SA", "S7", org.tenace.proto.v1.Suit.SUIT_HEARTS);
    assertThat(play(wanted)).isEqualTo(Card.parse("H3"));
    TwoPlayerView unwanted = view(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE, ".KQ3.J876.765432",
        "S5", "S7", org.tenace.proto.v1.Suit.SUIT_HEARTS);
    Card c = play(unwanted);
    assertThat(c.suit()).isNotEqualTo(org.tenace.bridge.card.Suit.HEARTS);
    assertThat(c).isEqualTo(Card.parse("D6"));
  }

  @Test
  void leadingInTheExchangeItEmptiesItsShortestSideSuit() {
    TwoPlayerView v = view(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE, "AK52.KQ3.J8.65432", "C4",
        null, org.tenace.proto.v1.Suit.SUIT_HEARTS);
    assertThat(play(v)).isEqualTo(Card.parse("D8"));
  }

  @Test
  void itBidsItsLongSuitWithValuesAndPassesWithout() {
    TwoPlayerView strong = view(TwoPlayerPhase.TWO_PLAYER_PHASE_AUCTION, "AKQ52.KQ3.J8.A32",
        null, null, org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED);
    List<Call> legal = new java.util.ArrayList<>();
    legal.add(Call.Other.PASS);
    for (int r = 0; r < 35; r++) {
      legal.add(Bid.ofRank(r));
    }
    assertThat(robot.call(strong, org.tenace.bridge.card.Seat.NORTH, legal))
        .isInstanceOf(Bid.class).extracting(c -> ((Bid) c).strain())
        .isEqualTo(org.tenace.bridge.auction.Strain.SPADES);
    TwoPlayerView weak = view(TwoPlayerPhase.TWO_PLAYER_PHASE_AUCTION, "98752.J43.T8.532",
        null, null, org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED);
    assertThat(robot.call(weak, org.tenace.bridge.card.Seat.NORTH, legal))
        .isEqualTo(Call.Other.PASS);
  }
}
