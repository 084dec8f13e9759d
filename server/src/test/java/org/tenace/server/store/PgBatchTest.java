package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The group commit's one statement: every event of a batch fenced by its own epoch, each
 * caller answered for its own event. A batch is filled at will by holding the writer on a lease
 * row another connection has locked: what is appended meanwhile is written together next.
 */
class PgBatchTest {
  private static final Duration AT_MOST = Duration.ofSeconds(30);

  private static StoredEvent event(String table, long seq, String text) {
    return new StoredEvent(table, seq, 1_700_000_000_000L + seq,
        text.getBytes(StandardCharsets.UTF_8));
  }

  private static PgEventLog node(String url, String id) {
    return PgEventLog.open(url, TestPostgres.USER, TestPostgres.PASSWORD,
        new PgEventLog.Node(id, id + ".example:50051", Duration.ofSeconds(10)));
  }

  /** Appends on a thread of its own, once the ones queued before it are queued. */
  private static CompletableFuture<Void> queue(PgEventLog log, StoredEvent e, int before) {
    CompletableFuture<Void> appending = CompletableFuture.runAsync(() -> log.append(e));
    await("the append of " + e.tableId() + " seq " + e.seq() + " to be queued").atMost(AT_MOST)
        .until(() -> log.queued() == before + 1);
    return appending;
  }

  /**
   * Locks {@code id}'s lease row on a connection of its own, so that the writer's next statement
   * that appends to {@code id} waits, and returns the connection: closing it lets it go on.
   */
  private static Connection hold(String url, String id) throws Exception {
    Connection c = DriverManager.getConnection(url, TestPostgres.USER, TestPostgres.PASSWORD);
    c.setAutoCommit(false);
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT 1 FROM table_lease WHERE table_id = ? FOR UPDATE")) {
      ps.setString(1, id);
      ps.executeQuery().close();
    }
    return c;
  }

  private static boolean waitingOnALock(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url, TestPostgres.USER, TestPostgres.PASSWORD);
        PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
            + " WHERE datname = current_database() AND wait_event_type = 'Lock'");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getInt(1) > 0;
    }
  }

  @Test
  void aFencedAppendInABatchRefusesOnlyItsOwnCaller() throws Exception {
    String url = TestPostgres.get().newDatabase();
    try (PgEventLog a = node(url, "a"); PgEventLog b = node(url, "b")) {
      for (String t : new String[] {"t1", "t2", "t3"}) {
        a.append(event(t, 1, "opened"));
      }
      assertThat(b.seize("t2")).isEqualTo(new Ownership.Mine(2)); // a's epoch 1 is stale now
      long commits;
      CompletableFuture<Void> t1;
      CompletableFuture<Void> t2;
      CompletableFuture<Void> t3;
      try (Connection held = hold(url, "t3")) {
        t3 = CompletableFuture.runAsync(() -> a.append(event("t3", 2, "held")));
        await("a's writer to wait on t3's lease").atMost(AT_MOST).until(() -> waitingOnALock(url));
        commits = a.commits();
        t1 = queue(a, event("t1", 2, "played"), 0);
        t2 = queue(a, event("t2", 2, "played after the seizure"), 1);
        held.rollback();
      }
      t3.get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      t1.get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      assertThatThrownBy(() -> t2.get(AT_MOST.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(LeaseLostException.class)
          .hasMessageContaining("b.example:50051");
      // t3's statement, then one for t1's and t2's appends together.
      assertThat(a.commits()).isEqualTo(commits + 2);
      assertThat(a.fencedAppends()).isEqualTo(1);
      assertThat(b.load("t1")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
      assertThat(b.load("t2")).extracting(StoredEvent::seq).containsExactly(1L);
      assertThat(b.load("t3")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
      assertThat(a.holds("t1")).isTrue();
      assertThat(a.holds("t2")).isFalse();
    }
  }

  @Test
  void theSameSeqTwiceInABatchGoesToItsFirstCaller() throws Exception {
    String url = TestPostgres.get().newDatabase();
    try (PgEventLog a = node(url, "a")) {
      a.append(event("t1", 1, "opened"));
      a.append(event("t2", 1, "opened"));
      CompletableFuture<Void> first;
      CompletableFuture<Void> second;
      CompletableFuture<Void> other;
      try (Connection held = hold(url, "t2")) {
        CompletableFuture<Void> t2 = CompletableFuture.runAsync(
            () -> a.append(event("t2", 2, "held")));
        await("a's writer to wait on t2's lease").atMost(AT_MOST).until(() -> waitingOnALock(url));
        first = queue(a, event("t1", 2, "first"), 0);
        second = queue(a, event("t1", 2, "second"), 1);
        other = queue(a, event("t1", 3, "after"), 2);
        held.rollback();
        t2.get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      }
      first.get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      other.get(AT_MOST.toSeconds(), TimeUnit.SECONDS);
      assertThatThrownBy(() -> second.get(AT_MOST.toSeconds(), TimeUnit.SECONDS))
          .hasCauseInstanceOf(StoreException.class)
          .hasMessageContaining("seq 2 of t1 is in the event log already");
      assertThat(a.load("t1")).extracting(e -> new String(e.payload(), StandardCharsets.UTF_8))
          .containsExactly("opened", "first", "after");
      assertThat(a.fencedAppends()).isZero();
    }
  }
}
