package org.tenace.bridge.card;

/** A card rank, two lowest, ace highest. */
public enum Rank {
  TWO('2'), THREE('3'), FOUR('4'), FIVE('5'), SIX('6'), SEVEN('7'), EIGHT('8'), NINE('9'),
  TEN('T'), JACK('J'), QUEEN('Q'), KING('K'), ACE('A');

  private static final Rank[] VALUES = values();

  private final char letter;

  Rank(char letter) {
    this.letter = letter;
  }

  /** {@code T} for the ten, as PBN and LIN write it. */
  public char letter() {
    return letter;
  }

  /** Ace, king, queen, jack and ten: the honours of rubber scoring. */
  public boolean isHonour() {
    return compareTo(TEN) >= 0;
  }

  /** Milton Work high-card points: A 4, K 3, Q 2, J 1. */
  public int highCardPoints() {
    return Math.max(0, ordinal() - JACK.ordinal() + 1);
  }

  public static Rank of(int ordinal) {
    return VALUES[ordinal];
  }

  /** Accepts 2-9, T, J, Q, K, A in either case, and {@code 10}. */
  public static Rank parse(String text) {
    if (text.equals("10")) {
      return TEN;
    }
    if (text.length() == 1) {
      char c = Character.toUpperCase(text.charAt(0));
      for (Rank r : VALUES) {
        if (r.letter == c) {
          return r;
        }
      }
    }
    throw new IllegalArgumentException("not a rank: '" + text + "'");
  }

  public static Rank parse(char c) {
    return parse(String.valueOf(c));
  }
}
