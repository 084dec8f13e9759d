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
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every table's event log in PostgreSQL, one event a row keyed by (entity id, seq). An append
 * returns once the statement holding its row has committed, and fails when the database holds
 * that seq already: the key makes each append a compare-and-set, never a second write.
 *
 * <p>Appends are group-committed. Each caller queues its event and waits; one writer thread takes
 * every event queued, inserts them in one statement ({@link #INSERT}, one round trip, its commit
 * included) and answers each caller with its own outcome. An append therefore waits at most for
 * the commit in flight and its own: under load the appends of all tables share a commit, the
 * round trip and the WAL flush, and no timer holds a lone append back. Callers block, so they
 * must not be the transport's event loops (the server runs its handlers on a pool of their own
 * with this store).
 *
 * <p>When a commit fails the writer asks the database which of its events are there (a
 * connection lost while the statement ran may or may not have committed): an event found is acknowledged,
 * one not found fails, so that a thrown append means the event is not in the log, as {@link
 * EventLog} promises.
 */
public final class PgEventLog implements EventLog {
  private static final Logger log = LoggerFactory.getLogger(PgEventLog.class);
  /** Events a commit at most: a full batch is a few hundred KB over the wire. */
  static final int BATCH = 1024;
  /**
   * A batch of appends in one statement, each fenced: an event's row goes in only while its
   * entity's lease still has this node and the epoch the event was written under, checked in the
   * same statement. FOR SHARE makes a takeover's UPDATE of the lease wait for the appends in
   * flight to commit (so the new owner reads them), and an append that waited on a takeover
   * re-reads the lease and finds a new epoch: it inserts nothing. The key (table_id, seq) makes
   * the rest a compare-and-set; RETURNING names the rows that went in. Parameters: the events'
   * ids, seqs, times, payloads and epochs (arrays, in the same order), then this node's id.
   * Run alone (autocommit), it is one round trip to the database, its commit included.
   */
  static final String INSERT = "INSERT INTO table_event (table_id, seq, recorded_at, payload, "
      + "epoch) SELECT v.table_id, v.seq, v.recorded_at, v.payload, l.epoch "
      + "FROM unnest(?::varchar[], ?::bigint[], ?::bigint[], ?::bytea[], ?::bigint[]) "
      + "AS v (table_id, seq, recorded_at, payload, epoch) JOIN table_lease l "
      + "ON l.table_id = v.table_id AND l.owner = ? AND l.epoch = v.epoch FOR SHARE OF l "
      + "ON CONFLICT (table_id, seq) DO NOTHING RETURNING table_id, seq";
  private static final String OWNER = "SELECT l.owner, l.epoch, COALESCE(n.address, ''), "
      + "COALESCE(n.expires_at > now(), false) FROM table_lease l LEFT JOIN node n "
      + "ON n.node_id = l.owner WHERE l.table_id = ?";
  /**
   * A takeover: this node's own lease (after a restart), one nobody holds, or, when {@code ?}
   * (this node may reap), one whose owner's heartbeat has expired. The epoch goes up by one.
   */
  static final String TAKE = "UPDATE table_lease l SET owner = ?, epoch = l.epoch + 1 "
      + "WHERE l.table_id = ? AND (l.owner = ? OR l.owner = '' OR (? AND NOT EXISTS (SELECT 1 "
      + "FROM node n WHERE n.node_id = l.owner AND n.expires_at > now()))) RETURNING l.epoch";
  /** A takeover from any owner, live or not (a session's director's action): epoch + 1. */
  static final String SEIZE = "UPDATE table_lease l SET owner = ?, epoch = l.epoch + 1 "
      + "WHERE l.table_id = ? RETURNING l.epoch";
  /** How many leases this node holds: fewer than it thinks when another has seized one. */
  private static final String HELD = "SELECT count(*) FROM table_lease WHERE owner = ?";
  private static final String BEAT = "INSERT INTO node (node_id, address, expires_at) VALUES "
      + "(?, ?, now() + make_interval(secs => ?)) ON CONFLICT (node_id) DO UPDATE SET "
      + "address = EXCLUDED.address, expires_at = EXCLUDED.expires_at";
  private static final String FIND =
      "SELECT recorded_at, payload FROM table_event WHERE table_id = ? AND seq = ?";
  /** The nodes whose heartbeat has expired (dead, paused, cut off), and since when. */
  private static final String DEAD = "SELECT node_id, expires_at FROM node "
      + "WHERE expires_at <= now() AND node_id <> ?";
  /**
   * The entities these owners (dead nodes, and '' for those handed back) hold that are still
   * played: open in the table list, or never listed (new, or a session's log). A closed table
   * stays where it is until someone asks for it.
   */
  private static final String ORPHANS = "SELECT l.table_id, l.owner FROM table_lease l "
      + "LEFT JOIN table_listing t ON t.table_id = l.table_id WHERE l.owner = ANY (?) "
      + "AND (t.open IS NULL OR t.open) LIMIT " + Reaping.LIMIT;

  /**
   * This server among the nodes that share the database: its id (unique among them; the same
   * after a restart, so that it takes its own tables back at once), the address its clients are
   * sent to, and how long its heartbeat keeps its leases after it stops beating.
   */
  public record Node(String id, String address, Duration lease) {
    public Node {
      if (id == null || id.isEmpty() || id.length() > 255) {
        throw new IllegalArgumentException("a node id of 1..255 characters: '" + id + "'");
      }
      java.util.Objects.requireNonNull(address, "address");
      if (lease.compareTo(Duration.ofSeconds(1)) < 0) {
        throw new IllegalArgumentException("a lease of at least 1 s: " + lease);
      }
    }

    /** A server alone on its database (tests, one machine): its leases last 10 s. */
    public static Node alone() {
      return new Node("local", "", DEFAULT_LEASE);
    }
  }

  /** How long a node's leases outlive its last heartbeat, unless --lease says otherwise. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

  /** An event waiting for its commit, under the epoch it was written under, and its answer. */
  private record Pending(StoredEvent event, long epoch, CompletableFuture<Void> done) {}

  /** Queued by close(), after the last append: the writer stops once it has written the rest. */
  private static final Pending STOP = new Pending(null, 0, new CompletableFuture<>());

  private final String url;
  private final HikariDataSource pool;
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final Thread writer;
  private final Object appendLock = new Object();
  private volatile boolean running = true;
  /** Commits made and events they held, for the figures (docs/performance.md). */
  private volatile long commits;
  private volatile long committed;
  private final Node node;
  /** The entities this node owns, each with the epoch its appends are written under. */
  private final Map<String, Long> epochs = new ConcurrentHashMap<>();
  /** Entities this node was fenced from: never taken again implicitly, only by {@link #take}. */
  private final Set<String> lost = ConcurrentHashMap.newKeySet();
  private final Object[] leaseLocks = java.util.stream.Stream.generate(Object::new).limit(64)
      .toArray();
  private final ScheduledExecutorService heartbeat;
  /** Since when (nanoTime) this node's heartbeats have run unbroken; 0 while they fail. */
  private volatile long beatingSince;
  private volatile long lastBeat;
  private final AtomicLong takeovers = new AtomicLong();
  private final AtomicLong fenced = new AtomicLong();
  private final ScheduledExecutorService reaper;
  /**
   * How many of a dead node's entities one look takes over at once: each take waits on the
   * database (the lease, the events) and then replays the table, so that one after another the
   * last of a dead node's tables waited for all the others; fewer than the pool's connections,
   * which the appends need too.
   */
  static final int TAKERS = 3;
  private final java.util.concurrent.ExecutorService takers;
  private final Reaping reaping = new Reaping();
  /** Told of each entity another node took while this one was away (null: nobody listens). */
  private volatile java.util.function.BiConsumer<String, String> lostListener;
  /** Told of each entity a dead node left; true when it took it (null: nobody listens). */
  private volatile java.util.function.Predicate<String> orphans;

  private PgEventLog(String url, HikariDataSource pool, Node node) {
    this.url = url;
    this.pool = pool;
    this.node = node;
    beat(); // alive before the first lease: a node that cannot beat cannot start
    if (beatingSince == 0) {
      pool.close();
      throw new StoreException("cannot record this node in PostgreSQL at "
          + hostAndDatabase(url) + "; check that the user may write to it", null);
    }
    this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "pg-node-heartbeat");
      t.setDaemon(true);
      return t;
    });
    long every = Math.max(100, node.lease().toMillis() / 3);
    heartbeat.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.MILLISECONDS);
    this.reaper = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "pg-node-reaper");
      t.setDaemon(true);
      return t;
    });
    this.takers = Executors.newFixedThreadPool(TAKERS, r -> {
      Thread t = new Thread(r, "pg-node-taker");
      t.setDaemon(true);
      return t;
    });
    long look = reapEvery(node.lease()).toMillis();
    reaper.scheduleWithFixedDelay(this::reap, look, look, TimeUnit.MILLISECONDS);
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
    return open(jdbcUrl, user, password, Node.alone());
  }

  /**
   * As {@link #open(String, String, String)}, as {@code node} among the servers that share the
   * database: it owns what it creates and what it takes over ({@link #take}), and only its own
   * appends to those are written.
   */
  public static PgEventLog open(String jdbcUrl, String user, String password, Node node) {
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
    // A node stopped (SIGSTOP, a long pause) inside a transaction holds its leases' rows: the
    // database ends such a transaction after a lease's length, so that a takeover can go on.
    addDefault(config, jdbcUrl, "options", "-c idle_in_transaction_session_timeout="
        + node.lease().toMillis());
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new StoreException(cannotConnect(jdbcUrl, e), e);
    }
    // The schema is brought up to date on connections of its own, without the store's
    // idle-in-transaction timeout: on a loaded machine a migration may wait between two
    // statements for longer than a lease, and the database would end it half done.
    HikariConfig migrating = new HikariConfig();
    config.copyStateTo(migrating);
    migrating.getDataSourceProperties().remove("options");
    migrating.setPoolName("tenace-store-migration");
    migrating.setMaximumPoolSize(2); // Flyway holds a second one for its lock
    migrating.setMinimumIdle(0);
    try (HikariDataSource schema = new HikariDataSource(migrating)) {
      Flyway.configure().dataSource(schema).locations("classpath:db/postgresql")
          .loggers("slf4j").load().migrate();
    } catch (FlywayException e) {
      pool.close();
      throw new StoreException(EventStore.UPGRADE_FAILED + " (" + e.getMessage() + ")", e);
    } catch (RuntimeException e) {
      pool.close();
      throw new StoreException(cannotConnect(jdbcUrl, e), e);
    }
    return new PgEventLog(jdbcUrl, pool, node);
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
    Pending p = new Pending(e, epochFor(e.tableId()), new CompletableFuture<>());
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
    // What this node starts with: its own entities (it restarted) and those nobody owns; the
    // rest are other nodes', or taken from a dead one at their first use (take).
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("UPDATE table_lease SET owner = ?, "
            + "epoch = epoch + 1 WHERE owner = ? OR owner = '' RETURNING table_id, epoch")) {
      ps.setString(1, node.id());
      ps.setString(2, node.id());
      Map<String, Long> taken = new LinkedHashMap<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          taken.put(rs.getString(1), rs.getLong(2));
        }
      }
      c.commit();
      epochs.putAll(taken);
      lost.removeAll(taken.keySet());
    } catch (SQLException e) {
      throw new StoreException("cannot take this node's leases: " + e.getMessage(), e);
    }
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT e.table_id, e.seq, e.recorded_at, "
            + "e.payload FROM table_event e JOIN table_lease l ON l.table_id = e.table_id "
            + "WHERE l.owner = ? ORDER BY e.table_id, e.seq")) {
      ps.setString(1, node.id());
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
    return rows("the event log of " + id, "SELECT seq, recorded_at, payload FROM table_event "
        + "WHERE table_id = ? ORDER BY seq", ps -> ps.setString(1, id), rs -> event(id, rs));
  }

  @Override
  public List<StoredEvent> loadAfter(String id, long after) {
    return rows("the event log of " + id, "SELECT seq, recorded_at, payload FROM table_event "
        + "WHERE table_id = ? AND seq > ? ORDER BY seq", ps -> {
          ps.setString(1, id);
          ps.setLong(2, after);
        }, rs -> event(id, rs));
  }

  private static StoredEvent event(String id, ResultSet rs) throws SQLException {
    return new StoredEvent(id, rs.getLong(1), rs.getLong(2), rs.getBytes(3));
  }

  @Override
  public java.util.Set<String> list() {
    return new java.util.LinkedHashSet<>(rows("the event log",
        "SELECT DISTINCT table_id FROM table_event ORDER BY table_id", ps -> { },
        rs -> rs.getString(1)));
  }


  // ------------------------------------------------------------------ leases

  /** This node, as the other nodes see it. */
  public Node node() {
    return node;
  }

  /**
   * Takes {@code id} for this node unless a live node owns it: the epoch goes up by one, so that
   * a previous owner (dead, paused, or this node before a restart) can append nothing more. The
   * caller loads the entity's events after this returns: every append of the old owner is
   * committed by then (a takeover waits on the appends in flight). A node whose own heartbeats
   * have not run unbroken for a lease's length (it just started, or the database was away) takes
   * nothing from another node, which may simply not have beaten again yet.
   */
  @Override
  public boolean shared() {
    return true;
  }

  @Override
  public Ownership take(String id) {
    Object leaseLock = leasing(id);
    synchronized (leaseLock) {
      return takeLeased(id);
    }
  }

  @Override
  public Ownership seize(String id) {
    Object leaseLock = leasing(id);
    synchronized (leaseLock) {
      return takeLeased(id, true);
    }
  }

  private Ownership takeLeased(String id) {
    return takeLeased(id, false);
  }

  /** {@code any}: from a live owner too ({@link #seize}), while this node's heartbeats go on. */
  private Ownership takeLeased(String id, boolean any) {
    Long held = epochs.get(id);
    if (held != null) {
      return new Ownership.Mine(held);
    }
    if (any && !beating()) {
      return ownerOrUnknown(id); // a node cut off takes nothing from another
    }
    try (Connection c = pool.getConnection()) {
      try {
        try (java.sql.Statement st = c.createStatement()) {
          // An owner stopped mid-append holds the row: wait a while, then say so.
          st.execute("SET LOCAL lock_timeout = " + Math.max(1000, node.lease().toMillis()));
        }
        try (PreparedStatement ps = c.prepareStatement(any ? SEIZE : TAKE)) {
          ps.setString(1, node.id());
          ps.setString(2, id);
          if (!any) {
            ps.setString(3, node.id());
            ps.setBoolean(4, mayReap());
          }
          try (ResultSet rs = ps.executeQuery()) {
            if (rs.next()) {
              long epoch = rs.getLong(1);
              c.commit();
              epochs.put(id, epoch);
              lost.remove(id);
              takeovers.incrementAndGet();
              log.info("took {} over (epoch {})", id, epoch);
              return new Ownership.Mine(epoch);
            }
          }
        }
        Ownership o = owner(c, id);
        c.commit();
        return o;
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new StoreException("cannot take " + id + " over: " + firstLine(e), e);
    }
  }

  /**
   * Leases a new entity to this node (epoch 1); one that exists already is taken as {@link
   * #take} does, or found owned elsewhere.
   */
  public Ownership create(String id) {
    Object leaseLock = leasing(id);
    synchronized (leaseLock) {
      return createLeased(id);
    }
  }

  private Ownership createLeased(String id) {
    if (epochs.containsKey(id)) {
      return new Ownership.Mine(epochs.get(id));
    }
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("INSERT INTO table_lease (table_id, owner, "
            + "epoch) VALUES (?, ?, 1) ON CONFLICT (table_id) DO NOTHING")) {
      ps.setString(1, id);
      ps.setString(2, node.id());
      int n = ps.executeUpdate();
      c.commit();
      if (n == 1) {
        epochs.put(id, 1L);
        return new Ownership.Mine(1);
      }
    } catch (SQLException e) {
      throw new StoreException("cannot lease " + id + ": " + firstLine(e), e);
    }
    return takeLeased(id);
  }

  /**
   * The lock under which this node leases {@code id}: two first uses of an entity at once (two
   * players' commands after a restart, two appends of a new table) would otherwise each take it,
   * the second raising the epoch under the first and fencing this node's own appends.
   */
  private Object leasing(String id) {
    return leaseLocks[Math.floorMod(id.hashCode(), leaseLocks.length)];
  }

  /** Who owns {@code id} now, as the database says (this node included). */
  public Ownership owner(String id) {
    try (Connection c = pool.getConnection()) {
      Ownership o = owner(c, id);
      c.commit();
      return o;
    } catch (SQLException e) {
      throw new StoreException("cannot read the lease of " + id + ": " + firstLine(e), e);
    }
  }

  private Ownership owner(Connection c, String id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(OWNER)) {
      ps.setString(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return new Ownership.Unknown();
        }
        if (rs.getString(1).equals(node.id())) {
          return new Ownership.Mine(rs.getLong(2));
        }
        return new Ownership.Elsewhere(rs.getString(1), rs.getBoolean(4) ? rs.getString(3) : "");
      }
    }
  }

  @Override
  public String nodeId() {
    return node.id();
  }

  @Override
  public List<String> liveNodes() {
    return rows("the live nodes",
        "SELECT node_id FROM node WHERE expires_at > now() ORDER BY node_id", ps -> { },
        rs -> rs.getString(1));
  }

  /**
   * Gives {@code id}'s lease to {@code to}, a live node, under a new epoch: this node's appends
   * to it are fenced from now on, and {@code to}'s reaper, which looks for the leases given to
   * its node that it does not hold, takes it up (its TAKE accepts its own leases) at its next
   * look, or at the first client's call.
   */
  @Override
  public boolean handOver(String id, String to) {
    if (to.equals(node.id())) {
      return false;
    }
    Object leaseLock = leasing(id);
    synchronized (leaseLock) {
      Long epoch = epochs.get(id);
      if (epoch == null) {
        return false;
      }
      try (Connection c = pool.getConnection();
          PreparedStatement ps = c.prepareStatement("UPDATE table_lease l SET owner = ?, "
              + "epoch = l.epoch + 1 WHERE l.table_id = ? AND l.owner = ? AND l.epoch = ? "
              + "AND EXISTS (SELECT 1 FROM node n WHERE n.node_id = ? "
              + "AND n.expires_at > now())")) {
        ps.setString(1, to);
        ps.setString(2, id);
        ps.setString(3, node.id());
        ps.setLong(4, epoch);
        ps.setString(5, to);
        boolean handed = ps.executeUpdate() == 1;
        c.commit();
        if (handed) {
          epochs.remove(id);
          lost.add(id);
          log.info("handed {} to node {}", id, to);
        }
        return handed;
      } catch (SQLException e) {
        throw new StoreException("cannot hand " + id + " over: " + firstLine(e), e);
      }
    }
  }

  /** Writes the listings of tables this node still owns (others' are left as they are). */
  @Override
  public void publish(List<Listing> listings) {
    if (listings.isEmpty()) {
      return;
    }
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("INSERT INTO table_listing (table_id, info, "
            + "open) SELECT ?, ?, ? FROM table_lease l WHERE l.table_id = ? AND l.owner = ? "
            + "ON CONFLICT (table_id) DO UPDATE SET info = EXCLUDED.info, open = EXCLUDED.open")) {
      for (Listing l : listings) {
        ps.setString(1, l.id());
        ps.setBytes(2, l.info());
        ps.setBoolean(3, l.open());
        ps.setString(4, l.id());
        ps.setString(5, node.id());
        ps.addBatch();
      }
      ps.executeBatch();
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot publish the table list: " + firstLine(e), e);
    }
  }

  @Override
  public List<Listing> listings() {
    return rows("the table list",
        "SELECT table_id, info FROM table_listing WHERE open ORDER BY table_id", ps -> { },
        rs -> new Listing(rs.getString(1), rs.getBytes(2), true));
  }

  /**
   * Records that request {@code key} makes {@code id} and leases {@code id} to this node, in one
   * transaction; or the id a request of that key made before (nothing recorded). A second node
   * claiming the same key at once waits for the first's commit and finds its id.
   */
  @Override
  public String claim(String key, String id) {
    Object leaseLock = leasing(id);
    synchronized (leaseLock) {
      try (Connection c = pool.getConnection();
          PreparedStatement claim = c.prepareStatement("INSERT INTO table_request (request_key, "
              + "table_id) VALUES (?, ?) ON CONFLICT (request_key) DO NOTHING");
          PreparedStatement made = c.prepareStatement(
              "SELECT table_id FROM table_request WHERE request_key = ?");
          PreparedStatement lease = c.prepareStatement("INSERT INTO table_lease (table_id, "
              + "owner, epoch) VALUES (?, ?, 1) ON CONFLICT (table_id) DO NOTHING")) {
        try {
          claim.setString(1, key);
          claim.setString(2, id);
          if (claim.executeUpdate() == 0) {
            made.setString(1, key);
            try (ResultSet rs = made.executeQuery()) {
              rs.next();
              String before = rs.getString(1);
              c.commit();
              return before;
            }
          }
          lease.setString(1, id);
          lease.setString(2, node.id());
          boolean leased = lease.executeUpdate() == 1;
          c.commit();
          if (leased) {
            epochs.put(id, 1L);
          }
          return id;
        } catch (SQLException e) {
          c.rollback();
          throw e;
        }
      } catch (SQLException e) {
        throw new StoreException("cannot record request " + key + ": " + firstLine(e), e);
      }
    }
  }

  @Override
  public void publishTokens(Map<String, String> tokens) {
    if (tokens.isEmpty()) {
      return;
    }
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("INSERT INTO table_token (token, table_id) "
            + "VALUES (?, ?) ON CONFLICT (token) DO NOTHING")) {
      for (Map.Entry<String, String> t : tokens.entrySet()) {
        ps.setString(1, t.getKey());
        ps.setString(2, t.getValue());
        ps.addBatch();
      }
      ps.executeBatch();
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot publish the token index: " + firstLine(e), e);
    }
  }

  @Override
  public java.util.Optional<String> tableOfToken(String token) {
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement(
            "SELECT table_id FROM table_token WHERE token = ?")) {
      ps.setString(1, token);
      java.util.Optional<String> table;
      try (ResultSet rs = ps.executeQuery()) {
        table = rs.next() ? java.util.Optional.of(rs.getString(1)) : java.util.Optional.empty();
      }
      c.commit();
      return table;
    } catch (SQLException e) {
      throw new StoreException("cannot read the token index: " + firstLine(e), e);
    }
  }

  /** A number no node has had before, for a new table's or session's id. */
  @Override
  public long nextNumber() {
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement("SELECT nextval('entity_number')");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      long n = rs.getLong(1);
      c.commit();
      return n;
    } catch (SQLException e) {
      throw new StoreException("cannot number a new table: " + firstLine(e), e);
    }
  }

  /** Whether this node owns {@code id}, as far as it knows (an append may find otherwise). */
  public boolean holds(String id) {
    return epochs.containsKey(id);
  }

  /** How many entities this node owns. */
  public int owned() {
    return epochs.size();
  }

  /** Entities taken over from another node, or from this node before a restart. */
  public long takeovers() {
    return takeovers.get();
  }

  /** Appends refused because another node had taken the entity over. */
  public long fencedAppends() {
    return fenced.get();
  }

  /** The epoch an append of {@code id} is written under; a new entity is leased here first. */
  private long epochFor(String id) {
    Long epoch = epochs.get(id);
    if (epoch != null) {
      return epoch;
    }
    if (!lost.contains(id) && create(id) instanceof Ownership.Mine mine) {
      return mine.epoch();
    }
    fenced.incrementAndGet();
    throw new LeaseLostException(id, owner(id) instanceof Ownership.Elsewhere e ? e.address()
        : "");
  }

  /**
   * Whether this node may take entities from nodes whose heartbeat expired: only once its own
   * heartbeats have run unbroken for a lease's length. After the database was away every node's
   * row looks expired; the others get that long to beat again before anyone is reaped.
   */
  boolean mayReap() {
    long since = beatingSince;
    long now = System.nanoTime();
    return since != 0 && now - since >= node.lease().toNanos() && beating(now);
  }

  /**
   * Whether this node's heartbeats go through: the last one succeeded, less than a lease ago. A
   * beat stuck on the way (the database away, the pool waiting for a connection) is not one.
   */
  private boolean beating(long now) {
    return beatingSince != 0 && now - lastBeat <= node.lease().toNanos();
  }

  /**
   * Renews this node's row; a failed or late beat restarts the count of unbroken ones. Late is
   * judged by when each beat went through, not when it set out: a beat that waited for the
   * database for longer than a lease (it was away) is a break, however soon it started.
   */
  private void beat() {
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement(BEAT)) {
      ps.setString(1, node.id());
      ps.setString(2, node.address());
      ps.setDouble(3, node.lease().toMillis() / 1000.0);
      ps.executeUpdate();
      // Fewer leases than this node thinks it holds: another seized one (a session's director
      // acting on a table here), or took one while this node was away.
      int thought = epochs.size();
      long held;
      try (PreparedStatement count = c.prepareStatement(HELD)) {
        count.setString(1, node.id());
        try (ResultSet rs = count.executeQuery()) {
          held = rs.next() ? rs.getLong(1) : 0;
        }
      }
      c.commit();
      long now = System.nanoTime();
      boolean late = lastBeat != 0 && now - lastBeat > node.lease().toNanos();
      boolean broken = late || beatingSince == 0 && lastBeat != 0;
      if (beatingSince == 0 || late) {
        beatingSince = now;
      }
      lastBeat = now;
      if (broken || held < thought) {
        recheck(); // another may have taken what this node held (while it was away)
      }
    } catch (SQLException | RuntimeException e) {
      if (beatingSince != 0) {
        log.warn("this node's heartbeat failed: {}", e.getMessage());
      }
      beatingSince = 0;
    }
  }

  /**
   * After this node's heartbeats were broken (it was paused, cut off, or the database was away),
   * or when it holds fewer leases than it thinks (another node seized one): every entity it holds whose lease is no longer its own under the same epoch is forgotten, and
   * the listener told, so that the server drops it and sends its clients to the new owner at
   * once rather than at its next append (a table whose players wait for this node would
   * otherwise wait for ever, its streams open here).
   */
  private void recheck() {
    Map<String, Long> held = new java.util.HashMap<>(epochs);
    if (held.isEmpty()) {
      return;
    }
    Map<String, Long> now = new java.util.HashMap<>();
    try (Connection c = pool.getConnection();
        PreparedStatement ps = c.prepareStatement(
            "SELECT table_id, epoch FROM table_lease WHERE owner = ?")) {
      ps.setString(1, node.id());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          now.put(rs.getString(1), rs.getLong(2));
        }
      }
      c.commit();
    } catch (SQLException e) {
      log.warn("could not check this node's leases after its heartbeats broke: {}",
          firstLine(e));
      return;
    }
    java.util.function.BiConsumer<String, String> told = lostListener;
    held.forEach((id, epoch) -> {
      if (!epoch.equals(now.get(id)) && epochs.remove(id, epoch)) {
        this.lost.add(id);
        log.warn("{} was taken over by another node: dropped here", id);
        if (told != null) {
          try {
            told.accept(id, ownerOrUnknown(id) instanceof Ownership.Elsewhere o ? o.address()
                : "");
          } catch (RuntimeException e) {
            log.warn("dropping {} failed: {}", id, e.toString());
          }
        }
      }
    });
  }

  @Override
  public void whenLost(java.util.function.BiConsumer<String, String> lost) {
    this.lostListener = lost;
  }

  /** Whether this node's heartbeats go through (the last, less than a lease ago). */
  boolean beating() {
    return beating(System.nanoTime());
  }

  /** One heartbeat now, on the caller's thread: a paused node's first beat back, for tests. */
  void beatOnce() {
    beat();
  }

  /** Stops this node's heartbeat and its reaper, as a paused node's stop: for tests. */
  void stopBeating() {
    heartbeat.shutdownNow();
    reaper.shutdownNow();
  }

  /**
   * How often a node looks for dead nodes' entities: a sixth of a lease, at most every 250 ms
   * (a query of the small node table), so that a table resumes within a lease and a quarter of
   * a second of its owner's last heartbeat.
   */
  static Duration reapEvery(Duration lease) {
    return Duration.ofMillis(Math.max(100, Math.min(250, lease.toMillis() / 6)));
  }

  /**
   * Has {@code adopt} told, on this node's reaper thread, of each entity whose owner has died
   * (its heartbeat expired) or handed it back, once this node may reap; it returns whether it
   * took the entity. One it did not take (a session's log, another node's now) is not offered
   * again while the same node holds it.
   */
  @Override
  public void whenOrphaned(java.util.function.Predicate<String> adopt) {
    this.orphans = adopt;
  }

  /** What the reaper remembers between looks. */
  private static final class Reaping {
    /** Entities a look finds at most: the rest wait for the next look. */
    static final int LIMIT = 512;
    /** Dead nodes with nothing left to take, by the expiry they were found dead at. */
    final Map<String, java.sql.Timestamp> swept = new java.util.HashMap<>();
    /** Entities offered and not taken, by the owner they had then. */
    final Map<String, String> declined = new java.util.HashMap<>();
  }

  /**
   * One look of the reaper: the entities of dead nodes (and those handed back), each offered to
   * the listener in a random order, so that the survivors share them out; each is taken (epoch +
   * 1) through {@link #take}, which a live owner's lease refuses. Only while this node's own
   * heartbeats have run unbroken for a lease ({@link #mayReap}); the leases another node gave
   * this one ({@link #handOver}) are taken up whenever its heartbeats go through.
   */
  private void reap() {
    java.util.function.Predicate<String> adopt = orphans;
    if (adopt == null || !running || !beating()) {
      return;
    }
    // Leases another node gave this one (a session's table placed here) are this node's to take
    // up whether or not it may reap others: nobody else's heartbeat is judged.
    boolean others = mayReap();
    Map<String, java.sql.Timestamp> dead = new java.util.HashMap<>();
    List<String[]> found = new ArrayList<>();
    try (Connection c = pool.getConnection()) {
      if (others) {
        try (PreparedStatement ps = c.prepareStatement(DEAD)) {
          ps.setString(1, node.id());
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              java.sql.Timestamp since = rs.getTimestamp(2);
              if (!since.equals(reaping.swept.get(rs.getString(1)))) {
                dead.put(rs.getString(1), since);
              }
            }
          }
        }
      }
      List<String> owners = new ArrayList<>(dead.keySet());
      if (others) {
        owners.add("");
      }
      owners.add(node.id());
      try (PreparedStatement ps = c.prepareStatement(ORPHANS)) {
        ps.setArray(1, c.createArrayOf("varchar", owners.toArray()));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            String id = rs.getString(1);
            String owner = rs.getString(2);
            if (!owner.equals(reaping.declined.get(id)) && !epochs.containsKey(id)) {
              found.add(new String[] {id, owner});
            }
          }
        }
      }
      c.commit();
    } catch (SQLException | RuntimeException e) {
      log.debug("looking for dead nodes' tables failed: {}", e.getMessage());
      return;
    }
    java.util.Collections.shuffle(found);
    Set<String> left = ConcurrentHashMap.newKeySet();
    Map<String, String> declined = new ConcurrentHashMap<>();
    java.util.concurrent.atomic.AtomicBoolean stopped =
        new java.util.concurrent.atomic.AtomicBoolean();
    // Several at once (TAKERS), in the shuffled order: the last table of a dead node's no longer
    // waits for every other one's lease, events and replay before its own.
    List<java.util.concurrent.Future<?>> taking = new ArrayList<>();
    for (String[] f : found) {
      try {
        taking.add(takers.submit(() -> {
          if (stopped.get() || !running
              || !(f[1].equals(node.id()) ? beating() : mayReap())) {
            stopped.set(true);
            return;
          }
          try {
            if (!adopt.test(f[0])) {
              declined.put(f[0], f[1]);
            }
          } catch (RuntimeException e) {
            left.add(f[1]); // the database, most likely: the next look tries again
            log.warn("taking {} over from a dead node failed: {}", f[0], e.getMessage());
          }
        }));
      } catch (java.util.concurrent.RejectedExecutionException closing) {
        stopped.set(true);
        break;
      }
    }
    for (java.util.concurrent.Future<?> t : taking) {
      try {
        t.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (java.util.concurrent.ExecutionException e) {
        stopped.set(true); // not thrown by the task above, which catches its failures
      }
    }
    reaping.declined.putAll(declined);
    if (stopped.get()) {
      return;
    }
    if (found.size() < Reaping.LIMIT) {
      dead.forEach((id, since) -> {
        if (!left.contains(id)) {
          reaping.swept.put(id, since);
        }
      });
    }
  }

  /** Forgets {@code id}'s lease after an append was fenced: the table is another node's now. */
  private void fence(String id) {
    epochs.remove(id);
    lost.add(id);
    fenced.incrementAndGet();
  }

  /** Commits made so far (each holding one or more events). */
  long commits() {
    return commits;
  }

  /** Events committed so far. */
  long committed() {
    return committed;
  }

  /** Appends waiting for the writer to take them: for tests, to fill one batch. */
  int queued() {
    return queue.size();
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
    heartbeat.shutdownNow();
    reaper.shutdownNow();
    takers.shutdownNow();
    release();
    pool.close();
    log.info("closed the PostgreSQL store at {}: {} events in {} commits", hostAndDatabase(url),
        committed, commits);
  }

  /**
   * Hands this node's leases of open tables back (owner '', which any node takes at once, its
   * reaper unasked) and removes its row: a clean stop lets the others take its tables without
   * waiting for the leases to expire.
   */
  private void release() {
    try (Connection c = pool.getConnection();
        // Closed tables stay this node's: no reaper takes them up, a node asked for one takes
        // it (this node's row is gone, so its leases have no live owner).
        PreparedStatement ps = c.prepareStatement("UPDATE table_lease l SET owner = '' "
            + "WHERE l.owner = ? AND NOT EXISTS (SELECT 1 FROM table_listing t "
            + "WHERE t.table_id = l.table_id AND NOT t.open)");
        PreparedStatement gone = c.prepareStatement("DELETE FROM node WHERE node_id = ?")) {
      ps.setString(1, node.id());
      ps.executeUpdate();
      gone.setString(1, node.id());
      gone.executeUpdate();
      c.commit();
      epochs.clear();
    } catch (SQLException e) {
      log.warn("could not hand this node's leases back ({}): they expire in {} s", firstLine(e),
          node.lease().toSeconds());
    }
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
        writeAll(batch);
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

  /**
   * Writes {@code batch} and answers each of its callers. The same seq of an entity twice in one
   * batch (two callers racing for it) goes in two statements, in the callers' order: the first
   * is inserted, the second finds its row and is refused, as one statement could not say which
   * of the two went in.
   */
  private void writeAll(List<Pending> batch) {
    List<Pending> rest = batch;
    while (!rest.isEmpty()) {
      List<Pending> now = new ArrayList<>(rest.size());
      List<Pending> later = new ArrayList<>();
      Set<Key> keys = new java.util.HashSet<>();
      for (Pending p : rest) {
        (keys.add(Key.of(p.event())) ? now : later).add(p);
      }
      write(now, true);
      rest = later;
    }
  }

  /** An event's place in the log: its entity and its seq. */
  private record Key(String id, long seq) {
    static Key of(StoredEvent e) {
      return new Key(e.tableId(), e.seq());
    }
  }

  /**
   * Binds {@link #INSERT}'s parameters on {@code c}'s statement {@code ps}: {@code events}, each
   * written under the epoch at the same place in {@code epochs}, by node {@code node}.
   */
  static void bind(Connection c, PreparedStatement ps, String node, List<StoredEvent> events,
      List<Long> epochs) throws SQLException {
    int n = events.size();
    String[] ids = new String[n];
    Long[] seqs = new Long[n];
    Long[] times = new Long[n];
    byte[][] payloads = new byte[n][];
    for (int i = 0; i < n; i++) {
      StoredEvent e = events.get(i);
      ids[i] = e.tableId();
      seqs[i] = e.seq();
      times[i] = e.recordedAt();
      payloads[i] = e.payload();
    }
    ps.setArray(1, c.createArrayOf("varchar", ids));
    ps.setArray(2, c.createArrayOf("bigint", seqs));
    ps.setArray(3, c.createArrayOf("bigint", times));
    ps.setArray(4, c.createArrayOf("bytea", payloads));
    ps.setArray(5, c.createArrayOf("bigint", epochs.toArray(Long[]::new)));
    ps.setString(6, node);
  }

  /**
   * Inserts {@code batch} (no seq of an entity twice) in one statement, committed as it runs, and
   * answers each of its callers. With {@code retry}, a batch that failed on a broken connection
   * (the database restarted, or ended the connection) is settled and what it lacks written once
   * more on a new one: the pool's other idle connections died with it, and each would otherwise
   * fail a batch of its own before the pool found out.
   */
  private void write(List<Pending> batch, boolean retry) {
    Set<Key> inserted = new java.util.HashSet<>();
    try (Connection c = pool.getConnection()) {
      // One statement, committed when it ends: a single round trip (its answer comes once the
      // commit is durable), where a transaction would take a second one for its COMMIT. The
      // pool sets the connection back as it was when it is returned.
      c.setAutoCommit(true);
      try (PreparedStatement ps = c.prepareStatement(INSERT)) {
        bind(c, ps, node.id(), batch.stream().map(Pending::event).toList(),
            batch.stream().map(Pending::epoch).toList());
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            inserted.add(new Key(rs.getString(1), rs.getLong(2)));
          }
        }
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
    committed += inserted.size();
    // A row not inserted is either a seq the log holds already, or fenced: the lease tells
    // which.
    for (Pending p : batch) {
      StoredEvent e = p.event();
      if (inserted.contains(Key.of(e))) {
        p.done().complete(null);
        continue;
      }
      Ownership now = ownerOrUnknown(e.tableId());
      if (now instanceof Ownership.Mine mine && mine.epoch() == p.epoch()) {
        p.done().completeExceptionally(new StoreException("seq " + e.seq() + " of "
            + e.tableId() + " is in the event log already: it is never written twice", null));
      } else {
        fence(e.tableId());
        log.warn("an append to {} was fenced: another node took it over", e.tableId());
        p.done().completeExceptionally(new LeaseLostException(e.tableId(),
            now instanceof Ownership.Elsewhere o ? o.address() : ""));
      }
    }
  }

  /** {@link #owner(String)}, or Unknown when the database cannot say. */
  private Ownership ownerOrUnknown(String id) {
    try {
      return owner(id);
    } catch (StoreException e) {
      return new Ownership.Unknown();
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

  /**
   * The rows of one query, read in a transaction of their own; a failure is a StoreException
   * saying what could not be read.
   */
  private <T> List<T> rows(String what, String sql, Parameters parameters, Row<T> row) {
    List<T> out = new ArrayList<>();
    try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
      parameters.set(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(row.read(rs));
        }
      }
      c.commit();
    } catch (SQLException e) {
      throw new StoreException("cannot read " + what + ": " + firstLine(e), e);
    }
    return out;
  }

  @FunctionalInterface
  private interface Parameters {
    void set(PreparedStatement ps) throws SQLException;
  }

  @FunctionalInterface
  private interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  private static String firstLine(SQLException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getMessage().lines().findFirst().orElse("").strip();
  }
}
