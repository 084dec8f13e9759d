package org.tenace.bridge.card;

import java.util.List;

/** A partnership: North-South or East-West. */
public enum Side {
  NS, EW;

  public Side opponents() {
    return this == NS ? EW : NS;
  }

  public List<Seat> seats() {
    return this == NS ? List.of(Seat.NORTH, Seat.SOUTH) : List.of(Seat.EAST, Seat.WEST);
  }

  public boolean contains(Seat seat) {
    return seat.side() == this;
  }

  /** Accepts NS, N-S, EW, E-W in either case. */
  public static Side parse(String text) {
    switch (text.strip().toUpperCase().replace("-", "")) {
      case "NS": return NS;
      case "EW": return EW;
      default: throw new IllegalArgumentException("not a side: '" + text + "'");
    }
  }
}
