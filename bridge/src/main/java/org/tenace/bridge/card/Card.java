package org.tenace.bridge.card;

import org.tenace.bridge.check.Require;

/** A playing card. The 52 instances are interned: {@link #of} never allocates. */
public record Card(Suit suit, Rank rank) implements Comparable<Card> {
  private static final Card[] DECK = new Card[52];

  static {
    for (Suit s : Suit.values()) {
      for (Rank r : Rank.values()) {
        DECK[s.ordinal() * 13 + r.ordinal()] = new Card(s, r);
      }
    }
  }

  public Card {
    Require.nonNull("suit rank", suit, rank);
  }

  public static Card of(Suit suit, Rank rank) {
    return DECK[suit.ordinal() * 13 + rank.ordinal()];
  }

  /** The card with this {@link #index()}, 0 (club two) to 51 (spade ace). */
  public static Card of(int index) {
    if (index < 0 || index > 51) {
      throw new IllegalArgumentException("card index 0..51: " + index);
    }
    return DECK[index];
  }

  /** Suit then rank, as PBN and LIN write it: {@code SA}, {@code HT}, {@code D10}, {@code ♠Q}. */
  public static Card parse(String text) {
    String t = text.strip();
    if (t.length() < 2 || t.length() > 3) {
      throw new IllegalArgumentException("not a card: '" + text + "'");
    }
    return of(Suit.parse(t.charAt(0)), Rank.parse(t.substring(1)));
  }

  /** 0..51, clubs first, two lowest within a suit. */
  public int index() {
    return suit.ordinal() * 13 + rank.ordinal();
  }

  @Override
  public int compareTo(Card o) {
    return Integer.compare(index(), o.index());
  }

  /** As players read it: the suit's symbol and the rank ({@code ♠A}, {@code ♥T}). */
  public String symbol() {
    return "" + suit.symbol() + rank.letter();
  }

  @Override
  public String toString() {
    return "" + suit.letter() + rank.letter();
  }
}
