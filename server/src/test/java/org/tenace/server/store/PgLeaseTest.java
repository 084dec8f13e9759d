package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Leases and fencing between nodes that share one PostgreSQL: two (or three) {@link PgEventLog}s
 * in this JVM, each a node with a lease of a second, against the real database.
 */
class PgLeaseTest {
  private static final Duration LEASE = Duration.ofSeconds(1);
  private static final Duration AT_MOST = Duration.ofSeconds(30);
  /** The test's own database. */
  private String url;

  @BeforeEach
  void database() {
    url = TestPostgres.get().newDatabase();
  }

  private static StoredEvent event(String table, long seq) {
    return new StoredEvent(table, seq, 1_700_000_000_000L + seq,
        ("card " + seq).getBytes(StandardCharsets.UTF_8));
  }

  /** Node {@code id} of the test's database, with a lease of {@link #LEASE}. */
  private PgEventLog node(String id) {
    return PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
        new PgEventLog.Node(id, id + ".example:50051", LEASE));
  }

  /** Waits until {@code by} has taken {@code id} over, once its owner's lease has expired. */
  private static long takeOver(PgEventLog by, String id) {
    await("node " + by.node().id() + " to take " + id + " over once its owner's lease expired")
        .atMost(AT_MOST).until(() -> by.take(id) instanceof Ownership.Mine);
    return ((Ownership.Mine) by.take(id)).epoch();
  }

  /**
   * Many first uses of the same tables at once on one node (players' commands after a restart,
   * the first appends of a new table) lease each once: none raises the epoch under another and
   * fences the node's own appends.
   */
  @Test
  void firstUsesAtOnceLeaseATableOnce() throws Exception {
    int racers = 8;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(racers);
    try (PgEventLog a = node("a")) {
      for (int t = 0; t < 20; t++) {
        String id = "t" + t;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<Ownership>> uses = new java.util.ArrayList<>();
        for (int i = 0; i < racers; i++) {
          boolean create = i % 2 == 0;
          uses.add(pool.submit(() -> {
            go.await();
            return create ? a.create(id) : a.take(id);
          }));
        }
        go.countDown();
        for (java.util.concurrent.Future<Ownership> u : uses) {
          Ownership o = u.get();
          // A take that ran before any create finds no lease yet: Unknown, and no harm done.
          if (!(o instanceof Ownership.Unknown)) {
            assertThat(o).as("a first use of %s", id).isEqualTo(new Ownership.Mine(1));
          }
        }
        a.append(event(id, 1));
        assertThat(a.take(id)).isEqualTo(new Ownership.Mine(1));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aLiveOwnersTableIsNotTakenAndSaysWhereItIs() {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      a.append(event("t1", 1));
      await("b's own heartbeats to have run for a lease").atMost(AT_MOST).until(b::mayReap);
      assertThat(b.take("t1")).isEqualTo(new Ownership.Elsewhere("a", "a.example:50051"));
      assertThat(b.take("nothing")).isEqualTo(new Ownership.Unknown());
      assertThatThrownBy(() -> b.append(event("t1", 2)))
          .isInstanceOf(LeaseLostException.class)
          .hasMessageContaining("the node at a.example:50051");
      a.append(event("t1", 2));
      assertThat(a.load("t1")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
    }
  }

  @Test
  void aStaleOwnerIsFencedAndTheTakeoverContinuesAtTheNextSeq() {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      for (long s = 1; s <= 3; s++) {
        a.append(event("t1", s));
      }
      a.stopBeating(); // a pauses: a long collection, SIGSTOP, a partition
      long epoch = takeOver(b, "t1");
      assertThat(epoch).isEqualTo(2);
      List<StoredEvent> events = b.load("t1");
      assertThat(events).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L);
      // a wakes up and appends the seq it thinks is next: fenced, nothing written.
      assertThatThrownBy(() -> a.append(event("t1", 4)))
          .isInstanceOf(LeaseLostException.class)
          .satisfies(e -> assertThat(((LeaseLostException) e).address())
              .isEqualTo("b.example:50051"));
      assertThat(a.fencedAppends()).isEqualTo(1);
      assertThat(a.holds("t1")).isFalse();
      // and stays fenced: it never takes the table back behind the new owner's back.
      assertThatThrownBy(() -> a.append(event("t1", 5))).isInstanceOf(LeaseLostException.class);
      b.append(event("t1", 4));
      assertThat(b.load("t1")).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L, 4L);
      assertThat(b.takeovers()).isEqualTo(1);
    }
  }

  /**
   * A node paused past its lease finds, at its first heartbeat back, what another took
   * meanwhile, and lets go of it at once, before any append of its: its players, waiting on it
   * for their turn, would otherwise wait for ever. What is still its own it keeps.
   */
  @Test
  void aNodeBackFromAPauseLetsGoAtOnceOfWhatWasTakenMeanwhile() {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      a.append(event("t1", 1));
      a.append(event("t2", 1));
      Map<String, String> lost = new ConcurrentHashMap<>();
      a.whenLost(lost::put);
      a.stopBeating(); // a pauses
      takeOver(b, "t1");
      a.beatOnce(); // a runs again: its first beat is late
      assertThat(lost).isEqualTo(Map.of("t1", "b.example:50051"));
      assertThat(a.holds("t1")).isFalse();
      assertThat(a.holds("t2")).isTrue();
      assertThat(a.fencedAppends()).as("appends fenced").isZero();
    }
  }

  @Test
  void appendsInFlightDuringATakeoverAreReadByTheNewOwnerOrFailed() throws Exception {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      a.append(event("t1", 1));
      Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
      acknowledged.add(1L);
      AtomicBoolean fenced = new AtomicBoolean();
      Thread writer = new Thread(() -> {
        for (long s = 2; !fenced.get(); s++) {
          try {
            a.append(event("t1", s));
            acknowledged.add(s);
          } catch (LeaseLostException e) {
            fenced.set(true);
          }
        }
      }, "stale-owner");
      writer.start();
      await("a to have appended a few").atMost(AT_MOST).until(() -> acknowledged.size() > 20);
      a.stopBeating();
      takeOver(b, "t1");
      List<StoredEvent> read = b.load("t1");
      await("a's writer to be fenced").atMost(AT_MOST).untilTrue(fenced);
      writer.join(AT_MOST.toMillis());
      // Everything a was told was written, the new owner read at its takeover; nothing else
      // is in the log (a fenced append wrote nothing), and nothing came after the takeover.
      assertThat(read).extracting(StoredEvent::seq).containsExactlyInAnyOrderElementsOf(
          acknowledged);
      assertThat(b.load("t1")).hasSameSizeAs(read);
    }
  }

  @Test
  void aNodeJustStartedReapsNobodyUntilItsHeartbeatsHaveRunALease() {
    try (PgEventLog a = node("a")) {
      a.append(event("t1", 1));
      a.stopBeating();
      try (PgEventLog c = node("c")) {
        // a's row may look expired only because the database was away; c waits a lease first.
        assertThat(c.mayReap()).isFalse();
        assertThat(c.take("t1")).isInstanceOf(Ownership.Elsewhere.class);
        takeOver(c, "t1");
      }
    }
  }

  /**
   * A survivor's reaper offers it a dead node's entities unasked, once the owner's lease has
   * expired: the open tables and those never listed, not a closed one; one it declines (a
   * session's log) is not offered again.
   */
  @Test
  void aDeadNodesOpenTablesAreOfferedToASurvivorUnasked() {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      for (String id : List.of("t1", "t2", "t3", "session:s1")) {
        a.append(event(id, 1));
      }
      a.publish(List.of(new Listing("t1", new byte[] {1}, true),
          new Listing("t3", new byte[] {3}, false)));
      List<String> offered = new java.util.concurrent.CopyOnWriteArrayList<>();
      b.whenOrphaned(id -> {
        offered.add(id);
        return !id.startsWith("session:") && b.take(id) instanceof Ownership.Mine;
      });
      a.stopBeating(); // a dies: nobody asks b for anything
      await("b's reaper to take a's open tables over once a's lease expired").atMost(AT_MOST)
          .until(() -> b.holds("t1") && b.holds("t2"));
      assertThat(b.take("t1")).isEqualTo(new Ownership.Mine(2));
      await("b's reaper to have offered a's session log").atMost(AT_MOST)
          .until(() -> offered.contains("session:s1"));
      // A few more looks: nothing is offered twice, the closed table not at all.
      long looks = 4 * PgEventLog.reapEvery(LEASE).toMillis();
      await("b's reaper to offer nothing more for " + looks + " ms").during(Duration.ofMillis(
          looks)).atMost(AT_MOST).until(() -> offered.size() == 3 && !b.holds("t3"));
      assertThat(offered).containsExactlyInAnyOrder("t1", "t2", "session:s1");
      assertThat(b.holds("t3")).isFalse();
      assertThat(b.takeovers()).isEqualTo(2);
      assertThatThrownBy(() -> a.append(event("t1", 2))).isInstanceOf(LeaseLostException.class);
    }
  }

  /**
   * The old owner's append is in the middle of its transaction (inserted, not committed) when
   * another node takes the table over: the takeover waits for it, and the new owner reads it.
   */
  @Test
  void aTakeoverWaitsForAnUncommittedAppendAndReadsIt() throws Exception {
    try (PgEventLog a = node("a"); PgEventLog b = node("b");
        java.sql.Connection inFlight = transaction()) {
      a.append(event("t1", 1));
      a.stopBeating();
      await("b's own heartbeats to have run for a lease").atMost(AT_MOST).until(b::mayReap);
      // a's writer, as it is between its INSERT and its COMMIT.
      try (java.sql.PreparedStatement ps = inFlight.prepareStatement(PgEventLog.INSERT)) {
        PgEventLog.bind(inFlight, ps, "a", List.of(event("t1", 2)), List.of(1L));
        try (java.sql.ResultSet inserted = ps.executeQuery()) {
          assertThat(inserted.next()).isTrue();
          assertThat(inserted.getLong(2)).isEqualTo(2);
        }
      }
      // A takeover waits a lease at most for a lock, then says so: tried again until it wins.
      java.util.concurrent.CompletableFuture<Ownership> taking =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            await("b to take t1 over").atMost(AT_MOST).ignoreExceptions()
                .until(() -> b.take("t1") instanceof Ownership.Mine);
            return b.take("t1");
          });
      waitsUntilCommitted(taking, "b's takeover", "a's uncommitted append", inFlight);
      assertThat(taking.get(AT_MOST.toSeconds(), java.util.concurrent.TimeUnit.SECONDS))
          .isEqualTo(new Ownership.Mine(2));
      assertThat(b.load("t1")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
      b.append(event("t1", 3));
    }
  }

  /**
   * A takeover has updated the lease but not committed when the old owner appends: the append
   * waits for it, then finds the new epoch and inserts nothing (fenced), not a row the new owner
   * missed.
   */
  @Test
  void anAppendRacingAnUncommittedTakeoverIsFenced() throws Exception {
    try (PgEventLog a = node("a"); PgEventLog b = node("b");
        java.sql.Connection takeover = transaction()) {
      a.append(event("t1", 1));
      try (java.sql.PreparedStatement ps = takeover.prepareStatement(
          "UPDATE table_lease SET owner = 'b', epoch = epoch + 1 WHERE table_id = 't1'")) {
        assertThat(ps.executeUpdate()).isEqualTo(1);
      }
      java.util.concurrent.CompletableFuture<Void> appending =
          java.util.concurrent.CompletableFuture.runAsync(() -> a.append(event("t1", 2)));
      waitsUntilCommitted(appending, "a's append", "the uncommitted takeover", takeover);
      assertThatThrownBy(() -> appending.get(AT_MOST.toSeconds(),
          java.util.concurrent.TimeUnit.SECONDS))
          .hasCauseInstanceOf(LeaseLostException.class);
      assertThat(a.load("t1")).extracting(StoredEvent::seq).containsExactly(1L);
      assertThat(a.fencedAppends()).isEqualTo(1);
      assertThat(b.owner("t1")).isEqualTo(new Ownership.Mine(2));
    }
  }

  /** A connection to the database whose transaction stays open until a commit. */
  private java.sql.Connection transaction() throws java.sql.SQLException {
    java.sql.Connection c = java.sql.DriverManager.getConnection(url, TestPostgres.USER,
        TestPostgres.PASSWORD);
    c.setAutoCommit(false);
    return c;
  }

  /**
   * {@code waiting} ({@code who}) waits on the rows {@code open}'s transaction ({@code what})
   * holds, a lock wait in the database, and is not done until {@code open} commits, which it
   * then does.
   */
  private void waitsUntilCommitted(java.util.concurrent.Future<?> waiting, String who,
      String what, java.sql.Connection open) throws Exception {
    await(who + " to wait on " + what + " (a lock wait in the database)").atMost(AT_MOST)
        .until(this::waitingOnALock);
    assertThat(waiting).isNotDone();
    open.commit();
  }

  /** Whether a statement of the database waits on a lock. */
  private boolean waitingOnALock() throws Exception {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, TestPostgres.USER,
            TestPostgres.PASSWORD);
        java.sql.PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
            + " WHERE datname = current_database() AND wait_event_type = 'Lock'");
        java.sql.ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getInt(1) > 0;
    }
  }

  /**
   * PostgreSQL restarts: while it is away every node's heartbeat fails, and when it is back
   * every node's row looks expired. No node reaps another until its own heartbeats have run
   * unbroken for a lease again; by then the others have beaten too, and keep their tables.
   */
  @Test
  void afterADatabaseRestartNoNodeReapsAnotherUntilItsOwnHeartbeatsHaveRunALease()
      throws Exception {
    TestPostgres pg = TestPostgres.get();
    // A lease longer than the connection pool's wait between two tries to reconnect (at most 5
    // s): each node is back within a lease of the database's return, as in production.
    Duration lease = Duration.ofSeconds(8);
    try (PgEventLog a = PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
            new PgEventLog.Node("a", "a.example:50051", lease));
        PgEventLog b = PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
            new PgEventLog.Node("b", "b.example:50051", lease))) {
      a.append(event("t1", 1));
      List<String> offered = new java.util.concurrent.CopyOnWriteArrayList<>();
      b.whenOrphaned(id -> {
        offered.add(id);
        return b.take(id) instanceof Ownership.Mine;
      });
      await("b to be one that may reap before the restart").atMost(AT_MOST).until(b::mayReap);
      pg.stopForNow();
      try {
        // Neither has beaten for a lease: a's row has expired when the database is back.
        await("both nodes' heartbeats to have failed for a lease").atMost(AT_MOST)
            .until(() -> !a.beating() && !b.beating());
        assertThat(b.mayReap()).isFalse();
      } finally {
        pg.startAgain();
      }
      await("both nodes to beat again").atMost(AT_MOST).until(() -> a.beating() && b.beating());
      await("b to have beaten unbroken for a lease").atMost(AT_MOST).until(b::mayReap);
      await("b to take nothing of a's for a lease more").during(lease).atMost(AT_MOST)
          .until(() -> offered.isEmpty() && !b.holds("t1"));
      assertThat(b.takeovers()).isZero();
      a.append(event("t1", 2));
      assertThat(a.fencedAppends()).isZero();
      assertThat(a.load("t1")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
    }
  }

  @Test
  void aCleanStopHandsTheLeasesOverAtOnce() {
    try (PgEventLog b = node("b")) {
      try (PgEventLog a = node("a")) {
        a.append(event("t1", 1));
      }
      // No wait for a lease to expire, nor for b's own heartbeats: nobody holds it now.
      assertThat(b.take("t1")).isInstanceOf(Ownership.Mine.class);
      b.append(event("t1", 2));
    }
  }

  @Test
  void aRestartedNodeTakesItsOwnTablesBackAndFencesItsFormerSelf() {
    try (PgEventLog before = node("a"); PgEventLog b = node("b")) {
      before.append(event("t1", 1));
      b.append(event("t2", 1));
      try (PgEventLog after = node("a")) {
        // The same node id: its tables at once, under a new epoch; the other node's not at all.
        assertThat(after.loadAll()).containsOnlyKeys("t1");
        assertThatThrownBy(() -> before.append(event("t1", 2)))
            .isInstanceOf(LeaseLostException.class);
        after.append(event("t1", 2));
        assertThat(after.load("t1")).hasSize(2);
      }
    }
  }

  @Test
  void numbersAreNeverGivenTwiceAcrossNodes() {
    try (PgEventLog a = node("a"); PgEventLog b = node("b")) {
      long first = a.nextNumber();
      assertThat(b.nextNumber()).isGreaterThan(first);
      assertThat(a.nextNumber()).isGreaterThan(first + 1);
    }
  }
}
