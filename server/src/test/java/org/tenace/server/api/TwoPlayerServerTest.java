package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;
import org.tenace.proto.v1.WatchTableResponse;

/** Two-player tables through the real server (Netty on loopback): whole deals, end to end. */
class TwoPlayerServerTest extends LoopbackServer {

  @Test
  void twoClientsPlayCompleteHoneymoonDeals() {
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, 3, 11);
    assertThat(id).startsWith("h");
    TableInfo listed = TableServiceGrpc.newBlockingStub(channel)
        .listTables(ListTablesRequest.getDefaultInstance()).getTablesList().stream()
        .filter(t -> t.getTableId().equals(id)).findFirst().orElseThrow();
    assertThat(listed.getSeatsList()).extracting(s -> s.getSeat())
        .containsExactly(Seat.SEAT_NORTH, Seat.SEAT_SOUTH);
    assertThat(listed.getSettings().getVariant()).isEqualTo(Variant.VARIANT_HONEYMOON);

    TwoPlayerClient north = TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Ann");
    TwoPlayerClient south = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    TwoPlayerClient.playUntilClosed(new Random(5), north, south);
    await().atMost(Duration.ofSeconds(30)).until(south::closed);

    List<TwoPlayerView> completed = completedDeals(north.c.received);
    assertThat(completed).extracting(TwoPlayerView::getDealNumber).containsExactly(1, 2, 3);
    int totalNorth = 0;
    for (TwoPlayerView v : completed) {
      var r = v.getResult();
      if (!r.getPassedOut()) {
        assertThat(v.getExchangeTricksNorth() + v.getExchangeTricksSouth()).isEqualTo(13);
        assertThat(v.getScoredTricksNorth() + v.getScoredTricksSouth()).isEqualTo(13);
        assertThat(r.getTricksNorth() + r.getTricksSouth()).isEqualTo(13);
        // South receives one trick: North's count is one less than he won (never below 0).
        assertThat(r.getTricksNorth()).isEqualTo(Math.max(0, v.getScoredTricksNorth() - 1));
        assertThat(v.getStockCount()).isZero();
        assertThat(v.getHandsCount()).as("both hands shown once the deal is over").isEqualTo(2);
      }
      assertThat(r.getScoreNorth()).isEqualTo(-r.getScoreSouth());
      totalNorth += r.getScoreNorth();
    }
    assertThat(completed.get(2).getTotalNorth()).isEqualTo(totalNorth);
  }

  @Test
  void aPlayerFinishesADealAgainstTheRobot() {
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_TRUMPS, 1, 3, Seat.SEAT_NORTH);
    TwoPlayerClient south = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    TwoPlayerClient.playUntilClosed(new Random(1), south);
    assertThat(south.closed()).isTrue();
    List<TwoPlayerView> done = completedDeals(south.c.received);
    assertThat(done).hasSize(1);
    assertThat(done.get(0).getScoredTricksNorth() + done.get(0).getScoredTricksSouth())
        .isEqualTo(13);
    assertThat(done.get(0).getTrump()).isEqualTo(org.tenace.proto.v1.Suit.SUIT_SPADES);
  }

  @Test
  void theRobotBidsAndPlaysHoneymoon() {
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, 2, 8, Seat.SEAT_NORTH);
    TwoPlayerClient south = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    TwoPlayerClient.playUntilClosed(new Random(2), south);
    assertThat(completedDeals(south.c.received)).hasSize(2);
  }

  @Test
  void refusalsNameWhatWasWrong() {
    var stub = TableServiceGrpc.newBlockingStub(channel);
    var bad = org.tenace.proto.v1.CreateTableRequest.newBuilder().setName("bad")
        .setSettings(org.tenace.proto.v1.TableSettings.newBuilder()
            .setVariant(Variant.VARIANT_HONEYMOON).setTwoPlayer(
                org.tenace.proto.v1.TwoPlayerOptions.newBuilder().setHandicapTricks(3)
                    .setHandicapSeat(Seat.SEAT_SOUTH)));
    assertThat(refusal(() -> stub.createTable(bad.build())))
        .startsWith("INVALID_ARGUMENT").contains("settings.two_player.handicap_tricks");
    assertThat(refusal(() -> stub.createTable(bad.setSettings(bad.getSettings().toBuilder()
        .setTwoPlayer(org.tenace.proto.v1.TwoPlayerOptions.newBuilder()
            .setTrumpSuit(org.tenace.proto.v1.Suit.SUIT_HEARTS))).build())))
        .contains("trump_suit");
    assertThat(refusal(() -> stub.createTable(bad.setSettings(bad.getSettings().toBuilder()
        .clearTwoPlayer()).setRobotPace(com.google.protobuf.Duration.newBuilder().setSeconds(2))
        .addRobotSeats(Seat.SEAT_NORTH).build())))
        .startsWith("INVALID_ARGUMENT").contains("robot_pace");
    assertThat(refusal(() -> TwoPlayerClient.create(channel, Variant.VARIANT_NO_TRUMP, 0, 1,
        Seat.SEAT_NORTH, Seat.SEAT_SOUTH))).contains("robot_seats", "one seat at most");
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, 1, 4);
    assertThat(refusal(() -> TestClient.join(channel, id, Seat.SEAT_EAST, "Eve")))
        .startsWith("INVALID_ARGUMENT").contains("North and South");
    TwoPlayerClient north = TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Ann");
    TwoPlayerClient south = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    await().until(() -> north.view().getToAct() == Seat.SEAT_NORTH);
    org.tenace.proto.v1.Call oneHeart = org.tenace.proto.v1.Call.newBuilder().setBid(
        org.tenace.proto.v1.Bid.newBuilder().setLevel(1)
            .setStrain(org.tenace.proto.v1.Strain.STRAIN_HEARTS)).build();
    assertThat(refusal(() -> south.c.stub.makeCall(org.tenace.proto.v1.MakeCallRequest
        .newBuilder().setTableId(id).setSeat(Seat.SEAT_SOUTH).setCall(oneHeart).build())))
        .startsWith("FAILED_PRECONDITION").contains("OUT_OF_TURN");
    assertThat(refusal(() -> north.c.stub.makeCall(org.tenace.proto.v1.MakeCallRequest
        .newBuilder().setTableId(id).setSeat(Seat.SEAT_SOUTH).setCall(oneHeart).build())))
        .contains("NOT_YOUR_SEAT");
    north.c.stub.makeCall(org.tenace.proto.v1.MakeCallRequest.newBuilder().setTableId(id)
        .setSeat(Seat.SEAT_NORTH).setCall(oneHeart).build());
    await().until(() -> south.view().getToAct() == Seat.SEAT_SOUTH);
    assertThat(refusal(() -> south.c.stub.makeCall(org.tenace.proto.v1.MakeCallRequest
        .newBuilder().setTableId(id).setSeat(Seat.SEAT_SOUTH).setCall(
            org.tenace.proto.v1.Call.newBuilder()
                .setOther(org.tenace.proto.v1.OtherCall.OTHER_CALL_DOUBLE)).build())))
        .contains("INADMISSIBLE_DOUBLE").contains("no doubles");
    assertThat(refusal(() -> south.c.stub.playCard(org.tenace.proto.v1.PlayCardRequest
        .newBuilder().setTableId(id).setSeat(Seat.SEAT_SOUTH).setCard(
            south.view().getHands(0).getCards(0)).build()))).contains("NOT_PLAYING");
  }

  @Test
  void aPlayerWhoLeavesStopsSeeingTheSeat() {
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, 0, 6);
    TwoPlayerClient ann = TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Ann");
    TwoPlayerClient bob = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    await().until(() -> ann.view().getHandsCount() == 1);
    // A second stream with Ann's token takes over from the first, as at four-player tables.
    TestClient again = TestClient.withToken(channel, id, Seat.SEAT_NORTH, ann.c.token);
    again.watch(0);
    await().until(() -> ann.c.ended.get() != null);
    assertThat(io.grpc.Status.fromThrowable(ann.c.ended.get()).getDescription())
        .startsWith("WATCH_REPLACED");
    await().until(() -> !again.received.isEmpty());

    ann.c.stub.leaveTable(org.tenace.proto.v1.LeaveTableRequest.newBuilder().setTableId(id)
        .build());
    await().until(() -> again.ended.get() != null);
    io.grpc.Status left = io.grpc.Status.fromThrowable(again.ended.get());
    assertThat(left.getCode()).isEqualTo(io.grpc.Status.Code.UNAUTHENTICATED);
    assertThat(left.getDescription()).startsWith("TOKEN_INVALID").contains("you left");

    TwoPlayerClient cid = TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Cid");
    await().until(() -> cid.view().getHandsCount() == 1);
    long cidFrom = TwoPlayerClient.sequence(cid.c.received.get(0));
    await().until(() -> bob.c.lastSequence() >= cidFrom);
    assertThat(again.received).allSatisfy(r ->
        assertThat(TwoPlayerClient.sequence(r)).isLessThan(cidFrom));
  }

  private static String refusal(Runnable r) {
    try {
      r.run();
    } catch (io.grpc.StatusRuntimeException e) {
      return e.getStatus().getCode() + ": " + e.getStatus().getDescription();
    }
    throw new AssertionError("not refused");
  }

  /** The first view of each deal's completion, in order. */
  static List<TwoPlayerView> completedDeals(List<WatchTableResponse> received) {
    java.util.Map<Integer, TwoPlayerView> byDeal = new java.util.TreeMap<>();
    for (WatchTableResponse r : received) {
      TwoPlayerView v = TwoPlayerClient.view(r);
      if (v.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE) {
        byDeal.putIfAbsent(v.getDealNumber(), v);
      }
    }
    return List.copyOf(byDeal.values());
  }
}
