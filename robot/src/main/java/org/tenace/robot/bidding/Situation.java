package org.tenace.robot.bidding;

/** Where a seat stands in the auction when it is its turn to call. */
public enum Situation {
  /** Nobody has bid yet. */
  OPENING,
  /** Partner opened; this seat has not yet bid, doubled or redoubled. */
  RESPONDING,
  /** This seat opened and partner has made exactly one call other than a pass. */
  OPENER_REBID,
  /** An opponent opened; neither this seat nor partner has acted. */
  OVERCALLING,
  /** An opponent opened, partner has acted once and this seat not yet. */
  ADVANCING,
  /** Anything later: placement, slam, competition. */
  LATER
}
