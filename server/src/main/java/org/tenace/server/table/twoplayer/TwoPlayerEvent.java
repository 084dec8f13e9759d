package org.tenace.server.table.twoplayer;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.table.LeaveReason;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableShell;

/**
 * One entry of a two-player table's log; replaying them rebuilds the table exactly. Events hold
 * facts already checked: applying one never fails.
 */
public sealed interface TwoPlayerEvent {

  /** The table was created (its first event), with its director's token. */
  record Created(String name, TwoPlayerSettings settings, String directorToken)
      implements TwoPlayerEvent, TableShell.Opened {
    public Created {
      Require.nonNull("name settings directorToken", name, settings, directorToken);
    }
  }

  /** Someone took a seat or came to watch; {@code requestId} makes a retried join safe. */
  record Joined(Role role, Optional<Seat> seat, String name, String token, boolean robot,
      String requestId) implements TwoPlayerEvent, TableShell.Joined {
    public Joined {
      TableShell.Joined.check(role, seat, name, token, requestId);
    }
  }

  /** The holder of a token left, or the director replaced them ({@code reason}). */
  record Left(String token, LeaveReason reason) implements TwoPlayerEvent, TableShell.Left {
    public Left {
      Require.nonNull("token reason", token, reason);
    }

    /** The holder left of their own accord. */
    public Left(String token) {
      this(token, LeaveReason.LEFT);
    }
  }

  /** A deal was dealt, the stock's order with it, so that a restart never re-deals. */
  record DealStarted(int number, TwoPlayerDeal deal) implements TwoPlayerEvent {
    public DealStarted {
      Objects.requireNonNull(deal, "deal");
    }
  }

  /** A call or a card the rules accepted. */
  record Acted(TwoPlayerAction action) implements TwoPlayerEvent {
    public Acted {
      Objects.requireNonNull(action, "action");
    }
  }

  /** A player is ready for the next deal. */
  record ReadyMarked(Seat seat) implements TwoPlayerEvent, TableShell.ReadyMarked {
    public ReadyMarked {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /** The table closed. */
  record Closed(String reason) implements TwoPlayerEvent, TableShell.Closed {
    public Closed {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
