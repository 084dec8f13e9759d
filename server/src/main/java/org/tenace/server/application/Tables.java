package org.tenace.server.application;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.LeaseLostException;
import org.tenace.server.store.Ownership;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.EventSink;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Quote;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableSettings;
import org.tenace.server.table.TableShell;
import org.tenace.server.table.twoplayer.TwoPlayerCodec;
import org.tenace.server.table.twoplayer.TwoPlayerEvent;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * Every table the server runs, of every kind, with its audience: created here, found by id,
 * rebuilt from the store when the server starts. Each id names its table's kind (the game it
 * runs); what is the same for every kind is done here once: the limits on open tables, the
 * token check across tables (a token of one table used at another is told apart from a forged
 * one), the timed append to the store, the hold on dealing at a table nobody attends, and
 * closing idle tables.
 */
public final class Tables {
  private static final Logger log = LoggerFactory.getLogger(Tables.class);

  /** The kinds of table, each with its game and how its ids look. */
  public enum Kind {
    /** Four-player bridge: ids 1, 2, ... */
    FOUR_PLAYER(""),
    /** A two-player variant: ids h1, h2, ... */
    TWO_PLAYER("h");

    private final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }

    public String id(long n) {
      return prefix + n;
    }

    /** The kind of the table {@code id} names (four-player for ids chosen elsewhere). */
    public static Kind of(String id) {
      return id.length() > TWO_PLAYER.prefix.length() && id.startsWith(TWO_PLAYER.prefix)
          && id.substring(TWO_PLAYER.prefix.length()).chars().allMatch(Character::isDigit)
          ? TWO_PLAYER : FOUR_PLAYER;
    }

    /** The number in {@code id}, for the next id of the kind; empty when it has none. */
    public Optional<Long> number(String id) {
      try {
        return Optional.of(Long.parseLong(id.substring(prefix.length())));
      } catch (NumberFormatException ignored) {
        return Optional.empty(); // ids chosen elsewhere do not take part in numbering
      }
    }
  }

  /**
   * A table, its kind, its streams, who opened it since the server started (the per-client limit
   * counts these; null for a table rebuilt from the store) and when it last recorded something (a
   * connection coming or going does not count). Kept here rather than in maps by table id: a map's
   * node and a boxed time were about 80 bytes of every idle table.
   */
  public record Entry(Kind kind, TableShell<?, ?> shell, Audience audience, String openedBy,
      AtomicLong lastActive) {
    /** The four-player table; a table of another kind refuses what only four-player has. */
    public Table table() {
      if (shell instanceof Table t) {
        return t;
      }
      throw new TableException(TableException.Reason.MALFORMED, "table "
          + Quote.of(shell.id()) + " is a two-player table: it takes calls, cards and "
          + "readiness only", "table_id");
    }

    /** The two-player table; a table of another kind is refused. */
    public TwoPlayerTable twoPlayer() {
      if (shell instanceof TwoPlayerTable t) {
        return t;
      }
      throw new TableException(TableException.Reason.MALFORMED, "table "
          + Quote.of(shell.id()) + " is not a two-player table", "table_id");
    }
  }

  private final Map<String, Entry> byId = new ConcurrentHashMap<>();
  /**
   * The closed tables dropped from memory ({@link #evictClosed}): read again from the log when
   * asked for. Only these are: an unknown id costs no read of the log.
   */
  private final java.util.Set<String> evicted = ConcurrentHashMap.newKeySet();
  private final Map<String, String> requestIds = new ConcurrentHashMap<>();
  private final Map<Kind, AtomicLong> nextId = new EnumMap<>(Kind.class);
  private final EventSink sink;
  private final TwoPlayerTable.Sink twoPlayerSink;
  private final InstantSource clock;
  private final Function<TableShell<?, ?>, Audience> audiences;
  private final EventLog store;
  /** Told of each table taken over from another server (its robots sit down again). */
  private volatile java.util.function.Consumer<Entry> takenOver = e -> {};

  /** {@code audiences}: the transport's audience for each table, made as it is registered. */
  public Tables(EventLog store, InstantSource clock,
      Function<TableShell<?, ?>, Audience> audiences) {
    this.audiences = audiences;
    this.store = store;
    this.sink = fenced(sinkFor(store, clock, EventCodec::encode))::append;
    this.twoPlayerSink = fenced(sinkFor(store, clock, TwoPlayerCodec::encode))::append;
    this.clock = clock;
    for (Kind k : Kind.values()) {
      nextId.put(k, new AtomicLong(1));
    }
  }

  /**
   * The sink that writes a table's events to the store, encoded, timed (the append is where an
   * action waits for the disk; counted in Micrometer's global registry, which the server's
   * /metrics endpoint reads).
   */
  public static <E> TableShell.Sink<E> sinkFor(EventLog store, InstantSource clock,
      Function<E, byte[]> encode) {
    // Buckets from 10 us: H2's appends take a few, PostgreSQL's commits milliseconds, and the
    // bench reads both stores' latency from this histogram.
    Timer append = Timer.builder("tenace.journal.append").description("appending one table event")
        .publishPercentileHistogram().minimumExpectedValue(Duration.ofNanos(10_000))
        .register(Metrics.globalRegistry);
    return (id, seq, e) -> append.record(() -> store.append(new StoredEvent(id, seq,
        clock.millis(), encode.apply(e))));
  }

  /**
   * {@code sink}, and when another server has taken the table over (this one paused past its
   * lease, or was cut off): the table is dropped from this server, its streams end with
   * TABLE_MOVED, and the action is refused with it, unapplied.
   */
  private <E> TableShell.Sink<E> fenced(TableShell.Sink<E> sink) {
    return (id, seq, e) -> {
      try {
        sink.append(id, seq, e);
      } catch (LeaseLostException lost) {
        TableException moved = TableException.moved(id, lost.address());
        Entry gone = byId.remove(id);
        published.remove(id);
        if (gone != null) {
          log.warn("table {} was taken over by {}: dropped here", id,
              lost.address().isEmpty() ? "another server" : "the server at " + lost.address());
          gone.audience().moved(moved.getMessage());
        }
        throw moved;
      }
    };
  }

  /**
   * Table {@code id} was taken over by another server while this one was away (the log found
   * so): it is dropped here and its streams end with TABLE_MOVED to {@code address}.
   */
  public void lost(String id, String address) {
    Entry gone = byId.remove(id);
    published.remove(id);
    if (gone != null) {
      log.warn("table {} was taken over by {}: dropped here", id,
          address.isEmpty() ? "another server" : "the server at " + address);
      gone.audience().moved(TableException.moved(id, address).getMessage());
    }
  }

  /** Has {@code listener} told of each table this server takes over from another. */
  public void whenTakenOver(java.util.function.Consumer<Entry> listener) {
    this.takenOver = listener;
  }

  /** Rebuilds every table of the log read at start ({@code logs}), each by its kind. */
  public void load(Map<String, List<StoredEvent>> logs) {
    for (Map.Entry<String, List<StoredEvent>> e : logs.entrySet()) {
      String id = e.getKey();
      if (id.startsWith(SessionLog.PREFIX)) {
        continue; // a session's log, not a table's: the SessionDirector's
      }
      rebuild(id, e.getValue());
    }
    log.info("rebuilt {} table(s) from the store", byId.size());
  }

  /** Rebuilds table {@code id} from its events and registers it. */
  private Entry rebuild(String id, List<StoredEvent> stored) {
    Kind kind = Kind.of(id);
    Entry entry;
    if (kind == Kind.TWO_PLAYER) {
      List<TwoPlayerEvent> events = new ArrayList<>(stored.size());
      for (StoredEvent s : stored) {
        events.add(TwoPlayerCodec.decode(s.payload()));
      }
      entry = add(kind, TwoPlayerTable.replay(id, events, twoPlayerSink), null);
    } else {
      List<TableEvent> events = new ArrayList<>(stored.size());
      for (StoredEvent s : stored) {
        events.add(EventCodec.decode(s.payload()));
      }
      entry = add(kind, Table.replay(id, events, sink, clock), null);
    }
    kind.number(id).ifPresent(n -> nextId.get(kind).accumulateAndGet(n + 1, Math::max));
    return entry;
  }

  /**
   * A table this server does not hold, from a shared log: taken over when no live server owns
   * it (its owner stopped, or its lease expired), its events read after the takeover (so every
   * action the old owner acknowledged is there) and its robots seated again; TABLE_MOVED with
   * the owner's address when another server has it; TABLE_NOT_FOUND when nobody does.
   */
  private Entry takeOver(String id) {
    return takeOver(id, false);
  }

  /**
   * Table {@code id} here, for a session's director acting on it: taken from the server that
   * plays it if it is another's (alive or not), its players sent here at that server's next
   * heartbeat; empty when there is no such table. Only a table here on a log of this server's
   * own.
   */
  public Optional<Entry> pull(String id) {
    Entry here = byId.get(id);
    if (here != null || !store.shared()) {
      return Optional.ofNullable(here);
    }
    try {
      return Optional.of(takeOver(id, true));
    } catch (TableException e) {
      return Optional.empty();
    }
  }

  /** {@code seize}: from a live server too ({@link #pull}). */
  private Entry takeOver(String id, boolean seize) {
    Entry here = byId.get(id);
    if (here != null) {
      return here;
    }
    if (id.startsWith(SessionLog.PREFIX) || id.length() > 64) {
      throw notFound(id);
    }
    // One takeover of a table at a time, and tables each on their own: a takeover waits on the
    // database and replays the table, and a dead node's tables are taken several at once (its
    // clients' calls, the reaper's takers), none waiting for another's.
    CompletableFuture<Entry> mine = new CompletableFuture<>();
    CompletableFuture<Entry> running = taking.putIfAbsent(id, mine);
    if (running != null) {
      try {
        return running.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
    try {
      Entry entry = byId.get(id); // taken by a takeover that ended just now
      if (entry == null) {
        Ownership o = seize ? store.seize(id) : store.take(id);
        if (o instanceof Ownership.Elsewhere e) {
          throw TableException.moved(id, e.address());
        }
        List<StoredEvent> events = o instanceof Ownership.Mine ? store.load(id) : List.of();
        if (events.isEmpty()) {
          throw notFound(id);
        }
        entry = rebuild(id, events);
        log.info("table {} taken over at version {}", id, events.size());
        takenOver.accept(entry);
      }
      mine.complete(entry);
      return entry;
    } catch (RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      taking.remove(id, mine);
    }
  }

  /** The takeovers under way, by table id. */
  private final Map<String, CompletableFuture<Entry>> taking = new ConcurrentHashMap<>();

  /**
   * Takes over table {@code id}, which its server left (it died, or stopped), unasked: its robots
   * sit down again here and its timers run here, whether or not a client comes. False when it is
   * not a table (a session's log), or not to be had (another server took it first).
   */
  public boolean adopt(String id) {
    if (id.startsWith(SessionLog.PREFIX)) {
      return false;
    }
    try {
      takeOver(id);
      return true;
    } catch (TableException e) {
      return false;
    }
  }

  /**
   * Hands table {@code e}, new and not played yet, to the live server {@code node} (a session
   * spreads its tables over the servers): it is dropped here, and that server takes it up and
   * seats its robots. False when the log would not hand it over: it stays here, and its robots
   * (seated, not yet playing) start to play here, as after a takeover.
   */
  public synchronized boolean handOver(Entry e, String node) {
    String id = e.shell().id();
    boolean handed;
    try {
      handed = store.handOver(id, node);
    } catch (RuntimeException ex) {
      log.warn("table {} could not be handed to node {}: {}", id, node, ex.getMessage());
      handed = false;
    }
    if (!handed) {
      takenOver.accept(e);
      return false;
    }
    byId.remove(id);
    published.remove(id);
    e.audience().moved(TableException.moved(id, "").getMessage());
    return true;
  }

  private static TableException notFound(String id) {
    return new TableException(TableException.Reason.TABLE_NOT_FOUND, "no table " + Quote.of(id));
  }

  /**
   * Creates a four-player table for {@code client} within {@code limits}; a request id seen
   * before returns the table it created (a retry is not one more table).
   */
  public synchronized Entry create(String name, TableSettings settings, DealSource source,
      String requestId, String client, ServerLimits limits) {
    return create(Kind.FOUR_PLAYER, requestId, client, limits, id -> {
      Table t = Table.create(id, name, settings, source, sink, clock);
      // The table's number and settings only: never its deals (a hand in a log is a leak).
      log.info("table {} opened ({} mode, {} scoring)", id, settings.mode(), settings.scoring());
      return t;
    });
  }

  /** Creates a two-player table, as {@link #create(String, TableSettings, DealSource, ...)}. */
  public synchronized Entry create(String name, TwoPlayerSettings settings, String requestId,
      String client, ServerLimits limits) {
    return create(Kind.TWO_PLAYER, requestId, client, limits, id -> {
      TwoPlayerTable t = TwoPlayerTable.create(id, name, settings, twoPlayerSink);
      log.info("two-player table {} opened ({})", id, settings.rules().variant());
      return t;
    });
  }

  private Entry create(Kind kind, String requestId, String client, ServerLimits limits,
      Function<String, TableShell<?, ?>> make) {
    // Kept by kind: a retry is of the same request, which made a table of one kind.
    String request = kind + " " + requestId;
    if (!requestId.isEmpty() && requestIds.containsKey(request)) {
      return byId.get(requestIds.get(request));
    }
    long open = byId.values().stream().filter(Tables::isOpen).count();
    long openByClient = byId.values().stream()
        .filter(e -> isOpen(e) && client.equals(e.openedBy())).count();
    limits.checkRoom(open, openByClient);
    // On a shared log the number is the log's, so that no two servers give the same id.
    String id = kind.id(store.shared() ? store.nextNumber()
        : nextId.get(kind).getAndIncrement());
    if (store.shared() && !requestId.isEmpty()) {
      // Every server's requests are in the log: a retry on this server of a request another
      // made (its answer lost, the server dead) finds the table it made.
      String made = store.claim(request, id);
      if (!made.equals(id)) {
        return retried(kind, made, client, make);
      }
    }
    Entry e = add(kind, make.apply(id), client);
    if (!requestId.isEmpty()) {
      requestIds.put(request, id);
    }
    return e;
  }

  /**
   * The table request {@code id} made before, on this server or another: taken over from a dead
   * one, TABLE_MOVED to a live one (which answers the retry). When the server that claimed it
   * died before the table's first event, this server holds its lease now (the takeover raised
   * the epoch: the dead one can write nothing) and makes the table under that id.
   */
  private Entry retried(Kind kind, String id, String client,
      Function<String, TableShell<?, ?>> make) {
    Entry here = byId.get(id);
    if (here != null) {
      return here;
    }
    try {
      return takeOver(id);
    } catch (TableException e) {
      if (e.reason() != TableException.Reason.TABLE_NOT_FOUND
          || !(store.take(id) instanceof Ownership.Mine)) {
        throw e;
      }
    }
    return add(kind, make.apply(id), client);
  }

  /** Registers a table with its audience, and holds its dealing while nobody attends. */
  private Entry add(Kind kind, TableShell<?, ?> t, String openedBy) {
    AtomicLong lastActive = new AtomicLong(clock.millis());
    Audience audience = audiences.apply(t);
    if (t instanceof TwoPlayerTable two) {
      two.addListener((table, seq, e) -> {
        if (e instanceof TwoPlayerEvent.Closed c) {
          log.info("two-player table {} closed ({})", table.id(), c.reason());
        }
        lastActive.set(clock.millis());
      });
    } else {
      Table four = (Table) t;
      four.addListener((table, seq, e, happened, after) -> {
        if (e instanceof TableEvent.Closed c) {
          log.info("table {} closed ({})", table.id(), c.reason());
        }
        if (!(e instanceof TableEvent.ConnectionChanged)) {
          lastActive.set(clock.millis());
        }
      });
    }
    Entry entry = new Entry(kind, t, audience, openedBy, lastActive);
    // A session's table deals unattended on whichever server holds it: its session waits.
    boolean session = t instanceof Table four && SessionDirector.isSessionTable(four);
    t.dealWhen(() -> session || attended(entry));
    byId.put(t.id(), entry);
    return entry;
  }

  /** What this server last published of each table (a shared log's table list). */
  private final Map<String, byte[]> published = new ConcurrentHashMap<>();

  /**
   * On a shared log, publishes the listing of each table of this server's that changed since
   * it last did, so that every server's table list shows it (the server's timer, every second).
   * {@code listing}: the table as the transport lists it, taken under the table's lock.
   */
  public void publish(Function<Entry, byte[]> listing) {
    if (!store.shared()) {
      return;
    }
    List<org.tenace.server.store.Listing> changed = new ArrayList<>();
    for (Entry e : byId.values()) {
      byte[] info = e.shell().atomically(() -> listing.apply(e));
      byte[] last = published.get(e.shell().id());
      if (last == null || !java.util.Arrays.equals(last, info)) {
        changed.add(new org.tenace.server.store.Listing(e.shell().id(), info, isOpen(e)));
      }
    }
    store.publish(changed);
    for (org.tenace.server.store.Listing l : changed) {
      published.put(l.id(), l.info());
    }
    // The token index, for the other servers: the tokens given out since the last time. What
    // is remembered of it is rebuilt from the tables here and their holders now, so that a
    // holder gone (a kibitzer who left) or a table dropped (taken over) is forgotten with it.
    Map<String, String> tokens = new java.util.HashMap<>();
    Map<String, java.util.Set<String>> held = new java.util.HashMap<>();
    Map<String, java.util.Set<String>> before = publishedTokens;
    for (Entry e : byId.values()) {
      String id = e.shell().id();
      java.util.Set<String> had = before.getOrDefault(id, java.util.Set.of());
      java.util.Set<String> here = new java.util.HashSet<>();
      for (Holder h : e.shell().holders()) {
        if (!h.robot() && !h.token().isEmpty()) {
          here.add(h.token());
          if (!had.contains(h.token())) {
            tokens.put(h.token(), id);
          }
        }
      }
      if (!here.isEmpty()) {
        held.put(id, here);
      }
    }
    store.publishTokens(tokens);
    publishedTokens = held;
  }

  /**
   * The tokens this server has recorded in a shared log's token index, by table: those of the
   * tables it holds, of their holders now. Only the publishing timer writes it.
   */
  private volatile Map<String, java.util.Set<String>> publishedTokens = Map.of();

  /** How many tokens this server remembers having recorded in the token index. */
  public int tokensRemembered() {
    return publishedTokens.values().stream().mapToInt(java.util.Set::size).sum();
  }

  /**
   * The open tables other servers of a shared log play, as they last published them: each
   * listing as {@link #publish} took it (table id, listing).
   */
  public Map<String, byte[]> elsewhere() {
    Map<String, byte[]> out = new java.util.LinkedHashMap<>();
    if (!store.shared()) {
      return out;
    }
    for (org.tenace.server.store.Listing l : store.listings()) {
      // The sessions' listings share the list (SessionDirector.publish): not tables.
      if (!byId.containsKey(l.id()) && !l.id().startsWith(SessionLog.PREFIX)) {
        out.put(l.id(), l.info());
      }
    }
    return out;
  }

  /** Closes every open table that has recorded nothing for {@code timeout}. */
  public void closeIdle(java.time.Duration timeout) {
    long now = clock.millis();
    for (Entry e : byId.values()) {
      if (isOpen(e) && now - e.lastActive().get() >= timeout.toMillis()) {
        e.shell().close("idle for " + (timeout.toMinutes() > 0 ? timeout.toMinutes() + " min"
            : timeout.toSeconds() + " s"));
      }
    }
  }

  /**
   * Whether someone other than the server's robots is at the table: seated, or watching (the
   * director, a kibitzer). Robots alone would deal board after board for nobody, for ever (and
   * again after a restart), so such a table deals no new board until someone comes.
   */
  private static boolean attended(Entry e) {
    for (Holder h : e.shell().holders()) {
      if (!h.robot() && (h.seat().isPresent() || e.audience().watching(h.token()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isOpen(Entry e) {
    return e.shell().status() != TableShell.Status.CLOSED;
  }

  public Entry require(String id) {
    Entry e = byId.get(id);
    if (e == null) {
      if (store.shared()) {
        return takeOver(id);
      }
      if (evicted.contains(id)) {
        return reload(id);
      }
      throw notFound(id);
    }
    return e;
  }

  /**
   * Drops from memory every table closed for at least {@code grace} (by the last event it
   * recorded, its closing) that nobody watches any more: it changes no more, and its log still
   * answers for it, read again at its next use (its results, a watch of the finished table).
   * Returns how many were dropped.
   */
  public int evictClosed(java.time.Duration grace) {
    long now = clock.millis();
    int n = 0;
    for (Entry e : byId.values()) {
      if (!isOpen(e) && now - e.lastActive().get() >= grace.toMillis() && !watched(e)) {
        String id = e.shell().id();
        if (!store.shared()) {
          evicted.add(id); // before it leaves: a reader in between finds it one way or the other
        }
        if (byId.remove(id, e)) {
          n++;
        }
      }
    }
    if (n > 0) {
      log.debug("{} closed table(s) dropped from memory", n);
    }
    return n;
  }

  private static boolean watched(Entry e) {
    for (Holder h : e.shell().holders()) {
      if (e.audience().watching(h.token())) {
        return true;
      }
    }
    return false;
  }

  /** A closed table dropped from memory, read again from the log (a log of this server's own). */
  private synchronized Entry reload(String id) {
    Entry here = byId.get(id);
    if (here != null) {
      return here;
    }
    List<StoredEvent> events = store.load(id);
    if (events.isEmpty()) {
      throw notFound(id);
    }
    Entry entry = rebuild(id, events);
    log.debug("table {} read again from the store", id);
    return entry;
  }

  /**
   * Runs {@code command} at the table {@code id} names, for {@code token}: the table checks the
   * token itself, under its lock, as part of the command. Only when the command is refused are
   * the other tables asked whether the token is theirs, so that a token of another table is told
   * apart from one of none ({@link #checkToken}): the answer is what checking first would have
   * given, since a token the table does not hold is refused before anything changes.
   */
  public <T> T command(String id, String token, Function<Entry, T> command) {
    Entry e = require(id);
    try {
      return command.apply(e);
    } catch (RuntimeException refused) {
      checkToken(e, token);
      throw refused;
    }
  }

  /** A token's table: PERMISSION_DENIED when it belongs to another table. */
  public void checkToken(Entry at, String token) {
    if (token.isEmpty() || at.shell().holderIfAny(token).isPresent()) {
      return;
    }
    for (Entry e : byId.values()) {
      if (e != at && e.shell().holderIfAny(token).isPresent()) {
        throw new TableException(TableException.Reason.WRONG_TABLE,
            "the token belongs to another table");
      }
    }
    // A table of another server's, as the shared log's token index says.
    if (store.shared() && store.tableOfToken(token).filter(t -> !t.equals(at.shell().id()))
        .isPresent()) {
      throw new TableException(TableException.Reason.WRONG_TABLE,
          "the token belongs to another table");
    }
  }

  public Collection<Entry> all() {
    return byId.values();
  }

  /** The tables of one kind. */
  public List<Entry> all(Kind kind) {
    return byId.values().stream().filter(e -> e.kind() == kind).toList();
  }

  public Optional<Entry> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }
}
