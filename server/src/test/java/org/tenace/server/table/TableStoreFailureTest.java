package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.Utterance;
import org.tenace.server.store.StoreException;

/** An event the store refuses is not applied; the table goes on once the store takes events. */
class TableStoreFailureTest {
  private final List<TableEvent> logged = new ArrayList<>();
  private final List<TableEvent> told = new ArrayList<>();
  private boolean failing;
  private boolean refuseBoards;
  private final EventSink sink = (id, seq, e) -> {
    if (failing || (refuseBoards && e instanceof TableEvent.BoardStarted)) {
      throw new StoreException("journal append failed: No space left on device", null);
    }
    logged.add(e);
  };
  private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-25T08:00:00Z"));
  private Table table;
  private final Map<Seat, String> tokens = new EnumMap<>(Seat.class);

  @BeforeEach
  void fourPlayersSitDown() {
    table = Table.create("t1", "Disk", TableSettings.defaults(Mode.ONLINE),
        new DealSource.Seeded(42), sink, clock);
    for (Seat s : Seat.values()) {
      tokens.put(s, table.join(Role.PLAYER, Optional.of(s), "P" + s, false, "").token());
    }
    table.addListener((t, seq, e, before, after) -> told.add(e));
  }

  private long call(Seat s, String call) {
    return table.call(tokens.get(s), s, Utterance.of(Call.parse(call)), Alert.NONE,
        table.version());
  }

  @Test
  void aRefusedAppendLeavesTheTableAsItWasAndTellsNobody() {
    long version = table.version();
    failing = true;
    assertThatThrownBy(() -> call(Seat.NORTH, "1C")).isInstanceOf(StoreException.class);
    assertThat(table.version()).isEqualTo(version);
    assertThat(table.board().orElseThrow().auction().calls()).isEmpty();
    assertThat(told).isEmpty();
    failing = false;
    assertThat(call(Seat.NORTH, "1C")).isEqualTo(version + 1);
    assertThat(logged).hasSize((int) version + 1);
  }

  @Test
  void aBoardTheStoreRefusedStartsWhenTheLastReadyIsRetried() {
    call(Seat.NORTH, "1NT");
    call(Seat.EAST, "P");
    call(Seat.SOUTH, "3NT");
    call(Seat.WEST, "P");
    call(Seat.NORTH, "P");
    call(Seat.EAST, "P");
    for (int i = 0; i < 52; i++) {
      Play p = table.board().orElseThrow().playIfStarted().orElseThrow();
      Card c = p.legalCards().cards().get(0);
      table.play(tokens.get(p.actor()), p.turn(), c, 0);
    }
    for (Seat s : List.of(Seat.NORTH, Seat.EAST, Seat.SOUTH)) {
      table.markReady(tokens.get(s), 0);
    }
    // West's ready is stored, the board it makes due is not: West is told UNAVAILABLE, retries.
    refuseBoards = true;
    assertThatThrownBy(() -> table.markReady(tokens.get(Seat.WEST), 0))
        .isInstanceOf(StoreException.class);
    assertThat(table.ready()).contains(Seat.WEST);
    assertThat(table.boardSetup().orElseThrow().number()).isEqualTo(1);
    refuseBoards = false;
    long v = table.markReady(tokens.get(Seat.WEST), 0);
    assertThat(table.boardSetup().orElseThrow().number()).isEqualTo(2);
    assertThat(v).isEqualTo(table.version()).isEqualTo(logged.size());
  }
}
