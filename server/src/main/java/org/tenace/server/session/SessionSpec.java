package org.tenace.server.session;

import java.util.SortedMap;
import org.tenace.bridge.check.Require;
import org.tenace.movement.Howell;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.movement.Teams;
import org.tenace.bridge.card.Deal;
import org.tenace.server.session.SessionException.Reason;

/**
 * What a director asks for when creating a session, before its deals: the movement and its
 * size, the scoring and whether robots fill the seats nobody takes. The session's log keeps it
 * (with the deals made then), so that a restarted server plans the same session again.
 *
 * @param rounds the rounds to play; 0 for the movement's own number
 * @param relay a Mitchell at an even number of tables: a relay and bye stand, not the skip
 * @param arrowSwitch a Mitchell's last quarter of the rounds arrow-switched
 */
public record SessionSpec(String name, MovementKind movement, int tables, int rounds,
    int boardsPerRound, SessionScoring scoring, boolean robots, boolean relay,
    boolean arrowSwitch) {

  /** The movements a session plays. */
  public enum MovementKind { MITCHELL, HOWELL, TEAMS }

  public SessionSpec {
    Require.nonNull("name movement scoring", name, movement, scoring);
  }

  /** The movement asked for, refused in words when it cannot be made. */
  public Movement makeMovement() {
    if (name.isBlank() || name.length() > 64) {
      throw new SessionException(Reason.MALFORMED, "name: 1 to 64 characters");
    }
    if (tables < 2 || tables > 30) {
      throw new SessionException(Reason.MALFORMED, "tables: 2 to 30, not " + tables);
    }
    if (boardsPerRound < 1 || boardsPerRound > 8) {
      throw new SessionException(Reason.MALFORMED,
          "boards_per_round: 1 to 8, not " + boardsPerRound);
    }
    if (rounds < 0) {
      throw new SessionException(Reason.MALFORMED, "rounds: 0 or more");
    }
    if (movement != MovementKind.MITCHELL && (relay || arrowSwitch)) {
      throw new SessionException(Reason.MALFORMED, (relay ? "relay" : "arrow_switch")
          + ": a Mitchell's option, not the " + (movement == MovementKind.TEAMS ? "teams"
          : "Howell") + " movement's");
    }
    try {
      return switch (movement) {
        case MITCHELL -> Mitchell.of(tables, rounds, boardsPerRound,
            relay ? Mitchell.EvenTables.RELAY : Mitchell.EvenTables.SKIP, arrowSwitch);
        case HOWELL -> Howell.of(tables, rounds, boardsPerRound);
        case TEAMS -> Teams.roundRobin(tables, 1, boardsPerRound);
      };
    } catch (IllegalArgumentException e) {
      throw new SessionException(Reason.MALFORMED, "movement: " + e.getMessage());
    }
  }

  /** The session's plan with these deals (every board of the movement must have one). */
  public SessionPlan plan(SortedMap<Integer, Deal> deals) {
    return new SessionPlan(name, makeMovement(), scoring, robots, deals);
  }
}
