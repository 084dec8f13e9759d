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
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Suit;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.Utterance;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventSink;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableSettings;
import org.tenace.server.table.twoplayer.TwoPlayerCodec;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * Writes a store as this version writes it (four-player tables in protobuf, format 2; two-player
 * tables in the "2p1" text): run once, with -Dtenace.storeFixture=<folder>.
 */
@EnabledIfSystemProperty(named = "tenace.storeFixture", matches = ".+")
class StoreFixtureWriter {
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-28T08:00:00Z"));

  @Test
  void write() throws Exception {
    Path dir = Path.of(System.getProperty("tenace.storeFixture"));
    Files.createDirectories(dir);
    StringBuilder sb = new StringBuilder();
    try (EventStore store = EventStore.open("jdbc:h2:" + dir.resolve("tenace").toAbsolutePath())) {
      EventSink sink = Tables.sinkFor(store, clock);
      List<Table> tables = new ArrayList<>();
      tables.add(online(sink));
      tables.add(laws(sink));
      TwoPlayerTable.Sink twoSink = (id, seq, e) -> store.append(new StoredEvent(id, seq,
          clock.millis(), TwoPlayerCodec.encode(e)));
      List<TwoPlayerTable> twos = new ArrayList<>();
      twos.add(honeymoon(twoSink));
      twos.add(trumps(twoSink));
      for (Table t : tables) {
        sb.append(LegacyStoreTest.describe(t));
      }
      for (TwoPlayerTable t : twos) {
        sb.append(StoreFixtureTest.describe(t));
      }
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
    calls(t, tokens, Seat.NORTH, "1NT", "P", "3NT", "P", "P", "P");
    for (int i = 0; i < 52; i++) {
      playOne(t, tokens);
    }
    for (Seat s : Seat.values()) {
      t.markReady(tokens.get(s), 0);
    }
    // Board 2 (East deals): an alerted call, an undo granted by both opponents, a few tricks.
    t.call(tokens.get(Seat.EAST), Seat.EAST, Utterance.of(Call.parse("1C")),
        new Alert(true, "could be short"), 0);
    t.call(tokens.get(Seat.SOUTH), Seat.SOUTH, Utterance.of(Call.parse("1H")), Alert.NONE, 0);
    t.requestUndo(tokens.get(Seat.SOUTH), 0);
    t.respondToUndo(tokens.get(Seat.EAST), true, 0);
    t.respondToUndo(tokens.get(Seat.WEST), true, 0);
    calls(t, tokens, Seat.SOUTH, "P", "1S", "P", "P", "P");
    for (int i = 0; i < 6; i++) {
      playOne(t, tokens);
    }
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

  /** A honeymoon table: one deal played out, both ready, the next deal under way. */
  private TwoPlayerTable honeymoon(TwoPlayerTable.Sink sink) {
    TwoPlayerTable t = TwoPlayerTable.create("h1", "Honeymoon \u00e9", new TwoPlayerSettings(
        TwoPlayerRules.of(Variant.HONEYMOON), 0, TableSettings.KibitzPolicy.PUBLIC,
        OptionalLong.of(3)), sink);
    Map<Seat, String> tokens = new EnumMap<>(Seat.class);
    tokens.put(Seat.NORTH, t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann", false, "rN")
        .token());
    String k = t.join(Role.KIBITZER, Optional.empty(), "Kim", false, "k1").token();
    t.leave(k);
    tokens.put(Seat.SOUTH, t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Robot", true, "")
        .token());
    Random r = new Random(1);
    while (!t.deal().orElseThrow().isOver()) {
      actOne(t, tokens, r);
    }
    t.markReady(tokens.get(Seat.SOUTH), 0);
    t.markReady(tokens.get(Seat.NORTH), 0);
    for (int i = 0; i < 9; i++) {
      actOne(t, tokens, r);
    }
    return t;
  }

  /** A table of trumps with a handicap and kibitzers who see all, mid-deal. */
  private TwoPlayerTable trumps(TwoPlayerTable.Sink sink) {
    TwoPlayerTable t = TwoPlayerTable.create("h2", "Trumps", new TwoPlayerSettings(
        new TwoPlayerRules(Variant.TRUMPS, Optional.of(Suit.HEARTS), Optional.of(Seat.SOUTH), 2),
        3, TableSettings.KibitzPolicy.ALL_HANDS, OptionalLong.of(5)), sink);
    Map<Seat, String> tokens = new EnumMap<>(Seat.class);
    tokens.put(Seat.SOUTH, t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Bob", false, "rS")
        .token());
    tokens.put(Seat.NORTH, t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann", false, "rN")
        .token());
    t.join(Role.KIBITZER, Optional.empty(), "Kim", false, "");
    Random r = new Random(2);
    for (int i = 0; i < 30; i++) {
      actOne(t, tokens, r);
    }
    return t;
  }

  private static void actOne(TwoPlayerTable t, Map<Seat, String> tokens, Random r) {
    TwoPlayerState d = t.deal().orElseThrow();
    Seat who = d.toAct().orElseThrow();
    List<Call> calls = d.legalCalls(who);
    TwoPlayerAction a;
    if (!calls.isEmpty()) {
      // Bid now and then, pass mostly, so that the auction ends.
      Call c = r.nextInt(3) == 0 ? calls.get(calls.size() > 1 ? 1 : 0) : Call.Other.PASS;
      a = new TwoPlayerAction.Call(who, calls.contains(c) ? c : calls.get(0));
    } else {
      List<Card> legal = d.legalCards(who).cards();
      a = new TwoPlayerAction.Play(who, legal.get(r.nextInt(legal.size())));
    }
    t.act(tokens.get(who), a, 0);
  }

  private static Map<Seat, String> seat(Table t) {
    Map<Seat, String> tokens = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      tokens.put(s, t.join(Role.PLAYER, Optional.of(s), "P" + s, s == Seat.WEST, "r" + s).token());
    }
    return tokens;
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
