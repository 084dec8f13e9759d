package org.tenace.server.engine;

import java.util.List;
import java.util.Map;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/** Test helpers: deals from PBN or from a few fixed cards, and plays from card strings. */
final class PlayFixtures {
  private PlayFixtures() {}

  static Play start(String pbn, String contract, Mode mode) {
    return Play.start(Deal.parsePbn(pbn), Contract.parse(contract), mode, List.of());
  }

  /** Plays each card from the seat that holds it (declarer for dummy's cards). */
  static Play play(Play p, String cards) {
    for (String c : cards.trim().split("\\s+")) {
      if (!c.isEmpty()) {
        p = p.play(sender(p, Card.parse(c)), Card.parse(c));
      }
    }
    return p;
  }

  /** The seat that sends {@code card}: its holder, or declarer for dummy's. */
  static Seat sender(Play p, Card card) {
    for (Seat s : Seat.values()) {
      if (p.remaining(s).contains(card)) {
        return s == p.dummy() ? p.declarer() : s;
      }
    }
    throw new IllegalArgumentException(card + " is not held by anyone");
  }

  /** Plays the lowest legal card {@code n} times. */
  static Play playLowest(Play p, int n) {
    for (int i = 0; i < n; i++) {
      Card c = p.legalCards().cards().get(0);
      p = p.play(p.actor(), c);
    }
    return p;
  }

  private static int voidCount(Map<Seat, String> voids, Card c) {
    int n = 0;
    for (String v : voids.values()) {
      n += v.indexOf(c.suit().letter()) >= 0 ? 1 : 0;
    }
    return n;
  }

  /**
   * A deal where each seat holds the cards given for it and no card of its void suits; the other
   * cards are dealt in order to the seats with room.
   */
  static Deal fit(Map<Seat, String> must, Map<Seat, String> voids) {
    long[] h = new long[4];
    long used = 0;
    for (var e : must.entrySet()) {
      for (String c : e.getValue().trim().split("\\s+")) {
        long bit = 1L << Card.parse(c).index();
        h[e.getKey().ordinal()] |= bit;
        used |= bit;
      }
    }
    // The most constrained suits first, each card to the open seat with the most room.
    List<Integer> order = new java.util.ArrayList<>();
    for (int i = 51; i >= 0; i--) {
      if ((used & (1L << i)) == 0) {
        order.add(i);
      }
    }
    order.sort(java.util.Comparator.comparingInt(i -> -voidCount(voids, Card.of(i))));
    for (int i : order) {
      Card c = Card.of(i);
      Seat best = null;
      for (Seat s : Seat.values()) {
        String v = voids.getOrDefault(s, "");
        int room = 13 - Long.bitCount(h[s.ordinal()]);
        if (room > 0 && v.indexOf(c.suit().letter()) < 0
            && (best == null || room > 13 - Long.bitCount(h[best.ordinal()]))) {
          best = s;
        }
      }
      if (best == null) {
        throw new IllegalArgumentException("cannot place " + c);
      }
      h[best.ordinal()] |= 1L << i;
    }
    return Deal.of(Hand.ofBits(h[0]), Hand.ofBits(h[1]), Hand.ofBits(h[2]), Hand.ofBits(h[3]));
  }
}
