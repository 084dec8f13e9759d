package org.tenace.cli.twoplayer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerTrick;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;

class TwoPlayerScreenTest {
  private static Card card(Suit s, Rank r) {
    return Card.newBuilder().setSuit(s).setRank(r).build();
  }

  @Test
  void theExchangeShowsTheStockTheTurnedUpCardThePhaseAndTheTricksOfEachPhase() {
    TwoPlayerView v = TwoPlayerView.newBuilder().setVariant(Variant.VARIANT_NO_TRUMP)
        .setDealNumber(2).setDealer(Seat.SEAT_SOUTH).addVulnerable(Seat.SEAT_SOUTH)
        .setPhase(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE).setStockCount(20)
        .setTurnedUp(card(Suit.SUIT_HEARTS, Rank.RANK_KING))
        .setExchangeTricksNorth(2).setExchangeTricksSouth(1)
        .setLastTrick(TwoPlayerTrick.newBuilder().setWinner(Seat.SEAT_NORTH)
            .addCards(PlayedCard.newBuilder().setSeat(Seat.SEAT_NORTH)
                .setCard(card(Suit.SUIT_SPADES, Rank.RANK_ACE)))
            .addCards(PlayedCard.newBuilder().setSeat(Seat.SEAT_SOUTH)
                .setCard(card(Suit.SUIT_SPADES, Rank.RANK_TWO)))
            .setWinnerTook(card(Suit.SUIT_CLUBS, Rank.RANK_QUEEN))
            .setLoserDrew(card(Suit.SUIT_DIAMONDS, Rank.RANK_SEVEN)))
        .addHands(Hand.newBuilder().setSeat(Seat.SEAT_SOUTH)
            .addCards(card(Suit.SUIT_SPADES, Rank.RANK_TEN))
            .addCards(card(Suit.SUIT_DIAMONDS, Rank.RANK_SEVEN)))
        .setToAct(Seat.SEAT_SOUTH).addLegalCards(card(Suit.SUIT_SPADES, Rank.RANK_TEN))
        .build();
    String text = String.join("\n", TwoPlayerScreen.render(v, Seat.SEAT_SOUTH, true));
    assertThat(text).contains("deal 2, dealer South, vulnerable: South", "Trumps: none",
        "Phase: exchange, trick 4 of 13. Stock: 20 cards, turned up: HK",
        "Tricks: exchange North 2, South 1; scored North 0, South 0",
        "Last trick: N SA, S S2; North won, took CQ; you drew D7",
        "Your hand: S T  H -  D 7  C -");
    assertThat(TwoPlayerScreen.prompt(v, Seat.SEAT_SOUTH, true))
        .containsExactly("Your card. Legal: ST");
    assertThat(TwoPlayerScreen.prompt(v, Seat.SEAT_NORTH, true)).isEmpty();
    // North, the winner, is told only that South drew.
    assertThat(String.join("\n", TwoPlayerScreen.render(v.toBuilder().clearLastTrick()
        .setLastTrick(v.getLastTrick().toBuilder().clearLoserDrew()).build(), Seat.SEAT_NORTH,
        true))).doesNotContain("drew");
  }

  @Test
  void typedCallsAndCards() {
    assertThat(TwoPlayerInput.call("p")).contains(Call.Other.PASS);
    assertThat(TwoPlayerInput.call("2n")).contains(Bid.parse("2NT"));
    assertThat(TwoPlayerInput.call("1s")).contains(Bid.parse("1S"));
    assertThat(TwoPlayerInput.call("X")).isEmpty();
    assertThat(TwoPlayerInput.call("8S")).isEmpty();
    assertThat(TwoPlayerInput.card("sa")).contains(org.tenace.scoring.card.Card.parse("SA"));
    assertThat(TwoPlayerInput.card("10h")).contains(org.tenace.scoring.card.Card.parse("HT"));
    assertThat(TwoPlayerInput.card("H10")).contains(org.tenace.scoring.card.Card.parse("HT"));
    assertThat(TwoPlayerInput.card("S1")).isEmpty();
    assertThat(TwoPlayerInput.card("XQ")).isEmpty();
  }
}
