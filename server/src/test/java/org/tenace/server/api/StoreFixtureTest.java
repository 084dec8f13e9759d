package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.scoring.card.Seat;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * A store as the server wrote it on 2026-11-28 (store/v2-2p1: four-player tables in protobuf,
 * format 2, and two-player tables in the "2p1" text) opens and gives back the same tables of
 * both kinds. The fixture was written by that day's code, with StoreFixtureWriter (in the
 * commit that added the fixture: {@code ./mvnw -B -ntp -pl server -am test
 * -Dtest=StoreFixtureWriter -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtenace.storeFixture=<folder>}), and removed when two-player events became protobuf
 * records: an online table with
 * a played board, an undo and a board in play, a laws-mode table with a call out of rotation, a
 * honeymoon table with a deal played and the next under way, and a table of trumps with a
 * handicap mid-deal; expected.txt is what {@link LegacyStoreTest#describe} and {@link #describe}
 * said of them then, with the robot level, which that day's code did not keep, read as none.
 */
class StoreFixtureTest {
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-28T09:00:00Z"));
  @TempDir Path dir;

  @Test
  void aStoreOfBothKindsOfTableOpensWithItsTablesAsTheyWere() throws IOException {
    Files.copy(resource("tenace.mv.db"), dir.resolve("tenace.mv.db"));
    String expected = new String(resource("expected.txt").readAllBytes(), StandardCharsets.UTF_8);
    try (EventStore store = EventStore.open("jdbc:h2:" + dir.resolve("tenace").toAbsolutePath())) {
      Tables tables = new Tables(store, clock, Hub::forTable);
      tables.load(store.loadAll());
      StringBuilder actual = new StringBuilder();
      tables.all(Tables.Kind.FOUR_PLAYER).stream().map(Tables.Entry::table)
          .sorted(Comparator.comparing(Table::id))
          .forEach(t -> actual.append(LegacyStoreTest.describe(t)));
      tables.all(Tables.Kind.TWO_PLAYER).stream().map(Tables.Entry::twoPlayer)
          .sorted(Comparator.comparing(TwoPlayerTable::id))
          .forEach(t -> actual.append(describe(t)));
      assertThat(actual.toString()).isEqualTo(expected);
    }
  }

  /**
   * A two-player table of the old store takes its next events in the one protobuf format of
   * every table, and its log of both formats replays.
   */
  @Test
  void aTwoPlayerTableOfTheOldFormatGoesOnInTheNew() throws IOException {
    Files.copy(resource("tenace.mv.db"), dir.resolve("tenace.mv.db"));
    String url = "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
    String before;
    try (EventStore store = EventStore.open(url)) {
      Tables tables = new Tables(store, clock, Hub::forTable);
      tables.load(store.loadAll());
      TwoPlayerTable t = tables.require("h2").twoPlayer();
      TwoPlayerState d = t.deal().orElseThrow();
      Seat who = d.toAct().orElseThrow();
      t.act(t.seat(who).orElseThrow().token(),
          new TwoPlayerAction.Play(who, d.legalCards(who).cards().get(0)), t.version());
      t.join(Role.KIBITZER, Optional.empty(), "Lee", false, "k9");
      before = describe(t);
    }
    try (EventStore store = EventStore.open(url)) {
      List<StoredEvent> log = store.loadAll().get("h2");
      assertThat(EventCodec.isRecord(log.get(0).payload())).isFalse(); // "2p1" text
      assertThat(EventCodec.isRecord(log.get(log.size() - 1).payload())).isTrue();
      Tables tables = new Tables(store, clock, Hub::forTable);
      tables.load(store.loadAll());
      assertThat(describe(tables.require("h2").twoPlayer())).isEqualTo(before).contains("Lee");
    }
  }

  private static InputStream resource(String name) {
    return Objects.requireNonNull(
        StoreFixtureTest.class.getResourceAsStream("/store/v2-2p1/" + name), name);
  }

  /** What must come back the same of a two-player table: one paragraph. */
  static String describe(TwoPlayerTable t) {
    return "two-player table " + t.id() + " '" + t.name() + "'\n"
        + "  version " + t.version() + ", " + t.status() + ", " + t.dealsCompleted()
        + " deal(s) completed, totals N " + t.total(Seat.NORTH) + " S " + t.total(Seat.SOUTH)
        + "\n"
        + "  settings " + t.settings() + "\n"
        + "  holders " + t.holders() + "\n"
        + "  deal " + t.deal() + "\n"
        + "  ready " + t.ready() + "\n";
  }
}
