package org.tenace.server.api;

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.server.store.EventStore;
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

/**
 * Every table the server runs, with its audience: created here, found by id, rebuilt from the
 * store when the server starts. Tokens are looked up here across tables, so that a token of one
 * table used at another is told apart from a forged one.
 */
final class Tables {
  private static final Logger log = LoggerFactory.getLogger(Tables.class);

  /**
   * A table, its streams, who opened it since the server started (the per-client limit counts
   * these; null for a table rebuilt from the store) and when it last recorded something (a
   * connection coming or going does not count). Kept here rather than in maps by table id: a map's
   * node and a boxed time were about 80 bytes of every idle table.
   */
  record Entry(Table table, TableHub hub, String openedBy, AtomicLong lastActive) {}

  private final Map<String, Entry> byId = new ConcurrentHashMap<>();
  private final Map<String, String> requestIds = new ConcurrentHashMap<>();
  private final EventSink sink;
  private final InstantSource clock;
  private final AtomicLong nextId = new AtomicLong(1);

  Tables(EventSink sink, InstantSource clock) {
    this.sink = sink;
    this.clock = clock;
  }

  /**
   * The sink that writes a table's events to the store, encoded, timed (the append is where an
   * action waits for the disk; see {@link ServerMetrics}).
   */
  static EventSink sinkFor(EventStore store, InstantSource clock) {
    io.micrometer.core.instrument.Timer append = ServerMetrics.journalAppend();
    return (id, seq, e) -> append.record(() -> store.append(new StoredEvent(id, seq,
        clock.millis(), EventCodec.encode(e))));
  }

  /** Rebuilds every table the store holds. */
  void load(EventStore store) {
    for (Map.Entry<String, List<StoredEvent>> e : store.loadAll().entrySet()) {
      if (e.getKey().startsWith(SessionLog.PREFIX)) {
        continue; // a session's log, not a table's: the SessionDirector's
      }
      if (TwoPlayerTables.owns(e.getKey())) {
        continue; // a two-player table's log: TwoPlayerTables'
      }
      List<TableEvent> events = new ArrayList<>(e.getValue().size());
      for (StoredEvent s : e.getValue()) {
        events.add(EventCodec.decode(s.payload()));
      }
      Table t = Table.replay(e.getKey(), events, sink, clock);
      AtomicLong lastActive = track(t);
      Entry entry = new Entry(t, new TableHub(t), null, lastActive);
      t.dealWhen(() -> attended(entry));
      byId.put(t.id(), entry);
      try {
        nextId.accumulateAndGet(Long.parseLong(t.id()) + 1, Math::max);
      } catch (NumberFormatException ignored) {
        // ids chosen elsewhere do not take part in numbering
      }
    }
    log.info("rebuilt {} table(s) from the store", byId.size());
  }

  /**
   * Creates a table for {@code client} within {@code limits}; a request id seen before returns
   * the table it created (a retry is not one more table).
   */
  synchronized Entry create(String name, TableSettings settings, DealSource source,
      String requestId, String client, ServerLimits limits) {
    if (!requestId.isEmpty() && requestIds.containsKey(requestId)) {
      return byId.get(requestIds.get(requestId));
    }
    long open = byId.values().stream().filter(Tables::isOpen).count();
    long openByClient = byId.values().stream()
        .filter(e -> isOpen(e) && client.equals(e.openedBy())).count();
    limits.checkRoom(open, openByClient);
    String id = String.valueOf(nextId.getAndIncrement());
    Table t = Table.create(id, name, settings, source, sink, clock);
    AtomicLong lastActive = track(t);
    // The table's number and settings only: never its deals (a hand in a log is a leak).
    log.info("table {} opened ({} mode, {} scoring)", id, settings.mode(), settings.scoring());
    Entry e = new Entry(t, new TableHub(t), client, lastActive);
    t.dealWhen(() -> attended(e));
    byId.put(id, e);
    if (!requestId.isEmpty()) {
      requestIds.put(requestId, id);
    }
    return e;
  }

  /** Logs the table's closing and keeps when it was last active, in the value it returns. */
  private AtomicLong track(Table t) {
    AtomicLong lastActive = new AtomicLong(clock.millis());
    t.addListener((table, seq, e, happened, after) -> {
      if (e instanceof TableEvent.Closed c) {
        log.info("table {} closed ({})", table.id(), c.reason());
      }
      if (!(e instanceof TableEvent.ConnectionChanged)) {
        lastActive.set(clock.millis());
      }
    });
    return lastActive;
  }

  /** Closes every open table that has recorded nothing for {@code timeout}. */
  void closeIdle(java.time.Duration timeout) {
    long now = clock.millis();
    for (Entry e : byId.values()) {
      if (isOpen(e) && now - e.lastActive().get() >= timeout.toMillis()) {
        e.table().close("idle for " + (timeout.toMinutes() > 0 ? timeout.toMinutes() + " min"
            : timeout.toSeconds() + " s"));
      }
    }
  }

  /**
   * Whether someone other than the server's robots is at the table: seated, or watching (the
   * director, a kibitzer). Four robots alone would deal board after board for nobody, for ever
   * (and again after a restart), so such a table deals no new board until someone comes.
   */
  private static boolean attended(Entry e) {
    for (Holder h : e.table().holders()) {
      if (!h.robot() && (h.seat().isPresent() || e.hub().watching(h.token()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isOpen(Entry e) {
    return e.table().status() != Table.Status.CLOSED;
  }

  Entry require(String id) {
    Entry e = byId.get(id);
    if (e == null) {
      throw new TableException(TableException.Reason.TABLE_NOT_FOUND,
          "no table " + Quote.of(id));
    }
    return e;
  }

  /** A token's table: PERMISSION_DENIED when it belongs to another table. */
  void checkToken(Entry at, String token) {
    if (token.isEmpty() || at.table().holderIfAny(token).isPresent()) {
      return;
    }
    for (Entry e : byId.values()) {
      if (e != at && e.table().holderIfAny(token).isPresent()) {
        throw new TableException(TableException.Reason.WRONG_TABLE,
            "the token belongs to another table");
      }
    }
  }

  Collection<Entry> all() {
    return byId.values();
  }

  Optional<Entry> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }
}
