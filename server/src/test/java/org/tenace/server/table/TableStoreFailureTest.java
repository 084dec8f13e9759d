package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Alert;
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
  private Seated at;

  @BeforeEach
  void fourPlayersSitDown() {
    at = new Seated("Disk", sink, clock);
    at.table.addListener((t, seq, e, before, after) -> told.add(e));
  }

  private long call(Seat s, String call) {
    return at.table.call(at.tokens.get(s), s, Utterance.of(Call.parse(call)), Alert.NONE,
        at.table.version());
  }

  @Test
  void aRefusedAppendLeavesTheTableAsItWasAndTellsNobody() {
    long version = at.table.version();
    failing = true;
    assertThatThrownBy(() -> call(Seat.NORTH, "1C")).isInstanceOf(StoreException.class);
    assertThat(at.table.version()).isEqualTo(version);
    assertThat(at.table.board().orElseThrow().auction().calls()).isEmpty();
    assertThat(told).isEmpty();
    failing = false;
    assertThat(call(Seat.NORTH, "1C")).isEqualTo(version + 1);
    assertThat(logged).hasSize((int) version + 1);
  }

  @Test
  void aBoardTheStoreRefusedStartsWhenTheLastReadyIsRetried() {
    at.auction("1NT P 3NT P P P");
    at.playCards(52);
    at.ready(Seat.NORTH, Seat.EAST, Seat.SOUTH);
    // West's ready is stored, the board it makes due is not: West is told UNAVAILABLE, retries.
    refuseBoards = true;
    assertThatThrownBy(() -> at.table.markReady(at.tokens.get(Seat.WEST), 0))
        .isInstanceOf(StoreException.class);
    assertThat(at.table.ready()).contains(Seat.WEST);
    assertThat(at.table.boardSetup().orElseThrow().number()).isEqualTo(1);
    refuseBoards = false;
    long v = at.table.markReady(at.tokens.get(Seat.WEST), 0);
    assertThat(at.table.boardSetup().orElseThrow().number()).isEqualTo(2);
    assertThat(v).isEqualTo(at.table.version()).isEqualTo(logged.size());
  }
}
