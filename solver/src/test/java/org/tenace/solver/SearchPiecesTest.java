package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/** The pieces of the search one by one: the table's key, the bounds, equivalent cards, limits. */
class SearchPiecesTest {

  private static Map<Seat, Hand> hands(String n, String e, String s, String w) {
    Map<Seat, Hand> h = new EnumMap<>(Seat.class);
    h.put(Seat.NORTH, Hand.parsePbn(n));
    h.put(Seat.EAST, Hand.parsePbn(e));
    h.put(Seat.SOUTH, Hand.parsePbn(s));
    h.put(Seat.WEST, Hand.parsePbn(w));
    return h;
  }

  @Test
  void positionsWithTheSameRelativeRanksShareAKey() {
    DoubleDummy dd = new DoubleDummy(10);
    // The spade king gone, North's ace-queen are the top two as the ace-king were.
    long[] a = dd.keyOf(Position.onLead(hands("AK.2..", "QJ.3..", "T9.4..", "87.5.."), null, Seat.NORTH));
    long[] b = dd.keyOf(Position.onLead(hands("AQ.2..", "JT.3..", "98.4..", "76.5.."), null, Seat.NORTH));
    assertThat(b).containsExactly(a);
    // The same ranks held by other hands, or other lengths, are another position.
    long[] owners = dd.keyOf(Position.onLead(hands("AJ.2..", "QT.3..", "K9.4..", "87.5.."), null, Seat.NORTH));
    long[] lengths = dd.keyOf(Position.onLead(hands("AKQ...", "J.32..", "T9.4..", "87.5.."), null, Seat.NORTH));
    assertThat(owners).isNotEqualTo(a);
    assertThat(lengths[0]).isNotEqualTo(a[0]);
  }

  @Test
  void equivalentCardsAreTriedOnce() {
    DoubleDummy dd = new DoubleDummy(10);
    // North's king-queen-jack touch once the ace is gone: one spade; the heart ten and eight
    // are split by East's nine: two hearts.
    Position p = Position.onLead(hands("KQJ.T8..", "32.97.A.", "54.65.K.", "76.43.Q."), null, Seat.NORTH);
    assertThat(dd.movesOf(p)).hasSize(3);
    assertThat(dd.movesOf(p).stream().filter(c -> c.suit() == Suit.SPADES)).hasSize(1);
  }

  /** Quick and sure tricks are bounds: never more than the full search gives the side, in either mode. */
  @Test
  void quickAndSureTricksNeverOverCount() {
    Random r = new Random(14);
    DoubleDummy dd = new DoubleDummy(14);
    for (int i = 0; i < 300; i++) {
      int cards = 2 + r.nextInt(3);
      Suit trump = i % 5 == 4 ? null : Suit.of(i % 5);
      Seat leader = Seat.of(r.nextInt(4));
      Position p = Position.onLead(Reference.randomHands(r, cards), trump, leader);
      int[] bounds = dd.boundsOf(p, null);
      int ns = Reference.bestPlay(p);
      int leaders = leader.side() == Side.NS ? ns : cards - ns;
      assertThat(bounds[0]).as("quick tricks of %s in %s", leader, p).isLessThanOrEqualTo(leaders);
      assertThat(bounds[1]).as("sure tricks of NS in %s", p).isLessThanOrEqualTo(ns);
      assertThat(bounds[2]).as("sure tricks of EW in %s", p).isLessThanOrEqualTo(cards - ns);
      // Played against by every hand, its own included (claims), a side is sure of less.
      assertThat(dd.boundsOf(p, Side.NS)[1]).as("sure tricks of NS, all against, in %s", p)
          .isLessThanOrEqualTo(Reference.leastTricks(p, Side.NS));
      assertThat(dd.boundsOf(p, Side.EW)[2]).as("sure tricks of EW, all against, in %s", p)
          .isLessThanOrEqualTo(Reference.leastTricks(p, Side.EW));
    }
  }

  /**
   * Partner's cards counted by length in two suits at notrump may not both rely on the same
   * small card for partner's discard (a search of fixture deal 227 reached this ending, and the
   * quick tricks came to 12 of 11 tricks).
   */
  @Test
  void partnersLengthTricksShareItsDiscards() {
    Position p = Position.onLead(hands("A86.AJ975.T.86", "KQ54.864.Q9.54", ".KQT.AK762.AK7",
        "JT9732.32.8.JT"), null, Seat.NORTH);
    DoubleDummy dd = new DoubleDummy(16);
    int quick = dd.boundsOf(p, null)[0];
    assertThat(quick).as("of 11 tricks").isLessThanOrEqualTo(11);
    assertThat(quick).isLessThanOrEqualTo(dd.tricksForNorthSouth(p, Long.MAX_VALUE));
  }

  @Test
  void aTimeLimitStopsASearch() {
    Deal deal = Deal.of(Reference.randomHands(new Random(3), 13));
    DoubleDummy dd = new DoubleDummy(12);
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> dd.table(deal, Duration.ofMillis(5)))
        .isInstanceOf(DoubleDummy.BudgetExceeded.class);
    assertThat(System.nanoTime() - t0).isLessThan(Duration.ofSeconds(5).toNanos());
  }

  /** The batch on two threads gives each deal's own table, in order. */
  @Test
  void batchesGiveEachDealItsTable() {
    Deal suits = Deal.parsePbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
    List<Deal> deals = new ArrayList<>();
    Random r = new Random(9);
    for (int i = 0; i < 6; i++) {
      // Each hand a suit, then some cards swapped between hands: quick to solve, all different.
      long[] h = new long[4];
      for (Seat s : Seat.values()) {
        h[s.ordinal()] = suits.hand(s).bits();
      }
      for (int k = 0; k < 3; k++) {
        int a = r.nextInt(4);
        int b = (a + 1 + r.nextInt(3)) & 3;
        long ca = nth(h[a], r.nextInt(Long.bitCount(h[a])));
        long cb = nth(h[b], r.nextInt(Long.bitCount(h[b])));
        h[a] = h[a] & ~ca | cb;
        h[b] = h[b] & ~cb | ca;
      }
      Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
      for (Seat s : Seat.values()) {
        Hand hand = Hand.EMPTY;
        for (long b = h[s.ordinal()]; b != 0; b &= b - 1) {
          hand = hand.with(Card.of(Long.numberOfTrailingZeros(b)));
        }
        hands.put(s, hand);
      }
      deals.add(Deal.of(hands));
    }
    List<DdTable> batch = DoubleDummy.tables(deals, 2, Duration.ofMinutes(1));
    DoubleDummy one = new DoubleDummy(16);
    for (int i = 0; i < deals.size(); i++) {
      assertThat(batch.get(i)).as("deal %d", i).isEqualTo(one.table(deals.get(i), Long.MAX_VALUE));
    }
  }

  private static long nth(long bits, int n) {
    for (int i = 0; i < n; i++) {
      bits &= bits - 1;
    }
    return Long.lowestOneBit(bits);
  }
}
