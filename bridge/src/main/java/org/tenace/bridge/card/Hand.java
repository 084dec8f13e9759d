package org.tenace.bridge.card;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * An immutable set of cards: a 52-bit mask, bit {@link Card#index()}. Any size from 0 to 52, so
 * the same type holds a full hand, what is left of it, or a set of played cards.
 */
public final class Hand {
  public static final Hand EMPTY = new Hand(0L);
  private static final long ALL = (1L << 52) - 1;
  private static final long SUIT_MASK = (1L << 13) - 1;

  private final long bits;

  private Hand(long bits) {
    this.bits = bits;
  }

  public static Hand ofBits(long bits) {
    if ((bits & ~ALL) != 0) {
      throw new IllegalArgumentException("bits above 52: " + Long.toHexString(bits));
    }
    return bits == 0 ? EMPTY : new Hand(bits);
  }

  public static Hand of(Card... cards) {
    return of(List.of(cards));
  }

  /** Refuses a card given twice: a hand never holds the same card twice. */
  public static Hand of(Collection<Card> cards) {
    long bits = 0;
    for (Card c : cards) {
      long bit = 1L << c.index();
      if ((bits & bit) != 0) {
        throw new IllegalArgumentException("card given twice: " + c);
      }
      bits |= bit;
    }
    return ofBits(bits);
  }

  /**
   * Parses one hand in PBN form, {@code S.H.D.C} with ranks in any order, {@code T} or {@code 10}
   * for the ten, and an empty string for a void: {@code AKQJ5..QJ65.T98}.
   */
  public static Hand parsePbn(String text) {
    String[] suits = text.strip().split("\\.", -1);
    if (suits.length != 4) {
      throw new IllegalArgumentException(
          "a hand has four suits separated by dots (S.H.D.C): '" + text + "'");
    }
    long bits = 0;
    for (int i = 0; i < 4; i++) {
      Suit suit = Suit.of(3 - i);
      String ranks = suits[i].replace("10", "T");
      for (int j = 0; j < ranks.length(); j++) {
        Rank rank;
        try {
          rank = Rank.parse(ranks.charAt(j));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "not a rank: '" + ranks.charAt(j) + "' in " + suit.name().toLowerCase()
                  + " of '" + text + "'");
        }
        long bit = 1L << Card.of(suit, rank).index();
        if ((bits & bit) != 0) {
          throw new IllegalArgumentException(
              "card given twice: " + Card.of(suit, rank) + " in '" + text + "'");
        }
        bits |= bit;
      }
    }
    return ofBits(bits);
  }

  public long bits() {
    return bits;
  }

  public boolean contains(Card card) {
    return (bits & (1L << card.index())) != 0;
  }

  public boolean containsAll(Hand other) {
    return (other.bits & ~bits) == 0;
  }

  public int size() {
    return Long.bitCount(bits);
  }

  public boolean isEmpty() {
    return bits == 0;
  }

  public Hand with(Card card) {
    return new Hand(bits | (1L << card.index()));
  }

  public Hand without(Card card) {
    return ofBits(bits & ~(1L << card.index()));
  }

  public Hand union(Hand other) {
    return ofBits(bits | other.bits);
  }

  public Hand minus(Hand other) {
    return ofBits(bits & ~other.bits);
  }

  public Hand intersect(Hand other) {
    return ofBits(bits & other.bits);
  }

  /** The cards of one suit, as a hand. */
  public Hand suit(Suit suit) {
    return ofBits(bits & (SUIT_MASK << (suit.ordinal() * 13)));
  }

  public int length(Suit suit) {
    return Long.bitCount(bits & (SUIT_MASK << (suit.ordinal() * 13)));
  }

  public boolean hasSuit(Suit suit) {
    return (bits & (SUIT_MASK << (suit.ordinal() * 13))) != 0;
  }

  public int highCardPoints() {
    int hcp = 0;
    for (Card c : cards()) {
      hcp += c.rank().highCardPoints();
    }
    return hcp;
  }

  /** The cards in ascending order: clubs first, two lowest. */
  public List<Card> cards() {
    List<Card> out = new ArrayList<>(size());
    for (long b = bits; b != 0; b &= b - 1) {
      out.add(Card.of(Long.numberOfTrailingZeros(b)));
    }
    return Collections.unmodifiableList(out);
  }

  /** The cards as a player holds them: spades first, each suit from the ace down. */
  public List<Card> sortedForDisplay() {
    List<Card> out = new ArrayList<>(size());
    for (int i = 51; i >= 0; i--) {
      if ((bits & (1L << i)) != 0) {
        out.add(Card.of(i));
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** PBN form, {@code S.H.D.C}, each suit from the ace down, {@code T} for ten. */
  public String toPbn() {
    StringBuilder sb = new StringBuilder(16);
    for (int s = 3; s >= 0; s--) {
      for (int r = 12; r >= 0; r--) {
        if ((bits & (1L << (s * 13 + r))) != 0) {
          sb.append(Rank.of(r).letter());
        }
      }
      if (s > 0) {
        sb.append('.');
      }
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Hand h && h.bits == bits;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(bits);
  }

  @Override
  public String toString() {
    return toPbn();
  }
}
