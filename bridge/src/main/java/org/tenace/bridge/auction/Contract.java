package org.tenace.bridge.auction;

import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/** The final contract (Law 22): a bid, its doubling and the declarer. */
public record Contract(Bid bid, Doubling doubling, Seat declarer) {

  public Contract {
    Require.nonNull("bid doubling declarer", bid, doubling, declarer);
  }

  public static Contract of(int level, Strain strain, Doubling doubling, Seat declarer) {
    return new Contract(Bid.of(level, strain), doubling, declarer);
  }

  /**
   * Parses {@code 4SX S}, {@code 3NT N}, {@code 3NXXE}, {@code 5Cx W}: a bid, an optional
   * doubling ({@code X}, {@code XX}, any case), then the declarer's seat.
   */
  public static Contract parse(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      throw new IllegalArgumentException("empty contract");
    }
    char last = t.charAt(t.length() - 1);
    Seat declarer;
    try {
      declarer = Seat.parse(last);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("no declarer after the contract: '" + text + "'");
    }
    // "3N" alone would read as 3 by North: a contract needs at least level, strain and seat.
    String rest = t.substring(0, t.length() - 1).strip();
    if (rest.length() < 2) {
      throw new IllegalArgumentException("no declarer after the contract: '" + text + "'");
    }
    return parse(rest, declarer);
  }

  /** Parses the contract without a declarer ({@code 4SX}, {@code 3N}, {@code 6NTxx}). */
  public static Contract parse(String text, Seat declarer) {
    String t = text.strip().toUpperCase();
    Doubling doubling = Doubling.endOf(t);
    try {
      return new Contract(Bid.parse(t.substring(0, t.length() - doubling.suffix().length())),
          doubling, declarer);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a contract: '" + text + "' (" + e.getMessage() + ")");
    }
  }

  public int level() {
    return bid.level();
  }

  public Strain strain() {
    return bid.strain();
  }

  /** Tricks the declarer's side must win: level + 6. */
  public int tricksNeeded() {
    return bid.level() + 6;
  }

  public Seat dummy() {
    return declarer.partner();
  }

  public Seat openingLeader() {
    return declarer.lho();
  }

  /** {@code 4SX}, without the declarer. */
  public String toBidString() {
    return bid + doubling.suffix();
  }

  /** {@code 4SX S}. */
  @Override
  public String toString() {
    return toBidString() + " " + declarer;
  }
}
