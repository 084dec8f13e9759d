package org.tenace.server.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every table's event log in PostgreSQL, one event a row keyed by (entity id, seq). An append
 * returns once the transaction holding its row has committed, and fails when the database holds
 * that seq already: the key makes each append a compare-and-set, never a second write.
 *
 * <p>Appends are group-committed. Each caller queues its event and waits; one writer thread takes
 * every event queued, inserts them in one transaction and answers each caller with its own
 * outcome. An append therefore waits at most for the commit in flight and its own: under load
 * the appends of all tables share a commit, the round trip and the WAL flush, and no timer holds
 * a lone append back. Callers block, so they must not be the transport's event loops (the server
 * runs its handlers on a pool of their own with this store).
 *
 * <p>When a commit fails the writer asks the database which of its events are there (a
 * connection lost during COMMIT may or may not have committed): an event found is acknowledged,
 * one not found fails, so that a thrown append means the event is not in the log, as {@link
 * EventLog} promises.
 */
public final class PgEventLog implements EventLog {
  private static final Logger log = LoggerFactory.getLogger(PgEventLog.class);
  /** Events a commit at most: a full batch is a few hundred KB over the wire. */
  static final int BATCH = 1024;
  private static final String INSERT = "INSERT INTO table_event (table_id, seq, recorded_at, "
      + "payload) VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seq) DO NOTHING";
  private static final String FIND =
      "SELECT recorded_at, payload FROM table_event WHERE table_id = ? AND seq = ?";

  /** An event waiting for its commit, and the answer its caller waits on. */
  private record Pending(StoredEvent event, CompletableFuture<Void> done) {}

  /** Queued by close(), after the last append: the writer stops once it has written the rest. */
  private static final Pending STOP = new Pending(null, new CompletableFuture<>());

  private final String url;
  private final HikariDataSource pool;
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final Thread writer;
  private final Object appendLock = new Object();
  private volatile boolean running = true;
  /** Commits made and events they held, for the figures (docs/performance.md). */
  private volatile long commits;
  private volatile long committed;

  private PgEventLog(String url, HikariDataSource pool) {
    this.url = url;
    this.pool = pool;
    this.writer = new Thread(this::writeLoop, "pg-event-log-writer");
    writer.setDaemon(true);
    writer.start();
  }

  /**
   * Opens the log at a PostgreSQL JDBC URL ({@code jdbc:postgresql://HOST[:PORT]/DB}), bringing
   * its schema up to date. {@code user} and {@code password} may be null: the URL's own
   * ({@code ?user=...&password=...}) then count. Fails with a {@link StoreException} whose
   * message says in words what is wrong (no server there, a refused password, no such database).
   */
  public static PgEventLog open(String jdbcUrl, String user, String password) {
    if (!isPostgres(jdbcUrl)) {
      throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + jdbcUrl);
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    if (user != null && !user.isEmpty()) {
      config.setUsername(user);
    }
    if (password != null && !password.isEmpty()) {
      config.setPassword(password);
    }
    config.setPoolName("tenace-store");
    // The writer's connection, loadAll's, and one for the check after a failed commit.
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(1);
    config.setAutoCommit(false);
    // One try at start: a server that cannot reach its database says so at once.
    config.setInitializationFailTimeout(1);
    config.setConnectionTimeout(10_000);
    // A connection that hangs (a database gone without a word) fails its statement rather than
    // holding every append for ever; the driver's own defaults wait without end.
    addDefault(config, jdbcUrl, "connectTimeout", "10");
    addDefault(config, jdbcUrl, "socketTimeout", "60");
    addDefault(config, jdbcUrl, "tcpKeepAlive", "true");
    addDefault(config, jdbcUrl, "ApplicationName", "tenace");
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new StoreException(cannotConnect(jdbcUrl, e), e);
    }
    try {
      Flyway.configure().dataSource(pool).locations("classpath:db/postgresql")
          .loggers("slf4j").load().migrate();
    } catch (FlywayException e) {
      pool.close();
      throw new StoreException(EventStore.UPGRADE_FAILED + " (" + e.getMessage() + ")", e);
    }
    return new PgEventLog(jdbcUrl, pool);
  }

  /** Whether {@code jdbcUrl} names a PostgreSQL database (else it is H2's). */
  public static boolean isPostgres(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:postgresql:");
  }

  private static void addDefault(HikariConfig config, String url, String key, String value) {
    if (!url.contains(key + "=")) {
      config.addDataSourceProperty(key, value);
    }
  }

  /**
   * Why a connection could not be had, in words, with what to do: the SQL state tells a refused
   * password (28P01, 28000), a missing database (3D000) and an unreachable server (08...).
   */
  static String cannotConnect(String url, Throwable e) {
    SQLException sql = null;
    for (Throwable t = e; t != null && sql == null; t = t.getCause()) {
      if (t instanceof SQLException s) {
        sql = s;
      }
    }
    String state = sql == null || sql.getSQLState() == null ? "" : sql.getSQLState();
    String said = sql == null ? String.valueOf(e.getMessage()) : sql.getMessage();
    said = said.lines().findFirst().orElse("").strip();
    String where = hostAndDatabase(url);
    if (state.equals("28P01") || state.equals("28000")) {
      return "PostgreSQL at " + where + " refused the user name or password (" + said
          + "); give the right ones with --db-user and --db-password (or TENACE_DB_PASSWORD)";
    }
    if (state.equals("3D000")) {
      return "PostgreSQL at " + where + " has no such database (" + said + "); create it "
          + "(createdb) or name an existing one in --db";
    }
    if (state.startsWith("08")) {
      return "cannot reach PostgreSQL at " + where + " (" + said + "); check that it is "
          + "running and that --db names its host and port";
    }
    return "cannot open the PostgreSQL store at " + where + " (" + said + "); check --db, "
        + "--db-user and --db-password";
  }

  /** {@code HOST:PORT/DB} of a URL, without its parameters (a password may be among them). */
  static String hostAndDatabase(String url) {
    String rest = url.startsWith("jdbc:postgresql://")
        ? url.substring("jdbc:postgresql://".length()) : url.substring("jdbc:".length());
    int q = rest.indexOf('?');
    return q < 0 ? rest : rest.substring(0, q);
  }

  @Override
  public void append(StoredEvent e) {
    Pending p = new Pending(e, new CompletableFuture<>());
    synchronized (appendLock) {
      if (!running) {
        throw new StoreException("the store is closed", null);
      }
      queue.add(p);
    }
    boolean interrupted = false;
    try {
      while (true) {
        try {
          p.done().get();
          return;
        } catch (InterruptedException ie) {
          // The event is on its way to the database: its answer, not the interrupt, says
          // whether it is in the log, so wait for it and keep the interrupt for the caller.
          interrupted = true;
        } catch (ExecutionException ex) {
          throw ex.getCause() instanceof StoreException s ? s
              : new StoreException("cannot write events: " + ex.getCause().getMessage(),
                  ex.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public Map<String, List<StoredEvent>> loadAll() {
    Map<String, List<StoredEvent>> out = new LinkedHashMap<>();
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT table_id, seq, recorded_at, payload "
            + "FROM table_event ORDER BY table_id, seq")) {
      ps.setFetchSize(10_000); // a cursor: the log is streamed, not held twice
      try (ResultSet rs = ps.executeQuery()) {
        List<StoredEvent> events = null;
        String current = null;
        while (rs.next()) {
          String id = rs.getString(1);
          if (!id.equals(current)) {
            current = id;
            events = out.computeIfAbsent(id, k -> new ArrayList<>());
          }
          events.add(new StoredEvent(id, rs.getLong(2), rs.getLong(3), rs.getBytes(4)));
        }
      }
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot read the event log: " + e.getMessage(), e);
    }
    return out;
  }

  @Override
  public List<StoredEvent> load(String id) {
    List<StoredEvent> events = new ArrayList<>();
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT seq, recorded_at, payload "
            + "FROM table_event WHERE table_id = ? ORDER BY seq")) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          events.add(new StoredEvent(id, rs.getLong(1), rs.getLong(2), rs.getBytes(3)));
        }
      }
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot read the event log of " + id + ": " + e.getMessage(), e);
    }
    return events;
  }

  @Override
  public java.util.Set<String> list() {
    java.util.Set<String> ids = new java.util.LinkedHashSet<>();
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement(
            "SELECT DISTINCT table_id FROM table_event ORDER BY table_id");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getString(1));
      }
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot read the event log: " + e.getMessage(), e);
    }
    return ids;
  }

  /** Commits made so far (each holding one or more events). */
  long commits() {
    return commits;
  }

  /** Events committed so far. */
  long committed() {
    return committed;
  }

  /** Nothing to do: every acknowledged append is committed, readable by any connection. */
  @Override
  public void flush() {}

  @Override
  public void close() {
    synchronized (appendLock) {
      if (!running) {
        return;
      }
      running = false;
      queue.add(STOP);
    }
    try {
      writer.join(TimeUnit.SECONDS.toMillis(70));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // Anything the writer did not take (it never stops with events queued, unless it is stuck).
    for (Pending p; (p = queue.poll()) != null; ) {
      if (p != STOP) {
        p.done().completeExceptionally(new StoreException("the store is closed", null));
      }
    }
    pool.close();
    log.info("closed the PostgreSQL store at {}: {} events in {} commits", hostAndDatabase(url),
        committed, commits);
  }

  /** Takes every queued event, commits them together, answers each; until closed and empty. */
  private void writeLoop() {
    List<Pending> batch = new ArrayList<>(BATCH);
    while (true) {
      Pending first;
      try {
        first = queue.take();
      } catch (InterruptedException e) {
        continue; // only close() stops the writer, once every caller has its answer
      }
      batch.add(first);
      queue.drainTo(batch, BATCH - 1);
      boolean last = batch.remove(STOP); // queued after every append (close holds the lock)
      if (last) {
        queue.drainTo(batch);
      }
      try {
        write(batch);
      } catch (RuntimeException e) {
        // Never leave a caller waiting: whatever went wrong is this batch's answer.
        log.error("the PostgreSQL store's writer failed on a batch", e);
        for (Pending p : batch) {
          p.done().completeExceptionally(
              new StoreException("cannot write events: " + e.getMessage(), e));
        }
      }
      batch.clear();
      if (last) {
        return;
      }
    }
  }

  /** Inserts {@code batch} in one transaction and answers each of its callers. */
  private void write(List<Pending> batch) {
    write(batch, true);
  }

  /**
   * As {@link #write(List)}; with {@code retry}, a batch that failed on a broken connection (the
   * database restarted, or ended the connection) is settled and what it lacks written once more
   * on a new one: the pool's other idle connections died with it, and each would otherwise fail
   * a batch of its own before the pool found out.
   */
  private void write(List<Pending> batch, boolean retry) {
    int[] counts;
    try (Connection c = pool.getConnection()) {
      try (PreparedStatement ps = c.prepareStatement(INSERT)) {
        for (Pending p : batch) {
          StoredEvent e = p.event();
          ps.setString(1, e.tableId());
          ps.setLong(2, e.seq());
          ps.setLong(3, e.recordedAt());
          ps.setBytes(4, e.payload());
          ps.addBatch();
        }
        counts = ps.executeBatch();
        c.commit();
      } catch (SQLException e) {
        try {
          c.rollback();
        } catch (SQLException ignored) {
          // the failure that matters is e; the connection is evicted by the pool if broken
        }
        throw e;
      }
    } catch (SQLException e) {
      if (retry && broken(e)) {
        pool.getHikariPoolMXBean().softEvictConnections();
        List<Pending> missing = settle(batch, e, false);
        if (!missing.isEmpty()) {
          log.warn("the connection to PostgreSQL broke ({}); writing {} events again on a new "
              + "one", firstLine(e), missing.size());
          write(missing, false);
        }
      } else {
        settle(batch, e, true);
      }
      return;
    }
    commits++;
    committed += batch.size();
    // The same seq twice in one batch inserts the first and skips the second: their order in
    // the batch is their callers' order, so the later caller is the one refused.
    for (int i = 0; i < batch.size(); i++) {
      Pending p = batch.get(i);
      if (counts[i] == 0) {
        StoredEvent e = p.event();
        p.done().completeExceptionally(new StoreException("seq " + e.seq() + " of " + e.tableId()
            + " is in the event log already: it is never written twice", null));
      } else {
        p.done().complete(null);
      }
    }
  }

  /**
   * After a failed commit, which of {@code batch} the database holds after all (a commit whose
   * answer was lost): those are acknowledged; the rest fail with the commit's error when {@code
   * answer}, else they are returned, unanswered, to be written again. When the
   * database cannot even be asked, every event fails, although a commit whose answer was lost
   * may hold them: the table then refuses its next append of that seq as a duplicate until the
   * server is restarted and reads the log as it is (the next layer's takeover does the same).
   */
  private List<Pending> settle(List<Pending> batch, SQLException failure, boolean answer) {
    String why = firstLine(failure);
    log.warn("a commit of {} events failed: {}", batch.size(), why);
    boolean[] held = new boolean[batch.size()];
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement(FIND)) {
      for (int i = 0; i < batch.size(); i++) {
        StoredEvent e = batch.get(i).event();
        ps.setString(1, e.tableId());
        ps.setLong(2, e.seq());
        try (ResultSet rs = ps.executeQuery()) {
          held[i] = rs.next() && rs.getLong(1) == e.recordedAt()
              && Arrays.equals(rs.getBytes(2), e.payload());
        }
      }
      c.commit();
    } catch (SQLException e) {
      Arrays.fill(held, false);
    }
    List<Pending> missing = new ArrayList<>();
    for (int i = 0; i < batch.size(); i++) {
      if (held[i]) {
        batch.get(i).done().complete(null);
      } else if (answer) {
        batch.get(i).done().completeExceptionally(new StoreException(
            "cannot write events to PostgreSQL at " + hostAndDatabase(url) + ": " + why,
            failure));
      } else {
        missing.add(batch.get(i));
      }
    }
    return missing;
  }

  /**
   * Whether {@code e} says the connection is gone (SQL states 08..., and 57P01-57P03: the
   * database shut down or ended it), so that a new one may succeed.
   */
  private static boolean broken(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && s.getSQLState() != null
          && (s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57P"))) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(SQLException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getMessage().lines().findFirst().orElse("").strip();
  }
}
