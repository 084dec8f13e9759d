package org.tenace.server.session;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import org.tenace.bridge.check.Require;
import org.tenace.movement.Movement;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;

/**
 * What a session is, fixed when it is created: its movement, how it is scored, whether robots
 * fill the seats nobody takes, and the deal of every board, made once so that every table that
 * plays a board gets the same cards (dealer and vulnerability follow the board number).
 */
public record SessionPlan(String name, Movement movement, SessionScoring scoring, boolean robots,
    SortedMap<Integer, Deal> deals) {

  public SessionPlan {
    Require.nonNull("name movement scoring", name, movement, scoring);
    deals = Collections.unmodifiableSortedMap(new TreeMap<>(deals));
    for (int b : movement.designedPlays().keySet()) {
      if (!deals.containsKey(b)) {
        throw new SessionException(SessionException.Reason.MALFORMED,
            "no deal for board " + b + " of the movement's " + movement.boards());
      }
    }
    if (scoring.byMatch() != (movement.comparison() == Movement.Comparison.MATCH)) {
      throw new SessionException(SessionException.Reason.MALFORMED, scoring.byMatch()
          ? "team IMPs need a teams movement" : "a teams movement is scored by team IMPs");
    }
  }

  /**
   * The same plan over a repaired movement: the same boards and deals, the rounds to come
   * planned again (see {@link org.tenace.movement.MovementRepair}).
   */
  public SessionPlan withMovement(Movement repaired) {
    return new SessionPlan(name, repaired, scoring, robots, deals);
  }

  /** Board {@code number}'s dealer and vulnerability. */
  public Board board(int number) {
    return Board.of(number);
  }

  /** The number of rounds. */
  public int rounds() {
    return movement.rounds().size();
  }

  /** How many table-boards the whole session plays. */
  public int plays() {
    return movement.rounds().stream().flatMap(r -> r.tables().stream())
        .mapToInt(t -> t.boards().size()).sum();
  }
}
