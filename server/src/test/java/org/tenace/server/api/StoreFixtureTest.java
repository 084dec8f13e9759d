package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Seat;
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

  /**
   * Each fixture store opens with its tables as the version that wrote it described them: the
   * first version's text events (text-v0, LegacyStoreTest), and this one's of both kinds of
   * table, each at the clock of the day it was written.
   */
  @ParameterizedTest
  @CsvSource({"text-v0, 2026-11-25T08:00:00Z", "v2-2p1, 2026-11-28T09:00:00Z"})
  void aStoreOfEveryFormatOpensWithItsTablesAsTheyWere(String fixture, Instant written)
      throws IOException {
    try (EventStore store = EventStore.open(StoreFixtures.copy(fixture, dir))) {
      assertThat(StoreFixtures.describe(store, InstantSource.fixed(written)))
          .isEqualTo(StoreFixtures.expected(fixture));
    }
  }

  /**
   * A two-player table of the old store takes its next events in the one protobuf format of
   * every table, and its log of both formats replays.
   */
  @Test
  void aTwoPlayerTableOfTheOldFormatGoesOnInTheNew() throws IOException {
    String url = StoreFixtures.copy("v2-2p1", dir);
    String before = playedOnAndWatched(url);
    try (EventStore store = EventStore.open(url)) {
      List<StoredEvent> log = store.loadAll().get("h2");
      assertThat(EventCodec.isRecord(log.get(0).payload())).isFalse(); // "2p1" text
      assertThat(EventCodec.isRecord(log.get(log.size() - 1).payload())).isTrue();
      Tables tables = StoreFixtures.load(store, clock);
      assertThat(describe(tables.require("h2").twoPlayer())).isEqualTo(before).contains("Lee");
    }
  }

  /**
   * The honeymoon table h2 of the store at {@code url} after a card played by the player to act
   * and a kibitzer (Lee) come: described.
   */
  private String playedOnAndWatched(String url) {
    try (EventStore store = EventStore.open(url)) {
      TwoPlayerTable t = StoreFixtures.load(store, clock).require("h2").twoPlayer();
      TwoPlayerState d = t.deal().orElseThrow();
      Seat who = d.toAct().orElseThrow();
      t.act(t.seat(who).orElseThrow().token(),
          new TwoPlayerAction.Play(who, d.legalCards(who).cards().get(0)), t.version());
      t.join(Role.KIBITZER, Optional.empty(), "Lee", false, "k9");
      return describe(t);
    }
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
