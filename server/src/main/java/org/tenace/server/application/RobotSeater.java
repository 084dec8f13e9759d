package org.tenace.server.application;

import java.util.Set;
import org.tenace.bridge.card.Seat;
import org.tenace.server.table.TableException;

/** Seats the server's own robots at a new (or rebuilt) table. */
public interface RobotSeater {
  /** The name a robot takes its seat under. */
  String NAME = "Robot";

  /**
   * Seats robots at {@code seats}, each taking the table's robot pace over a call or a card (its
   * settings'; unset: the server's own pace where a seat is left for a person, none at a
   * robot-only table).
   */
  void seat(Tables.Entry table, Set<Seat> seats);

  /** For servers without robots: asking for one is refused. */
  RobotSeater NONE = (table, seats) -> {
    if (!seats.isEmpty()) {
      throw new TableException(TableException.Reason.MALFORMED,
          "robot_seats: expected no robot seats: this server has no robots", "robot_seats");
    }
  };
}
