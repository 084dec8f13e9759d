package org.tenace.server.table.twoplayer;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.scoring.card.Seat;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.engine.honeymoon.TwoPlayerTrick;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Limits;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableException.Reason;
import org.tenace.server.table.TableSettings;

/**
 * One two-player table: its two seats, the deal in progress and its log. Like {@link Table}, a
 * single writer: every command is checked by the rules, appended to the log, applied, and told to
 * the listeners, under the table's lock; its state is a fold over its events, so {@link #replay}
 * rebuilds it exactly (a server killed mid-deal comes back where it was).
 */
public final class TwoPlayerTable {
  private static final Logger log = LoggerFactory.getLogger(TwoPlayerTable.class);
  private static final SecureRandom TOKENS = new SecureRandom();

  /** Where a two-player table's events go before they take effect: the durable log. */
  @FunctionalInterface
  public interface Sink {
    void append(String tableId, long seq, TwoPlayerEvent event);

    Sink NONE = (id, seq, e) -> { };
  }

  /** Hears each event once it is logged and applied, under the table's lock. */
  @FunctionalInterface
  public interface Listener {
    void onEvent(TwoPlayerTable table, long seq, TwoPlayerEvent event);
  }

  private final String id;
  private final Sink sink;
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  // Guarded by this.
  private String name = "";
  private TwoPlayerSettings settings;
  private final Holder[] seats = new Holder[4];
  private final Map<String, Holder> holders = new LinkedHashMap<>();
  private final Map<String, String> requests = new HashMap<>();
  private long version;
  private Table.Status status = Table.Status.WAITING;
  private TwoPlayerState state;
  private int dealsCompleted;
  private int totalNorth;
  private int totalSouth;
  private final Set<Seat> ready = EnumSet.noneOf(Seat.class);

  private TwoPlayerTable(String id, Sink sink) {
    this.id = Objects.requireNonNull(id, "id");
    this.sink = Objects.requireNonNull(sink, "sink");
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
      for (TwoPlayerEvent e : events) {
        t.apply(e);
        t.version++;
      }
      t.settle();
    }
    return t;
  }

  public void addListener(Listener l) {
    listeners.add(l);
  }

  public void removeListener(Listener l) {
    listeners.remove(l);
  }

  /** Runs {@code work} as one step of the table's (a consistent read; it must not block). */
  public synchronized <T> T atomically(Supplier<T> work) {
    return work.get();
  }

  // ------------------------------------------------------------------------------ commands

  /** Takes North or South (player) or comes to watch; a seen {@code requestId} is a retry. */
  public synchronized Holder join(Role role, Optional<Seat> seat, String name, boolean robot,
      String requestId) {
    if (!requestId.isEmpty() && requests.containsKey(requestId)) {
      return holders.get(requests.get(requestId));
    }
    requireText("name", name, Limits.PLAYER_NAME);
    requireNotClosed();
    if (role == Role.DIRECTOR) {
      throw new TableException(Reason.MALFORMED, "the director's token comes with the table",
          "role");
    }
    if (role == Role.PLAYER) {
      Seat s = seat.orElseThrow(() ->
          new TableException(Reason.MALFORMED, "a player takes a seat", "seat"));
      if (!TwoPlayerRules.SEATS.contains(s)) {
        throw new TableException(Reason.MALFORMED,
            "a two-player table has North and South only", "seat");
      }
      if (seats[s.ordinal()] != null) {
        throw new TableException(Reason.SEAT_TAKEN,
            seatName(s) + " is taken by " + seats[s.ordinal()].name());
      }
    } else {
      if (seat.isPresent()) {
        throw new TableException(Reason.MALFORMED, "a kibitzer takes no seat", "seat");
      }
      if (settings.kibitz() == TableSettings.KibitzPolicy.NONE) {
        throw new TableException(Reason.KIBITZING_NOT_ALLOWED, "this table admits no kibitzers");
      }
    }
    String token = newToken();
    commit(new TwoPlayerEvent.Joined(role, seat, name, token, robot, requestId));
    settle();
    return holders.get(token);
  }

  public synchronized void leave(String token) {
    Holder h = holder(token);
    if (h.role() == Role.DIRECTOR) {
      throw new TableException(Reason.MALFORMED, "the director cannot leave the table", "token");
    }
    commit(new TwoPlayerEvent.Left(token));
  }

  /** A call or a card of the token's seat; returns the version it made. */
  public synchronized long act(String token, TwoPlayerAction action, long expected) {
    Holder h = player(token);
    if (h.seat().get() != action.seat()) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "you hold " + seatName(h.seat().get()) + ", not " + seatName(action.seat()));
    }
    checkVersion(expected);
    requireNotClosed();
    if (state == null) {
      throw new TableException(Reason.NO_BOARD, "the table waits for its two players");
    }
    state.apply(action); // refuses what the rules refuse, before anything is logged
    return commit(new TwoPlayerEvent.Acted(action));
  }

  /** The token's player is ready for the next deal; the deal comes when both are. */
  public synchronized long markReady(String token, long expected) {
    Holder h = player(token);
    checkVersion(expected);
    requireNotClosed();
    if (state == null || !state.isOver()) {
      throw new TableException(Reason.BOARD_NOT_COMPLETE, "the deal is not over");
    }
    if (ready.contains(h.seat().get())) {
      return version;
    }
    commit(new TwoPlayerEvent.ReadyMarked(h.seat().get()));
    return settle();
  }

  public synchronized long closeBy(String token) {
    if (holder(token).role() != Role.DIRECTOR) {
      throw new TableException(Reason.NOT_DIRECTOR, "only the table's director closes it");
    }
    return close("closed by the director");
  }

  public synchronized long close(String reason) {
    return status == Table.Status.CLOSED ? version : commit(new TwoPlayerEvent.Closed(reason));
  }

  // ------------------------------------------------------------------------------ queries

  public String id() {
    return id;
  }

  public synchronized String name() {
    return name;
  }

  public synchronized TwoPlayerSettings settings() {
    return settings;
  }

  public synchronized Table.Status status() {
    return status;
  }

  public synchronized long version() {
    return version;
  }

  public synchronized Optional<Holder> seat(Seat s) {
    return Optional.ofNullable(seats[s.ordinal()]);
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

  public synchronized Set<Seat> ready() {
    return ready.isEmpty() ? Set.of() : Set.copyOf(ready);
  }

  public synchronized List<Holder> holders() {
    return List.copyOf(holders.values());
  }

  public synchronized int kibitzers() {
    return (int) holders.values().stream().filter(h -> h.role() == Role.KIBITZER).count();
  }

  public synchronized String directorToken() {
    return holders.values().stream().filter(h -> h.role() == Role.DIRECTOR).findFirst()
        .map(Holder::token).orElseThrow();
  }

  public synchronized Optional<Holder> holderIfAny(String token) {
    return Optional.ofNullable(holders.get(token));
  }

  /** The token's holder, or UNAUTHENTICATED. */
  public synchronized Holder holder(String token) {
    if (token.isEmpty()) {
      throw new TableException(Reason.TOKEN_MISSING,
          "send the token as the metadata 'authorization: Bearer <token>'");
    }
    Holder h = holders.get(token);
    if (h == null) {
      throw new TableException(Reason.TOKEN_INVALID, "the token is not valid at this table");
    }
    return h;
  }

  /** A few words on what {@code e} did, for the update that tells it (no hidden card). */
  public static String describe(TwoPlayerEvent e, Optional<TwoPlayerState> after) {
    if (e instanceof TwoPlayerEvent.Joined j) {
      return j.seat().map(s -> j.name() + " sat " + seatName(s)).orElse(j.name() + " watches");
    } else if (e instanceof TwoPlayerEvent.Left) {
      return "a player left";
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      return "deal " + d.number() + " dealt by " + seatName(TwoPlayerState.dealerOf(d.number()));
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      if (a.action() instanceof TwoPlayerAction.Call c) {
        return seatName(c.seat()) + " " + (c.call() instanceof org.tenace.scoring.auction.Bid
            ? "bid " + c.call() : "passed");
      }
      TwoPlayerAction.Play p = (TwoPlayerAction.Play) a.action();
      String what = seatName(p.seat()) + " played " + p.card().symbol();
      Optional<TwoPlayerTrick> t = after.flatMap(TwoPlayerState::lastTrick);
      if (after.isPresent() && after.get().trick().isEmpty() && t.isPresent()) {
        what += "; " + seatName(t.get().winner()) + " won the trick";
        if (t.get().winnerTook().isPresent()) {
          what += ", took " + t.get().winnerTook().get().symbol() + "; "
              + seatName(t.get().loser()) + " drew a card";
        }
      }
      return what;
    } else if (e instanceof TwoPlayerEvent.ReadyMarked r) {
      return seatName(r.seat()) + " is ready";
    } else if (e instanceof TwoPlayerEvent.Closed c) {
      return "the table closed: " + c.reason();
    }
    return "the table opened";
  }

  // ------------------------------------------------------------------------------ internals

  /** Deals when both seats are taken and no deal runs, or both are ready after one. */
  private long settle() {
    if (status == Table.Status.CLOSED) {
      return version;
    }
    boolean full = TwoPlayerRules.SEATS.stream().allMatch(s -> seats[s.ordinal()] != null);
    boolean due = (state == null && full) || (state != null && state.isOver() && ready.size() == 2);
    if (!due) {
      return version;
    }
    int started = state == null ? 0 : state.number();
    if (settings.deals() > 0 && started >= settings.deals()) {
      return commit(new TwoPlayerEvent.Closed("played " + started + " deals"));
    }
    if (started >= TwoPlayerSettings.MAX_DEALS) {
      return commit(new TwoPlayerEvent.Closed("played " + started + " deals"));
    }
    int number = started + 1;
    Random random = settings.seed().isPresent()
        // Deal n depends on the seed and n alone, so a restart deals the same.
        ? new Random(settings.seed().getAsLong() ^ (number * 0x9E3779B97F4A7C15L))
        : new SecureRandom();
    return commit(new TwoPlayerEvent.DealStarted(number, TwoPlayerDeal.shuffle(random)));
  }

  private long commit(TwoPlayerEvent e) {
    long seq = version + 1;
    sink.append(id, seq, e);
    apply(e);
    version = seq;
    for (Listener l : listeners) {
      try {
        l.onEvent(this, seq, e);
      } catch (RuntimeException ex) {
        log.error("two-player table {}: a listener failed on event {}", id, seq, ex);
      }
    }
    return seq;
  }

  private void apply(TwoPlayerEvent e) {
    if (e instanceof TwoPlayerEvent.Created c) {
      name = c.name();
      settings = c.settings();
      holders.put(c.directorToken(),
          new Holder(c.directorToken(), Role.DIRECTOR, Optional.empty(), "", false));
    } else if (e instanceof TwoPlayerEvent.Joined j) {
      Holder h = new Holder(j.token(), j.role(), j.seat(), j.name(), j.robot());
      holders.put(j.token(), h);
      j.seat().ifPresent(s -> seats[s.ordinal()] = h);
      if (!j.requestId().isEmpty()) {
        requests.put(j.requestId(), j.token());
      }
    } else if (e instanceof TwoPlayerEvent.Left l) {
      Holder h = holders.remove(l.token());
      if (h != null && h.seat().isPresent()) {
        seats[h.seat().get().ordinal()] = null;
      }
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      state = TwoPlayerState.start(settings.rules(), d.number(), d.deal());
      ready.clear();
      status = Table.Status.PLAYING;
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      state = state.apply(a.action());
      if (state.isOver()) {
        dealsCompleted++;
        totalNorth += state.result().orElseThrow().northScore();
        totalSouth += state.result().get().southScore();
      }
    } else if (e instanceof TwoPlayerEvent.ReadyMarked r) {
      ready.add(r.seat());
    } else if (e instanceof TwoPlayerEvent.Closed) {
      status = Table.Status.CLOSED;
    }
  }

  private Holder player(String token) {
    Holder h = holder(token);
    if (h.role() != Role.PLAYER) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "a " + h.role().name().toLowerCase() + " holds no seat");
    }
    return h;
  }

  private void checkVersion(long expected) {
    if (expected == 0) {
      return;
    }
    if (expected < 0 || expected > version) {
      throw new TableException(Reason.MALFORMED, "expected_version: expected 0 (no check) to "
          + version + ", the table's latest (it is " + expected + ")", "expected_version");
    }
    if (expected < version) {
      throw TableException.stale(version, expected);
    }
  }

  private void requireNotClosed() {
    if (status == Table.Status.CLOSED) {
      throw new TableException(Reason.TABLE_CLOSED, "the table is closed");
    }
  }

  static String seatName(Seat s) {
    return s.name().charAt(0) + s.name().substring(1).toLowerCase();
  }

  private static void requireText(String field, String value, int max) {
    if (value == null || value.isBlank() || value.length() > max
        || value.chars().anyMatch(Character::isISOControl)) {
      throw new TableException(Reason.MALFORMED,
          field + " must be 1 to " + max + " printable characters", field);
    }
  }

  private static String newToken() {
    byte[] b = new byte[24];
    TOKENS.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}
