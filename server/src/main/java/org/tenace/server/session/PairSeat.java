package org.tenace.server.session;

import org.tenace.bridge.card.Seat;

/**
 * One of a pair's two seats, whichever direction the pair sits in a round: the first is North
 * (sitting North-South) or East (East-West), the second South or West. A pair's players keep
 * their place in it from round to round, as at a club.
 */
public enum PairSeat {
  FIRST, SECOND;

  /** The pair's seat of {@code seat}: North and East are first, South and West second. */
  public static PairSeat of(Seat seat) {
    return seat == Seat.NORTH || seat == Seat.EAST ? FIRST : SECOND;
  }

  /** The table's seat this is when the pair sits North-South ({@code northSouth}) or not. */
  public Seat at(boolean northSouth) {
    return this == FIRST ? (northSouth ? Seat.NORTH : Seat.EAST)
        : (northSouth ? Seat.SOUTH : Seat.WEST);
  }

  /** The other seat of the pair: the partner's. */
  public PairSeat partner() {
    return this == FIRST ? SECOND : FIRST;
  }

  /** "North or East", "South or West", for people. */
  public String words() {
    return this == FIRST ? "North or East" : "South or West";
  }
}
