package org.tenace.server.table;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.server.table.TableException.Reason;

/**
 * What every table is, whatever game it runs: its holders (seats, kibitzers, the director) and
 * their tokens, the request ids that make a retried join safe, its version and the version its
 * game last moved at, the log (an event is appended before it takes effect), its listeners, the
 * limits on names, and the single lock every command and reader takes. The game is the subclass:
 * a table of four-player bridge ({@link Table}) or of a two-player variant, each with its own
 * events {@code E} and listeners {@code L}; it supplies the hooks below (its events of the
 * shell's kinds, how it folds its own events, what it owes after an event) and its commands,
 * which run through {@link #once}, {@link #checkVersion} and {@link #commit}. Nothing here knows
 * a rule of any game.
 *
 * <p>The state is a fold over the events ({@link #replayLog}), so a table is rebuilt exactly from
 * its log. The lock is the table object's own and never leaves the table package: readers that
 * need a consistent view take it through {@link #atomically}.
 */
public abstract class TableShell<E, L> {
  private static final Logger log = LoggerFactory.getLogger(TableShell.class);
  private static final SecureRandom TOKENS = new SecureRandom();
  /** What a replaced player is told, on the stream they had and on any call after. */
  public static final String SEAT_REPLACED = "the director has seated a substitute in your place";

  /** Where a table stands. */
  public enum Status { WAITING, PLAYING, CLOSED }

  /**
   * Where a table's events go before they take effect: the durable log. When {@link #append}
   * returns the event is durable; if it throws, the table is unchanged.
   */
  @FunctionalInterface
  public interface Sink<E> {
    void append(String tableId, long seq, E event);
  }

  // The facts of a log that are the shell's: a game's events of these kinds implement them.

  /** The table was created (its first event), with its director's token. */
  public interface Opened {
    String name();

    String directorToken();
  }

  /** Someone took a seat or came to watch; {@code requestId} makes a retried join safe. */
  public interface Joined {
    Role role();

    Optional<Seat> seat();

    String name();

    String token();

    boolean robot();

    String requestId();

    /** What every game's Joined must hold: all of it (the seat may be empty: a kibitzer). */
    static void check(Role role, Optional<Seat> seat, String name, String token,
        String requestId) {
      Require.nonNull("role seat name token requestId", role, seat, name, token, requestId);
    }
  }

  /** The holder of a token left: the seat (a player's) is free, the token void. */
  public interface Left {
    String token();

    /** Why: the holder left, or the director replaced them. */
    LeaveReason reason();
  }

  /** A seat's holder started or stopped watching the table. */
  public interface ConnectionChanged {
    Seat seat();

    boolean connected();
  }

  /** A player is ready for the next board. */
  public interface ReadyMarked {
    Seat seat();
  }

  /** The table closed. */
  public interface Closed {
    String reason();
  }

  private final String id;
  private final Sink<E> sink;
  private final List<L> listeners = new CopyOnWriteArrayList<>();

  // Everything below is guarded by this.
  private String name = "";
  private final Holder[] seats = new Holder[4];
  private final boolean[] connected = new boolean[4];
  // The players ready for the next board, once the last is over.
  private final Set<Seat> ready = EnumSet.noneOf(Seat.class);
  private final Map<String, Holder> holders = new LinkedHashMap<>();
  // Both made on first use: a table whose players joined without request ids and have not acted
  // yet (thousands of tables waiting for play) keeps no empty maps.
  private Map<String, String> requests = Map.of();
  private Map<String, Accepted> lastAccepted = Map.of();
  // The tokens whose seat the director gave to a substitute, so that their holder, coming back,
  // is told so rather than that the token is unknown. Made on first use: replacements are rare.
  private Set<String> replaced = Set.of();
  private long version;
  private long gameVersion;
  private Status status = Status.WAITING;
  // Whether a new board may be dealt now: the server holds back a table nobody attends.
  private BooleanSupplier mayDeal = () -> true;

  protected TableShell(String id, Sink<E> sink) {
    this.id = Objects.requireNonNull(id, "id");
    this.sink = Objects.requireNonNull(sink, "sink");
  }

  // ------------------------------------------------------------------------------ the game

  /** The game's event of the shell's kind {@link Joined}. */
  protected abstract E joined(Role role, Optional<Seat> seat, String name, String token,
      boolean robot, String requestId);

  /** The game's event of the shell's kind {@link Left}. */
  protected abstract E left(String token, Optional<Seat> seat, LeaveReason reason);

  /** The game's event of the kind {@link ConnectionChanged}; empty when it keeps none. */
  protected abstract Optional<E> connectionChanged(Seat seat, boolean on);

  /** The game's event of the shell's kind {@link ReadyMarked}. */
  protected abstract E readyMarked(Seat seat);

  /** The game's event of the shell's kind {@link Closed}. */
  protected abstract E closed(String reason);

  /** The places players take, each with its own token. */
  protected abstract Collection<Seat> places();

  /** Whether the table admits kibitzers. */
  protected abstract boolean admitsKibitzers();

  /**
   * Folds {@code e} into the game, after the shell has folded its own part of it (holders,
   * connections, the table's closing).
   */
  protected abstract void applyToGame(E e);

  /**
   * Whether {@code e} moves the game: a command whose expected version is older than the last
   * such event is stale. Seats taken and left, connections and readiness do not.
   */
  protected abstract boolean movesGame(E e);

  /**
   * Whether the game owes its next board (or its end) now: the first once every place is taken,
   * the next once the players are ready.
   */
  protected abstract boolean boardDue();

  /** Whether the board due is a deal, not the table closing, its boards played. */
  protected abstract boolean dealsAnother();

  /** The event that starts the board due, or closes the table when it has played its boards. */
  protected abstract E nextBoard();

  /** Something else the log shows to be due (an undo granted); empty when nothing. */
  protected Optional<E> owed() {
    return Optional.empty();
  }

  /** Tells a listener of the game's kind what {@code e} did. */
  protected abstract void tell(L listener, long seq, E e);

  /** Refuses, in the game's words, a player's ready while no board is over. */
  protected abstract void requireBoardOver();

  /** Checks a seat a player asks to take (a game of fewer seats refuses the others). */
  protected void checkPlace(Seat seat) {
  }

  // ------------------------------------------------------------------------------ life

  /** Rebuilds the table from its log (those events are not appended again), then settles. */
  protected final void replayLog(List<? extends E> events) {
    for (E e : events) {
      apply(e);
      version++;
      if (movesGame(e)) {
        gameVersion = version;
      }
    }
    for (int i = 0; i < 4; i++) {
      connected[i] = false; // nobody is watching a table that has just been rebuilt
    }
    settle(version); // a crash may have fallen between an event and the one it makes due
  }

  /**
   * The board a table owes (the first once the places are taken, the next once all are ready) is
   * dealt only while {@code mayDeal} says so; it is asked under the table's lock, so it must not
   * block.
   */
  public synchronized void dealWhen(BooleanSupplier mayDeal) {
    this.mayDeal = Objects.requireNonNull(mayDeal, "mayDeal");
  }

  /** Deals the board held back by {@link #dealWhen}, if it may be now; returns the version. */
  public synchronized long resumeDealing() {
    return settle(version);
  }

  /** The director closes the table (CloseTable). Returns the version. */
  public synchronized long closeBy(String token) {
    if (holder(token).role() != Role.DIRECTOR) {
      throw new TableException(Reason.NOT_DIRECTOR, "only the table's director closes it");
    }
    return close("closed by the director");
  }

  /**
   * Closes the table for {@code reason} (its streams end with TableClosed); a closed table
   * stays so. Returns the version.
   */
  public synchronized long close(String reason) {
    return status == Status.CLOSED ? version : commit(closed(reason));
  }

  /**
   * Runs {@code work} as one step of the table's: no command is applied and no listener hears an
   * event meanwhile. For a consistent read of several facts (a snapshot), or for joining the
   * audience without missing an event. {@code work} must not block.
   */
  public synchronized <T> T atomically(Supplier<T> work) {
    return work.get();
  }

  /** {@link #atomically(Supplier)} for work that returns nothing. */
  public synchronized void atomically(Runnable work) {
    work.run();
  }

  public void addListener(L l) {
    listeners.add(l);
  }

  public void removeListener(L l) {
    listeners.remove(l);
  }

  // ------------------------------------------------------------------------------ seats

  /**
   * Takes a seat (role player) or comes to watch (kibitzer). A {@code requestId} seen before
   * returns the holder it made, so a retry after a lost response is safe.
   */
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
      checkPlace(s);
      if (seats[s.ordinal()] != null) {
        throw new TableException(Reason.SEAT_TAKEN,
            s.word() + " is taken by " + seats[s.ordinal()].name());
      }
    } else {
      if (seat.isPresent()) {
        throw new TableException(Reason.MALFORMED, "a kibitzer takes no seat", "seat");
      }
      if (!admitsKibitzers()) {
        throw new TableException(Reason.KIBITZING_NOT_ALLOWED, "this table admits no kibitzers");
      }
    }
    String token = newToken();
    settle(commit(joined(role, seat, name, token, robot, requestId)));
    return holders.get(token);
  }

  /** Gives up the token's seat (or stops watching); the token becomes void. */
  public void leave(String token) {
    leave(token, LeaveReason.LEFT);
  }

  /** The token's holder leaves its seat for {@code reason}; the token becomes void. */
  public synchronized void leave(String token, LeaveReason reason) {
    Holder h = holder(token);
    if (h.role() == Role.DIRECTOR) {
      throw new TableException(Reason.MALFORMED, "the director cannot leave the table", "token");
    }
    commit(left(token, h.seat(), reason));
  }

  /** A seat's holder started or stopped watching (kibitzers' connections are not logged). */
  public synchronized void setConnected(String token, boolean on) {
    Holder h = holders.get(token);
    if (h == null || h.seat().isEmpty() || status == Status.CLOSED) {
      return;
    }
    Seat s = h.seat().get();
    if (connected[s.ordinal()] != on) {
      connectionChanged(s, on).ifPresent(this::commit);
    }
  }

  // ------------------------------------------------------------------------------ between boards

  /**
   * The token's player is ready for the next board once the last is over; the next comes when
   * all are. Returns the version.
   */
  public synchronized long markReady(String token, long expected) {
    Seat me = player(token).seat().orElseThrow();
    String key = "ready " + expected;
    return once(token, key, expected, () -> {
      requireNotClosed();
      requireBoardOver();
      // Already ready: a retry after the store refused the board this ready made due.
      long v = settle(ready.contains(me) ? version : commit(readyMarked(me)));
      accepted(token, key, v);
      return v;
    });
  }

  // ------------------------------------------------------------------------------ queries

  public final String id() {
    return id;
  }

  public synchronized String name() {
    return name;
  }

  public synchronized Status status() {
    return status;
  }

  /** The sequence number of the table's latest event. */
  public synchronized long version() {
    return version;
  }

  public synchronized Optional<Holder> seat(Seat seat) {
    return Optional.ofNullable(seats[seat.ordinal()]);
  }

  public synchronized boolean connected(Seat seat) {
    return connected[seat.ordinal()];
  }

  /** The token's holder, or UNAUTHENTICATED. */
  public synchronized Holder holder(String token) {
    if (token.isEmpty()) {
      throw new TableException(Reason.TOKEN_MISSING,
          "send the token as the metadata 'authorization: Bearer <token>'");
    }
    Holder h = holders.get(token);
    if (h == null) {
      if (replaced.contains(token)) {
        throw new TableException(Reason.SEAT_REPLACED, SEAT_REPLACED);
      }
      throw new TableException(Reason.TOKEN_INVALID, "the token is not valid at this table");
    }
    return h;
  }

  public synchronized Optional<Holder> holderIfAny(String token) {
    return Optional.ofNullable(holders.get(token));
  }

  public synchronized List<Holder> holders() {
    return List.copyOf(holders.values());
  }

  public synchronized String directorToken() {
    return holders.values().stream().filter(h -> h.role() == Role.DIRECTOR).findFirst()
        .map(Holder::token).orElseThrow();
  }

  /** The players ready for the next board, in seat order. */
  public synchronized Set<Seat> ready() {
    return ready.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(ready));
  }

  public synchronized int kibitzers() {
    return (int) holders.values().stream().filter(h -> h.role() == Role.KIBITZER).count();
  }

  // ------------------------------------------------------------------------------ for the game

  /**
   * Commits what the table owes after what it has recorded: the next board once it is due (held
   * while {@link #dealWhen} says no), then whatever else the game owes. Each follows the event
   * that makes it due at once, and again when the table is rebuilt, since a crash may fall between
   * the two appends. Returns the version after them.
   */
  protected final long settle(long v) {
    while (status != Status.CLOSED) {
      Optional<E> next;
      if (boardDue()) {
        if (dealsAnother() && !mayDeal.getAsBoolean()) {
          break; // held: resumeDealing deals it
        }
        next = Optional.of(nextBoard());
      } else {
        next = owed();
      }
      if (next.isEmpty()) {
        break;
      }
      v = commit(next.get());
    }
    return v;
  }

  /** Appends to the log, then applies and tells the listeners: the log first, always. */
  protected final long commit(E e) {
    long seq = version + 1;
    sink.append(id, seq, e);
    apply(e);
    version = seq;
    if (movesGame(e)) {
      gameVersion = seq;
    }
    for (L l : listeners) {
      try {
        tell(l, seq, e);
      } catch (RuntimeException ex) {
        log.error("table {}: a listener failed on event {}", id, seq, ex);
      }
    }
    return seq;
  }

  /** The shell's part of the fold, then the game's. */
  final void apply(E e) {
    if (e instanceof Opened o) {
      name = o.name();
      holders.put(o.directorToken(),
          new Holder(o.directorToken(), Role.DIRECTOR, Optional.empty(), "", false));
    } else if (e instanceof Joined j) {
      Holder h = new Holder(j.token(), j.role(), j.seat(), j.name(), j.robot());
      holders.put(j.token(), h);
      j.seat().ifPresent(s -> seats[s.ordinal()] = h);
      if (!j.requestId().isEmpty()) {
        if (requests.isEmpty()) {
          requests = new HashMap<>();
        }
        requests.put(j.requestId(), j.token());
      }
    } else if (e instanceof Left l) {
      Holder h = holders.remove(l.token());
      if (l.reason() == LeaveReason.REPLACED) {
        if (replaced.isEmpty()) {
          replaced = new HashSet<>();
        }
        replaced.add(l.token());
      }
      if (!lastAccepted.isEmpty()) {
        lastAccepted.remove(l.token());
      }
      if (h != null && h.seat().isPresent()) {
        seats[h.seat().get().ordinal()] = null;
        connected[h.seat().get().ordinal()] = false;
      }
    } else if (e instanceof ConnectionChanged c) {
      connected[c.seat().ordinal()] = c.connected();
    } else if (e instanceof ReadyMarked r) {
      ready.add(r.seat());
    } else if (e instanceof Closed) {
      status = Status.CLOSED;
    }
    applyToGame(e);
  }

  /** The game has dealt: the table is playing, and nobody is ready for the next board yet. */
  protected final void playing() {
    status = Status.PLAYING;
    ready.clear();
  }

  /** The version at which the game last moved. */
  protected final long gameVersion() {
    return gameVersion;
  }

  /** Whether every place is taken. */
  protected final boolean isFull() {
    return places().stream().allMatch(s -> seats[s.ordinal()] != null);
  }

  /** Whether every place's player is ready for the next board. */
  protected final boolean allReady() {
    return ready.size() == places().size();
  }

  /** Records the token's last accepted command (the map is made on its first). */
  protected final void accepted(String token, String key, long version) {
    if (lastAccepted.isEmpty()) {
      lastAccepted = new HashMap<>();
    }
    lastAccepted.put(token, new Accepted(key, version));
  }

  /**
   * Runs a player's command once. A retry of the last command the token had accepted (the same
   * {@code key}, with a version) gets the version that one got; otherwise the version is checked
   * (a stale command is refused before any rule) and {@code command} runs.
   */
  protected final long once(String token, String key, long expected, LongSupplier command) {
    Accepted a = lastAccepted.get(token);
    if (expected != 0 && a != null && a.key().equals(key)) {
      return a.version();
    }
    checkVersion(expected);
    return command.getAsLong();
  }

  /** 0 skips the check; otherwise the command must not be older than the last game event. */
  protected final void checkVersion(long expected) {
    if (expected == 0) {
      return;
    }
    if (expected < 0 || expected > version) {
      throw new TableException(Reason.MALFORMED, "expected_version: expected 0 (no check) to "
          + version + ", the table's latest (it is " + expected + ")", "expected_version");
    }
    if (expected < gameVersion) {
      throw TableException.stale(version, expected);
    }
  }

  /** The token's holder, who must hold a seat. */
  protected final Holder player(String token) {
    Holder h = holder(token);
    if (h.role() != Role.PLAYER) {
      throw new TableException(Reason.NOT_YOUR_SEAT,
          "a " + h.role().name().toLowerCase() + " holds no seat");
    }
    return h;
  }

  protected final void requireNotClosed() {
    if (status == Status.CLOSED) {
      throw new TableException(Reason.TABLE_CLOSED, "the table is closed");
    }
  }

  protected static void requireText(String field, String value, int max) {
    requireText(field, value, max, false);
  }

  protected static void requireText(String field, String value, int max, boolean mayBeEmpty) {
    if (value == null || (!mayBeEmpty && value.isBlank()) || value.length() > max
        || value.chars().anyMatch(Character::isISOControl)) {
      throw new TableException(Reason.MALFORMED,
          field + " must be " + (mayBeEmpty ? "0" : "1") + " to " + max
              + " printable characters", field);
    }
  }

  /** A new token: 24 random bytes, base64url. */
  protected static String newToken() {
    byte[] b = new byte[24];
    TOKENS.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** The last command a token had accepted, so that its retry returns the same version. */
  private record Accepted(String key, long version) {}
}
