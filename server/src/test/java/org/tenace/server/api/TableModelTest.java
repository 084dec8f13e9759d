package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.client.TableModel;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Rubber;
import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.ScoringMethod;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * The client's model, fed the event stream, agrees with a fresh snapshot from the server at the
 * end of every board and along the way: hands, auction, contract, tricks won, turn.
 */
class TableModelTest extends LoopbackServer {

  @Test
  void theModelOfEveryStreamMatchesAFreshSnapshot() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("model").setSettings(TableSettings.newBuilder().setBoardCount(4))
        .setDealSeed(99).build());
    Party p = new Party(channel, id);
    HiddenCardsTest.playRandomly(p, new Random(3), 3);
    for (TestClient c : p.clients.values()) {
      TableModel model = new TableModel();
      for (WatchTableResponse r : c.received) {
        model.apply(r);
      }
      TestClient fresh = TestClient.withToken(channel, id, c.seat, c.token);
      fresh.watch(0);
      await().atMost(Duration.ofSeconds(30)).until(() -> !fresh.received.isEmpty());
      TableSnapshot server = fresh.received.get(0).getSnapshot();
      TableSnapshot ours = model.snapshot();
      assertThat(ours.getSequence()).isLessThanOrEqualTo(server.getSequence());
      BoardView a = ours.getBoard();
      BoardView b = server.getBoard();
      assertThat(a.getBoardNumber()).isEqualTo(b.getBoardNumber());
      assertThat(a.getPhase()).isEqualTo(b.getPhase());
      assertThat(a.getHandsList()).isEqualTo(b.getHandsList());
      assertThat(a.getAuctionList()).isEqualTo(b.getAuctionList());
      assertThat(a.getContract()).isEqualTo(b.getContract());
      assertThat(a.getTricksNorthSouth()).isEqualTo(b.getTricksNorthSouth());
      assertThat(a.getTricksEastWest()).isEqualTo(b.getTricksEastWest());
      assertThat(a.getTricksCount()).isEqualTo(b.getTricksCount());
      assertThat(ours.getTurn()).isEqualTo(server.getTurn());
      assertThat(ours.getRunningScore()).isEqualTo(server.getRunningScore());
    }
  }

  private static final List<Seat> SEATS =
      List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST);

  /**
   * After every board the model each stream keeps has the running score a fresh snapshot shows,
   * at duplicate, rubber and Chicago: rubbers end (2-0 and 2-1), a board is passed out first in
   * a new Chicago round (RunningScoresTest has one first in a new rubber), and what
   * BoardCompleted carries stays small.
   */
  @ParameterizedTest
  @EnumSource(value = ScoringMethod.class, names = {"SCORING_METHOD_DUPLICATE_IMPS",
      "SCORING_METHOD_RUBBER", "SCORING_METHOD_CHICAGO"})
  void afterEveryBoardTheModelsRunningScoreIsAFreshSnapshots(ScoringMethod method) {
    String[] script = {"3NT", "P", "3NT", "3NT", "3NT", "P", "3NT", "3NT"};
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("score").setSettings(TableSettings.newBuilder().setBoardCount(script.length)
            .setScoringMethod(method)).setDealSeed(17).build());
    Party p = new Party(channel, id);
    TestClient kibitzer = TestClient.join(channel, id, Seat.SEAT_UNSPECIFIED, "K");
    for (int n = 1; n <= script.length; n++) {
      // The board is dealt when its dealer's turn to call reaches the dealer.
      Seat dealer = org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
          .pollInterval(java.time.Duration.ofMillis(1))
          .until(() -> p.clients.values().stream()
              .filter(c -> c.turn() != null && c.turn().hasCall()).map(c -> c.seat).findFirst(),
              java.util.Optional::isPresent).orElseThrow();
      if (script[n - 1].equals("P")) {
        p.calls(dealer, "P", "P", "P", "P");
      } else {
        p.calls(dealer, script[n - 1], "P", "P", "P");
        p.playFirst(); // the opening lead, then the defence concedes the rest
        p.claim(SEATS.get((SEATS.indexOf(dealer) + 1) % 4), 0);
        p.answerClaim(dealer, true);
      }
      assertThat(p.lastCompleted().getResult().getBoardNumber()).isEqualTo(n);
      RunningScore server = fresh(id, kibitzer).getRunningScore();
      for (TestClient c : p.clients.values()) {
        TableModel model = new TableModel();
        c.received.forEach(model::apply);
        assertThat(model.snapshot().getRunningScore()).as("board %d at %s", n, c.seat)
            .isEqualTo(server);
      }
      assertThat(p.lastCompleted().getRunningScoreChange().getSerializedSize())
          .as("a line, or a rubber or two").isLessThan(250);
      if (n < script.length) {
        p.readyAll();
      }
    }
    RunningScore sheet = fresh(id, kibitzer).getRunningScore();
    switch (method) {
      case SCORING_METHOD_DUPLICATE_IMPS ->
          assertThat(sheet.getDuplicate().getBoardsCount()).isEqualTo(script.length);
      case SCORING_METHOD_RUBBER -> assertThat(sheet.getRubber().getRubbersList())
          .extracting(Rubber::getComplete).containsExactly(true, true, false);
      default -> assertThat(sheet.getChicago().getRubbersList())
          .extracting(Rubber::getComplete).containsExactly(true, false);
    }
  }

  private TableSnapshot fresh(String id, TestClient kibitzer) {
    TestClient fresh = TestClient.withToken(channel, id, Seat.SEAT_UNSPECIFIED, kibitzer.token);
    fresh.watch(0);
    await().atMost(Duration.ofSeconds(30)).until(() -> !fresh.received.isEmpty());
    return fresh.received.get(0).getSnapshot();
  }
}
