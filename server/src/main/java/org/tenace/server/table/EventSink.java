package org.tenace.server.table;

/**
 * Where a table's events go before they take effect: the durable log. When {@link #append}
 * returns the event is durable; if it throws, the table is unchanged.
 */
@FunctionalInterface
public interface EventSink extends TableShell.Sink<TableEvent> {
  @Override
  void append(String tableId, long seq, TableEvent event);

  /** For tests and tools that need no durability. */
  EventSink NONE = (tableId, seq, event) -> { };
}
