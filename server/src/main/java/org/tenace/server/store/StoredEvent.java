package org.tenace.server.store;

import org.tenace.bridge.check.Require;

/** One entry of a table's event log: its sequence number, when it was recorded, and its bytes. */
public record StoredEvent(String tableId, long seq, long recordedAt, byte[] payload) {
  public StoredEvent {
    Require.nonNull("tableId payload", tableId, payload);
    if (tableId.isEmpty() || tableId.length() > 64) {
      throw new IllegalArgumentException("table id of 1..64 characters: '" + tableId + "'");
    }
    if (payload.length > 65536) {
      throw new IllegalArgumentException("event of " + payload.length + " bytes, at most 65536");
    }
  }
}
