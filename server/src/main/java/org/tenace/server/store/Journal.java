package org.tenace.server.store;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write-ahead journal: the durable path of an accepted action. An append is one {@code write}
 * into the page cache (about 1 µs here), which survives the death of the process; the database
 * commit that follows later in batches does not have to be waited for.
 *
 * <p>With {@code sync}, an append also waits until the record is on the disk ({@code fsync}), so
 * that it survives a power cut too; appends that arrive while one waits share the next force
 * (group commit), so the cost is one force per batch of concurrent actions, not one per action.
 *
 * <p>Files {@code journal-NNNNNNNNNN.log} in one folder, each a run of records {@code [int length]
 * [int crc32c] [body]}, body = {@code [utf table id][long seq][long recordedAt][payload]}. A record
 * cut short by a crash in mid-write was never acknowledged; recovery drops it and what follows.
 */
final class Journal implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Journal.class);
  private static final int HEADER = 8;

  private final Path dir;
  private final UnaryOperator<FileChannel> wrap;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(HEADER + 2 + 64 * 3 + 16 + 65536);
  private final CRC32C crc = new CRC32C();
  private FileChannel channel;
  private long segment;
  /** A write failed, perhaps in mid-record: the next append starts a new segment. */
  private boolean torn;
  private final boolean sync;
  /** Bytes appended since opening, guarded by this; and how many of them are forced to disk. */
  private long written;
  private final Object forceLock = new Object();
  private long forced;

  private Journal(Path dir, long segment, UnaryOperator<FileChannel> wrap, boolean sync)
      throws IOException {
    this.dir = dir;
    this.segment = segment;
    this.wrap = wrap;
    this.sync = sync;
    this.channel = open(segment);
  }

  /** Reads what the folder holds (see {@link #recover}), then starts a new segment for appends. */
  static Journal open(Path dir) {
    return open(dir, UnaryOperator.identity(), false);
  }

  /**
   * As {@link #open(Path)}, each segment's channel passed through {@code wrap} (tests: faults),
   * forcing each append to disk when {@code sync}.
   */
  static Journal open(Path dir, UnaryOperator<FileChannel> wrap, boolean sync) {
    try {
      Files.createDirectories(dir);
      List<Long> segments = segments(dir);
      long next = segments.isEmpty() ? 1 : segments.get(segments.size() - 1) + 1;
      return new Journal(dir, next, wrap, sync);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the journal in " + dir, e);
    }
  }

  /**
   * Every intact record in the folder, oldest first. A torn record at the end of a segment (a
   * crash in mid-write) ends that segment's reading; the file is cut back to its last whole record.
   */
  static List<StoredEvent> recover(Path dir) {
    List<StoredEvent> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try {
      for (long s : segments(dir)) {
        Path file = file(dir, s);
        long good = read(file, out);
        if (good < Files.size(file)) {
          log.warn("journal {}: dropped a torn record at byte {} (written during a crash, never "
              + "acknowledged)", file.getFileName(), good);
          try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(good);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the journal in " + dir, e);
    }
    return out;
  }

  /**
   * Appends one record; when this returns, the record survives a kill of the process. A failed
   * write is a {@link StoreException}, and the record was not appended: what part of it reached the
   * file is torn, so the next append starts a new segment, and recovery drops the torn tail of
   * this one (and nothing after it, as nothing follows it in its segment).
   */
  void append(StoredEvent e) {
    long end = write(e);
    if (sync) {
      forceThrough(end);
    }
  }

  private synchronized long write(StoredEvent e) {
    byte[] id = e.tableId().getBytes(StandardCharsets.UTF_8);
    buffer.clear();
    buffer.position(HEADER);
    buffer.putShort((short) id.length).put(id).putLong(e.seq()).putLong(e.recordedAt())
        .put(e.payload());
    int length = buffer.position() - HEADER;
    crc.reset();
    buffer.flip().position(HEADER);
    crc.update(buffer);
    buffer.putInt(0, length).putInt(4, (int) crc.getValue());
    buffer.position(0);
    try {
      if (torn) {
        channel.close();
        segment++;
        channel = open(segment);
        torn = false;
      }
      while (buffer.hasRemaining()) {
        written += channel.write(buffer);
      }
      return written;
    } catch (IOException ex) {
      torn = true;
      throw new StoreException("journal append failed: " + ex.getMessage(), ex);
    }
  }

  /**
   * Waits until the first {@code end} bytes appended are on the disk: one thread forces what has
   * been written by then while the others wait, and finds their records forced with it.
   */
  private void forceThrough(long end) {
    synchronized (forceLock) {
      if (forced >= end) {
        return;
      }
      FileChannel current;
      long target;
      synchronized (this) {
        current = channel;
        target = written;
      }
      try {
        current.force(false);
      } catch (IOException ex) {
        // The record is written but may not be on the disk: refused, as a failed write is.
        synchronized (this) {
          torn = true;
        }
        throw new StoreException("journal force failed: " + ex.getMessage(), ex);
      }
      forced = target;
    }
  }

  /** Starts a new segment; returns the number of the one closed, whose records are all written. */
  synchronized long rotate() {
    long closed = segment;
    try {
      if (sync) {
        channel.force(false); // what waits for a force may find its segment closed
      }
      channel.close();
      segment++;
      channel = open(segment);
    } catch (IOException e) {
      throw new UncheckedIOException("journal rotation failed", e);
    }
    return closed;
  }

  /** Size of the segment being written. */
  synchronized long size() {
    try {
      return channel.size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Forces written records to the disk itself: for power cuts; a process kill needs nothing. */
  void force() {
    FileChannel ch;
    synchronized (this) {
      ch = channel;
    }
    try {
      ch.force(false);
    } catch (IOException e) {
      log.warn("journal force failed", e);
    }
  }

  /** Deletes every segment up to and including {@code last}: their records are in the database. */
  void deleteUpTo(long last) {
    try {
      for (long s : segments(dir)) {
        if (s <= last) {
          Files.deleteIfExists(file(dir, s));
        }
      }
    } catch (IOException e) {
      log.warn("cannot delete old journal segments in {}", dir, e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      channel.close();
    } catch (IOException e) {
      log.warn("journal close failed", e);
    }
  }

  private FileChannel open(long s) throws IOException {
    return wrap.apply(FileChannel.open(file(dir, s),
        StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
  }

  private static Path file(Path dir, long s) {
    return dir.resolve(String.format("journal-%010d.log", s));
  }

  private static List<Long> segments(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.matches("journal-\\d{10}\\.log"))
          .map(n -> Long.parseLong(n.substring(8, 18)))
          .sorted()
          .toList();
    }
  }

  /** Reads whole records into {@code out}; returns the offset after the last whole record. */
  private static long read(Path file, List<StoredEvent> out) throws IOException {
    long good = 0;
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
      CRC32C crc = new CRC32C();
      while (true) {
        int length;
        int sum;
        byte[] body;
        try {
          length = in.readInt();
          sum = in.readInt();
          if (length < 18 || length > 65536 + 2 + 192 + 16) {
            return good;
          }
          body = in.readNBytes(length);
        } catch (EOFException e) {
          return good;
        }
        if (body.length < length) {
          return good;
        }
        crc.reset();
        crc.update(body);
        if ((int) crc.getValue() != sum) {
          return good;
        }
        ByteBuffer b = ByteBuffer.wrap(body);
        byte[] id = new byte[b.getShort()];
        b.get(id);
        long seq = b.getLong();
        long at = b.getLong();
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        out.add(new StoredEvent(new String(id, StandardCharsets.UTF_8), seq, at, payload));
        good += HEADER + length;
      }
    }
  }
}
