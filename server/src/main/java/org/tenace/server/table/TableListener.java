package org.tenace.server.table;

import java.util.List;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.DealState;

/**
 * Hears every event a table commits, in order, under the table's lock: so it must not block (a
 * listener hands messages to bounded buffers and returns). {@code happened} is what the event did
 * at the board (empty but for an action), {@code after} the board's state it left (null when no
 * board was in progress).
 */
public interface TableListener {
  void onEvent(Table table, long seq, TableEvent event, List<BoardEvent> happened,
      DealState after);
}
