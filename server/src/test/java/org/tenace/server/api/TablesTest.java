package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableSettings;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * One registry for every kind of table: what it does for every table it does for two-player
 * tables too, where their own registry had drifted from the four-player one.
 */
class TablesTest {
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-28T09:00:00Z"));
  private final EventStore store =
      EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @AfterEach
  void close() {
    Metrics.globalRegistry.remove(meters);
    store.close();
  }

  @Test
  void aTokenOfAnotherTableIsToldApartAtATwoPlayerTable() {
    Tables tables = new Tables(store, clock, Hub::forTable);
    Tables.Entry four = fourPlayer(tables, ServerLimits.NONE);
    Tables.Entry two = twoPlayer(tables, ServerLimits.NONE);
    assertThat(two.shell().id()).isEqualTo("h1");
    assertThatThrownBy(() -> tables.command("h1", four.shell().directorToken(),
        e -> e.shell().holder(four.shell().directorToken())))
        .isInstanceOf(TableException.class).hasMessageStartingWith("WRONG_TABLE");
    assertThatThrownBy(() -> tables.command("1", two.shell().directorToken(),
        e -> e.shell().holder(two.shell().directorToken())))
        .hasMessageStartingWith("WRONG_TABLE");
    Tables.Entry found = tables.command("h1", two.shell().directorToken(), e -> e);
    assertThat(found).isSameAs(two);
  }

  /**
   * A command's token is the table's to check, once, as part of the command: the registry finds
   * the table and asks the other tables only about a token the table refused. A token of no
   * table gets the table's own refusal; any refusal with a token the table holds is the table's.
   */
  @Test
  void theTableChecksACommandsTokenAndTheRegistryOnlyTellsARefusedOneApart() {
    Tables tables = new Tables(store, clock, Hub::forTable);
    Tables.Entry four = fourPlayer(tables, ServerLimits.NONE);
    Tables.Entry other = fourPlayer(tables, ServerLimits.NONE);
    String director = four.shell().directorToken();
    AtomicInteger runs = new AtomicInteger();
    Role role = tables.command(four.shell().id(), director, e -> {
      runs.incrementAndGet();
      return e.shell().holder(director).role();
    });
    assertThat(role).isEqualTo(Role.DIRECTOR);
    assertThatThrownBy(() -> tables.command(four.shell().id(), "no-such-token",
        e -> e.shell().holder("no-such-token"))).hasMessageStartingWith("TOKEN_INVALID");
    assertThatThrownBy(() -> tables.command(four.shell().id(), other.shell().directorToken(),
        e -> {
          runs.incrementAndGet();
          return e.shell().holder(other.shell().directorToken());
        })).hasMessageStartingWith("WRONG_TABLE");
    // The table's own refusal stands when the token is its own.
    assertThatThrownBy(() -> tables.command(four.shell().id(), director, e -> {
      throw new TableException(TableException.Reason.TABLE_CLOSED, "the table is closed");
    })).hasMessageStartingWith("TABLE_CLOSED");
    assertThat(runs).hasValue(2);
  }

  @Test
  void robotsAloneAtATwoPlayerTableDealForNobody() {
    Tables tables = new Tables(store, clock, Hub::forTable);
    TwoPlayerTable t = twoPlayer(tables, ServerLimits.NONE).twoPlayer();
    t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Robot", true, "");
    String south = t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Robot", true, "").token();
    assertThat(t.deal()).isEmpty();
    t.leave(south);
    t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Ann", false, "");
    assertThat(t.deal()).isPresent();
  }

  @Test
  void theLimitOnOpenTablesCountsEveryKind() {
    Tables tables = new Tables(store, clock, Hub::forTable);
    ServerLimits one = new ServerLimits(1, 0, "", Duration.ZERO);
    twoPlayer(tables, one);
    assertThatThrownBy(() -> fourPlayer(tables, one)).hasMessageStartingWith("TOO_MANY_TABLES");
  }

  @Test
  void aTwoPlayerTablesAppendsAreTimed() {
    Metrics.globalRegistry.add(meters);
    Tables tables = new Tables(store, clock, Hub::forTable);
    twoPlayer(tables, ServerLimits.NONE);
    assertThat(meters.get("tenace.journal.append").timer().count()).isEqualTo(1);
  }

  /**
   * On a shared log the server records each token in the token index once; what it remembers of
   * that is its tables' holders now: kibitzers come and go at a table all evening, and the
   * memory of their tokens goes with them.
   */
  @Test
  void theTokensRememberedAsPublishedAreThoseOfTheHoldersNow() {
    Map<String, String> index = new java.util.HashMap<>();
    List<Integer> published = new ArrayList<>();
    EventLog shared = new EventLog() {
      private final java.util.concurrent.atomic.AtomicLong numbers =
          new java.util.concurrent.atomic.AtomicLong();

      @Override public void append(StoredEvent e) {
        store.append(e);
      }

      @Override public List<StoredEvent> load(String id) {
        return store.load(id);
      }

      @Override public java.util.Set<String> list() {
        return store.list();
      }

      @Override public boolean shared() {
        return true;
      }

      @Override public long nextNumber() {
        return numbers.incrementAndGet();
      }

      @Override public void publishTokens(Map<String, String> tokens) {
        published.add(tokens.size());
        index.putAll(tokens);
      }

      @Override public void flush() {
        store.flush();
      }

      @Override public void close() {}
    };
    Tables tables = new Tables(shared, clock, Hub::forTable);
    Tables.Entry table = fourPlayer(tables, ServerLimits.NONE);
    String north = table.table().join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann", false, "")
        .token();
    for (int evening = 0; evening < 100; evening++) {
      String kibitzer = table.table().join(Role.KIBITZER, Optional.empty(), "k" + evening, false,
          "").token();
      tables.publish(e -> new byte[0]);
      assertThat(index).containsEntry(kibitzer, table.shell().id());
      table.table().leave(kibitzer);
    }
    tables.publish(e -> new byte[0]);
    assertThat(index).containsEntry(north, table.shell().id());
    // Ann's token (and the director's) once, each kibitzer's once, then nothing new.
    assertThat(published.get(published.size() - 1)).isZero();
    assertThat(published.stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(index.size());
    assertThat(tables.tokensRemembered()).as("the tokens of the holders now")
        .isEqualTo((int) table.shell().holders().stream()
            .filter(h -> !h.robot() && !h.token().isEmpty()).count())
        .isLessThan(5);
  }

  private static Tables.Entry fourPlayer(Tables tables, ServerLimits limits) {
    return tables.create("Four", TableSettings.defaults(Mode.ONLINE), new DealSource.Seeded(1),
        "", "client", limits);
  }

  private static Tables.Entry twoPlayer(Tables tables, ServerLimits limits) {
    return tables.create("Two", new TwoPlayerSettings(TwoPlayerRules.of(Variant.HONEYMOON), 0,
        TableSettings.KibitzPolicy.PUBLIC, OptionalLong.of(1)), "", "client", limits);
  }
}
