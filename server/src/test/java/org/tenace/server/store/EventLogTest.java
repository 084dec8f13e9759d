package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What every {@link EventLog} promises, tried on each database the server can keep its log in:
 * H2 (a file database, with its journal) and PostgreSQL (a real server, {@link TestPostgres};
 * skipped with a line saying how to have it where PostgreSQL is not installed, failing under CI).
 */
class EventLogTest {
  @TempDir Path dir;

  /** A database a log is kept in; {@link #url} names a new one, opened again by the same URL. */
  enum Db {
    H2 {
      @Override
      String url(Path dir) {
        return "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
      }
    },
    /** H2 in memory, with no journal: appends go straight to H2. */
    H2_MEMORY {
      @Override
      String url(Path dir) {
        return "jdbc:h2:mem:" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
      }
    },
    POSTGRESQL {
      @Override
      String url(Path dir) {
        return TestPostgres.get().newDatabase();
      }
    };

    abstract String url(Path dir);

    EventLog open(String url) {
      return EventLogs.open(url, false, TestPostgres.USER, TestPostgres.PASSWORD);
    }
  }

  private static StoredEvent event(String table, long seq) {
    return new StoredEvent(table, seq, 1_700_000_000_000L + seq,
        ("call " + seq).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Tables {@code t0}, {@code t1}, ... appended to by {@code threads} threads at once, one a table,
   * {@code each} events each (seq 1 on); returns once every append has returned.
   */
  static void appendAtOnce(EventLog log, int threads, int each) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String table = "t" + t;
        done.add(pool.submit(() -> {
          go.await();
          for (long s = 1; s <= each; s++) {
            log.append(event(table, s));
          }
          return null;
        }));
      }
      go.countDown();
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  private static List<Long> seqs(long from, long to) {
    return LongStream.rangeClosed(from, to).boxed().toList();
  }

  @ParameterizedTest
  @EnumSource(names = {"H2", "POSTGRESQL"})
  void eventsSurviveACloseAndReopen(Db db) {
    String url = db.url(dir);
    try (EventLog log = db.open(url)) {
      for (long s = 1; s <= 100; s++) {
        log.append(event("t1", s));
        log.append(event("t2", s));
      }
    }
    try (EventLog log = db.open(url)) {
      Map<String, List<StoredEvent>> all = log.loadAll();
      assertThat(all).containsOnlyKeys("t1", "t2");
      assertThat(all.get("t1")).extracting(StoredEvent::seq).containsExactlyElementsOf(
          seqs(1, 100));
      assertThat(all.get("t2").get(41).recordedAt()).isEqualTo(1_700_000_000_042L);
      assertThat(new String(all.get("t2").get(41).payload(), StandardCharsets.UTF_8))
          .isEqualTo("call 42");
      // And it takes more after the reopen, where it stopped.
      log.append(event("t1", 101));
    }
    try (EventLog log = db.open(url)) {
      assertThat(log.loadAll().get("t1")).hasSize(101);
    }
  }

  @ParameterizedTest
  @EnumSource(names = {"H2_MEMORY", "POSTGRESQL"})
  void aDuplicateSequenceNumberIsRefusedAndTheFirstKept(Db db) {
    try (EventLog log = db.open(db.url(dir))) {
      log.append(event("t", 1));
      assertThatThrownBy(() -> log.append(new StoredEvent("t", 1, 5L, new byte[] {9})))
          .isInstanceOf(StoreException.class);
      log.append(event("t", 2)); // the log goes on after a refusal
      assertThat(log.loadAll().get("t")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
      assertThat(new String(log.loadAll().get("t").get(0).payload(), StandardCharsets.UTF_8))
          .isEqualTo("call 1");
    }
  }

  @ParameterizedTest
  @EnumSource(names = {"H2", "POSTGRESQL"})
  void appendsFromManyThreadsAreAllKeptEachInItsOwnOrder(Db db) throws Exception {
    String url = db.url(dir);
    int threads = 16;
    int each = 300;
    try (EventLog log = db.open(url)) {
      appendAtOnce(log, threads, each);
    }
    try (EventLog log = db.open(url)) {
      Map<String, List<StoredEvent>> all = log.loadAll();
      assertThat(all).hasSize(threads);
      for (int t = 0; t < threads; t++) {
        assertThat(all.get("t" + t)).extracting(StoredEvent::seq)
            .containsExactlyElementsOf(seqs(1, each));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(names = {"H2", "POSTGRESQL"})
  void theLargestEventsAreKeptWhole(Db db) {
    String url = db.url(dir);
    byte[] big = new byte[65536];
    new java.util.Random(7).nextBytes(big);
    try (EventLog log = db.open(url)) {
      for (long s = 1; s <= 40; s++) {
        log.append(new StoredEvent("big", s, s, big));
      }
      log.append(new StoredEvent("big", 41, 41, new byte[0]));
    }
    assertThatThrownBy(() -> new StoredEvent("big", 42, 42, new byte[65537]))
        .isInstanceOf(IllegalArgumentException.class);
    try (EventLog log = db.open(url)) {
      List<StoredEvent> events = log.loadAll().get("big");
      assertThat(events).hasSize(41);
      assertThat(events.subList(0, 40)).allSatisfy(e -> assertThat(e.payload()).isEqualTo(big));
      assertThat(events.get(40).payload()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(names = {"H2", "POSTGRESQL"})
  void aSessionsEventsAppendedOutOfOrderAreReadInSeqOrder(Db db) {
    // A session's log takes its seqs from a counter and is appended by several threads, so seq 2
    // can reach the store before seq 1.
    try (EventLog log = db.open(db.url(dir))) {
      log.append(event("session:s", 3));
      log.append(event("session:s", 2));
      log.flush();
      log.append(event("session:s", 1));
      assertThat(log.loadAll().get("session:s")).extracting(StoredEvent::seq)
          .containsExactly(1L, 2L, 3L);
    }
  }

  @ParameterizedTest
  @EnumSource(names = {"H2", "POSTGRESQL"})
  void aClosedLogRefusesAppends(Db db) {
    EventLog log = db.open(db.url(dir));
    log.append(event("t", 1));
    log.close();
    assertThatThrownBy(() -> log.append(event("t", 2))).isInstanceOf(StoreException.class)
        .hasMessageContaining("closed");
    log.close(); // twice is harmless
  }
}
