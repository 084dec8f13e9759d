package org.tenace.server.store;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where tables and sessions keep their events: each entity's log (a table's id, or a session's
 * with {@code session:} before it) is a sequence of events numbered from 1. The server reads the
 * whole log once when it starts and appends to it afterwards; the rules never see how it is kept.
 * {@link EventStore} keeps it in H2.
 */
public interface EventLog extends AutoCloseable {

  /**
   * Appends one event. When this returns the event survives a kill of the process (an action is
   * acknowledged only after); when it throws a {@link StoreException} the event is not in the log,
   * and a later append may succeed.
   */
  void append(StoredEvent e);

  /** One entity's events in sequence order; none for an id the log does not hold. */
  List<StoredEvent> load(String id);

  /** The ids of every entity the log holds events of. */
  Set<String> list();

  /**
   * Every entity's events, by id, each in sequence order: what the server starts from, read
   * once. An implementation that can read everything in one pass does so.
   */
  default Map<String, List<StoredEvent>> loadAll() {
    Map<String, List<StoredEvent>> out = new LinkedHashMap<>();
    for (String id : list()) {
      out.put(id, load(id));
    }
    return out;
  }

  /**
   * Whether other servers share this log (PostgreSQL): each entity is then owned by one of them
   * at a time ({@link #take}), and ids are numbered by the log ({@link #nextNumber}). A log of
   * one server's own (H2) holds everything it reads at start, and numbers nothing.
   */
  default boolean shared() {
    return false;
  }

  /**
   * For a shared log, takes {@code id} for this server unless a live one owns it (then says
   * where), or says that no such entity exists; a log of one server's own owns all it holds.
   */
  default Ownership take(String id) {
    return list().contains(id) ? new Ownership.Mine(0) : new Ownership.Unknown();
  }

  /**
   * For a shared log, takes {@code id} for this server even from a live server (a session's
   * director acts on a table another server plays): the epoch goes up by one, so that the other
   * appends nothing more to it and lets it go at its next heartbeat; as {@link #take} otherwise.
   */
  default Ownership seize(String id) {
    return take(id);
  }

  /** For a shared log, a number no server has had before, for a new entity's id. */
  default long nextNumber() {
    throw new UnsupportedOperationException("this log numbers nothing: the server does");
  }

  /**
   * For a shared log, records how the tables this server owns look in a table list, for the
   * other servers to list them; nothing for a log of one server's own.
   */
  default void publish(List<Listing> listings) {}

  /**
   * For a shared log, records that request {@code key} makes entity {@code id}, leasing {@code
   * id} to this server in the same transaction, and returns {@code id}; or, when a server has
   * recorded {@code key} before (a retried request), returns the id recorded then and records
   * nothing. A log of one server's own records nothing: the server remembers its requests.
   */
  default String claim(String key, String id) {
    return id;
  }

  /**
   * For a shared log, records which table each token belongs to ({@code tokens}: token, table
   * id), for every server to tell a token of another server's table from a forged one.
   */
  default void publishTokens(Map<String, String> tokens) {}

  /** For a shared log, the table a token belongs to, as {@link #publishTokens} recorded it. */
  default java.util.Optional<String> tableOfToken(String token) {
    return java.util.Optional.empty();
  }

  /** For a shared log, the open tables' listings every server published; else none. */
  default List<Listing> listings() {
    return List.of();
  }

  /**
   * For a shared log, has {@code adopt} told of each entity another server left (it died, or
   * stopped and handed it back), for this server to take it over without waiting to be asked;
   * {@code adopt} answers whether it took it. Nothing for a log of one server's own.
   */
  default void whenOrphaned(java.util.function.Predicate<String> adopt) {}

  /**
   * One entity's events after sequence {@code after}, in order: what a follower of that entity
   * has not read yet (a session following its tables on other servers through the log).
   */
  default List<StoredEvent> loadAfter(String id, long after) {
    return load(id).stream().filter(e -> e.seq() > after).toList();
  }

  /** For a shared log, this server's node id among those sharing it; empty for a log of its own. */
  default String nodeId() {
    return "";
  }

  /**
   * For a shared log, the ids of the live servers that share it (this one included), in a
   * stable order; none for a log of one server's own.
   */
  default List<String> liveNodes() {
    return List.of();
  }

  /**
   * For a shared log, hands entity {@code id}, which this server owns, to the live server
   * {@code node}: its lease is that server's from now on (it takes the entity up, unasked, at
   * its next look for orphans), and this server appends nothing more to it. False when it could
   * not be handed (it is not this server's, or that server is not alive): it stays here.
   */
  default boolean handOver(String id, String node) {
    return false;
  }

  /**
   * For a shared log, has {@code lost} told of each entity this server held and found another
   * had taken over (its heartbeats were broken: a pause, a partition), with the new owner's
   * address (empty when unknown), for the server to drop it and send its clients on. Nothing
   * for a log of one server's own.
   */
  default void whenLost(java.util.function.BiConsumer<String, String> lost) {}

  /** Makes everything appended so far as readable as it is durable (a copy, a backup). */
  void flush();

  @Override
  void close();
}
