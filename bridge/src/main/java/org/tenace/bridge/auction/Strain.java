package org.tenace.bridge.auction;

import java.util.Optional;
import org.tenace.bridge.card.Suit;

/** A bid's denomination, in ascending order: clubs, diamonds, hearts, spades, notrump. */
public enum Strain {
  CLUBS("C"), DIAMONDS("D"), HEARTS("H"), SPADES("S"), NO_TRUMP("NT");

  private static final Strain[] VALUES = values();

  private final String symbol;

  Strain(String symbol) {
    this.symbol = symbol;
  }

  /** {@code C D H S NT}. */
  public String symbol() {
    return symbol;
  }

  public boolean isMinor() {
    return this == CLUBS || this == DIAMONDS;
  }

  public boolean isMajor() {
    return this == HEARTS || this == SPADES;
  }

  /** The trump suit, empty at notrump. */
  public Optional<Suit> trump() {
    return this == NO_TRUMP ? Optional.empty() : Optional.of(Suit.of(ordinal()));
  }

  /** Null at notrump; for hot paths where an Optional would allocate. */
  public Suit trumpOrNull() {
    return this == NO_TRUMP ? null : Suit.of(ordinal());
  }

  public static Strain of(Suit suit) {
    return VALUES[suit.ordinal()];
  }

  public static Strain of(int ordinal) {
    return VALUES[ordinal];
  }

  /** Accepts C D H S N NT (and suit symbols), in either case. */
  public static Strain parse(String text) {
    String t = text.strip().toUpperCase();
    if (t.equals("N") || t.equals("NT")) {
      return NO_TRUMP;
    }
    if (t.length() == 1) {
      try {
        return of(Suit.parse(t.charAt(0)));
      } catch (IllegalArgumentException e) {
        // fall through to the common message
      }
    }
    throw new IllegalArgumentException("not a strain: '" + text + "' (C, D, H, S or NT)");
  }

  @Override
  public String toString() {
    return symbol;
  }
}
