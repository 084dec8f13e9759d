package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.Mode;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.Ownership;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.TableSettings;

/**
 * A dead node's tables are taken over each on its own: one whose takeover waits on the database
 * holds up no other (the last of a dead node's tables waited for all the others' leases, events
 * and replays before its own, 3.4 s after the kill in FailoverRunTest), and two callers of the
 * same table share one takeover.
 */
class TablesTakeoverTest {
  private static final Duration AT_MOST = Duration.ofSeconds(30);
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-29T17:00:00Z"));
  private final EventStore store =
      EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch slowTakeBegun = new CountDownLatch(1);
  private final Map<String, AtomicInteger> takes = new ConcurrentHashMap<>();

  @AfterEach
  void close() {
    release.countDown();
    store.close();
  }

  /** The log as a survivor sees it: shared, each take of {@code slow} held until released. */
  private EventLog sharedWithASlowTake(String slow) {
    return new EventLog() {
      @Override public void append(StoredEvent e) {
        store.append(e);
      }

      @Override public List<StoredEvent> load(String id) {
        return store.load(id);
      }

      @Override public Set<String> list() {
        return store.list();
      }

      @Override public boolean shared() {
        return true;
      }

      @Override public Ownership take(String id) {
        takes.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        if (id.equals(slow)) {
          slowTakeBegun.countDown();
          try {
            if (!release.await(60, TimeUnit.SECONDS)) {
              throw new IllegalStateException("the slow take was never released");
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
          }
        }
        return new Ownership.Mine(2);
      }

      @Override public void flush() {
        store.flush();
      }

      @Override public void close() {}
    };
  }

  @Test
  void aTakeoverWaitingOnTheDatabaseHoldsUpNoOtherTable() throws Exception {
    // The dead node's two tables, in the log.
    Tables dead = new Tables(store, clock, Hub::forTable);
    String first = table(dead);
    String second = table(dead);
    Tables survivor = new Tables(sharedWithASlowTake(first), clock, Hub::forTable);

    CompletableFuture<Tables.Entry> slow = CompletableFuture.supplyAsync(
        () -> survivor.require(first));
    CompletableFuture<Tables.Entry> again = CompletableFuture.supplyAsync(
        () -> survivor.require(first));
    assertThat(slowTakeBegun.await(30, TimeUnit.SECONDS)).as("the first table's take began")
        .isTrue();
    CompletableFuture<Tables.Entry> other = CompletableFuture.supplyAsync(
        () -> survivor.require(second));

    await("the second table taken over while the first one's take waits on the database")
        .atMost(AT_MOST).until(other::isDone);
    assertThat(other.join().shell().id()).isEqualTo(second);
    assertThat(slow).isNotDone();

    release.countDown();
    Tables.Entry taken = slow.get(30, TimeUnit.SECONDS);
    assertThat(taken.shell().id()).isEqualTo(first);
    assertThat(again.get(30, TimeUnit.SECONDS)).as("the same table, taken once")
        .isSameAs(taken);
    assertThat(takes.get(first)).hasValue(1);
  }

  private static String table(Tables tables) {
    return tables.create("Four", TableSettings.defaults(Mode.ONLINE), new DealSource.Seeded(1),
        "", "client", ServerLimits.NONE).shell().id();
  }
}
