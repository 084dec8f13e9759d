package org.tenace.server.api;

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.server.engine.Viewer;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.Quote;
import org.tenace.server.table.TableException;
import org.tenace.server.table.twoplayer.TwoPlayerCodec;
import org.tenace.server.table.twoplayer.TwoPlayerEvent;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * Every two-player table the server runs, with its streams. Their ids are {@code h1}, {@code h2},
 * ..., so that a request names its kind of table by its id alone and the four-player tables'
 * numbering is untouched; their logs live in the same store under those ids.
 */
final class TwoPlayerTables {
  private static final Logger log = LoggerFactory.getLogger(TwoPlayerTables.class);
  static final String PREFIX = "h";

  /** A table and its open streams, each with the viewer it is redacted for. */
  record Entry(TwoPlayerTable table, Map<Watcher, Viewer> watchers) {}

  private final Map<String, Entry> byId = new ConcurrentHashMap<>();
  private final Map<String, String> requestIds = new ConcurrentHashMap<>();
  /** Who opened each table since the server started (the per-client limit counts these). */
  private final Map<String, String> openedBy = new ConcurrentHashMap<>();
  /** When each table last recorded something, for the server's idle timeout. */
  private final Map<String, Long> lastActive = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);
  private final TwoPlayerTable.Sink sink;
  private final InstantSource clock;

  TwoPlayerTables(EventStore store, InstantSource clock) {
    this.clock = clock;
    this.sink = (id, seq, e) -> store.append(new StoredEvent(id, seq, clock.millis(),
            TwoPlayerCodec.encode(e)));
  }

  /** Whether {@code id} names a two-player table (whether or not it exists). */
  static boolean owns(String id) {
    return id.length() > PREFIX.length() && id.startsWith(PREFIX)
        && id.substring(PREFIX.length()).chars().allMatch(Character::isDigit);
  }

  /** Rebuilds every two-player table the store holds. */
  void load(Map<String, List<StoredEvent>> logs) {
    for (Map.Entry<String, List<StoredEvent>> e : logs.entrySet()) {
      if (!owns(e.getKey())) {
        continue;
      }
      List<TwoPlayerEvent> events = new ArrayList<>(e.getValue().size());
      for (StoredEvent s : e.getValue()) {
        events.add(TwoPlayerCodec.decode(s.payload()));
      }
      add(TwoPlayerTable.replay(e.getKey(), events, sink));
      nextId.accumulateAndGet(Long.parseLong(e.getKey().substring(PREFIX.length())) + 1,
          Math::max);
    }
    if (!byId.isEmpty()) {
      log.info("rebuilt {} two-player table(s) from the store", byId.size());
    }
  }

  /**
   * Creates a table for {@code client}; a request id seen before returns the table it made.
   * {@code otherOpen}: the server's open four-player tables, which count towards its limit.
   */
  synchronized Entry create(String name, TwoPlayerSettings settings, String requestId,
      String client, ServerLimits limits, long otherOpen) {
    if (!requestId.isEmpty() && requestIds.containsKey(requestId)) {
      return byId.get(requestIds.get(requestId));
    }
    limits.checkRoom(otherOpen + open(), openBy(client));
    String id = PREFIX + nextId.getAndIncrement();
    Entry e = add(TwoPlayerTable.create(id, name, settings, sink));
    log.info("two-player table {} opened ({})", id, settings.rules().variant());
    openedBy.put(id, client);
    if (!requestId.isEmpty()) {
      requestIds.put(requestId, id);
    }
    return e;
  }

  /** Sends each event to every stream, redacted for its viewer, in order, under the lock. */
  private Entry add(TwoPlayerTable t) {
    Entry entry = new Entry(t, new ConcurrentHashMap<>());
    lastActive.put(t.id(), clock.millis());
    t.addListener((table, seq, event) -> {
      lastActive.put(table.id(), clock.millis());
      long now = clock.millis();
      for (Map.Entry<Watcher, Viewer> w : entry.watchers().entrySet()) {
        w.getKey().send(TwoPlayerPresenter.update(table, seq, event, w.getValue(), now));
        if (event instanceof TwoPlayerEvent.Closed) {
          w.getKey().close(io.grpc.Status.Code.OK, "", "");
        }
      }
      if (event instanceof TwoPlayerEvent.Left l) {
        // The token is dead: its streams must not go on showing the seat's next holder's cards.
        closeStreams(entry, l.token(), io.grpc.Status.Code.UNAUTHENTICATED, "TOKEN_INVALID",
            "TOKEN_INVALID: you left the table");
      }
      if (event instanceof TwoPlayerEvent.Closed c) {
        log.info("two-player table {} closed ({})", table.id(), c.reason());
      }
    });
    byId.put(t.id(), entry);
    return entry;
  }

  /** Ends and forgets {@code entry}'s streams watching with {@code token}; under the lock. */
  static void closeStreams(Entry entry, String token, io.grpc.Status.Code code, String reason,
      String message) {
    for (Watcher w : List.copyOf(entry.watchers().keySet())) {
      if (w.holder.token().equals(token)) {
        w.close(code, reason, message);
        entry.watchers().remove(w);
      }
    }
  }

  /** Closes every open table that has recorded nothing for {@code timeout}, as Tables does. */
  void closeIdle(java.time.Duration timeout) {
    long now = clock.millis();
    for (Entry e : byId.values()) {
      Long last = lastActive.get(e.table().id());
      if (e.table().status() != org.tenace.server.table.Table.Status.CLOSED && last != null
          && now - last >= timeout.toMillis()) {
        e.table().close("idle for " + (timeout.toMinutes() > 0 ? timeout.toMinutes() + " min"
            : timeout.toSeconds() + " s"));
      }
    }
  }

  Entry require(String id) {
    Entry e = byId.get(id);
    if (e == null) {
      throw new TableException(TableException.Reason.TABLE_NOT_FOUND,
          "no table " + Quote.of(id));
    }
    return e;
  }

  Collection<Entry> all() {
    return byId.values();
  }

  /** Open tables {@code client} opened since the server started. */
  long openBy(String client) {
    return byId.values().stream()
        .filter(e -> e.table().status() != org.tenace.server.table.Table.Status.CLOSED
            && client.equals(openedBy.get(e.table().id()))).count();
  }

  long open() {
    return byId.values().stream()
        .filter(e -> e.table().status() != org.tenace.server.table.Table.Status.CLOSED).count();
  }
}
