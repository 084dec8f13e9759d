package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventStoreTest {
  @TempDir Path dir;

  private static StoredEvent event(String table, long seq) {
    return new StoredEvent(table, seq, 1_700_000_000_000L + seq,
        ("call " + seq).getBytes(StandardCharsets.UTF_8));
  }

  /** Seqs 1 to {@code to}, in order. */
  private static List<Long> seqs(long to) {
    return java.util.stream.LongStream.rangeClosed(1, to).boxed().toList();
  }

  /**
   * Appends to {@code store} each of {@code steps} in turn: {@code table:seq} an event,
   * {@code flush} a flush.
   */
  private static void write(EventStore store, String steps) {
    for (String step : steps.split(" ")) {
      if (step.equals("flush")) {
        store.flush();
      } else {
        String[] tableSeq = step.split(":");
        store.append(event(tableSeq[0], Long.parseLong(tableSeq[1])));
      }
    }
  }

  /** The journal at {@code path}, open, with table t's events {@code from} to {@code to}. */
  private static Journal journalOf(Path path, long from, long to) {
    Journal j = Journal.open(path);
    for (long s = from; s <= to; s++) {
      j.append(event("t", s));
    }
    return j;
  }

  private String url() {
    return "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
  }

  @Test
  void eventsSurviveACloseAndReopen() {
    try (EventStore store = EventStore.open(url())) {
      for (long s = 1; s <= 100; s++) {
        store.append(event("t1", s));
        store.append(event("t2", s));
      }
    }
    try (EventStore store = EventStore.open(url())) {
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all).containsOnlyKeys("t1", "t2");
      assertThat(all.get("t1")).extracting(StoredEvent::seq)
          .containsExactlyElementsOf(seqs(100));
      assertThat(new String(all.get("t2").get(41).payload(), StandardCharsets.UTF_8))
          .isEqualTo("call 42");
    }
  }

  @Test
  void oneEntitysEventsAndTheIdsHeldAreReadAsTheWholeLogHoldsThem() {
    // The log as the server sees it (EventLog): one entity's events, in seq order even when its
    // rows came out of order, and the ids of every entity, the same as one read of everything.
    try (EventStore store = EventStore.open(url(), Optional.of(dir.resolve("j")))) {
      write(store, "s:3 t:1 flush s:1 s:2");
      EventLog log = store;
      assertThat(log.list()).containsExactlyInAnyOrder("s", "t");
      assertThat(log.load("s")).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L);
      assertThat(log.load("t")).extracting(StoredEvent::seq).containsExactly(1L);
      assertThat(log.load("none")).isEmpty();
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all.keySet()).containsExactlyInAnyOrderElementsOf(log.list());
      for (String id : log.list()) {
        assertThat(log.load(id)).extracting(StoredEvent::seq)
            .containsExactlyElementsOf(all.get(id).stream().map(StoredEvent::seq).toList());
      }
    }
  }

  @Test
  void journalRecordsMissingFromTheDatabaseAreRecoveredOnOpen() {
    Path journal = dir.resolve("j");
    // A store whose flusher never ran: only the journal has the events.
    journalOf(journal, 1, 10).close();
    try (EventStore store = EventStore.open(url(), Optional.of(journal))) {
      assertThat(store.loadAll().get("t")).hasSize(10);
    }
  }

  @Test
  void recoveryAddsWhatTheDatabaseLacksOnceAndLeavesWhatItHolds() {
    Path journal = dir.resolve("j");
    // The database has t:1-4 (copied before a kill); the journal has t:1-6 and u:1, and t:6 twice
    // (an append whose write failed after its bytes were down, then the table's retry).
    try (EventStore store = EventStore.open(url(), Optional.empty())) {
      for (long s = 1; s <= 4; s++) {
        store.append(event("t", s));
      }
    }
    Journal j = journalOf(journal, 1, 6);
    j.append(new StoredEvent("t", 6, 1L, "retried".getBytes(StandardCharsets.UTF_8)));
    j.append(event("u", 1));
    j.close();
    try (EventStore store = EventStore.open(url(), Optional.of(journal))) {
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all.get("t")).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
      assertThat(new String(all.get("t").get(5).payload(), StandardCharsets.UTF_8))
          .isEqualTo("retried");
      assertThat(all.get("u")).extracting(StoredEvent::seq).containsExactly(1L);
    }
    // Recovered once: opening again finds nothing more to add.
    try (EventStore store = EventStore.open(url(), Optional.of(journal))) {
      assertThat(store.loadAll().get("t")).hasSize(6);
    }
  }

  @Test
  void synchronousAppendsReachTheDiskAndConcurrentOnesShareAForce() throws Exception {
    java.util.concurrent.atomic.AtomicInteger forces =
        new java.util.concurrent.atomic.AtomicInteger();
    Path journal = dir.resolve("sync");
    Journal j = FaultyDisk.counted(journal, true, forces);
    int threads = 4;
    int each = 200;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads);
    List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      String table = "t" + t;
      done.add(pool.submit(() -> {
        for (long s = 1; s <= each; s++) {
          j.append(event(table, s));
        }
      }));
    }
    for (java.util.concurrent.Future<?> f : done) {
      f.get();
    }
    pool.shutdown();
    // Every append returned after a force that covered it: at least one, at most one each.
    assertThat(forces.get()).isBetween(1, threads * each);
    j.close();
    assertThat(Journal.recover(journal)).hasSize(threads * each);

    java.util.concurrent.atomic.AtomicInteger none =
        new java.util.concurrent.atomic.AtomicInteger();
    Journal plain = FaultyDisk.counted(dir.resolve("plain"), false, none);
    plain.append(event("t", 1));
    plain.close();
    assertThat(none.get()).as("without --sync the journal never forces").isZero();
  }

  @Test
  void aTornRecordAtTheEndIsDroppedAndTheRestKept() throws IOException {
    Path journal = dir.resolve("j");
    Journal j = Journal.open(journal);
    for (long s = 1; s <= 5; s++) {
      j.append(event("t", s));
    }
    j.close();
    Path segment;
    try (var files = Files.list(journal)) {
      segment = files.findFirst().orElseThrow();
    }
    // A crash in mid-write leaves half a record: a length that promises more than is there.
    Files.write(segment, new byte[] {0, 0, 0, 40, 1, 2, 3}, StandardOpenOption.APPEND);
    List<StoredEvent> recovered = Journal.recover(journal);
    assertThat(recovered).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
    assertThat(Journal.recover(journal)).hasSize(5);
  }

  @Test
  void aCorruptedRecordIsNotTakenForAnEvent() throws IOException {
    Path journal = dir.resolve("j");
    Journal j = Journal.open(journal);
    j.append(event("t", 1));
    j.append(event("t", 2));
    j.close();
    Path segment;
    try (var files = Files.list(journal)) {
      segment = files.findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(segment);
    bytes[bytes.length - 1] ^= 0x55; // flip bits in the last record's payload
    Files.write(segment, bytes);
    assertThat(Journal.recover(journal)).extracting(StoredEvent::seq).containsExactly(1L);
  }

  @Test
  void anInMemoryStoreNeedsNoJournal() {
    String mem = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    assertThat(EventStore.journalFolder(mem)).isEmpty();
    try (EventStore store = EventStore.open(mem)) {
      store.append(event("t", 1));
      assertThat(store.loadAll().get("t")).hasSize(1);
    }
  }

  @Test
  void theJournalLivesBesideAFileDatabase() {
    assertThat(EventStore.journalFolder("jdbc:h2:./data/tenace"))
        .contains(Path.of("./data/tenace.journal"));
    assertThat(EventStore.journalFolder("jdbc:h2:file:/var/x;MODE=PostgreSQL"))
        .contains(Path.of("/var/x.journal"));
    assertThatThrownBy(() -> EventStore.journalFolder("jdbc:postgresql://x/y"))
        .hasMessageContaining("not an H2 JDBC URL");
  }

  @Test
  void aDuplicateSequenceNumberIsRefused() {
    String mem = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    try (EventStore store = EventStore.open(mem)) {
      store.append(event("t", 1));
      assertThatThrownBy(() -> store.append(event("t", 1)))
          .isInstanceOf(StoreException.class);
    }
  }

  @Test
  void aFailedJournalWriteIsAStoreExceptionAndLosesNothingAcknowledged() {
    Path journal = dir.resolve("j");
    AtomicBoolean failing = new AtomicBoolean();
    Journal j = FaultyDisk.journal(journal, failing);
    j.append(event("t", 1));
    failing.set(true);
    assertThatThrownBy(() -> j.append(event("t", 2))).isInstanceOf(StoreException.class)
        .hasMessageContaining("No space left on device");
    failing.set(false);
    // The retry, and what follows, land after the torn half record, in a new segment.
    j.append(event("t", 2));
    j.append(event("t", 3));
    j.close();
    assertThat(Journal.recover(journal)).extracting(StoredEvent::seq)
        .containsExactly(1L, 2L, 3L);
  }

  @Test
  void aStoreWhoseDiskFailedTakesEventsAgainOnceItRecovers() {
    AtomicBoolean failing = new AtomicBoolean();
    Path journal = dir.resolve("tenace.journal");
    try (EventStore store = FaultyDisk.open(url(), journal, failing)) {
      store.append(event("t", 1));
      failing.set(true);
      assertThatThrownBy(() -> store.append(event("t", 2))).isInstanceOf(StoreException.class);
      failing.set(false);
      store.append(event("t", 2));
    }
    try (EventStore store = EventStore.open(url())) {
      assertThat(store.loadAll().get("t")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
    }
  }

  @Test
  void h2sPageCacheIsBoundedUnlessTheUrlSaysOtherwise() throws Exception {
    try (EventStore store = EventStore.open(url())) {
      assertThat(cacheKb(url())).isEqualTo(EventStore.CACHE_KB);
    }
    String own = "jdbc:h2:" + dir.resolve("own").toAbsolutePath() + ";CACHE_SIZE=4096";
    try (EventStore store = EventStore.open(own)) {
      assertThat(cacheKb(own)).isEqualTo(4096);
    }
  }

  @Test
  void aFlushPacksABatchSpanningTablesIntoARowPerTable() throws Exception {
    try (EventStore store = EventStore.open(url(), Optional.of(dir.resolve("j")))) {
      for (long s = 1; s <= 50; s++) {
        for (String t : List.of("t1", "t2", "t3")) {
          store.append(event(t, s));
        }
      }
      store.flush();
      // 150 events, three tables, one flush (or a few, if the flusher ran in between): a row per
      // table and flush, never one per event.
      assertThat(rows(url())).isBetween(3, 30);
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all).containsOnlyKeys("t1", "t2", "t3");
      for (String t : List.of("t1", "t2", "t3")) {
        assertThat(all.get(t)).extracting(StoredEvent::seq)
            .containsExactlyElementsOf(seqs(50));
        assertThat(all.get(t)).extracting(StoredEvent::recordedAt)
            .allSatisfy(at -> assertThat(at).isGreaterThan(1_700_000_000_000L));
        assertThat(new String(all.get(t).get(36).payload(), StandardCharsets.UTF_8))
            .isEqualTo("call 37");
      }
    }
  }

  @Test
  void aCrashBetweenTheJournalAndH2AddsOnlyTheEventsH2Lacks() throws Exception {
    Path journal = dir.resolve("j");
    Path kept = dir.resolve("kept");
    try (EventStore store = EventStore.open(url(), Optional.of(journal))) {
      for (long s = 1; s <= 10; s++) {
        store.append(event("t", s));
        store.append(event("u", s));
      }
      store.flush(); // H2 holds t:1-10 and u:1-10, packed
      // What a kill -9 leaves: the journal still holds what H2 has (it is deleted only after a
      // checkpoint), and records H2 never got.
      Files.createDirectories(kept);
      try (var files = Files.list(journal)) {
        for (Path f : files.toList()) {
          Files.copy(f, kept.resolve(f.getFileName()));
        }
      }
    }
    Journal j = Journal.open(kept);
    for (long s = 11; s <= 15; s++) {
      j.append(event("t", s));
    }
    j.close();
    int before = rows(url());
    try (EventStore store = EventStore.open(url(), Optional.of(kept))) {
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all.get("t")).extracting(StoredEvent::seq)
          .containsExactlyElementsOf(seqs(15));
      assertThat(all.get("u")).hasSize(10);
      assertThat(rows(url())).as("t:11-15 in one new row").isEqualTo(before + 1);
    }
    try (EventStore store = EventStore.open(url(), Optional.of(kept))) {
      assertThat(store.loadAll().get("t")).hasSize(15);
    }
  }

  @Test
  void recoveryWritesNoKeyThatAKilledFlushMayHaveLeftLocked() throws Exception {
    // H2 may store a commit half done at a kill -9 and, reopened, keep its rows locked for good:
    // unseen by reads, a lock timeout to any write of the same key. Here another connection holds
    // such a row uncommitted: t:1-3, written by an earlier process's flush; the journal holds the
    // same three events, which recovery must write again. Under the old key (table, first seq)
    // the store did not open ("Timeout trying to lock table").
    EventStore.open(url(), Optional.empty()).close();
    List<StoredEvent> flushed = List.of(event("t", 1), event("t", 2), event("t", 3));
    try (java.sql.Connection dead = java.sql.DriverManager.getConnection(url(), "sa", "")) {
      dead.setAutoCommit(false);
      try (java.sql.PreparedStatement ps = dead.prepareStatement("INSERT INTO event_row "
          + "(table_id, first_seq, generation, last_seq, events) VALUES ('t', 1, ?, 3, ?)")) {
        ps.setLong(1, System.currentTimeMillis() - 60_000);
        ps.setBytes(2, PackedEvents.pack(flushed));
        ps.executeUpdate();
      }
      Path journal = dir.resolve("j");
      Journal j = Journal.open(journal);
      flushed.forEach(j::append);
      j.close();
      try (EventStore store = EventStore.open(url() + ";LOCK_TIMEOUT=2000",
          Optional.of(journal))) {
        assertThat(store.loadAll().get("t")).extracting(StoredEvent::seq)
            .containsExactly(1L, 2L, 3L);
      } // its close shuts the database down, the dead writer's row unwritten
    }
  }

  @Test
  void aSeqTwoGenerationsHoldIsTheLaterOnes() throws Exception {
    // Should H2 ever let a killed process's locked row be read, its successor's recovered row of
    // the same seqs (from the journal, the table's own record) is the one to replay.
    StoredEvent old = new StoredEvent("t", 3, 1L, "old".getBytes(StandardCharsets.UTF_8));
    insertRows(new Object[] {"t", 1L, 5L, 2L, List.of(event("t", 1), event("t", 2))},
        new Object[] {"t", 3L, 5L, 3L, List.of(old)},
        new Object[] {"t", 3L, 9L, 4L, List.of(event("t", 3), event("t", 4))});
    try (EventStore store = EventStore.open(url(), Optional.empty())) {
      List<StoredEvent> t = store.loadAll().get("t");
      assertThat(t).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L, 4L);
      assertThat(new String(t.get(2).payload(), StandardCharsets.UTF_8)).isEqualTo("call 3");
    }
  }

  @Test
  void recoveryFromASeqInTheMiddleOfAPackedRowFindsItHeld() throws Exception {
    // H2 holds t:1-10 in one row, first_seq 1, last_seq 10, as a flush writes it (written here,
    // so that the flusher's timing cannot cut the row in two).
    List<StoredEvent> first = new java.util.ArrayList<>();
    for (long s = 1; s <= 10; s++) {
      first.add(event("t", s));
    }
    insertRows(new Object[] {"t", 1L, 0L, 10L, first});
    assertThat(rows(url())).isEqualTo(1);
    // A journal whose oldest record is seq 6: the middle of that row. No row starts at 6, so only
    // the row's contents can tell that 6-10 are held.
    Path journal = dir.resolve("later");
    journalOf(journal, 6, 12).close();
    try (EventStore store = EventStore.open(url(), Optional.of(journal))) {
      assertThat(store.loadAll().get("t")).extracting(StoredEvent::seq)
          .containsExactlyElementsOf(seqs(12));
    }
  }

  @Test
  void aTablesRowsOutOfSeqOrderAreReadInSeqOrder() {
    // A session's log takes its seqs from a counter and is appended by several threads, so seq 2
    // can reach the store, and a row, before seq 1.
    try (EventStore store = EventStore.open(url(), Optional.of(dir.resolve("j")))) {
      write(store, "s:3 s:2 flush s:1 flush");
      assertThat(store.loadAll().get("s")).extracting(StoredEvent::seq)
          .containsExactly(1L, 2L, 3L);
    }
  }

  @Test
  void aStoreOfOneEventARowIsPackedByTheMigration() throws Exception {
    // The first schema, as a store written before the packed rows has it.
    org.flywaydb.core.Flyway.configure().dataSource(url(), "sa", "").target("1").load().migrate();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), "sa", "");
        java.sql.PreparedStatement ps = c.prepareStatement(
            "INSERT INTO table_event (table_id, seq, recorded_at, payload) VALUES (?, ?, ?, ?)")) {
      for (long s = 1; s <= 3; s++) {
        StoredEvent e = event("t", s);
        ps.setString(1, e.tableId());
        ps.setLong(2, e.seq());
        ps.setLong(3, e.recordedAt());
        ps.setBytes(4, e.payload());
        ps.executeUpdate();
      }
      ps.setString(1, "empty");
      ps.setLong(2, 7);
      ps.setLong(3, 42);
      ps.setBytes(4, new byte[0]);
      ps.executeUpdate();
    }
    try (EventStore store = EventStore.open(url())) {
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all.get("t")).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L);
      assertThat(all.get("t")).extracting(StoredEvent::recordedAt)
          .containsExactly(1_700_000_000_001L, 1_700_000_000_002L, 1_700_000_000_003L);
      assertThat(new String(all.get("t").get(1).payload(), StandardCharsets.UTF_8))
          .isEqualTo("call 2");
      assertThat(all.get("empty")).singleElement()
          .satisfies(e -> assertThat(e.seq()).isEqualTo(7))
          .satisfies(e -> assertThat(e.recordedAt()).isEqualTo(42))
          .satisfies(e -> assertThat(e.payload()).isEmpty());
      store.append(event("t", 4));
    }
    try (EventStore store = EventStore.open(url())) {
      assertThat(store.loadAll().get("t")).hasSize(4);
    }
  }

  @Test
  void aMigrationKilledWhileCopyingRunsAgainAndCopiesEachEventOnce() throws Exception {
    // A kill -9 during V2's copy: H2 committed its CREATE TABLE and some rows, Flyway recorded
    // nothing (it writes its history after the script).
    v1StoreHalfCopied();
    assertPackedOnceEach();
  }

  @Test
  void aMigrationKilledPastItsDropRunsAgainAndFindsEverythingCopied() throws Exception {
    v1StoreHalfCopied();
    sql("INSERT INTO table_event_batch (table_id, first_seq, last_seq, events) "
        + "SELECT table_id, seq, seq, CAST(seq AS VARBINARY) || CAST(recorded_at AS VARBINARY)"
        + " || CAST(CAST(OCTET_LENGTH(payload) AS INTEGER) AS VARBINARY) || payload "
        + "FROM table_event WHERE NOT (table_id = 't' AND seq <= 2)",
        "DROP TABLE table_event");
    assertPackedOnceEach();
  }

  @Test
  void aMigrationRecordedAsFailedIsRepairedAndRunAgain() throws Exception {
    // A V2 that failed (a full disk, say) after its first steps: Flyway records it failed and,
    // unrepaired, refuses every later start ("Detected failed migration to version 2").
    v1StoreHalfCopied();
    sql("INSERT INTO \"flyway_schema_history\" (\"installed_rank\", \"version\", "
        + "\"description\", \"type\", \"script\", \"checksum\", \"installed_by\", "
        + "\"execution_time\", \"success\") VALUES (2, '2', 'packed events', 'SQL', "
        + "'V2__packed_events.sql', 0, 'SA', 10, FALSE)");
    assertThatThrownBy(() -> org.flywaydb.core.Flyway.configure().dataSource(url(), "sa", "")
        .load().migrate()).hasMessageContaining("failed migration to version 2");
    assertPackedOnceEach();
  }

  /**
   * A V1 store of t:1-5 and u:1-2 whose V2 was cut after copying t:1-2: table_event_batch made
   * and holding those two, table_event still whole.
   */
  private void v1StoreHalfCopied() throws Exception {
    org.flywaydb.core.Flyway.configure().dataSource(url(), "sa", "").target("1").load().migrate();
    sql("CREATE TABLE table_event_batch (table_id VARCHAR(64) NOT NULL,"
        + " first_seq BIGINT NOT NULL, last_seq BIGINT NOT NULL,"
        + " events VARBINARY(1048576) NOT NULL, PRIMARY KEY (table_id, first_seq))");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), "sa", "");
        java.sql.PreparedStatement old = c.prepareStatement(
            "INSERT INTO table_event (table_id, seq, recorded_at, payload) VALUES (?, ?, ?, ?)");
        java.sql.PreparedStatement copied = c.prepareStatement("INSERT INTO table_event_batch "
            + "(table_id, first_seq, last_seq, events) VALUES (?, ?, ?, ?)")) {
      for (StoredEvent e : List.of(event("t", 1), event("t", 2), event("t", 3), event("t", 4),
          event("t", 5), event("u", 1), event("u", 2))) {
        old.setString(1, e.tableId());
        old.setLong(2, e.seq());
        old.setLong(3, e.recordedAt());
        old.setBytes(4, e.payload());
        old.executeUpdate();
        if (e.tableId().equals("t") && e.seq() <= 2) {
          copied.setString(1, e.tableId());
          copied.setLong(2, e.seq());
          copied.setLong(3, e.seq());
          copied.setBytes(4, PackedEvents.pack(List.of(e)));
          copied.executeUpdate();
        }
      }
    }
  }

  /** The store of {@link #v1StoreHalfCopied} opens with each event once, and takes more. */
  private void assertPackedOnceEach() {
    try (EventStore store = EventStore.open(url())) {
      Map<String, List<StoredEvent>> all = store.loadAll();
      assertThat(all.get("t")).extracting(StoredEvent::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
      assertThat(all.get("u")).extracting(StoredEvent::seq).containsExactly(1L, 2L);
      assertThat(new String(all.get("t").get(2).payload(), StandardCharsets.UTF_8))
          .isEqualTo("call 3");
      store.append(event("t", 6));
    }
    try (EventStore store = EventStore.open(url())) {
      assertThat(store.loadAll().get("t")).hasSize(6);
    }
  }

  @Test
  void aRowIsCutBeforeItGrowsPastItsBound() {
    byte[] big = new byte[60_000];
    List<StoredEvent> events = new java.util.ArrayList<>();
    for (long s = 1; s <= 10; s++) {
      events.add(new StoredEvent("t", s, s, big));
    }
    List<List<StoredEvent>> rows = PackedEvents.rows(events);
    assertThat(rows).hasSizeGreaterThan(1);
    assertThat(rows).allSatisfy(r -> assertThat(PackedEvents.pack(r).length)
        .isLessThanOrEqualTo(PackedEvents.ROW_BYTES));
    assertThat(rows.stream().flatMap(List::stream).map(StoredEvent::seq).toList())
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    assertThat(PackedEvents.unpack("t", PackedEvents.pack(rows.get(0))))
        .extracting(StoredEvent::seq).containsExactlyElementsOf(
            rows.get(0).stream().map(StoredEvent::seq).toList());
  }

  @Test
  void aPackedRowCutShortIsAStoreExceptionNamingTheTable() {
    byte[] packed = PackedEvents.pack(List.of(event("t", 1), event("t", 2)));
    byte[] cut = java.util.Arrays.copyOf(packed, packed.length - 3);
    assertThatThrownBy(() -> PackedEvents.unpack("t", cut)).isInstanceOf(StoreException.class)
        .hasMessageContaining("table t").hasMessageContaining("seq 2");
  }

  @Test
  void aRowCutBetweenTwoEventsIsRefusedNotReadShort() throws Exception {
    // Seqs 1-3 by the row's columns, 1-2 in its bytes: unpacking alone finds no fault.
    insertRows(new Object[] {"t", 1L, 0L, 3L, List.of(event("t", 1), event("t", 2))});
    try (EventStore store = EventStore.open(url(), Optional.empty())) {
      assertThatThrownBy(store::loadAll).isInstanceOf(StoreException.class)
          .hasMessageContaining("table t: the row of seqs 1-3 ends at seq 2");
    }
  }

  @Test
  void aSeqHeldByTwoRowsIsRefusedNotReplayedTwice() throws Exception {
    insertRows(new Object[] {"t", 1L, 0L, 2L, List.of(event("t", 1), event("t", 2))},
        new Object[] {"t", 2L, 0L, 3L, List.of(event("t", 2), event("t", 3))});
    try (EventStore store = EventStore.open(url(), Optional.empty())) {
      assertThatThrownBy(store::loadAll).isInstanceOf(StoreException.class)
          .hasMessageContaining("table t").hasMessageContaining("seq 2 is held twice");
    }
  }

  /**
   * Writes rows {table, first_seq, generation, last_seq, events} into a new store, as they are
   * given.
   */
  private void insertRows(Object[]... rows) throws Exception {
    EventStore.open(url(), Optional.empty()).close();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), "sa", "");
        java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO event_row "
            + "(table_id, first_seq, generation, last_seq, events) VALUES (?, ?, ?, ?, ?)")) {
      for (Object[] row : rows) {
        ps.setString(1, (String) row[0]);
        ps.setLong(2, (Long) row[1]);
        ps.setLong(3, (Long) row[2]);
        ps.setLong(4, (Long) row[3]);
        @SuppressWarnings("unchecked")
        List<StoredEvent> events = (List<StoredEvent>) row[4];
        ps.setBytes(5, PackedEvents.pack(events));
        ps.executeUpdate();
      }
    }
  }

  /** Rows of the event log in the open database at {@code url}. */
  private static int rows(String url) throws java.sql.SQLException {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "sa", "");
        java.sql.ResultSet rs = c.createStatement().executeQuery(
            "SELECT COUNT(*) FROM event_row")) {
      assertThat(rs.next()).isTrue();
      return rs.getInt(1);
    }
  }

  /** CACHE_SIZE of the open database at {@code url} (a second connection shares it). */
  private static int cacheKb(String url) throws java.sql.SQLException {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "sa", "");
        java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT SETTING_VALUE FROM "
            + "INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'CACHE_SIZE'")) {
      assertThat(rs.next()).isTrue();
      return Integer.parseInt(rs.getString(1));
    }
  }

  /** Runs plain SQL statements on the test's database, in order. */
  private void sql(String... statements) throws java.sql.SQLException {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), "sa", "");
        java.sql.Statement st = c.createStatement()) {
      for (String statement : statements) {
        st.execute(statement);
      }
    }
  }
}
