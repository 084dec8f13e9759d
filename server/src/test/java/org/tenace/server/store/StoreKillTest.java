package org.tenace.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process with {@code kill -9} while it acknowledges appends at full speed, then checks
 * that every acknowledged event is in the store once it is reopened: on H2 (its journal) and on
 * PostgreSQL (each commit).
 */
class StoreKillTest {
  @TempDir Path dir;

  /**
   * {@code ackCount}: how many acknowledgements before the kill. PostgreSQL's are fewer, as each of
   * the child's appends waits for its own commit (one thread: no group to share it with).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"H2, 30000", "POSTGRESQL, 3000"})
  void everyAcknowledgedAppendSurvivesKillDashNine(EventLogTest.Db db, int ackCount)
      throws Exception {
    String url = db.url(dir);
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            StoreKillChild.class.getName(), url, TestPostgres.USER, TestPostgres.PASSWORD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    Set<Long> acknowledged = new HashSet<>();
    try (BufferedReader acks = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
      for (String line; (line = acks.readLine()) != null; ) {
        acknowledged.add(Long.parseLong(line.strip()));
        if (acknowledged.size() == ackCount) {
          child.destroyForcibly(); // SIGKILL, in the middle of the stream of appends
          break;
        }
      }
    }
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(acknowledged).hasSize(ackCount);

    try (EventLog store = db.open(url)) {
      List<StoredEvent> events = store.loadAll().get("k");
      Set<Long> stored = new HashSet<>();
      events.forEach(e -> stored.add(e.seq()));
      assertThat(stored).containsAll(acknowledged);
      // Sequence numbers stay dense: nothing after a gap, nothing torn.
      assertThat(stored).hasSize((int) events.get(events.size() - 1).seq());
    }
  }
}
