package org.tenace.server.table;

import java.time.Duration;

/**
 * The bounds of what a request may carry, in one place: the api checks every request against them
 * before any work, the table keeps to them, and docs/protocol.md lists them. Lengths are in
 * characters (UTF-16 units, as Java and JavaScript count them).
 */
public final class Limits {
  /** table_id and request_id. Ids the server makes are a few digits; the store keeps 64. */
  public static final int ID = 64;
  /** A table's name. */
  public static final int TABLE_NAME = 64;
  /** A player's or kibitzer's name. */
  public static final int PLAYER_NAME = 32;
  /** A call's explanation and a claim's statement. */
  public static final int TEXT = 500;
  /** One of a ruling's choices, as DecideRuling names it. */
  public static final int RULING_CHOICE = 64;
  /** CreateTable's deal_pbn: a session of a few hundred boards fits; even at three bytes a
   * character it stays under the server's inbound message size. */
  public static final int DEAL_PBN = 262_144;
  /** The boards a deal_pbn may hold: the table's first event keeps them all, in 64 KiB. */
  public static final int PREPARED_BOARDS = 500;
  /** robot_seats: each seat once. */
  public static final int SEATS = 4;
  /** Board numbers run from 1 to this; a table with no board limit closes after it. */
  public static final int LAST_BOARD = 10_000;
  /** The tricks of a claim. */
  public static final int TRICKS = 13;
  /** The longest a table waits for its director before the Laws' default applies. */
  public static final Duration DIRECTOR_TIMEOUT = Duration.ofDays(1);
  /**
   * The most work the search behind a claim's rulings (Laws 69B, 70, 71) does for one side, in
   * solver nodes (about a second of an idle core, as a strong robot's card); past it the claim is
   * ruled without it. Counted, never timed: the same claim is judged alike on a loaded machine
   * and an idle one. Late claims take a few thousand nodes.
   */
  public static final long CLAIM_SEARCH_NODES = 3_000_000L;
  /** The longest a robot may be asked to take over a call or card (a pace, not a limit). */
  public static final Duration ROBOT_PACE = Duration.ofSeconds(3);

  private Limits() {}
}
