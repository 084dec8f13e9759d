package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Utterance;

/**
 * Every command is checked in one order: who asks, then the version, then the rules; and the
 * sequence numbers an action's events take, as docs/protocol.md says.
 */
class CheckOrderTest {
  private final InstantSource clock = () -> Instant.parse("2026-11-25T10:00:00Z");
  private final List<String> log = new ArrayList<>();
  private final EventSink sink = (id, seq, e) -> log.add(seq + " " + e.getClass().getSimpleName());
  private final Seated at = new Seated("order", sink, clock);
  private final Table table = at.table;

  @Test
  void aStaleMarkReadyIsRefusedForItsVersionAsAStaleCallIs() {
    long seen = at.call(Seat.NORTH, "1C");
    at.call(Seat.EAST, "P");
    String north = at.tokens.get(Seat.NORTH);
    assertThatThrownBy(() -> table.markReady(north, seen)).isInstanceOf(TableException.class)
        .hasMessageStartingWith("STALE_VERSION");
    assertThatThrownBy(() -> table.call(north, Seat.NORTH, Utterance.of(Call.PASS), Alert.NONE,
        seen)).isInstanceOf(TableException.class).hasMessageStartingWith("STALE_VERSION");
    // With the version current, the rules speak.
    assertThatThrownBy(() -> table.markReady(north, table.version()))
        .isInstanceOf(TableException.class).hasMessageStartingWith("BOARD_NOT_COMPLETE");
  }

  @Test
  void aCardIsRefusedForWhoPlaysItFirstThenForItsVersionThenByTheRules() {
    long seen = at.call(Seat.NORTH, "1C");
    at.call(Seat.EAST, "P");
    String east = at.tokens.get(Seat.EAST);
    Card any = Card.parse("SA");
    assertThatThrownBy(() -> table.play(east, Seat.NORTH, any, seen))
        .hasMessageStartingWith("NOT_YOUR_SEAT");
    assertThatThrownBy(() -> table.play(east, Seat.EAST, any, seen))
        .hasMessageStartingWith("STALE_VERSION");
    assertThatThrownBy(() -> table.play(east, Seat.EAST, any, table.version()))
        .hasMessageStartingWith("NOT_PLAYING");
  }

  /**
   * A table event has a number of its own, and what it makes due follows with the next number:
   * the fourth PlayerReady, then BoardStarted. The response carries the last.
   */
  @Test
  void theFourthReadyTakesOneNumberAndTheBoardItStartsTheNext() {
    at.auction("P P P P");
    at.ready(Seat.NORTH, Seat.EAST, Seat.SOUTH);
    long before = table.version();
    long v = table.markReady(at.tokens.get(Seat.WEST), before);
    assertThat(v).isEqualTo(before + 2);
    assertThat(log.subList(log.size() - 2, log.size()))
        .containsExactly((before + 1) + " ReadyMarked", (before + 2) + " BoardStarted");
    // Said again with the same version: the first answer, nothing new.
    assertThat(table.markReady(at.tokens.get(Seat.WEST), before)).isEqualTo(v);
    assertThat(table.version()).isEqualTo(v);
  }

  @Test
  void aTableWithoutABoardLimitClosesAfterTheLastBoardNumber() {
    Table t = Table.create("t2", "last", TableSettings.defaults(Mode.ONLINE)
        .withBoards(Limits.LAST_BOARD, 0), new DealSource.Seeded(9), EventSink.NONE, clock);
    Map<Seat, String> tok = TableTest.seatFour(t);
    assertThat(t.boardSetup().orElseThrow().number()).isEqualTo(Limits.LAST_BOARD);
    TableTest.passOutAndReady(t, tok);
    assertThat(t.status()).isEqualTo(Table.Status.CLOSED);
  }
}
