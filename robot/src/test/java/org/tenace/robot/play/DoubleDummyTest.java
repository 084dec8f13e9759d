package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.robot.Trick;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Suit;

class DoubleDummyTest {

  /** Plain minimax, no pruning: the reference for small positions. */
  static int bruteForce(Map<Seat, Hand> hands, Suit trump, Trick current) {
    if (current.isComplete()) {
      Seat w = current.winner(trump);
      return (w.side() == Seat.NORTH.side() ? 1 : 0) + bruteForce(hands, trump, Trick.start(w));
    }
    Seat p = current.turn();
    Hand h = hands.get(p);
    if (h.isEmpty()) {
      return 0;
    }
    List<Card> legal = !current.isEmpty() && h.hasSuit(current.led().suit())
        ? h.suit(current.led().suit()).cards() : h.cards();
    boolean max = p.side() == Seat.NORTH.side();
    int best = max ? -1 : 99;
    for (Card c : legal) {
      Map<Seat, Hand> next = new EnumMap<>(hands);
      next.put(p, h.without(c));
      int v = bruteForce(next, trump, current.then(c));
      best = max ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  }

  static Map<Seat, Hand> randomHands(Random r, int perHand) {
    List<Card> deck = new ArrayList<>();
    for (int i = 0; i < 52; i++) {
      deck.add(Card.of(i));
    }
    Collections.shuffle(deck, r);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, Hand.of(deck.subList(s.ordinal() * perHand, (s.ordinal() + 1) * perHand)));
    }
    return hands;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void agreesWithPlainMinimaxOnSmallEndings(int cards) {
    Random r = new Random(cards);
    DoubleDummy dd = new DoubleDummy(12);
    int positions = cards >= 5 ? 10 : 60; // plain minimax over five cards each is slow
    for (int i = 0; i < positions; i++) {
      Map<Seat, Hand> hands = randomHands(r, cards);
      Suit trump = i % 5 == 4 ? null : Suit.of(i % 5);
      Seat leader = Seat.of(i % 4);
      Trick current = Trick.start(leader);
      // Sometimes start mid-trick.
      int pre = i % 3;
      for (int k = 0; k < pre; k++) {
        Seat p = current.turn();
        Card c = Referee.legal(hands.get(p), current).get(0);
        hands.put(p, hands.get(p).without(c));
        current = current.then(c);
      }
      var pos = new DoubleDummy.Position(hands, trump, current);
      assertThat(dd.tricksForNorthSouth(pos, 10_000_000))
          .as("%s trump %s lead %s", hands, trump, current)
          .isEqualTo(bruteForce(hands, trump, current));
    }
  }

  @Test
  void valuesEachLegalCard() {
    Random r = new Random(7);
    DoubleDummy dd = new DoubleDummy(12);
    for (int i = 0; i < 30; i++) {
      Map<Seat, Hand> hands = randomHands(r, 4);
      Suit trump = Suit.of(i % 4);
      Trick current = Trick.start(Seat.WEST);
      var pos = new DoubleDummy.Position(hands, trump, current);
      List<Card> legal = hands.get(Seat.WEST).cards();
      Map<Card, Integer> values = dd.values(pos, legal, 10_000_000);
      for (Card c : legal) {
        Map<Seat, Hand> next = new EnumMap<>(hands);
        next.put(Seat.WEST, hands.get(Seat.WEST).without(c));
        assertThat(values.get(c)).isEqualTo(bruteForce(next, trump, current.then(c)));
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
    assertThat(dd.tricksForNorthSouth(new DoubleDummy.Position(hands, Suit.SPADES, Trick.start(Seat.NORTH)),
        1_000_000)).isEqualTo(13);
    // Notrump, East on lead: East cashes thirteen hearts.
    assertThat(dd.tricksForNorthSouth(new DoubleDummy.Position(hands, null, Trick.start(Seat.EAST)),
        1_000_000)).isEqualTo(0);
  }

  @Test
  void stopsAtItsNodeBudget() {
    Map<Seat, Hand> hands = randomHands(new Random(3), 13);
    DoubleDummy dd = new DoubleDummy(12);
    assertThatThrownBy(() -> dd.tricksForNorthSouth(
        new DoubleDummy.Position(hands, null, Trick.start(Seat.WEST)), 1000))
        .isInstanceOf(DoubleDummy.BudgetExceeded.class);
    assertThat(dd.nodes()).isEqualTo(1001);
  }

  @Test
  void turningTheTableKeepsEachSidesTricks() {
    Random r = new Random(5);
    DoubleDummy dd = new DoubleDummy(16);
    for (int i = 0; i < 40; i++) {
      Map<Seat, Hand> hands = randomHands(r, 7);
      Suit trump = i % 5 == 4 ? null : Suit.of(i % 5);
      Seat leader = Seat.of(i % 4);
      int ns = dd.tricksForNorthSouth(new DoubleDummy.Position(hands, trump, Trick.start(leader)), 5_000_000);
      for (int turn = 1; turn < 4; turn++) {
        Map<Seat, Hand> turned = new EnumMap<>(Seat.class);
        for (Seat s : Seat.values()) {
          turned.put(s.next(turn), hands.get(s));
        }
        int v = dd.tricksForNorthSouth(new DoubleDummy.Position(turned, trump, Trick.start(leader.next(turn))),
            5_000_000);
        assertThat(turn % 2 == 0 ? v : 7 - v).as("turned %d seats", turn).isEqualTo(ns);
      }
    }
  }
}
