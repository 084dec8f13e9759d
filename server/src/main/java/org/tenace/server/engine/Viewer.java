package org.tenace.server.engine;

import java.util.Objects;
import org.tenace.bridge.card.Seat;

/** Who looks at a table: a player in a seat, or a kibitzer whose view the table's policy sets. */
public sealed interface Viewer permits Viewer.Player, Viewer.Kibitzer {

  /** What a kibitzer sees before the board is over. */
  enum KibitzPolicy {
    /** Only what every player sees: dummy, the trick, penalty cards (the default). */
    PUBLIC,
    /** Every hand at every moment (for bots' authors, teachers, vugraph with a delay). */
    ALL_HANDS
  }

  /** A player in {@code seat}. */
  record Player(Seat seat) implements Viewer {
    private static final Player[] SEATS = {
      new Player(Seat.NORTH), new Player(Seat.EAST), new Player(Seat.SOUTH), new Player(Seat.WEST)
    };

    public Player {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /** A kibitzer under {@code policy}. */
  record Kibitzer(KibitzPolicy policy) implements Viewer {
    public Kibitzer {
      Objects.requireNonNull(policy, "policy");
    }
  }

  static Viewer of(Seat seat) {
    return Player.SEATS[seat.ordinal()];
  }

  static Viewer kibitzer(KibitzPolicy policy) {
    return new Kibitzer(policy);
  }
}
