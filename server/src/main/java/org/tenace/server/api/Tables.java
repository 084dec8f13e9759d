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

  /** A table and its streams. */
  record Entry(Table table, TableHub hub) {}

  private final Map<String, Entry> byId = new ConcurrentHashMap<>();
  private final Map<String, String> requestIds = new ConcurrentHashMap<>();
  private final EventSink sink;
  private final InstantSource clock;
  private final AtomicLong nextId = new AtomicLong(1);

  Tables(EventSink sink, InstantSource clock) {
    this.sink = sink;
    this.clock = clock;
  }

  /** The sink that writes a table's events to the store, encoded. */
  static EventSink sinkFor(EventStore store, InstantSource clock) {
    return (id, seq, e) -> store.append(new StoredEvent(id, seq, clock.millis(),
        EventCodec.encode(e)));
  }

  /** Rebuilds every table the store holds. */
  void load(EventStore store) {
    for (Map.Entry<String, List<StoredEvent>> e : store.loadAll().entrySet()) {
      if (e.getKey().startsWith(SessionLog.PREFIX)) {
        continue; // a session's log, not a table's: the SessionDirector's
      }
      List<TableEvent> events = new ArrayList<>(e.getValue().size());
      for (StoredEvent s : e.getValue()) {
        events.add(EventCodec.decode(s.payload()));
      }
      Table t = Table.replay(e.getKey(), events, sink, clock);
      byId.put(t.id(), new Entry(t, new TableHub(t)));
      try {
        nextId.accumulateAndGet(Long.parseLong(t.id()) + 1, Math::max);
      } catch (NumberFormatException ignored) {
        // ids chosen elsewhere do not take part in numbering
      }
    }
    log.info("rebuilt {} table(s) from the store", byId.size());
  }

  /** Creates a table; a request id seen before returns the table it created. */
  synchronized Entry create(String name, TableSettings settings, DealSource source,
      String requestId) {
    if (!requestId.isEmpty() && requestIds.containsKey(requestId)) {
      return byId.get(requestIds.get(requestId));
    }
    String id = String.valueOf(nextId.getAndIncrement());
    Table t = Table.create(id, name, settings, source, sink, clock);
    Entry e = new Entry(t, new TableHub(t));
    byId.put(id, e);
    if (!requestId.isEmpty()) {
      requestIds.put(requestId, id);
    }
    return e;
  }

  Entry require(String id) {
    Entry e = byId.get(id);
    if (e == null) {
      throw new TableException(TableException.Reason.TABLE_NOT_FOUND,
          "no table '" + id + "'");
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
