package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/** The claim question: the fewest tricks a side wins when every hand plays against it. */
class LeastTricksTest {
  private static final long AMPLE = 10_000_000;

  /** A random ending of three to six cards a hand, perhaps mid-trick, any strain. */
  private static Position randomEnding(Random r) {
    int trump = r.nextInt(5);
    return Reference.randomEnding(r, 3 + r.nextInt(4), trump == 4 ? null : Suit.of(trump),
        Seat.of(r.nextInt(4)), r.nextInt(4));
  }

  @Test
  void agreesWithThePlainMinimumOnRandomEndings() {
    Random r = new Random(69);
    DoubleDummy dd = new DoubleDummy(12);
    for (int i = 0; i < 300; i++) {
      Position p = randomEnding(r);
      Side side = Side.values()[i % 2];
      assertThat(dd.leastTricks(p, side, AMPLE)).as("%s for %s", p, side)
          .isEqualTo(Reference.leastTricks(p, side));
    }
  }

  @Test
  void neverMoreThanBestPlayGivesEitherSide() {
    Random r = new Random(70);
    DoubleDummy dd = new DoubleDummy(16);
    for (int i = 0; i < 60; i++) {
      Map<Seat, Hand> hands = Reference.randomHands(r, 7);
      Position p = Position.onLead(hands, i % 5 == 4 ? null : Suit.of(i % 5), Seat.of(i % 4));
      int ns = dd.tricksForNorthSouth(p, AMPLE);
      assertThat(dd.leastTricks(p, Side.NS, AMPLE)).isLessThanOrEqualTo(ns);
      assertThat(dd.leastTricks(p, Side.EW, AMPLE)).isLessThanOrEqualTo(7 - ns);
    }
  }

  /** A small budget either answers exactly or says it ran out, never a wrong count. */
  @Test
  void overBudgetIsReportedNeverGuessed() {
    Random r = new Random(71);
    DoubleDummy dd = new DoubleDummy(12);
    int exceeded = 0;
    int answered = 0;
    for (int i = 0; i < 300; i++) {
      Position p = randomEnding(r);
      Side side = Side.values()[i % 2];
      long budget = 1 + r.nextInt(200);
      try {
        int v = dd.leastTricks(p, side, budget);
        assertThat(v).as("%s for %s within %d nodes", p, side, budget)
            .isEqualTo(Reference.leastTricks(p, side));
        answered++;
      } catch (DoubleDummy.BudgetExceeded e) {
        assertThat(dd.nodes()).isGreaterThan(budget);
        exceeded++;
      }
    }
    assertThat(exceeded).isPositive();
    assertThat(answered).isPositive();
  }

  @Test
  void aWholeDealIsOverASmallBudget() {
    Map<Seat, Hand> hands = Reference.randomHands(new Random(3), 13);
    DoubleDummy dd = new DoubleDummy(12);
    assertThatThrownBy(() -> dd.leastTricks(Position.onLead(hands, null, Seat.WEST), Side.NS, 1000))
        .isInstanceOf(DoubleDummy.BudgetExceeded.class);
    assertThat(dd.nodes()).isEqualTo(1001);
  }

  @Test
  void knownPositions() {
    DoubleDummy dd = new DoubleDummy(14);
    // Each hand holds one suit. At spades North's thirteen trumps win whoever leads; at notrump
    // East, on lead with the only hearts, wins every trick however anyone plays.
    Deal deal = Deal.parsePbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
        + "...AKQJT98765432");
    Map<Seat, Hand> suits = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      suits.put(s, deal.hand(s));
    }
    Position spades = Position.onLead(suits, Suit.SPADES, Seat.EAST);
    assertThat(dd.leastTricks(spades, Side.NS, AMPLE)).isEqualTo(13);
    assertThat(dd.leastTricks(spades, Side.EW, AMPLE)).isZero();
    Position notrump = Position.onLead(suits, null, Seat.EAST);
    assertThat(dd.leastTricks(notrump, Side.NS, AMPLE)).isZero();
    assertThat(dd.leastTricks(notrump, Side.EW, AMPLE)).isEqualTo(13);

    // Spades trumps, North on lead with the ace and king over East-West's: those two tricks are
    // sure; the heart two loses to any heart of theirs, as best play loses it too.
    Map<Seat, Hand> ending = new EnumMap<>(Seat.class);
    ending.put(Seat.NORTH, Hand.parsePbn("AK.2.."));
    ending.put(Seat.EAST, Hand.parsePbn("3.AK.."));
    ending.put(Seat.SOUTH, Hand.parsePbn("Q.43.."));
    ending.put(Seat.WEST, Hand.parsePbn("2.QJ.."));
    Position p = Position.onLead(ending, Suit.SPADES, Seat.NORTH);
    assertThat(dd.leastTricks(p, Side.NS, AMPLE)).isEqualTo(2);
    assertThat(dd.tricksForNorthSouth(p, AMPLE)).isEqualTo(2);
  }
}
