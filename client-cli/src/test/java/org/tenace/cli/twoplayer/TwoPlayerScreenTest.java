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
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;

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
        "Your hand: S 10  H -  D 7  C -");
    assertThat(TwoPlayerScreen.prompt(v, Seat.SEAT_SOUTH, true))
        .containsExactly("Your card. Legal: S10");
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
    assertThat(TwoPlayerInput.card("sa")).contains(org.tenace.bridge.card.Card.parse("SA"));
    assertThat(TwoPlayerInput.card("10h")).contains(org.tenace.bridge.card.Card.parse("HT"));
    assertThat(TwoPlayerInput.card("H10")).contains(org.tenace.bridge.card.Card.parse("HT"));
    assertThat(TwoPlayerInput.card("S1")).isEmpty();
    assertThat(TwoPlayerInput.card("XQ")).isEmpty();
  }

  private static TwoPlayerView over(int handicap) {
    TwoPlayerView.Builder v = TwoPlayerView.newBuilder().setVariant(Variant.VARIANT_NO_TRUMP)
        .setDealNumber(1).setDealer(Seat.SEAT_NORTH)
        .setPhase(TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE)
        .setResult(org.tenace.proto.v1.TwoPlayerResult.newBuilder().setTricksNorth(6)
            .setTricksSouth(7).setScoreNorth(0).setScoreSouth(30));
    if (handicap > 0) {
      v.getOptionsBuilder().setHandicapTricks(handicap).setHandicapSeat(Seat.SEAT_SOUTH);
    }
    return v.build();
  }

  @Test
  void theResultMentionsTheHandicapOnlyWhenThereIsOne() {
    assertThat(String.join("\n", TwoPlayerScreen.render(over(0), Seat.SEAT_SOUTH, true)))
        .contains("Result: North 6 tricks, South 7. Score: North 0, South 30")
        .doesNotContain("handicap");
    assertThat(String.join("\n", TwoPlayerScreen.render(over(1), Seat.SEAT_SOUTH, true)))
        .contains("Result: North 6 tricks, South 7 (handicap included). Score: North 0");
  }

  @Test
  void theTablesNewsIsInTheScreensNotation() {
    assertThat(TwoPlayerSession.words("North played \u2660T; North won the trick, took \u2665T;"
        + " South drew a card", true))
        .isEqualTo("North played S10; North won the trick, took H10; South drew a card");
    assertThat(TwoPlayerSession.words("North bid 2S", false)).isEqualTo("North bid 2\u2660");
    assertThat(TwoPlayerSession.words("North bid 2S", true)).isEqualTo("North bid 2S");
    assertThat(TwoPlayerSession.words("North bid 3NT", false)).isEqualTo("North bid 3NT");
    assertThat(TwoPlayerSession.ownCall("South bid 2S", Seat.SEAT_SOUTH)).isTrue();
    assertThat(TwoPlayerSession.ownCall("South passed", Seat.SEAT_SOUTH)).isTrue();
    assertThat(TwoPlayerSession.ownCall("North bid 2S", Seat.SEAT_SOUTH)).isFalse();
    assertThat(TwoPlayerSession.ownCall("South played \u2660A", Seat.SEAT_SOUTH)).isFalse();
  }

  @Test
  void aRefusalIsSaidInWordsWithoutTheCode() {
    assertThat(TwoPlayerSession.refusal(io.grpc.Status.FAILED_PRECONDITION.withDescription(
        "BOARD_NOT_COMPLETE: the deal is not over")))
        .isEqualTo("The table refused that: the deal is not over.");
  }
}
