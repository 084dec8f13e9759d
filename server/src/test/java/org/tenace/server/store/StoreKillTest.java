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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process with {@code kill -9} while it acknowledges appends at full speed, then checks
 * that every acknowledged event is in the store once it is reopened.
 */
class StoreKillTest {
  @TempDir Path dir;

  @Test
  void everyAcknowledgedAppendSurvivesKillDashNine() throws Exception {
    String url = "jdbc:h2:" + dir.resolve("kill").toAbsolutePath();
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            StoreKillChild.class.getName(), url)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    Set<Long> acknowledged = new HashSet<>();
    try (BufferedReader acks = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
      for (String line; (line = acks.readLine()) != null; ) {
        acknowledged.add(Long.parseLong(line.strip()));
        if (acknowledged.size() == 30_000) {
          child.destroyForcibly(); // SIGKILL, in the middle of the stream of appends
          break;
        }
      }
    }
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(acknowledged).hasSize(30_000);

    try (EventStore store = EventStore.open(url)) {
      List<StoredEvent> events = store.loadAll().get("k");
      Set<Long> stored = new HashSet<>();
      events.forEach(e -> stored.add(e.seq()));
      assertThat(stored).containsAll(acknowledged);
      // Sequence numbers stay dense: nothing after a gap, nothing torn.
      assertThat(stored).hasSize((int) events.get(events.size() - 1).seq());
    }
  }
}
