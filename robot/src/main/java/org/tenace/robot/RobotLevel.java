package org.tenace.robot;

/**
 * How hard the house robot thinks about its cards. Both bid alike; both are bounded in nodes and
 * samples, never in time.
 *
 * <ul>
 *   <li>{@link #FAST}: the classic heuristics, and a sampled double-dummy search once each hand
 *       holds eight cards: for robot-only tables and load tests.
 *   <li>{@link #STRONG}: every card chosen by sampling, the opening lead included: the hidden
 *       cards dealt many times as the auction and the play allow, each layout solved double
 *       dummy, and the card with the best expected result kept.
 * </ul>
 */
public enum RobotLevel {
  FAST,
  STRONG;

  /** The level named {@code text} (any case), in one sentence if there is none. */
  public static RobotLevel parse(String text) {
    for (RobotLevel l : values()) {
      if (l.name().equalsIgnoreCase(text.strip())) {
        return l;
      }
    }
    throw new IllegalArgumentException("no robot level " + text + ": the levels are fast and strong");
  }
}
