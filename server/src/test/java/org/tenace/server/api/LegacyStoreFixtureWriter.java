package org.tenace.server.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.Utterance;
import org.tenace.server.store.EventStore;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventSink;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableSettings;

/** Writes a store as this version writes it: run once, with -Dtenace.legacyFixture=<folder>. */
@EnabledIfSystemProperty(named = "tenace.legacyFixture", matches = ".+")
class LegacyStoreFixtureWriter {
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-25T08:00:00Z"));

  @Test
  void write() throws Exception {
    Path dir = Path.of(System.getProperty("tenace.legacyFixture"));
    Files.createDirectories(dir);
    List<Table> tables = new ArrayList<>();
    try (EventStore store = EventStore.open("jdbc:h2:" + dir.resolve("tenace").toAbsolutePath())) {
      EventSink sink = Tables.sinkFor(store, clock);
      tables.add(online(sink));
      tables.add(laws(sink));
    }
    StringBuilder sb = new StringBuilder();
    for (Table t : tables) {
      sb.append(LegacyStoreTest.describe(t));
    }
    Files.writeString(dir.resolve("expected.txt"), sb.toString());
  }

  private Table online(EventSink sink) {
    Table t = Table.create("1", "Online", TableSettings.defaults(Mode.ONLINE),
        new DealSource.Seeded(7), sink, clock);
    Map<Seat, String> tokens = seat(t);
    String kibitzer = t.join(Role.KIBITZER, Optional.empty(), "Watcher", false, "k1").token();
    t.leave(kibitzer);
    t.setConnected(tokens.get(Seat.EAST), true);
    // Board 1: 3NT by South, played out.
    calls(t, tokens, "1NT", "P", "3NT", "P", "P", "P");
    for (int i = 0; i < 52; i++) {
      playOne(t, tokens);
    }
    for (Seat s : Seat.values()) {
      t.markReady(tokens.get(s), 0);
    }
    // Board 2 (East deals): an alerted call, an undo granted by both opponents, 4 tricks, a claim.
    t.call(tokens.get(Seat.EAST), Seat.EAST, Utterance.of(Call.parse("1C")),
        new Alert(true, "could be short"), 0);
    t.call(tokens.get(Seat.SOUTH), Seat.SOUTH, Utterance.of(Call.parse("1H")), Alert.NONE, 0);
    t.requestUndo(tokens.get(Seat.SOUTH), 0);
    t.respondToUndo(tokens.get(Seat.EAST), true, 0);
    t.respondToUndo(tokens.get(Seat.WEST), true, 0);
    calls(t, tokens, Seat.SOUTH, "P", "1S", "P", "P", "P");
    for (int i = 0; i < 16; i++) {
      playOne(t, tokens);
    }
    Play p = t.board().orElseThrow().playIfStarted().orElseThrow();
    Seat declarer = p.declarer();
    t.claim(tokens.get(declarer), 9 - 2, "the rest are mine", 0);
    t.respondToClaim(tokens.get(declarer.next(1)), true, 0);
    t.respondToClaim(tokens.get(declarer.next(3)), true, 0);
    for (Seat s : Seat.values()) {
      t.markReady(tokens.get(s), 0);
    }
    // Board 3: a few calls.
    calls(t, tokens, Seat.SOUTH, "1D", "P");
    return t;
  }

  private Table laws(EventSink sink) {
    Table t = Table.create("2", "Laws", TableSettings.defaults(Mode.LAWS),
        new DealSource.Seeded(11), sink, clock);
    Map<Seat, String> tokens = seat(t);
    // North deals; East calls out of turn.
    t.call(tokens.get(Seat.EAST), Seat.EAST, Utterance.of(Call.parse("1H")), Alert.NONE, 0);
    return t;
  }

  private static Map<Seat, String> seat(Table t) {
    Map<Seat, String> tokens = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      tokens.put(s, t.join(Role.PLAYER, Optional.of(s), "P" + s, s == Seat.WEST, "r" + s).token());
    }
    return tokens;
  }

  private static void calls(Table t, Map<Seat, String> tokens, String... calls) {
    calls(t, tokens, Seat.NORTH, calls);
  }

  private static void calls(Table t, Map<Seat, String> tokens, Seat first, String... calls) {
    Seat s = first;
    for (String c : calls) {
      t.call(tokens.get(s), s, Utterance.of(Call.parse(c)), Alert.NONE, 0);
      s = s.next(1);
    }
  }

  private static void playOne(Table t, Map<Seat, String> tokens) {
    Play p = t.board().orElseThrow().playIfStarted().orElseThrow();
    Card c = p.legalCards().cards().get(0);
    t.play(tokens.get(p.actor()), p.turn(), c, 0);
  }
}
