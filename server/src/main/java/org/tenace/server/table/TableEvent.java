package org.tenace.server.table;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.Salt;

/**
 * One entry of a table's event log: everything that changes a table, in the order it happened.
 * The log is the table: replaying its events rebuilds the table exactly ({@link Table#replay}).
 * Events hold facts already checked; applying one never fails.
 */
public sealed interface TableEvent {

  /**
   * The table was created. Its first event. Tokens are kept as they are: the log is the server's
   * own, and holds the deals anyway; a restarted server needs them to recognise its clients and
   * to seat its robots again.
   */
  record Created(String name, TableSettings settings, DealSource source, String directorToken)
      implements TableEvent, TableShell.Opened {
    public Created {
      Require.nonNull("name settings source directorToken", name, settings, source, directorToken);
    }
  }

  /** Someone took a seat or came to watch; {@code requestId} makes a retried join safe. */
  record Joined(Role role, Optional<Seat> seat, String name, String token, boolean robot,
      String requestId) implements TableEvent, TableShell.Joined {
    public Joined {
      TableShell.Joined.check(role, seat, name, token, requestId);
    }
  }

  /**
   * The holder of a token left: the seat (a player's) is free, the token void; {@code reason}
   * says whether they left or the director replaced them.
   */
  record Left(String token, Optional<Seat> seat, LeaveReason reason)
      implements TableEvent, TableShell.Left {
    public Left {
      Require.nonNull("token seat reason", token, seat, reason);
    }

    /** The holder left of their own accord. */
    public Left(String token, Optional<Seat> seat) {
      this(token, seat, LeaveReason.LEFT);
    }
  }

  /** A seat's holder started or stopped watching the table. */
  record ConnectionChanged(Seat seat, boolean connected)
      implements TableEvent, TableShell.ConnectionChanged {
    // There are only eight; every table keeps its seats' latest, so they are shared.
    private static final ConnectionChanged[] ALL = new ConnectionChanged[2 * Seat.values().length];

    static {
      for (Seat s : Seat.values()) {
        ALL[2 * s.ordinal()] = new ConnectionChanged(s, false);
        ALL[2 * s.ordinal() + 1] = new ConnectionChanged(s, true);
      }
    }

    public ConnectionChanged {
      Objects.requireNonNull(seat, "seat");
    }

    /** The shared value for {@code seat} and {@code connected}. */
    public static ConnectionChanged of(Seat seat, boolean connected) {
      return ALL[2 * seat.ordinal() + (connected ? 1 : 0)];
    }
  }

  /** A board was dealt; its deal and salt are logged so that a restart never re-deals. */
  record BoardStarted(int number, Seat dealer, Vulnerability vulnerability, Deal deal, Salt salt)
      implements TableEvent {
    public BoardStarted {
      Require.nonNull("dealer vulnerability deal salt", dealer, vulnerability, deal, salt);
    }
  }

  /** An action accepted by the rules engine for the board in progress. */
  record Acted(BoardAction action) implements TableEvent {
    public Acted {
      Objects.requireNonNull(action, "action");
    }
  }

  /** A player asked to take back his latest call or card. */
  record UndoRequested(Seat seat) implements TableEvent {
    public UndoRequested {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /**
   * An answer to the open undo request: by an opponent, or by the director (no seat), or by
   * nobody when the director's time ran out (no seat, refused).
   */
  record UndoAnswered(Optional<Seat> by, boolean consent) implements TableEvent {
    public UndoAnswered {
      Objects.requireNonNull(by, "by");
    }
  }

  /** A player is ready for the next board. */
  record ReadyMarked(Seat seat) implements TableEvent, TableShell.ReadyMarked {
    public ReadyMarked {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /** The table closed: it has played its boards, or everyone left. */
  record Closed(String reason) implements TableEvent, TableShell.Closed {
    public Closed {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
