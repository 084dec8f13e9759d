package org.tenace.bridge.card;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** The four hands of a board: 52 distinct cards, 13 to each seat. */
public final class Deal {
  private final Hand[] hands;

  private Deal(Hand[] hands) {
    this.hands = hands;
  }

  /** Checks that the hands hold 52 distinct cards, 13 each. */
  public static Deal of(Map<Seat, Hand> hands) {
    Hand[] h = new Hand[4];
    for (Seat s : Seat.values()) {
      h[s.ordinal()] = Objects.requireNonNull(hands.get(s), () -> "no hand for " + s.name());
    }
    return of(h);
  }

  /**
   * The deal {@code random} shuffles: the deck in order, shuffled, 13 cards a seat from North;
   * the same seed, the same deal. For tests and benchmarks: a table deals with the server's
   * shuffler.
   */
  public static Deal shuffled(java.util.Random random) {
    java.util.List<Card> deck = new java.util.ArrayList<>(52);
    for (int i = 0; i < 52; i++) {
      deck.add(Card.of(i));
    }
    java.util.Collections.shuffle(deck, random);
    Hand[] h = new Hand[4];
    for (Seat s : Seat.values()) {
      h[s.ordinal()] = Hand.of(deck.subList(s.ordinal() * 13, s.ordinal() * 13 + 13));
    }
    return of(h);
  }

  /** Hands in seat order N, E, S, W. */
  public static Deal of(Hand north, Hand east, Hand south, Hand west) {
    return of(new Hand[] {north, east, south, west});
  }

  private static Deal of(Hand[] hands) {
    long seen = 0;
    for (Seat s : Seat.values()) {
      Hand hand = hands[s.ordinal()];
      if (hand.size() != 13) {
        throw new IllegalArgumentException(
            s.name().charAt(0) + s.name().substring(1).toLowerCase() + " holds " + hand.size()
                + " cards, not 13");
      }
      long twice = seen & hand.bits();
      if (twice != 0) {
        throw new IllegalArgumentException(
            "card dealt twice: " + Card.of(Long.numberOfTrailingZeros(twice)));
      }
      seen |= hand.bits();
    }
    return new Deal(hands.clone());
  }

  /**
   * Three hands known, the fourth is the rest of the pack (as LIN records deals). {@code missing}
   * is the seat whose hand is worked out.
   */
  public static Deal ofThree(Map<Seat, Hand> known, Seat missing) {
    Hand[] h = new Hand[4];
    long rest = (1L << 52) - 1;
    for (Seat s : Seat.values()) {
      if (s != missing) {
        h[s.ordinal()] = Objects.requireNonNull(known.get(s), () -> "no hand for " + s.name());
        rest &= ~h[s.ordinal()].bits();
      }
    }
    h[missing.ordinal()] = Hand.ofBits(rest);
    return of(h);
  }

  /**
   * Parses a PBN deal string, {@code "N:hand hand hand hand"}: hands clockwise from the seat
   * named first, whichever seat that is.
   */
  public static Deal parsePbn(String text) {
    Map<Seat, String> parts = pbnHands(text);
    Hand[] h = new Hand[4];
    for (Seat s : Seat.values()) {
      h[s.ordinal()] = Hand.parsePbn(parts.get(s));
    }
    return of(h);
  }

  /**
   * The four hands' texts of a PBN deal string, {@code "N:hand hand hand hand"}, by seat:
   * clockwise from the seat named first. Each text is left for the caller to read.
   */
  public static Map<Seat, String> pbnHands(String text) {
    String t = text.strip();
    if (t.length() < 2 || t.charAt(1) != ':') {
      throw new IllegalArgumentException(
          "a deal starts with the first hand's seat and a colon (N:, E:, S:, W:): '" + text + "'");
    }
    Seat first = Seat.parse(t.charAt(0));
    String[] parts = t.substring(2).strip().split("\\s+");
    if (parts.length != 4) {
      throw new IllegalArgumentException(
          "a deal has four hands, " + (parts[0].isEmpty() ? 0 : parts.length) + " given: '"
              + text + "'");
    }
    Map<Seat, String> hands = new EnumMap<>(Seat.class);
    for (int i = 0; i < 4; i++) {
      hands.put(first.next(i), parts[i]);
    }
    return hands;
  }

  public Hand hand(Seat seat) {
    return hands[seat.ordinal()];
  }

  /** The seat that was dealt this card. */
  public Seat holder(Card card) {
    for (Seat s : Seat.values()) {
      if (hands[s.ordinal()].contains(card)) {
        return s;
      }
    }
    throw new AssertionError("a full deal holds every card");
  }

  /** PBN form starting at {@code first}: {@code "N:AKQ.. ... ... ..."}. */
  public String toPbn(Seat first) {
    StringBuilder sb = new StringBuilder(70).append(first.letter()).append(':');
    for (int i = 0; i < 4; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(hands[first.next(i).ordinal()].toPbn());
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Deal d && Arrays.equals(d.hands, hands);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hands);
  }

  @Override
  public String toString() {
    return toPbn(Seat.NORTH);
  }
}
