package org.tenace.server.table.twoplayer;

import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.engine.honeymoon.TwoPlayerTrick;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Limits;
import org.tenace.server.table.LeaveReason;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableException.Reason;
import org.tenace.server.table.TableSettings;
import org.tenace.server.table.TableShell;

/**
 * A table of a two-player variant: the game the {@link TableShell} (seats, tokens, versions, the
 * log, the lock) runs here is {@link TwoPlayerState}, North and South only. Every command is
 * checked by the rules, appended to the log, applied, and told to the listeners, under the
 * table's lock; its state is a fold over its events, so {@link #replay} rebuilds it exactly (a
 * server killed mid-deal comes back where it was).
 */
public final class TwoPlayerTable extends TableShell<TwoPlayerEvent, TwoPlayerTable.Listener> {
  /** Where a two-player table's events go before they take effect: the durable log. */
  @FunctionalInterface
  public interface Sink extends TableShell.Sink<TwoPlayerEvent> {
    @Override
    void append(String tableId, long seq, TwoPlayerEvent event);

    Sink NONE = (id, seq, e) -> { };
  }

  /** Hears each event once it is logged and applied, under the table's lock. */
  @FunctionalInterface
  public interface Listener {
    void onEvent(TwoPlayerTable table, long seq, TwoPlayerEvent event);
  }

  // Guarded by this.
  private TwoPlayerSettings settings;
  private TwoPlayerState state;
  private int dealsCompleted;
  private int totalNorth;
  private int totalSouth;

  private TwoPlayerTable(String id, Sink sink) {
    super(id, sink);
  }

  public static TwoPlayerTable create(String id, String name, TwoPlayerSettings settings,
      Sink sink) {
    requireText("name", name, Limits.TABLE_NAME);
    TwoPlayerTable t = new TwoPlayerTable(id, sink);
    synchronized (t) {
      t.commit(new TwoPlayerEvent.Created(name, settings, newToken()));
    }
    return t;
  }

  /** Rebuilds a table from its log, then commits what the log shows to be due (a deal). */
  public static TwoPlayerTable replay(String id, List<TwoPlayerEvent> events, Sink sink) {
    TwoPlayerTable t = new TwoPlayerTable(id, sink);
    synchronized (t) {
      t.replayLog(events);
    }
    return t;
  }

  // ------------------------------------------------------------------------------ commands

  /** A call or a card of the token's seat; returns the version it made. */
  public synchronized long act(String token, TwoPlayerAction action, long expected) {
    Holder h = player(token);
    if (h.seat().get() != action.seat()) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "you hold " + h.seat().get().word() + ", not " + action.seat().word());
    }
    checkVersion(expected);
    requireNotClosed();
    if (state == null) {
      throw new TableException(Reason.NO_BOARD, "the table waits for its two players");
    }
    state.apply(action); // refuses what the rules refuse, before anything is logged
    return commit(new TwoPlayerEvent.Acted(action));
  }

  // ------------------------------------------------------------------------------ queries

  public synchronized TwoPlayerSettings settings() {
    return settings;
  }

  public synchronized Optional<TwoPlayerState> deal() {
    return Optional.ofNullable(state);
  }

  public synchronized int dealsCompleted() {
    return dealsCompleted;
  }

  /** A player's total score over the deals completed. */
  public synchronized int total(Seat s) {
    return s == Seat.NORTH ? totalNorth : totalSouth;
  }

  /** A few words on what {@code e} did, for the update that tells it (no hidden card). */
  public static String describe(TwoPlayerEvent e, Optional<TwoPlayerState> after) {
    if (e instanceof TwoPlayerEvent.Joined j) {
      return j.seat().map(s -> j.name() + " sat " + s.word()).orElse(j.name() + " watches");
    } else if (e instanceof TwoPlayerEvent.Left) {
      return "a player left";
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      return "deal " + d.number() + " dealt by " + TwoPlayerState.dealerOf(d.number()).word();
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      if (a.action() instanceof TwoPlayerAction.Call c) {
        return c.seat().word() + " " + (c.call() instanceof org.tenace.bridge.auction.Bid
            ? "bid " + c.call() : "passed");
      }
      TwoPlayerAction.Play p = (TwoPlayerAction.Play) a.action();
      String what = p.seat().word() + " played " + p.card().symbol();
      Optional<TwoPlayerTrick> t = after.flatMap(TwoPlayerState::lastTrick);
      if (after.isPresent() && after.get().trick().isEmpty() && t.isPresent()) {
        what += "; " + t.get().winner().word() + " won the trick";
        if (t.get().winnerTook().isPresent()) {
          what += ", took " + t.get().winnerTook().get().symbol() + "; "
              + t.get().loser().word() + " drew a card";
        }
      }
      return what;
    } else if (e instanceof TwoPlayerEvent.ReadyMarked r) {
      return r.seat().word() + " is ready";
    } else if (e instanceof TwoPlayerEvent.Closed c) {
      return "the table closed: " + c.reason();
    }
    return "the table opened";
  }

  // ------------------------------------------------------------------------------ the game

  @Override
  protected TwoPlayerEvent joined(Role role, Optional<Seat> seat, String name, String token,
      boolean robot, String requestId) {
    return new TwoPlayerEvent.Joined(role, seat, name, token, robot, requestId);
  }

  @Override
  protected TwoPlayerEvent left(String token, Optional<Seat> seat, LeaveReason reason) {
    return new TwoPlayerEvent.Left(token, reason);
  }

  /** A two-player table does not log its players' connections. */
  @Override
  protected Optional<TwoPlayerEvent> connectionChanged(Seat seat, boolean on) {
    return Optional.empty();
  }

  @Override
  protected TwoPlayerEvent readyMarked(Seat seat) {
    return new TwoPlayerEvent.ReadyMarked(seat);
  }

  /** The deal is over: the players may get ready for the next. */
  @Override
  protected void requireBoardOver() {
    if (state == null || !state.isOver()) {
      throw new TableException(Reason.BOARD_NOT_COMPLETE, "the deal is not over");
    }
  }

  @Override
  protected TwoPlayerEvent closed(String reason) {
    return new TwoPlayerEvent.Closed(reason);
  }

  @Override
  protected List<Seat> places() {
    return TwoPlayerRules.SEATS;
  }

  @Override
  protected void checkPlace(Seat seat) {
    if (!TwoPlayerRules.SEATS.contains(seat)) {
      throw new TableException(Reason.MALFORMED,
          "a two-player table has North and South only", "seat");
    }
  }

  @Override
  protected boolean admitsKibitzers() {
    return settings.kibitz() != TableSettings.KibitzPolicy.NONE;
  }

  /** Every event of a two-player table moves its game: a command must know the latest. */
  @Override
  protected boolean movesGame(TwoPlayerEvent e) {
    return true;
  }

  /** A deal when both seats are taken and no deal runs, or both are ready after one. */
  @Override
  protected boolean boardDue() {
    return (state == null && isFull()) || (state != null && state.isOver() && allReady());
  }

  @Override
  protected boolean dealsAnother() {
    int started = started();
    return !(settings.deals() > 0 && started >= settings.deals())
        && started < TwoPlayerSettings.MAX_DEALS;
  }

  @Override
  protected TwoPlayerEvent nextBoard() {
    int started = started();
    if (!dealsAnother()) {
      return new TwoPlayerEvent.Closed("played " + started + " deals");
    }
    int number = started + 1;
    Random random = settings.seed().isPresent()
        // Deal n depends on the seed and n alone, so a restart deals the same.
        ? new Random(settings.seed().getAsLong() ^ (number * 0x9E3779B97F4A7C15L))
        : new SecureRandom();
    return new TwoPlayerEvent.DealStarted(number, TwoPlayerDeal.shuffle(random));
  }

  private int started() {
    return state == null ? 0 : state.number();
  }

  @Override
  protected void tell(Listener l, long seq, TwoPlayerEvent e) {
    l.onEvent(this, seq, e);
  }

  @Override
  protected void applyToGame(TwoPlayerEvent e) {
    if (e instanceof TwoPlayerEvent.Created c) {
      settings = c.settings();
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      state = TwoPlayerState.start(settings.rules(), d.number(), d.deal());
      playing();
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      state = state.apply(a.action());
      if (state.isOver()) {
        dealsCompleted++;
        totalNorth += state.result().orElseThrow().northScore();
        totalSouth += state.result().get().southScore();
      }
    }
  }
}
