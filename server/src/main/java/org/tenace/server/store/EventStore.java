package org.tenace.server.store;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every table's event log, in H2. An append is durable when it returns: it is written to the
 * {@link Journal} first, and a background thread copies journal records into H2 in batches. On
 * open, whatever the journal holds that H2 lacks (the last records before a crash) is copied in
 * before anything is read, so H2 always ends up with every acknowledged event.
 *
 * <p>H2 holds a table's events packed, several a row ({@link PackedEvents}): each flush writes one
 * row per table it has events of, keyed by the table, the row's first seq and the generation that
 * wrote it (this process's start: see V3 for why a key is never written twice), with its last seq
 * beside it. A row's seqs need not be contiguous, and rows of one table need not follow each
 * other in seq order (a session's log takes its seqs from a counter, appended by several threads):
 * readers sort a table's events by seq.
 */
public final class EventStore implements EventLog {
  private static final Logger log = LoggerFactory.getLogger(EventStore.class);
  private static final long ROTATE_BYTES = 32L << 20;
  /** Events a commit: a flush's worth at hundreds of tables, packed into a row per table. */
  private static final int BATCH = 8192;
  /** H2's page cache, in KB (CACHE_SIZE), unless the JDBC URL gives its own. */
  static final int CACHE_KB = 1024;
  /** How a refused schema upgrade's message starts, so that the server can say what to do. */
  public static final String UPGRADE_FAILED = "cannot upgrade the store to this version";
  private static final String INSERT = "INSERT INTO event_row "
      + "(table_id, first_seq, generation, last_seq, events) VALUES (?, ?, ?, ?, ?)";

  private final String url;
  /** This process's rows' generation: when it opened the store, after every earlier one's. */
  private final long generation;
  private final Connection connection;
  private final Journal journal;
  private final Object appendLock = new Object();
  /**
   * Held across a flush's polling and writing: a flush returns only once every event pending when
   * it began is in H2, not while the flusher still holds some it polled but has not written.
   */
  private final Object flushLock = new Object();
  private final ConcurrentLinkedQueue<StoredEvent> pending = new ConcurrentLinkedQueue<>();
  private final Thread flusher;
  private volatile boolean running = true;
  private volatile RuntimeException failure;

  private EventStore(String url, long generation, Connection connection, Journal journal) {
    this.url = url;
    this.generation = generation;
    this.connection = connection;
    this.journal = journal;
    this.flusher = journal == null ? null : new Thread(this::flushLoop, "event-store-flusher");
    if (flusher != null) {
      flusher.setDaemon(true);
      flusher.start();
    }
  }

  /**
   * Opens (creating if needed) the store at an H2 JDBC URL. A file database keeps its journal in
   * the folder {@code <database path>.journal}; an in-memory database (tests) writes straight to
   * H2, as it cannot outlive the process anyway.
   */
  public static EventStore open(String jdbcUrl) {
    return open(jdbcUrl, false);
  }

  /**
   * As {@link #open(String)}; with {@code sync}, an append returns once its record is on the
   * disk (it survives a power cut), not only written to the operating system (a process kill).
   */
  public static EventStore open(String jdbcUrl, boolean sync) {
    return open(jdbcUrl, journalFolder(jdbcUrl), UnaryOperator.identity(), sync);
  }

  static EventStore open(String jdbcUrl, Optional<Path> journalDir) {
    return open(jdbcUrl, journalDir, UnaryOperator.identity());
  }

  /** As {@link #open(String)}; the journal's channels pass through {@code wrap} (tests: faults). */
  static EventStore open(String jdbcUrl, Optional<Path> journalDir,
      UnaryOperator<FileChannel> wrap) {
    return open(jdbcUrl, journalDir, wrap, false);
  }

  private static EventStore open(String jdbcUrl, Optional<Path> journalDir,
      UnaryOperator<FileChannel> wrap, boolean sync) {
    String url = jdbcUrl;
    if (journalDir.isPresent() && !url.toUpperCase().contains("DB_CLOSE_ON_EXIT")) {
      url += ";DB_CLOSE_ON_EXIT=FALSE"; // we close it ourselves, after the last flush
    }
    if (!url.toUpperCase().contains("LOCK_TIMEOUT")) {
      // H2 waits 1 s for a table lock; Flyway's two connections on a store being reopened after a
      // kill took longer than that on a loaded machine, and the server refused to start.
      url += ";LOCK_TIMEOUT=10000";
    }
    if (!url.toUpperCase().contains("CACHE_SIZE")) {
      // H2's page cache (16 MB by default) filled with rows the server reads only at start (the
      // tables live in memory), about 0.7 KB a table at 10,000 tables, 1.8 KB at 2,000. The
      // journal, not this cache, makes an append durable; 1 MB keeps the writer's recent pages.
      url += ";CACHE_SIZE=" + CACHE_KB;
    }
    migrate(Flyway.configure().dataSource(url, "sa", "").loggers("slf4j").load());
    long generation = System.currentTimeMillis();
    try {
      Connection c = DriverManager.getConnection(url, "sa", "");
      c.setAutoCommit(false);
      Journal journal = null;
      if (journalDir.isPresent()) {
        List<StoredEvent> recovered = Journal.recover(journalDir.get());
        if (!recovered.isEmpty()) {
          write(c, generation, missing(c, recovered));
          checkpoint(c);
          log.info("recovered {} journal records into the store", recovered.size());
        }
        journal = Journal.open(journalDir.get(), wrap, sync);
        journal.deleteUpTo(journal.rotate() - 1);
      }
      return new EventStore(url, generation, c, journal);
    } catch (SQLException e) {
      throw new StoreException("cannot open the store at " + jdbcUrl + ": " + e.getMessage(), e);
    }
  }

  /**
   * Brings the schema up to date. A migration that failed part way (H2 commits each CREATE and
   * DROP by itself, so its first steps stay done) is recorded as failed, and Flyway refuses every
   * later start until the record is repaired: it is repaired and the migration run again, which
   * every script here must allow (see V2). Looked up only when the migration fails, so that a
   * normal start does not read the history twice.
   */
  private static void migrate(Flyway flyway) {
    try {
      flyway.migrate();
    } catch (FlywayException e) {
      List<String> failed = java.util.Arrays.stream(flyway.info().all())
          .filter(m -> m.getState().isFailed())
          .map(m -> "V" + m.getVersion() + " (" + m.getDescription() + ")")
          .toList();
      if (failed.isEmpty()) {
        throw e;
      }
      log.warn("the store's migration {} failed; running it again", failed);
      try {
        flyway.repair();
        flyway.migrate();
      } catch (FlywayException again) {
        throw new StoreException(UPGRADE_FAILED + " (migration " + String.join(", ", failed)
            + " failed twice: " + again.getMessage() + ")", again);
      }
    }
  }

  /**
   * The recovered journal records H2 does not hold yet. Found by reading, so that recovery only
   * inserts: it used to MERGE every record, and H2 retries a MERGE that meets a row it cannot
   * update (a "concurrent update") until the lock timeout, so a restart after a kill -9 now and
   * then gave up with "Timeout trying to lock table {0}" and the server did not start.
   */
  private static List<StoredEvent> missing(Connection c, List<StoredEvent> recovered)
      throws SQLException {
    Map<String, Long> lowest = new LinkedHashMap<>();
    for (StoredEvent e : recovered) {
      lowest.merge(e.tableId(), e.seq(), Math::min);
    }
    Map<String, java.util.Set<Long>> held = new LinkedHashMap<>();
    // Every row that may hold a seq from the lowest on, even one that starts below it: a record
    // can be in the middle of a packed row.
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT first_seq, last_seq, events FROM event_row "
            + "WHERE table_id = ? AND last_seq >= ?")) {
      for (Map.Entry<String, Long> t : lowest.entrySet()) {
        ps.setString(1, t.getKey());
        ps.setLong(2, t.getValue());
        java.util.Set<Long> seqs = new java.util.HashSet<>();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            for (StoredEvent e : unpack(t.getKey(), rs)) {
              seqs.add(e.seq());
            }
          }
        }
        held.put(t.getKey(), seqs);
      }
    }
    c.commit();
    // A seq the journal holds twice (an append that failed after its bytes were written, then
    // the table's retry) is the later record's, as the table's state is.
    Map<String, StoredEvent> last = new LinkedHashMap<>();
    for (StoredEvent e : recovered) {
      if (!held.get(e.tableId()).contains(e.seq())) {
        last.put(e.tableId() + "\t" + e.seq(), e);
      }
    }
    return new ArrayList<>(last.values());
  }

  /** {@code jdbc:h2:./data/tenace} gives {@code ./data/tenace.journal}; none for memory. */
  static Optional<Path> journalFolder(String jdbcUrl) {
    if (!jdbcUrl.startsWith("jdbc:h2:")) {
      throw new IllegalArgumentException("not an H2 JDBC URL: " + jdbcUrl);
    }
    String rest = jdbcUrl.substring("jdbc:h2:".length());
    int semi = rest.indexOf(';');
    String path = semi < 0 ? rest : rest.substring(0, semi);
    if (path.startsWith("mem:") || path.startsWith("tcp:") || path.startsWith("ssl:")) {
      return Optional.empty();
    }
    if (path.startsWith("file:")) {
      path = path.substring("file:".length());
    }
    if (path.startsWith("~")) {
      path = System.getProperty("user.home") + path.substring(1);
    }
    return Optional.of(Path.of(path + ".journal"));
  }

  @Override
  public void append(StoredEvent e) {
    checkHealthy();
    if (journal == null) {
      synchronized (appendLock) {
        write(List.of(e));
      }
      return;
    }
    synchronized (appendLock) {
      journal.append(e);
      pending.add(e);
    }
  }

  /** Every entity's events, in sequence order, as H2 holds them after recovery. */
  @Override
  public Map<String, List<StoredEvent>> loadAll() {
    flush();
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    synchronized (connection) {
      try (Statement st = connection.createStatement();
          ResultSet rs = st.executeQuery("SELECT first_seq, last_seq, events, table_id, generation "
              + "FROM event_row ORDER BY table_id, first_seq, generation")) {
        while (rs.next()) {
          String id = rs.getString(4);
          Row row = new Row(rs.getLong(5), unpack(id, rs));
          rows.computeIfAbsent(id, k -> new ArrayList<>()).add(row);
        }
        connection.commit();
      } catch (SQLException e) {
        throw new StoreException("cannot read the event log: " + e.getMessage(), e);
      }
    }
    Map<String, List<StoredEvent>> out = new LinkedHashMap<>();
    rows.forEach((id, held) -> out.put(id, inSeqOrder(id, held)));
    return out;
  }

  /** One row's events and the generation that wrote it. */
  private record Row(long generation, List<StoredEvent> events) {}

  /**
   * A table's events in seq order from its rows (in first seq order). A seq two generations hold
   * is the later one's: a row a killed process left locked holds events its successor recovered
   * from the journal (see V3), should H2 ever let it be read. A seq one generation holds twice is
   * refused: a table replaying an action twice would go wrong quietly.
   */
  private static List<StoredEvent> inSeqOrder(String id, List<Row> rows) {
    List<StoredEvent> events = new ArrayList<>();
    boolean ordered = true;
    for (Row r : rows) {
      if (!events.isEmpty() && events.get(events.size() - 1).seq() >= r.events().get(0).seq()) {
        ordered = false;
      }
      events.addAll(r.events());
    }
    if (ordered) {
      return events;
    }
    // Rare: a session's log takes its seqs from a counter and is appended by several threads, so
    // a row can hold seq 2 before another holds seq 1; or a generation repeats another's seqs.
    java.util.TreeMap<Long, StoredEvent> bySeq = new java.util.TreeMap<>();
    java.util.Map<Long, Long> writtenBy = new java.util.HashMap<>();
    for (Row r : rows) {
      for (StoredEvent e : r.events()) {
        Long before = writtenBy.put(e.seq(), r.generation());
        if (before != null && before == r.generation()) {
          throw new StoreException("table " + id + ": seq " + e.seq()
              + " is held twice in the event log", null);
        }
        if (before == null || before < r.generation()) {
          bySeq.put(e.seq(), e);
        } else {
          writtenBy.put(e.seq(), before);
        }
      }
    }
    return new ArrayList<>(bySeq.values());
  }

  /** One entity's events, in sequence order, as H2 holds them after recovery. */
  @Override
  public List<StoredEvent> load(String id) {
    flush();
    List<Row> rows = new ArrayList<>();
    synchronized (connection) {
      try (PreparedStatement ps = connection.prepareStatement("SELECT first_seq, last_seq, "
          + "events, generation FROM event_row WHERE table_id = ? "
          + "ORDER BY first_seq, generation")) {
        ps.setString(1, id);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            rows.add(new Row(rs.getLong(4), unpack(id, rs)));
          }
        }
        connection.commit();
      } catch (SQLException e) {
        throw new StoreException("cannot read the event log of " + id + ": " + e.getMessage(), e);
      }
    }
    return inSeqOrder(id, rows);
  }

  /** The ids of every entity with events in H2 after recovery. */
  @Override
  public java.util.Set<String> list() {
    flush();
    java.util.Set<String> ids = new java.util.LinkedHashSet<>();
    synchronized (connection) {
      try (Statement st = connection.createStatement();
          ResultSet rs = st.executeQuery(
              "SELECT DISTINCT table_id FROM event_row ORDER BY table_id")) {
        while (rs.next()) {
          ids.add(rs.getString(1));
        }
        connection.commit();
      } catch (SQLException e) {
        throw new StoreException("cannot read the event log: " + e.getMessage(), e);
      }
    }
    return ids;
  }

  /**
   * The events of the current row of {@code rs} (first_seq, last_seq, events), checked against
   * the seqs the row says it spans: a row cut exactly between two events unpacks without fault,
   * and only its last seq tells that events are missing.
   */
  private static List<StoredEvent> unpack(String tableId, ResultSet rs) throws SQLException {
    long first = rs.getLong(1);
    long last = rs.getLong(2);
    List<StoredEvent> events = PackedEvents.unpack(tableId, rs.getBytes(3));
    if (events.isEmpty()) {
      throw new StoreException("table " + tableId + ": the row of seqs " + first + "-" + last
          + " holds no event", null);
    }
    long from = events.get(0).seq();
    long to = events.get(events.size() - 1).seq();
    if (from != first || to != last) {
      throw new StoreException("table " + tableId + ": the row of seqs " + first + "-" + last
          + (from != first ? " starts at seq " + from : " ends at seq " + to), null);
    }
    return events;
  }

  /** Copies every pending journal record into H2 now. */
  @Override
  public void flush() {
    synchronized (flushLock) {
      List<StoredEvent> batch = new ArrayList<>();
      for (StoredEvent e; (e = pending.poll()) != null; ) {
        batch.add(e);
        if (batch.size() == BATCH) {
          write(batch);
          batch.clear();
        }
      }
      if (!batch.isEmpty()) {
        write(batch);
      }
    }
  }

  @Override
  public void close() {
    if (!running) {
      return;
    }
    running = false;
    if (flusher != null) {
      LockSupport.unpark(flusher);
      try {
        flusher.join(TimeUnit.SECONDS.toMillis(10));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    try {
      flush();
      synchronized (connection) {
        checkpoint(connection);
        if (journal != null) {
          journal.close();
          journal.deleteUpTo(Long.MAX_VALUE);
          try (Statement st = connection.createStatement()) {
            st.execute("SHUTDOWN");
          }
        }
        connection.close();
      }
    } catch (SQLException | RuntimeException e) {
      log.error("closing the store at {} failed; the journal keeps what H2 may lack", url, e);
    }
  }

  private void flushLoop() {
    while (running) {
      try {
        flush();
        if (journal.size() > ROTATE_BYTES) {
          long closed;
          synchronized (appendLock) {
            closed = journal.rotate();
          }
          flush(); // everything in the closed segments was queued before the rotation
          synchronized (connection) {
            checkpoint(connection);
          }
          journal.deleteUpTo(closed);
        }
      } catch (RuntimeException | SQLException e) {
        failure = new StoreException("the store stopped accepting events: " + e.getMessage(), e);
        log.error("event store flusher failed", e);
        return;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  private void write(List<StoredEvent> batch) {
    synchronized (connection) {
      try {
        write(connection, generation, batch);
      } catch (SQLException e) {
        try {
          connection.rollback();
        } catch (SQLException ignored) {
          // the original failure is the one to report
        }
        throw new StoreException("cannot write events: " + e.getMessage(), e);
      }
    }
  }

  /**
   * Inserts {@code batch} in one commit, a row per table (or more, past {@link
   * PackedEvents#ROW_BYTES}), each row's events in seq order. A seq the batch holds twice is the
   * later event's, as in recovery; a row whose first seq H2 already holds is refused (the key).
   */
  private static void write(Connection c, long generation, List<StoredEvent> batch)
      throws SQLException {
    Map<String, Map<Long, StoredEvent>> byTable = new LinkedHashMap<>();
    for (StoredEvent e : batch) {
      byTable.computeIfAbsent(e.tableId(), k -> new java.util.TreeMap<>()).put(e.seq(), e);
    }
    try (PreparedStatement ps = c.prepareStatement(INSERT)) {
      for (Map.Entry<String, Map<Long, StoredEvent>> t : byTable.entrySet()) {
        for (List<StoredEvent> row : PackedEvents.rows(new ArrayList<>(t.getValue().values()))) {
          ps.setString(1, t.getKey());
          ps.setLong(2, row.get(0).seq());
          ps.setLong(3, generation);
          ps.setLong(4, row.get(row.size() - 1).seq());
          ps.setBytes(5, PackedEvents.pack(row));
          ps.addBatch();
        }
      }
      ps.executeBatch();
    }
    c.commit();
  }

  private static void checkpoint(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("CHECKPOINT");
    }
    c.commit();
  }

  private void checkHealthy() {
    if (failure != null) {
      throw failure;
    }
    if (!running) {
      throw new StoreException("the store is closed", null);
    }
  }
}
