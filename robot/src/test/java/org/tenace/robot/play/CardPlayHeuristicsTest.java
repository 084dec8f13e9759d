package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/** The classic heuristics, each in a position built for it (the search is not involved). */
class CardPlayHeuristicsTest {
  // 4S by South. West leads.
  private static final String A = "N:KQ2.AJ3.Q5432.32 987.K52.AK6.T987 AJT54.Q64.J7.AK4 63.T987.T98.QJ65";
  // 3NT by South.
  private static final String B = "N:742.AK5.QJ93.K83 QJ3.9874.T52.J96 AT.QJ3.AK84.AQT2 K9865.T62.76.754";
  // 3NT by South.
  private static final String D = "N:A654.J54.A32.432 T87.Q987.K954.K6 J32.AT3.QJT.AQJ5 KQ9.K62.876.T987";
  // 4S by South, dummy void in diamonds.
  private static final String E = "N:KQ2.AJ32..986432 987.Q987.AKQ.KQJ AJT54.K54.J73.A5 63.T6.T986542.T7";

  private static Card play(String pbn, String contract, String cards) {
    return CardPlayer.heuristic(Views.after(pbn, contract, cards));
  }

  @Test
  void declarerDrawsTrumpsWhenItHoldsEnough() {
    assertThat(play(A, "4S S", "CQ C2 C7 CA")).isEqualTo(Card.parse("SA"));
  }

  @Test
  void declarerRuffsALoserInTheShortTrumpHandFirst() {
    assertThat(play(E, "4S S", "C7 C2 CJ CA")).isEqualTo(Card.parse("D3"));
  }

  @Test
  void secondHandPlaysLow() {
    assertThat(play(A, "4S S", "CQ C2 C7 CA D7")).isEqualTo(Card.parse("D8"));
  }

  @Test
  void fourthHandWinsAsCheaplyAsItCan() {
    assertThat(play(A, "4S S", "CQ C2 C7 CA D7 D8 DQ")).isEqualTo(Card.parse("DK"));
  }

  @Test
  void theOpeningLeadAtNotrumpIsFourthBestFromTheLongestSuit() {
    assertThat(play(B, "3NT S", "")).isEqualTo(Card.parse("S6"));
  }

  @Test
  void thirdHandPlaysHighButTheLowestOfEquals() {
    assertThat(play(B, "3NT S", "S6 S2")).isEqualTo(Card.parse("SJ"));
  }

  @Test
  void declarerHoldsUpItsOnlyStopperAtNotrump() {
    assertThat(play(B, "3NT S", "S6 S2 SJ")).isEqualTo(Card.parse("ST"));
  }

  @Test
  void declarerFinessesTowardsTheTenace() {
    assertThat(play(D, "3NT S", "SK SA S7 S2 C2 C6")).isEqualTo(Card.parse("CJ"));
  }

  @Test
  void aDefenderCoversAnHonourWithAnHonour() {
    assertThat(play(D, "3NT S", "SK SA S7 S2 HJ")).isEqualTo(Card.parse("HQ"));
  }

  @Test
  void aDefenderDiscouragesWithALowCardWhenPartnersCardHolds() {
    assertThat(play(D, "3NT S", "SK S4")).isEqualTo(Card.parse("S7"));
  }

  @Test
  void theSeatToPlayIsTheOneTheViewSays() {
    assertThat(Views.after(A, "4S S", "CQ C2 C7 CA D7 D8").playsFor()).isEqualTo(Seat.NORTH);
    assertThat(Views.after(A, "4S S", "CQ C2 C7 CA D7 D8").seat()).isEqualTo(Seat.SOUTH);
  }
}
