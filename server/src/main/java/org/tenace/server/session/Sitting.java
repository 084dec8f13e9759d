package org.tenace.server.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.tenace.movement.Movement;
import org.tenace.bridge.card.Side;

/**
 * Where one pair sits in one round: "round 2: table 3, East-West, boards 4-6, against pair 5".
 * A pair on a bye has table 0, no side, no boards and opponent 0.
 */
public record Sitting(int round, int pair, int table, Optional<Side> side, List<Integer> boards,
    int opponent) {

  public Sitting {
    boards = List.copyOf(boards);
  }

  public boolean bye() {
    return table == 0;
  }

  /** Every pair's sitting in {@code round}, by pair number. */
  public static List<Sitting> of(Movement.Round round) {
    List<Sitting> out = new ArrayList<>();
    for (Movement.Table t : round.tables()) {
      out.add(new Sitting(round.number(), t.ns(), t.number(), Optional.of(Side.NS), t.boards(),
          t.ew()));
      out.add(new Sitting(round.number(), t.ew(), t.number(), Optional.of(Side.EW), t.boards(),
          t.ns()));
    }
    for (int p : round.byes()) {
      out.add(new Sitting(round.number(), p, 0, Optional.empty(), List.of(), 0));
    }
    out.sort(Comparator.comparingInt(Sitting::pair));
    return out;
  }
}
