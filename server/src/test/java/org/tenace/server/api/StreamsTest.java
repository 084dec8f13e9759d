package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/** Resuming, replacing and stalling streams; health and reflection. */
class StreamsTest extends LoopbackServer {
  private Party party;

  @BeforeEach
  void seatParty() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("streams").setSettings(TableSettings.getDefaultInstance()).setDealSeed(4)
        .build());
    party = new Party(channel, id);
    party.at(Seat.SEAT_NORTH).awaitTurn(Turn.KindCase.CALL);
  }


  @Test
  void aResumingClientGetsExactlyTheEventsItMissed() {
    TestClient east = party.at(Seat.SEAT_EAST);
    long seen = east.lastSequence();
    TestClient other = TestClient.withToken(channel, party.tableId, Seat.SEAT_EAST, east.token);
    party.call(Seat.SEAT_NORTH, "1C");
    long v = party.call(Seat.SEAT_EAST, "1H");
    other.watch(seen + 1); // replaces East's first stream
    other.awaitSequence(v);
    assertThat(other.received).allMatch(WatchTableResponse::hasEvent);
    assertThat(other.events()).extracting(e -> e.getSequence()).containsOnly(seen + 1, v);
    assertThat(other.events()).filteredOn(e -> e.hasCallMade()).hasSize(2);
    await().atMost(Duration.ofSeconds(30)).until(() -> east.ended.get() != null);
    assertThat(Status.fromThrowable(east.ended.get()).getCode()).isEqualTo(Status.Code.ABORTED);
    assertThat(Status.fromThrowable(east.ended.get()).getDescription())
        .startsWith("WATCH_REPLACED");
  }

  @Test
  void aResumeThatWouldShowQuittedTricksGetsASnapshot() {
    TestClient south = party.at(Seat.SEAT_SOUTH);
    party.calls(Seat.SEAT_NORTH, "1NT", "P", "P", "P");
    long seen = south.lastSequence();
    for (int i = 0; i < 12; i++) {
      party.playFirst();
    }
    TestClient back = TestClient.withToken(channel, party.tableId, Seat.SEAT_SOUTH, south.token);
    back.watch(seen + 1);
    await().atMost(Duration.ofSeconds(30)).until(() -> !back.received.isEmpty());
    assertThat(back.received.get(0).hasSnapshot()).isTrue();
    assertThat(back.received.get(0).getSnapshot().getSequence())
        .isEqualTo(party.at(Seat.SEAT_NORTH).lastSequence());
  }

  @Test
  void aStalledWatcherDoesNotHoldUpTheTable() {
    // A kibitzer that never reads past its first message.
    TestClient kib = TestClient.join(channel, party.tableId, Seat.SEAT_UNSPECIFIED, "slow");
    LinkedBlockingQueue<WatchTableResponse> got = new LinkedBlockingQueue<>();
    kib.async.watchTable(WatchTableRequest.newBuilder().setTableId(party.tableId).build(),
        new ClientResponseObserver<WatchTableRequest, WatchTableResponse>() {
          @Override
          public void beforeStart(ClientCallStreamObserver<WatchTableRequest> call) {
            call.disableAutoRequestWithInitial(1);
          }

          @Override public void onNext(WatchTableResponse r) {
            got.add(r);
          }

          @Override public void onError(Throwable t) {}

          @Override public void onCompleted() {}
        });
    await().atMost(Duration.ofSeconds(30)).until(() -> !got.isEmpty());
    // The four play on regardless.
    party.calls(Seat.SEAT_NORTH, "1NT", "P", "P", "P");
    for (int i = 0; i < 52; i++) {
      party.playFirst();
    }
    assertThat(party.lastCompleted().getResult().getContract().getLevel()).isEqualTo(1);
    assertThat(got).hasSize(1);
  }

  @Test
  void healthIsServingAndReflectionListsTheService() {
    HealthCheckResponse all = HealthGrpc.newBlockingStub(channel)
        .check(HealthCheckRequest.newBuilder().setService("").build());
    HealthCheckResponse table = HealthGrpc.newBlockingStub(channel)
        .check(HealthCheckRequest.newBuilder().setService("bridge.v1.TableService").build());
    assertThat(all.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    assertThat(table.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);

    LinkedBlockingQueue<ServerReflectionResponse> answers = new LinkedBlockingQueue<>();
    StreamObserver<ServerReflectionRequest> req = ServerReflectionGrpc.newStub(channel)
        .serverReflectionInfo(new StreamObserver<>() {
          @Override public void onNext(ServerReflectionResponse r) {
            answers.add(r);
          }

          @Override public void onError(Throwable t) {}

          @Override public void onCompleted() {}
        });
    req.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
    await().atMost(Duration.ofSeconds(30)).until(() -> !answers.isEmpty());
    req.onCompleted();
    List<String> names = answers.peek().getListServicesResponse().getServiceList().stream()
        .map(s -> s.getName()).toList();
    assertThat(names).contains("bridge.v1.TableService", "grpc.health.v1.Health");
  }

  @Test
  void listingShowsTheTableAndItsSeats() {
    var tables = TableServiceGrpc.newBlockingStub(channel).listTables(
        org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList();
    assertThat(tables).hasSize(1);
    assertThat(tables.get(0).getSeatsList()).allMatch(s -> s.getOccupied() && s.getConnected());
  }
}
