package org.tenace.server.table;

import org.tenace.server.engine.DealState;

/**
 * Hears every event a table commits, in order, under the table's lock: so it must not block (a
 * listener hands messages to bounded buffers and returns). {@code before} and {@code after} are
 * the board's state around the event (null when no board was in progress).
 */
public interface TableListener {
  void onEvent(Table table, long seq, TableEvent event, DealState before, DealState after);
}
