package org.tenace.server.store;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of one row of {@code table_event_batch}: several events of one table, in sequence
 * order, each {@code [long seq][long recordedAt][int length][payload]} (big-endian, as H2's own
 * {@code CAST(... AS VARBINARY)} writes numbers, so the V2 migration packs old rows in SQL). The
 * table id is the row's key, not repeated per event. One row per table and flush, not one per
 * event: H2's per-row insert (its B-tree, its undo log) was most of the writer's cost.
 */
final class PackedEvents {
  /** Bytes an event adds beside its payload. */
  static final int OVERHEAD = 8 + 8 + 4;
  /** A row is cut at about this size, so that no value grows without bound. */
  static final int ROW_BYTES = 256 << 10;

  private PackedEvents() {}

  /**
   * {@code events} (one table's, sorted by seq, no seq twice) packed into rows of at most
   * {@link #ROW_BYTES} (or one event, if larger).
   */
  static List<List<StoredEvent>> rows(List<StoredEvent> events) {
    List<List<StoredEvent>> rows = new ArrayList<>();
    List<StoredEvent> row = new ArrayList<>();
    int size = 0;
    for (StoredEvent e : events) {
      int n = OVERHEAD + e.payload().length;
      if (!row.isEmpty() && size + n > ROW_BYTES) {
        rows.add(row);
        row = new ArrayList<>();
        size = 0;
      }
      row.add(e);
      size += n;
    }
    if (!row.isEmpty()) {
      rows.add(row);
    }
    return rows;
  }

  static byte[] pack(List<StoredEvent> row) {
    int size = 0;
    for (StoredEvent e : row) {
      size += OVERHEAD + e.payload().length;
    }
    ByteBuffer b = ByteBuffer.allocate(size);
    for (StoredEvent e : row) {
      b.putLong(e.seq()).putLong(e.recordedAt()).putInt(e.payload().length).put(e.payload());
    }
    return b.array();
  }

  /** The events of a row of {@code tableId}, in the order they were packed. */
  static List<StoredEvent> unpack(String tableId, byte[] bytes) {
    List<StoredEvent> out = new ArrayList<>();
    ByteBuffer b = ByteBuffer.wrap(bytes);
    while (b.hasRemaining()) {
      if (b.remaining() < OVERHEAD) {
        throw new StoreException("a packed row of table " + tableId + " ends inside an event's "
            + "header, at byte " + b.position() + " of " + bytes.length, null);
      }
      long seq = b.getLong();
      long at = b.getLong();
      int length = b.getInt();
      if (length < 0 || length > b.remaining()) {
        throw new StoreException("a packed row of table " + tableId + " claims an event of "
            + length + " bytes at seq " + seq + ", with " + b.remaining() + " left", null);
      }
      byte[] payload = new byte[length];
      b.get(payload);
      out.add(new StoredEvent(tableId, seq, at, payload));
    }
    return out;
  }
}
