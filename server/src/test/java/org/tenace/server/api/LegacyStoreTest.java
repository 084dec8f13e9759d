package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Utterance;
import org.tenace.server.store.EventStore;
import org.tenace.server.table.Table;

/**
 * A store written by the first version, whose events are positional text, opens with this
 * version and gives back the same tables. The fixture (store/text-v0) was written by that version
 * (LegacyStoreFixtureWriter, in the commit that added the fixture): two tables, one online with a
 * played board, a claimed board, an undo and a board in progress, one in laws mode with a call out
 * of rotation; expected.txt is what {@link #describe} said of them then, with the seating that
 * version did not keep read as four players, and its robot pace and robot level, not kept
 * either, as none (the server's own).
 */
class LegacyStoreTest {
  // That it opens with the same tables is StoreFixtureTest's, for every fixture store.
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-25T08:00:00Z"));
  @TempDir Path dir;

  @Test
  void eventsOfBothFormatsLiveInOneStore() throws IOException {
    String url = StoreFixtures.copy("text-v0", dir);
    long version;
    try (EventStore store = EventStore.open(url)) {
      Tables tables = StoreFixtures.load(store, clock);
      Table t = tables.require("1").table();
      // Board 3, South dealt: 1D, pass; North to call.
      version = t.call(t.seat(Seat.NORTH).orElseThrow().token(), Seat.NORTH,
          Utterance.of(Call.parse("1H")), Alert.NONE, t.version());
    }
    try (EventStore store = EventStore.open(url)) {
      Tables tables = StoreFixtures.load(store, clock);
      Table t = tables.require("1").table();
      assertThat(t.version()).isEqualTo(version).isEqualTo(110);
      assertThat(t.board().orElseThrow().auction().toString()).isEqualTo("Auction[S: 1D Pass 1H]");
    }
  }

  /** What must come back the same: one paragraph per table. */
  static String describe(Table t) {
    return "table " + t.id() + " '" + t.name() + "'\n"
        + "  version " + t.version() + ", " + t.status() + ", " + t.boardsCompleted()
        + " board(s) completed\n"
        + "  settings " + t.settings() + "\n"
        + "  holders " + t.holders() + "\n"
        + "  scorecard " + t.scorecard() + "\n"
        + "  setup " + t.boardSetup() + "\n"
        + "  board " + t.board() + "\n"
        + "  ready " + t.ready() + ", undo " + t.undoRequester() + "\n"
        + "  irregularities "
        + t.board().map(b -> b.irregularities()).orElse(java.util.List.of()) + "\n";
  }
}
