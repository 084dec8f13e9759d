package org.tenace.bridge.card;

/** A seat at the table, in clockwise order from North. */
public enum Seat {
  NORTH('N', "North"), EAST('E', "East"), SOUTH('S', "South"), WEST('W', "West");

  private static final Seat[] VALUES = values();

  private final char letter;
  private final String word;

  Seat(char letter, String word) {
    this.letter = letter;
    this.word = word;
  }

  public char letter() {
    return letter;
  }

  /** The seat as players say it and PBN's tags name it: {@code North}. */
  public String word() {
    return word;
  }

  /** The seat {@code n} places clockwise from this one ({@code n} may be negative). */
  public Seat next(int n) {
    return VALUES[Math.floorMod(ordinal() + n, 4)];
  }

  /** Left-hand opponent: the next seat clockwise. */
  public Seat next() {
    return next(1);
  }

  public Seat lho() {
    return next(1);
  }

  public Seat partner() {
    return next(2);
  }

  public Seat rho() {
    return next(3);
  }

  public Side side() {
    return (ordinal() & 1) == 0 ? Side.NS : Side.EW;
  }

  /** How many places clockwise {@code other} is from this seat, 0..3. */
  public int distanceTo(Seat other) {
    return Math.floorMod(other.ordinal() - ordinal(), 4);
  }

  public static Seat of(int ordinal) {
    return VALUES[ordinal];
  }

  public static Seat parse(char c) {
    switch (Character.toUpperCase(c)) {
      case 'N': return NORTH;
      case 'E': return EAST;
      case 'S': return SOUTH;
      case 'W': return WEST;
      default: throw new IllegalArgumentException("not a seat: '" + c + "'");
    }
  }

  /** Accepts a letter or a full name, in either case. */
  public static Seat parse(String text) {
    String t = text.strip();
    if (t.length() == 1) {
      return parse(t.charAt(0));
    }
    for (Seat s : VALUES) {
      if (s.name().equalsIgnoreCase(t)) {
        return s;
      }
    }
    throw new IllegalArgumentException("not a seat: '" + text + "'");
  }

  @Override
  public String toString() {
    return String.valueOf(letter);
  }
}
