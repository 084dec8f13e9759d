package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.client.TableModel;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.CreateTableRequest;
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
}
