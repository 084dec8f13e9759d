package org.tenace.bridge.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DealTest {
  private static final String BBO =
      "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86";

  @Test
  void readsAnyRotationAndWritesFromAnySeat() {
    Deal deal = Deal.parsePbn(BBO);
    assertThat(deal.hand(Seat.WEST).toPbn()).isEqualTo("T3.AQJ9.KT3.J542");
    assertThat(deal.hand(Seat.NORTH).toPbn()).isEqualTo("AK97.T82.7.AKQ97");
    assertThat(deal.hand(Seat.SOUTH).toPbn()).isEqualTo("8654.754.9542.86");
    String fromNorth = deal.toPbn(Seat.NORTH);
    assertThat(fromNorth)
        .isEqualTo("N:AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86 T3.AQJ9.KT3.J542");
    for (Seat first : Seat.values()) {
      assertThat(Deal.parsePbn(deal.toPbn(first))).isEqualTo(deal);
    }
  }

  @Test
  void knowsWhoHoldsEachCard() {
    Deal deal = Deal.parsePbn(BBO);
    assertThat(deal.holder(Card.parse("SA"))).isEqualTo(Seat.NORTH);
    assertThat(deal.holder(Card.parse("HT"))).isEqualTo(Seat.NORTH);
    assertThat(deal.holder(Card.parse("C2"))).isEqualTo(Seat.WEST);
  }

  @Test
  void worksOutTheFourthHand() {
    Deal deal = Deal.parsePbn(BBO);
    var three = new java.util.EnumMap<Seat, Hand>(Seat.class);
    for (Seat s : new Seat[] {Seat.NORTH, Seat.EAST, Seat.SOUTH}) {
      three.put(s, deal.hand(s));
    }
    assertThat(Deal.ofThree(three, Seat.WEST)).isEqualTo(deal);
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "N:AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86",
    "X:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86",
    "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.8",
    "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86A",
    "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.8Z",
    "W:T3.AQJ9.KT3 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86",
    "T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86",
  })
  void refusesBadDealsWithAReason(String text) {
    assertThatThrownBy(() -> Deal.parsePbn(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageMatching(".*(four|seat|cards|rank|twice|colon|not a).*");
  }

  @Test
  void namesADuplicatedCard() {
    assertThatThrownBy(() -> Deal.parsePbn(
            "N:AK97.T82.7.AKQ97 AK97.T82.7.AKQ97 8654.754.9542.86 T3.AQJ9.KT3.J542"))
        .hasMessageContaining("card dealt twice: C7");
  }

  @Test
  void handSortsForDisplayAndCountsPoints() {
    Hand hand = Hand.parsePbn("AK97.T82.7.AKQ97");
    assertThat(hand.sortedForDisplay().get(0)).isEqualTo(Card.parse("SA"));
    assertThat(hand.highCardPoints()).isEqualTo(16);
    assertThat(hand.length(Suit.CLUBS)).isEqualTo(5);
    assertThat(hand.without(Card.parse("SA")).contains(Card.parse("SA"))).isFalse();
  }

  @Test
  void seatsGoClockwise() {
    assertThat(Seat.NORTH.next()).isEqualTo(Seat.EAST);
    assertThat(Seat.WEST.next()).isEqualTo(Seat.NORTH);
    assertThat(Seat.EAST.partner()).isEqualTo(Seat.WEST);
    assertThat(Seat.NORTH.rho()).isEqualTo(Seat.WEST);
    assertThat(Seat.SOUTH.side()).isEqualTo(Side.NS);
    assertThat(Seat.SOUTH.distanceTo(Seat.EAST)).isEqualTo(3);
  }

  @Test
  void cardsParseInTheUsualForms() {
    assertThat(Card.parse("S10")).isEqualTo(Card.of(Suit.SPADES, Rank.TEN));
    assertThat(Card.parse("♥q")).isEqualTo(Card.of(Suit.HEARTS, Rank.QUEEN));
    assertThat(Card.of(51)).isEqualTo(Card.parse("SA"));
    assertThatThrownBy(() -> Card.parse("Z5")).hasMessageContaining("not a suit");
  }

  @Test
  void aShuffledDealIsTheSeedsAndHoldsTheWholeDeck() {
    Deal a = Deal.shuffled(new java.util.Random(7));
    assertThat(Deal.shuffled(new java.util.Random(7))).isEqualTo(a);
    assertThat(Deal.shuffled(new java.util.Random(8))).isNotEqualTo(a);
    java.util.Set<Card> all = new java.util.HashSet<>();
    for (Seat s : Seat.values()) {
      assertThat(a.hand(s).size()).isEqualTo(13);
      all.addAll(a.hand(s).cards());
    }
    assertThat(all).hasSize(52);
  }
}
