package org.tenace.bridge.card;

/** A card suit, in ascending bridge order (clubs lowest). */
public enum Suit {
  CLUBS('C', '♣'),
  DIAMONDS('D', '♦'),
  HEARTS('H', '♥'),
  SPADES('S', '♠');

  private static final Suit[] VALUES = values();

  private final char letter;
  private final char symbol;

  Suit(char letter, char symbol) {
    this.letter = letter;
    this.symbol = symbol;
  }

  public char letter() {
    return letter;
  }

  public char symbol() {
    return symbol;
  }

  /** Accepts C D H S in either case, or the suit symbols (filled or hollow). */
  public static Suit parse(char c) {
    switch (Character.toUpperCase(c)) {
      case 'C': case '♣': case '♧': return CLUBS;
      case 'D': case '♦': case '♢': return DIAMONDS;
      case 'H': case '♥': case '♡': return HEARTS;
      case 'S': case '♠': case '♤': return SPADES;
      default: throw new IllegalArgumentException("not a suit: '" + c + "'");
    }
  }

  public static Suit of(int ordinal) {
    return VALUES[ordinal];
  }
}
