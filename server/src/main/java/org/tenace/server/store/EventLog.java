package org.tenace.server.store;

import java.util.List;
import java.util.Map;

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

  /** Every entity's events, by id, each in sequence order: what the server starts from. */
  Map<String, List<StoredEvent>> loadAll();

  /** Makes everything appended so far as readable as it is durable (a copy, a backup). */
  void flush();

  @Override
  void close();
}
