package org.tenace.bridge.pbn;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * A PBN {@code Deal} tag (section 3.4.11): the hands that are known, a hand given as {@code -}
 * being unknown. Either full hands of 13 cards, or an end position (section 3.10) where every
 * hand given holds the same number of cards, fewer than 13.
 */
public record PbnDeal(Map<Seat, Hand> hands) {

  public PbnDeal {
    hands = Map.copyOf(hands);
    long seen = 0;
    int size = -1;
    for (Seat s : Seat.values()) {
      Hand h = hands.get(s);
      if (h == null) {
        continue;
      }
      if (h.size() > 13) {
        throw new IllegalArgumentException(name(s) + " holds " + h.size() + " cards, not 13");
      }
      if (size >= 0 && h.size() != size) {
        throw new IllegalArgumentException(
            "the hands hold different numbers of cards: " + sizes(hands));
      }
      size = h.size();
      long twice = seen & h.bits();
      if (twice != 0) {
        throw new IllegalArgumentException(
            "card dealt twice: " + Card.of(Long.numberOfTrailingZeros(twice)));
      }
      seen |= h.bits();
    }
  }

  public static PbnDeal of(Deal deal) {
    Map<Seat, Hand> m = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      m.put(s, deal.hand(s));
    }
    return new PbnDeal(m);
  }

  /**
   * Parses {@code "N:hand hand hand hand"} as import format allows: any first seat, ranks in any
   * order and either case, {@code -} for an unknown hand.
   */
  public static PbnDeal parse(String text) {
    Map<Seat, Hand> m = new EnumMap<>(Seat.class);
    Deal.pbnHands(text).forEach((seat, hand) -> {
      if (!hand.equals("-")) {
        m.put(seat, Hand.parsePbn(hand));
      }
    });
    return new PbnDeal(m);
  }

  /** The first seat written in {@code text}, a PBN deal string. */
  static Seat firstSeat(String text) {
    return Seat.parse(text.strip().charAt(0));
  }

  public Optional<Hand> hand(Seat seat) {
    return Optional.ofNullable(hands.get(seat));
  }

  /** True when fewer than 13 cards are given in every hand (section 3.10). */
  public boolean isEndPosition() {
    return hands.values().stream().allMatch(h -> h.size() < 13) && !hands.isEmpty();
  }

  /**
   * The whole deal: when the four hands are given, or three full hands, which leave only one
   * possible fourth.
   */
  public Optional<Deal> full() {
    if (hands.size() == 4 && hands.values().stream().allMatch(h -> h.size() == 13)) {
      return Optional.of(Deal.of(hands));
    }
    if (hands.size() == 3 && hands.values().stream().allMatch(h -> h.size() == 13)) {
      Seat missing = null;
      for (Seat s : Seat.values()) {
        if (!hands.containsKey(s)) {
          missing = s;
        }
      }
      return Optional.of(Deal.ofThree(hands, missing));
    }
    return Optional.empty();
  }

  /** Export form from {@code first}: ranks from the ace down, {@code -} for unknown hands. */
  public String toPbn(Seat first) {
    StringBuilder sb = new StringBuilder(70).append(first.letter()).append(':');
    for (int i = 0; i < 4; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      Hand h = hands.get(first.next(i));
      sb.append(h == null ? "-" : h.toPbn());
    }
    return sb.toString();
  }

  private static String name(Seat s) {
    return s.name().charAt(0) + s.name().substring(1).toLowerCase();
  }

  private static String sizes(Map<Seat, Hand> hands) {
    StringBuilder sb = new StringBuilder();
    for (Seat s : Seat.values()) {
      if (hands.containsKey(s)) {
        sb.append(sb.length() == 0 ? "" : ", ").append(s).append(' ').append(hands.get(s).size());
      }
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toPbn(Seat.NORTH);
  }
}
