package org.tenace.solver;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * A position to solve: the cards each seat still holds, the trump suit (null at notrump) and the
 * trick in progress, as the seat that led to it and the cards played to it so far (the {@code
 * i}-th by {@code leader.next(i)}); at the start of a trick, the seat on lead and no cards.
 */
public record Position(Map<Seat, Hand> hands, Suit trump, Seat leader, List<Card> trick) {

  public Position {
    hands = Map.copyOf(Objects.requireNonNull(hands, "hands"));
    Objects.requireNonNull(leader, "leader");
    trick = List.copyOf(Objects.requireNonNull(trick, "trick"));
    if (trick.size() > 3) {
      throw new IllegalArgumentException("a trick in progress has at most three cards: " + trick);
    }
    long seen = Hand.of(trick).bits();
    if (Long.bitCount(seen) != trick.size()) {
      throw new IllegalArgumentException("a card played twice in one trick: " + trick);
    }
    int n = -1;
    for (Seat s : Seat.values()) {
      Hand h = Objects.requireNonNull(hands.get(s), () -> "no hand for " + s);
      if ((h.bits() & seen) != 0) {
        throw new IllegalArgumentException("a card in two places: " + hands + " with " + trick);
      }
      seen |= h.bits();
      int cards = h.size() + (leader.distanceTo(s) < trick.size() ? 1 : 0);
      if (n >= 0 && cards != n) {
        throw new IllegalArgumentException("hands of unequal length: " + hands + " with " + trick);
      }
      n = cards;
    }
  }

  /** A position at the start of a trick, {@code leader} on lead. */
  public static Position onLead(Map<Seat, Hand> hands, Suit trump, Seat leader) {
    return new Position(hands, trump, leader, List.of());
  }
}
