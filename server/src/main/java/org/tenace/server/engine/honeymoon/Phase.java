package org.tenace.server.engine.honeymoon;

/** Where a two-player deal stands. */
public enum Phase {
  /** The two players bid (honeymoon only). */
  AUCTION,
  /** The 13 exchange tricks, played to draw from the stock; they do not count. */
  EXCHANGE,
  /** The 13 scored tricks, played with the hands the exchange left. */
  PLAY,
  /** Scored, or passed out. */
  COMPLETE
}
