package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What only the PostgreSQL log does: group commit, and its refusals said in words. */
class PgEventLogTest {

  private static StoredEvent event(String table, long seq) {
    return new StoredEvent(table, seq, 1_700_000_000_000L + seq,
        ("card " + seq).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void concurrentAppendsShareCommits() throws Exception {
    TestPostgres pg = TestPostgres.get();
    int threads = 32;
    int each = 100;
    try (PgEventLog log = PgEventLog.open(pg.newDatabase(), TestPostgres.USER,
        TestPostgres.PASSWORD)) {
      EventLogTest.appendAtOnce(log, threads, each);
      assertThat(log.committed()).isEqualTo(threads * each);
      // 32 callers each waiting on its commit: while one commit is out, the others' events
      // queue for the next, so commits hold several events on average.
      assertThat(log.commits()).isLessThan(threads * each / 2);
    }
  }

  @Test
  void theSameSeqTwiceInOneBatchKeepsTheFirstCallersAndRefusesTheOther() throws Exception {
    TestPostgres pg = TestPostgres.get();
    try (PgEventLog log = PgEventLog.open(pg.newDatabase(), TestPostgres.USER,
        TestPostgres.PASSWORD)) {
      int racers = 8;
      ExecutorService pool = Executors.newFixedThreadPool(racers);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Boolean>> tries = new ArrayList<>();
      for (int i = 0; i < racers; i++) {
        byte[] payload = {(byte) i};
        tries.add(pool.submit(() -> {
          go.await();
          try {
            log.append(new StoredEvent("t", 1, 1, payload));
            return true;
          } catch (StoreException refused) {
            assertThat(refused).hasMessageContaining("seq 1 of t is in the event log already");
            return false;
          }
        }));
      }
      go.countDown();
      int accepted = 0;
      for (Future<Boolean> f : tries) {
        accepted += f.get() ? 1 : 0;
      }
      pool.shutdown();
      assertThat(accepted).isEqualTo(1);
      assertThat(log.loadAll().get("t")).hasSize(1);
    }
  }

  @Test
  void aConnectionTheDatabaseEndedCostsNoAppend() throws Exception {
    TestPostgres pg = TestPostgres.get();
    String url = pg.newDatabase();
    String name = url.substring(url.lastIndexOf('/') + 1);
    try (PgEventLog log = PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD)) {
      log.append(event("t", 1));
      // The database ends every connection of the log (an administrator, a failover).
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(pg.url("postgres"),
              TestPostgres.USER, TestPostgres.PASSWORD);
          java.sql.PreparedStatement ps = c.prepareStatement("SELECT pg_terminate_backend(pid) "
              + "FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()")) {
        ps.setString(1, name);
        ps.executeQuery().close();
      }
      // The next appends go on dead connections (the pool's idle ones died too): the log
      // writes each batch again on a new connection, and the action is acknowledged. Without
      // that, each dead connection left in the pool refused a batch of its own.
      log.append(event("t", 2));
      log.append(event("t", 3));
      long next = 3;
      assertThat(log.loadAll().get("t")).extracting(StoredEvent::seq)
          .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, next).boxed()
              .toList());
    }
  }

  @Test
  void theUserAndPasswordMayBeInTheUrl() {
    TestPostgres pg = TestPostgres.get();
    String url = pg.newDatabaseWithCredentials();
    try (EventLog log = EventLogs.open(url, false, "", "")) {
      log.append(event("t", 1));
      assertThat(log.loadAll().get("t")).hasSize(1);
    }
  }

  @Test
  void aWrongPasswordIsSaidInWords() {
    TestPostgres pg = TestPostgres.get();
    assertThatThrownBy(() -> PgEventLog.open(pg.newDatabase(), TestPostgres.USER, "wrong"))
        .isInstanceOf(StoreException.class)
        .hasMessageStartingWith("PostgreSQL at 127.0.0.1:" + pg.port())
        .hasMessageContaining("refused the user name or password")
        .hasMessageContaining("--db-password")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aMissingDatabaseIsSaidInWords() {
    TestPostgres pg = TestPostgres.get();
    assertThatThrownBy(() -> PgEventLog.open(pg.url("nothere"), TestPostgres.USER,
        TestPostgres.PASSWORD))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("has no such database")
        .hasMessageContaining("createdb");
  }

  @Test
  void anUnreachableServerIsSaidInWords() throws Exception {
    int nobody;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      nobody = s.getLocalPort();
    }
    assertThatThrownBy(() -> PgEventLog.open("jdbc:postgresql://127.0.0.1:" + nobody + "/x",
        "u", "p"))
        .isInstanceOf(StoreException.class)
        .hasMessageStartingWith("cannot reach PostgreSQL at 127.0.0.1:" + nobody + "/x")
        .hasMessageContaining("check that it is running");
  }

  @Test
  void aPasswordInTheUrlIsNeverRepeatedInAMessage() {
    assertThat(PgEventLog.hostAndDatabase("jdbc:postgresql://db:5433/tenace?password=secret"))
        .isEqualTo("db:5433/tenace");
  }
}
