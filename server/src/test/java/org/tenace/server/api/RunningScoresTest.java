package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.card.Seat;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventSink;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Scorecard;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableSettings;

/** The running score kept per table is the one rendered afresh, whatever way the sheet moves. */
class RunningScoresTest {
  private static Scorecard after(Scorecard c, int n) {
    BoardResult r = n % 3 == 0 ? BoardResult.PASSED_OUT
        : new BoardResult(Optional.of(Contract.parse(n % 7 + 1 + "NT", Seat.values()[n % 4])),
            6 + n % 8, (n % 2 == 0 ? 1 : -1) * 10 * n);
    // The deal only counts honours at rubber; duplicate and these lines do not read it.
    return c.after(n, null, Seat.values()[n % 4], r);
  }

  @Test
  void aDuplicateSheetGrowsLineByLineAndStartsAgainWhenItDoesNotGrow() {
    RunningScores scores = new RunningScores();
    List<Scorecard> cards = new ArrayList<>();
    Scorecard c = Scorecard.start(TableSettings.ScoringMethod.MATCHPOINTS);
    cards.add(c);
    for (int n = 1; n <= 20; n++) {
      c = after(c, n);
      cards.add(c);
    }
    for (Scorecard card : cards) {
      assertThat(scores.of(card)).isEqualTo(Presenter.runningScore(card));
      assertThat(scores.of(card)).as("once per scorecard").isSameAs(scores.of(card));
    }
    assertThat(scores.of(cards.get(20)).getDuplicate().getBoardsCount()).isEqualTo(20);
    // A table rebuilt (or a sheet that shrinks): its lines are other objects, or fewer.
    assertThat(scores.of(cards.get(7))).isEqualTo(Presenter.runningScore(cards.get(7)));
    Scorecard other = after(after(Scorecard.start(TableSettings.ScoringMethod.MATCHPOINTS), 5), 6);
    assertThat(scores.of(other)).isEqualTo(Presenter.runningScore(other));
    Scorecard longer = after(other, 9);
    assertThat(scores.of(longer)).isEqualTo(Presenter.runningScore(longer));
    assertThat(scores.of(longer).getDuplicate().getBoardsList())
        .extracting(org.tenace.proto.v1.BoardResult::getBoardNumber).containsExactly(5, 6, 9);
  }

  @Test
  void aTableForgetsItsRenderedScoreWhenItsLastWatcherLeavesAndWhenItCloses() {
    Table table = Table.create("t1", "Practice", TableSettings.defaults(Mode.ONLINE),
        new DealSource.Seeded(42), EventSink.NONE, () -> java.time.Instant.EPOCH);
    TableHub hub = new TableHub(table);
    java.util.Map<Seat, String> tokens = new java.util.EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      tokens.put(s, table.join(Role.PLAYER, Optional.of(s), "P" + s, false, "").token());
    }
    for (int i = 0; i < 4; i++) { // a board passed out: a line on the sheet
      Seat s = table.board().orElseThrow().auction().turn();
      table.call(tokens.get(s), s, Utterance.of(Call.parse("P")), Alert.NONE, 0);
    }
    assertThat(table.scorecard() instanceof Scorecard.Duplicate d ? d.boards() : List.of())
        .hasSize(1);
    Holder kibitzer = table.join(Role.KIBITZER, Optional.empty(), "K", false, "");
    Watcher first = table.atomically(() ->
        hub.watch(kibitzer, new WatcherTest.FakeStream(), false, 0));
    Watcher second = table.atomically(() ->
        hub.watch(table.join(Role.KIBITZER, Optional.empty(), "L", false, ""),
            new WatcherTest.FakeStream(), false, 0));
    assertThat(hub.scoreLinesKept()).as("rendered for the snapshots").isEqualTo(1);
    table.atomically(() -> hub.remove(first));
    assertThat(hub.scoreLinesKept()).as("a watcher left, one watches").isEqualTo(1);
    table.atomically(() -> hub.remove(second));
    assertThat(hub.scoreLinesKept()).as("nobody watches").isZero();
    table.atomically(() -> hub.watch(kibitzer, new WatcherTest.FakeStream(), false, 0));
    assertThat(hub.scoreLinesKept()).isEqualTo(1);
    table.atomically(() -> hub.closeAll(io.grpc.Status.Code.OK, "", ""));
    assertThat(hub.scoreLinesKept()).as("closed").isZero();
  }
}
