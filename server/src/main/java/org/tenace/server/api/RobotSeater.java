package org.tenace.server.api;

import java.util.Set;
import org.tenace.scoring.card.Seat;

/** Seats the server's own robots at a new (or rebuilt) table. */
interface RobotSeater {
  void seat(Tables.Entry table, Set<Seat> seats);

  /** For servers without robots: asking for one is refused. */
  RobotSeater NONE = (table, seats) -> {
    if (!seats.isEmpty()) {
      throw ProtoMapper.malformed("robot_seats", "no robot seats: this server has no robots");
    }
  };
}
