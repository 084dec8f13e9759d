package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

class DoubleDummyTest {

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void agreesWithPlainMinimaxOnSmallEndings(int cards) {
    Random r = new Random(cards);
    DoubleDummy dd = new DoubleDummy(12);
    int positions = cards >= 5 ? 10 : 60; // plain minimax over five cards each is slow
    for (int i = 0; i < positions; i++) {
      Suit trump = i % 5 == 4 ? null : Suit.of(i % 5);
      // Sometimes start mid-trick.
      Position pos = Reference.randomEnding(r, cards, trump, Seat.of(i % 4), i % 3);
      assertThat(dd.tricksForNorthSouth(pos, 10_000_000))
          .as("%s", pos)
          .isEqualTo(Reference.bestPlay(pos));
    }
  }

  @Test
  void valuesEachLegalCard() {
    Random r = new Random(7);
    DoubleDummy dd = new DoubleDummy(12);
    for (int i = 0; i < 30; i++) {
      Map<Seat, Hand> hands = Reference.randomHands(r, 4);
      Suit trump = Suit.of(i % 4);
      Position pos = Position.onLead(hands, trump, Seat.WEST);
      List<Card> legal = hands.get(Seat.WEST).cards();
      Map<Card, Integer> values = dd.values(pos, legal, 10_000_000);
      for (Card c : legal) {
        Map<Seat, Hand> next = new EnumMap<>(hands);
        next.put(Seat.WEST, hands.get(Seat.WEST).without(c));
        assertThat(values.get(c))
            .isEqualTo(Reference.bestPlay(new Position(next, trump, Seat.WEST, List.of(c))));
      }
    }
  }

  @Test
  void solvesAKnownFullDeal() {
    // Every card of each suit with one hand: North holds all the spades, and so on.
    Deal deal = Deal.parsePbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    DoubleDummy dd = new DoubleDummy(16);
    // Spades trump, North on lead: North wins all thirteen.
    assertThat(dd.tricksForNorthSouth(Position.onLead(hands, Suit.SPADES, Seat.NORTH),
        1_000_000)).isEqualTo(13);
    // Notrump, East on lead: East cashes thirteen hearts.
    assertThat(dd.tricksForNorthSouth(Position.onLead(hands, null, Seat.EAST),
        1_000_000)).isEqualTo(0);
  }

  @Test
  void stopsAtItsNodeBudget() {
    Map<Seat, Hand> hands = Reference.randomHands(new Random(3), 13);
    DoubleDummy dd = new DoubleDummy(12);
    assertThatThrownBy(() -> dd.tricksForNorthSouth(
        Position.onLead(hands, null, Seat.WEST), 1000))
        .isInstanceOf(DoubleDummy.BudgetExceeded.class);
    assertThat(dd.nodes()).isEqualTo(1001);
  }

  @Test
  void turningTheTableKeepsEachSidesTricks() {
    Random r = new Random(5);
    DoubleDummy dd = new DoubleDummy(16);
    for (int i = 0; i < 40; i++) {
      Map<Seat, Hand> hands = Reference.randomHands(r, 7);
      Suit trump = i % 5 == 4 ? null : Suit.of(i % 5);
      Seat leader = Seat.of(i % 4);
      int ns = dd.tricksForNorthSouth(Position.onLead(hands, trump, leader), 5_000_000);
      for (int turn = 1; turn < 4; turn++) {
        Map<Seat, Hand> turned = new EnumMap<>(Seat.class);
        for (Seat s : Seat.values()) {
          turned.put(s.next(turn), hands.get(s));
        }
        int v = dd.tricksForNorthSouth(Position.onLead(turned, trump, leader.next(turn)),
            5_000_000);
        assertThat(turn % 2 == 0 ? v : 7 - v).as("turned %d seats", turn).isEqualTo(ns);
      }
    }
  }
}
