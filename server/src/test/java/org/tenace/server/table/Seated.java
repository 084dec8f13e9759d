package org.tenace.server.table;

import java.time.InstantSource;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.Utterance;

/** A table (online unless asked) with four players seated (seeded deals), and the moves tests make there. */
final class Seated {
  final Table table;
  final Map<Seat, String> tokens = new EnumMap<>(Seat.class);

  Seated(String name, EventSink sink, InstantSource clock) {
    this(name, sink, clock, Mode.ONLINE);
  }

  Seated(String name, EventSink sink, InstantSource clock, Mode mode) {
    table = Table.create("t1", name, TableSettings.defaults(mode),
        new DealSource.Seeded(42), sink, clock);
    for (Seat s : Seat.values()) {
      tokens.put(s, table.join(Role.PLAYER, Optional.of(s), "P" + s, false, "").token());
    }
  }

  long call(Seat s, String call) {
    return table.call(tokens.get(s), s, Utterance.of(Call.parse(call)), Alert.NONE, 0);
  }

  /** The calls in turn, from the seat whose turn it is. */
  void auction(String calls) {
    for (String c : calls.split(" ")) {
      call(table.board().orElseThrow().auction().turn(), c);
    }
  }

  Play play() {
    return table.board().orElseThrow().playIfStarted().orElseThrow();
  }

  /** Plays the first legal card of the hand to play, for whoever acts for it. */
  void playCards(int n) {
    for (int i = 0; i < n; i++) {
      Play p = play();
      Card c = p.legalCards().cards().get(0);
      table.play(tokens.get(p.actor()), p.turn(), c, 0);
    }
  }

  void ready(Seat... seats) {
    for (Seat s : seats) {
      table.markReady(tokens.get(s), 0);
    }
  }
}
