package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * Deals the hands a seat cannot see, one hidden seat at a time, each hand consistent with what
 * its seat is known to hold: the dealer of the card play's layouts and of the bidding's
 * simulation. A seat's hand is drawn from the cards it may hold (those only it may hold always,
 * the rest at random) until it fits, at most {@code handTries} times, then the next seat's from
 * what is left; the last two seats are drawn together, the next to last kept only when the rest
 * fits the last one too. A seat's fit does not depend on the others', so this finds layouts that
 * fit an auction of several calls where dealing all hidden hands at once and keeping those that
 * fit every seat seldom does.
 */
public final class SeatDealer {
  private SeatDealer() {}

  /** What the dealer needs to know of each hidden seat. */
  public interface Seats {
    /** Whether the seat may hold the card (not of a suit it showed out of). */
    boolean mayHold(Seat seat, Card card);

    /** How many cards the seat holds. */
    int cards(Seat seat);

    /** Whether the seat holding {@code held} fits what is known of it. */
    boolean fits(Seat seat, Hand held);
  }

  /** The seats in the order to deal them: the one whose calls showed the narrowest range of points first. */
  public static List<Seat> narrowestFirst(List<Seat> seats, AuctionReading reading) {
    List<Seat> order = new ArrayList<>(seats);
    order.sort(java.util.Comparator.comparingInt(
        (Seat s) -> reading.shown(s).maxPoints() - reading.shown(s).minPoints())
        .thenComparing(Seat::ordinal));
    return order;
  }

  /**
   * A layout of {@code pool} among the seats of {@code order}, dealt in that order, or null when
   * {@code attempts} layouts begun so all failed.
   */
  public static Map<Seat, Hand> deal(Hand pool, List<Seat> order, Seats seats, int handTries,
      int attempts, Random random) {
    for (int attempt = 0; attempt < attempts; attempt++) {
      Hand left = pool;
      Map<Seat, Hand> layout = new EnumMap<>(Seat.class);
      boolean dealt = true;
      for (int i = 0; i < order.size() && dealt; i++) {
        Seat s = order.get(i);
        List<Seat> later = order.subList(i + 1, order.size());
        Hand may = Hand.EMPTY;
        Hand must = Hand.EMPTY;
        for (Card c : left.cards()) {
          if (!seats.mayHold(s, c)) {
            continue;
          }
          may = may.with(c);
          boolean elsewhere = false;
          for (Seat o : later) {
            elsewhere |= seats.mayHold(o, c);
          }
          if (!elsewhere) {
            must = must.with(c);
          }
        }
        int n = seats.cards(s);
        if (may.size() < n || must.size() > n || (later.isEmpty() && may.size() != left.size())) {
          dealt = false;
          break;
        }
        Hand hand = null;
        List<Card> free = new ArrayList<>(may.minus(must).cards());
        for (int t = 0; t < (later.isEmpty() ? 1 : handTries) && hand == null; t++) {
          Hand h = must;
          for (int k = 0; h.size() < n; k++) {
            // A partial shuffle: the first n - |must| cards of free, drawn at random.
            int j = k + random.nextInt(free.size() - k);
            Collections.swap(free, k, j);
            h = h.with(free.get(k));
          }
          if (seats.fits(s, h) && (later.size() != 1 || seats.fits(later.get(0), left.minus(h)))) {
            hand = h;
          }
        }
        if (hand == null) {
          dealt = false;
        } else {
          layout.put(s, hand);
          left = left.minus(hand);
        }
      }
      if (dealt) {
        return layout;
      }
    }
    return null;
  }
}
