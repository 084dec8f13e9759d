package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.client.TableModel;
import org.tenace.proto.v1.AssignedScore;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.ResultCorrected;
import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.RunningScoreChange;
import org.tenace.proto.v1.ScoreAdjustment;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
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

/**
 * What a BoardCompleted carries of the running score, applied by the client's model, gives the
 * sheet a fresh snapshot shows, at every scoring method and whatever the boards; and it stays
 * small however many boards were played.
 */
class RunningScoresTest {
  /** A deal to count honours in (rubber and Chicago); which one does not matter here. */
  private static final Deal DEAL = Deal.parsePbn(
      "N:AKQJ.AKQ.T98.765 T98.JT9.AKQJ.AK4 765.876.765.QJT9 432.5432.432.832");

  /** A board at random: passed out a quarter of the time, otherwise mostly made. */
  private static Scorecard random(Scorecard c, int n, Random random) {
    if (random.nextInt(4) == 0) {
      return c.after(n, DEAL, Seat.values()[n % 4], BoardResult.PASSED_OUT);
    }
    int level = 1 + random.nextInt(7);
    String strain = List.of("C", "D", "H", "S", "NT").get(random.nextInt(5));
    String doubling = List.of("", "", "", "X", "XX").get(random.nextInt(5));
    Contract k = Contract.parse(level + strain + doubling, Seat.values()[random.nextInt(4)]);
    int tricks = Math.min(13, Math.max(0, level + 6 - 2 + random.nextInt(5)));
    return c.after(n, DEAL, Seat.values()[n % 4],
        new BoardResult(Optional.of(k), tricks, (random.nextBoolean() ? 1 : -1) * 10 * n));
  }

  private static WatchTableResponse completed(long seq, RunningScoreChange change) {
    return WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder().setSequence(seq)
        .setBoardCompleted(BoardCompleted.newBuilder().setRunningScoreChange(change))).build();
  }

  private static WatchTableResponse snapshot(Scorecard c) {
    return WatchTableResponse.newBuilder().setSnapshot(TableSnapshot.newBuilder()
        .setTable(TableInfo.newBuilder().setBoardsCompleted(c.boards().size()))
        .setBoard(BoardView.newBuilder().setBoardNumber(1))
        .setRunningScore(ScoreSheets.runningScore(c))).build();
  }

  @ParameterizedTest
  @EnumSource(TableSettings.ScoringMethod.class)
  void eachBoardsChangeAppliedToTheSheetGivesTheSheetAFreshSnapshotShows(
      TableSettings.ScoringMethod method) {
    Random random = new Random(7);
    Scorecard c = Scorecard.start(method);
    TableModel model = new TableModel();
    model.apply(snapshot(c));
    RunningScores scores = new RunningScores();
    int endedRubbers = 0;
    int passedOutAfterARoundEnded = 0;
    boolean roundJustEnded = false;
    for (int n = 1; n <= 80; n++) {
      c = random(c, n, random);
      RunningScoreChange change = scores.change(c);
      assertThat(scores.change(c)).as("once per board").isSameAs(change);
      model.apply(completed(n, change));
      assertThat(model.snapshot().getRunningScore()).as("board %d", n)
          .isEqualTo(ScoreSheets.runningScore(c)).isEqualTo(scores.sheet(c));
      switch (change.getChangeCase()) {
        case DUPLICATE -> assertThat(change.getDuplicate().getBoard())
            .isEqualTo(ScoreSheets.boardResult(c.boards().get(n - 1)));
        case RUBBER, CHICAGO -> {
          var rubbers = change.hasRubber() ? change.getRubber() : change.getChicago();
          assertThat(rubbers.getRubbersCount()).isBetween(1, 2);
          if (rubbers.getRubbersCount() == 2) {
            endedRubbers++;
          }
          if (roundJustEnded && c.boards().get(n - 1).result().isPassedOut()) {
            passedOutAfterARoundEnded++;
          }
          roundJustEnded = rubbers.getRubbersCount() == 2;
        }
        default -> throw new AssertionError(change);
      }
    }
    if (method == TableSettings.ScoringMethod.RUBBER
        || method == TableSettings.ScoringMethod.CHICAGO) {
      assertThat(endedRubbers).as("rubbers ended").isGreaterThan(3);
      assertThat(passedOutAfterARoundEnded).as("a board passed out first in a rubber")
          .isPositive();
    }
  }

  /**
   * A table's IMP scorecard, a random result added board by board, and a client's model that saw
   * its snapshot before the first.
   */
  private static final class Followed {
    private final Random random;
    final TableModel model = new TableModel();
    Scorecard card = Scorecard.start(TableSettings.ScoringMethod.IMP);

    Followed(long seed) {
      random = new Random(seed);
      model.apply(snapshot(card));
    }

    /** Board {@code n} is scored; the client hears nothing of it. */
    void score(int n) {
      card = random(card, n, random);
    }

    /** Board {@code n} is scored, and the client hears of it as event {@code seq}. */
    void scoreAndTell(int n, long seq) {
      score(n);
      model.apply(completed(seq, ScoreSheets.runningScoreChange(card)));
    }
  }

  /** A client that missed a board's change shows no sheet rather than a wrong one. */
  @Test
  void aMissedBoardLeavesNoSheetRatherThanAWrongOne() {
    Followed t = new Followed(13);
    t.scoreAndTell(1, 1);
    assertThat(t.model.snapshot().getRunningScore().getDuplicate().getBoardsCount())
        .isEqualTo(1);
    t.score(2); // its BoardCompleted never arrives
    t.scoreAndTell(3, 3);
    assertThat(t.model.snapshot().hasRunningScore()).isFalse();
    assertThat(t.model.snapshot().getTable().getBoardsCompleted()).isEqualTo(3);
    t.scoreAndTell(4, 4);
    assertThat(t.model.snapshot().hasRunningScore()).as("stale until a snapshot").isFalse();
    t.model.apply(snapshot(t.card));
    assertThat(t.model.snapshot().getRunningScore()).isEqualTo(ScoreSheets.runningScore(t.card));
    t.scoreAndTell(5, 5);
    assertThat(t.model.snapshot().getRunningScore()).isEqualTo(ScoreSheets.runningScore(t.card));
  }

  @Test
  void aCorrectedResultReplacesTheSheetAndLaterBoardsAddToIt() {
    Followed t = new Followed(11);
    for (int n = 1; n <= 3; n++) {
      t.scoreAndTell(n, n);
    }
    // A ruling gives board 2 an assigned score: the whole sheet comes with it.
    DuplicateScoreSheet.Builder corrected =
        ScoreSheets.runningScore(t.card).getDuplicate().toBuilder();
    org.tenace.proto.v1.BoardResult adjusted = corrected.getBoards(1).toBuilder()
        .setAdjustment(ScoreAdjustment.newBuilder().setAssigned(AssignedScore.newBuilder()
            .addNorthSouth(org.tenace.proto.v1.AssignedResult.newBuilder().setPercent(100)
                .setTricks(7).setScoreNorthSouth(90)))).build();
    corrected.setBoards(1, adjusted);
    t.model.apply(WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder().setSequence(4)
        .setResultCorrected(ResultCorrected.newBuilder().setResult(adjusted)
            .setRunningScore(RunningScore.newBuilder().setDuplicate(corrected)))).build());
    t.scoreAndTell(4, 5);
    assertThat(t.model.snapshot().getRunningScore().getDuplicate().getBoardsList())
        .containsExactly(corrected.getBoards(0), adjusted, corrected.getBoards(2),
            ScoreSheets.boardResult(t.card.boards().get(3)));
  }

  @Test
  void aBoardsChangeDoesNotGrowWithTheBoardsPlayed() {
    for (TableSettings.ScoringMethod method : TableSettings.ScoringMethod.values()) {
      Random random = new Random(5);
      Scorecard c = Scorecard.start(method);
      int largest = 0;
      for (int n = 1; n <= 2000; n++) {
        c = random(c, n, random);
        largest = Math.max(largest, ScoreSheets.runningScoreChange(c).getSerializedSize());
      }
      // A line is some 15 bytes, a rubber or round some 10 entries of 10 bytes (a long rubber
      // of failed contracts more); the sheet is tens of kilobytes by now.
      assertThat(largest).as("%s", method).isLessThan(1000);
      assertThat(ScoreSheets.runningScore(c).getSerializedSize()).isGreaterThan(20_000);
    }
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
    assertThat(hub.holdsScoreSheet()).as("rendered for the snapshots").isTrue();
    table.atomically(() -> hub.remove(first));
    assertThat(hub.holdsScoreSheet()).as("a watcher left, one watches").isTrue();
    table.atomically(() -> hub.remove(second));
    assertThat(hub.holdsScoreSheet()).as("nobody watches").isFalse();
    table.atomically(() -> hub.watch(kibitzer, new WatcherTest.FakeStream(), false, 0));
    assertThat(hub.holdsScoreSheet()).isTrue();
    table.atomically(() -> hub.closeAll(io.grpc.Status.Code.OK, "", ""));
    assertThat(hub.holdsScoreSheet()).as("closed").isFalse();
  }
}
