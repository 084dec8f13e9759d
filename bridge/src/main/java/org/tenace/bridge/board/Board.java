package org.tenace.bridge.board;

import org.tenace.bridge.card.Seat;

/**
 * A board number, which fixes the dealer and the vulnerability (Law 2): dealer N, E, S, W in
 * turn, vulnerability by the 16-board cycle.
 */
public record Board(int number) {
  private static final Vulnerability[] CYCLE = {
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
  };

  public Board {
    if (number < 1) {
      throw new IllegalArgumentException("board numbers start at 1: " + number);
    }
  }

  public static Board of(int number) {
    return new Board(number);
  }

  public Seat dealer() {
    return Seat.of((number - 1) % 4);
  }

  public Vulnerability vulnerability() {
    return CYCLE[(number - 1) % 16];
  }

  @Override
  public String toString() {
    return String.valueOf(number);
  }
}
