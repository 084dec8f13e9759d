package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.ConnectResponse;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * The Connect stream over real Netty on loopback: four seats that watch and act each over one
 * stream, refusals answered on the stream, resuming after a dropped stream.
 */
class ConnectStreamTest extends LoopbackServer {
  private String id;

  @BeforeEach
  void table() {
    id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder().setName("stream")
        .setSettings(TableSettings.newBuilder()).setDealSeed(5).build());
  }

  @Test
  void fourSeatsPlayWholeBoardsEachOverOneStream() {
    Party p = new Party(channel, id, true);
    for (int board = 1; board <= 2; board++) {
      Seat dealer = Party.SEATS.get((board - 1) % 4);
      p.calls(dealer, "1C", "P", "P", "P");
      for (int card = 0; card < 52; card++) {
        p.playFirst();
      }
      p.readyAll();
    }
    assertThat(p.at(Seat.SEAT_NORTH).events().stream()
        .filter(TableEvent::hasBoardCompleted)).hasSize(2);
    int answered = 0;
    for (TestClient c : p.clients.values()) {
      for (ConnectResponse m : c.connectMessages) {
        if (m.hasAnswer()) {
          answered++;
          assertThat(m.getAnswer().getRefusal()).isEmpty();
          // The command's own event came in the message that answers it, before the answer.
          assertThat(m.getUpdatesList()).extracting(u -> u.getEvent().getSequence())
              .contains(m.getAnswer().getVersion());
        }
      }
      assertThat(c.ended.get()).isNull();
    }
    assertThat(answered).isEqualTo(2 * (4 + 52 + 4)); // every call, card and ready mark
  }

  @Test
  void aRefusalComesBackWithItsReasonAndTheStreamStaysOpen() {
    Party p = new Party(channel, id, true);
    TestClient east = p.at(Seat.SEAT_EAST);
    assertThat(reason(() -> east.makeCall(call(Seat.SEAT_EAST, east.lastSequence()))))
        .isEqualTo("OUT_OF_TURN");
    TestClient north = p.at(Seat.SEAT_NORTH);
    assertThat(reason(() -> north.makeCall(MakeCallRequest.newBuilder().setTableId(id)
        .setSeat(Seat.SEAT_NORTH).setExpectedVersion(north.lastSequence()).build())))
        .isEqualTo("MALFORMED");
    assertThat(reason(() -> north.command(ConnectRequest.newBuilder()
        .setWatch(WatchTableRequest.newBuilder().setTableId(id))))).isEqualTo("MALFORMED");
    assertThat(reason(() -> north.command(ConnectRequest.newBuilder()))).isEqualTo("MALFORMED");
    long v = p.call(Seat.SEAT_NORTH, "1C");
    assertThat(reason(() -> north.makeCall(call(Seat.SEAT_NORTH, v - 1))))
        .isEqualTo("STALE_VERSION");
    p.call(Seat.SEAT_EAST, "P");
    assertThat(east.ended.get()).isNull();
    assertThat(north.ended.get()).isNull();
  }

  @Test
  void theFirstMessageMustBeAWatch() {
    TestClient north = TestClient.join(channel, id, Seat.SEAT_NORTH, "N");
    AtomicReference<Throwable> ended = new AtomicReference<>();
    StreamObserver<ConnectRequest> out = north.async.connect(new StreamObserver<>() {
      @Override
      public void onNext(ConnectResponse r) {}

      @Override
      public void onError(Throwable t) {
        ended.set(t);
      }

      @Override
      public void onCompleted() {}
    });
    out.onNext(ConnectRequest.newBuilder().setMakeCall(call(Seat.SEAT_NORTH, 0)).build());
    await().atMost(Duration.ofSeconds(30)).until(() -> ended.get() != null);
    assertThat(Status.fromThrowable(ended.get()).getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(Status.fromThrowable(ended.get()).getDescription()).startsWith("MALFORMED: watch");
  }

  @Test
  void aDroppedStreamResumesWithTheTokenFromTheNextSequence() {
    Party p = new Party(channel, id, true);
    TestClient north = p.at(Seat.SEAT_NORTH);
    p.call(Seat.SEAT_NORTH, "P");
    long seen = north.lastSequence();
    north.drop();
    TestClient east = p.at(Seat.SEAT_EAST);
    // The others see North go, and play on.
    await().atMost(Duration.ofSeconds(30)).until(() -> east.events().stream().anyMatch(
        e -> e.hasPlayerConnectionChanged() && !e.getPlayerConnectionChanged().getConnected()));
    long v = east.makeCall(call(Seat.SEAT_EAST, east.lastSequence()));
    TestClient south = p.at(Seat.SEAT_SOUTH);
    south.awaitSequence(v);
    v = south.makeCall(call(Seat.SEAT_SOUTH, south.lastSequence()));

    TestClient back = TestClient.withToken(channel, id, Seat.SEAT_NORTH, north.token);
    back.connect(seen + 1);
    back.awaitSequence(v + 1); // what it missed, and its own connection coming back
    List<Long> sequences = back.received.stream().map(r -> r.getEvent().getSequence()).toList();
    assertThat(back.received).noneMatch(WatchTableResponse::hasSnapshot);
    assertThat(sequences.get(0)).isEqualTo(seen + 1);
    for (int i = 1; i < sequences.size(); i++) {
      assertThat(sequences.get(i)).isEqualTo(sequences.get(i - 1) + 1);
    }
    // West opens; North, back on its new stream, answers it there.
    TestClient west = p.at(Seat.SEAT_WEST);
    west.awaitSequence(v + 1);
    long w = west.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(Seat.SEAT_WEST)
        .setCall(Party.parse("1C")).setExpectedVersion(west.lastSequence()).build());
    back.awaitSequence(w);
    assertThat(back.turn().hasCall()).isTrue();
    long n = back.makeCall(call(Seat.SEAT_NORTH, back.lastSequence()));
    assertThat(n).isEqualTo(w + 1);
    east.awaitSequence(n);
    assertThat(back.ended.get()).isNull();
  }

  @Test
  void closingItsSideEndsTheStreamAndTheSeatShowsAway() {
    Party p = new Party(channel, id, true);
    TestClient north = p.at(Seat.SEAT_NORTH);
    north.hangUp();
    await().atMost(Duration.ofSeconds(30)).until(() -> north.ended.get() != null);
    assertThat(north.ended.get()).hasMessage("completed");
    TestClient east = p.at(Seat.SEAT_EAST);
    await().atMost(Duration.ofSeconds(30)).until(() -> east.events().stream().anyMatch(
        e -> e.hasPlayerConnectionChanged() && !e.getPlayerConnectionChanged().getConnected()
            && e.getPlayerConnectionChanged().getSeat() == Seat.SEAT_NORTH));
  }

  @Test
  void watchTableAndAConnectStreamWithOneTokenReplaceEachOther() {
    Party p = new Party(channel, id, true);
    TestClient north = p.at(Seat.SEAT_NORTH);
    TestClient watching = TestClient.withToken(channel, id, Seat.SEAT_NORTH, north.token);
    watching.watch(0);
    await().atMost(Duration.ofSeconds(30)).until(() -> north.ended.get() != null);
    assertThat(Status.fromThrowable(north.ended.get()).getDescription())
        .startsWith("WATCH_REPLACED");
    await().atMost(Duration.ofSeconds(30)).until(() -> !watching.received.isEmpty());
    assertThat(watching.ended.get()).isNull();
  }

  private MakeCallRequest call(Seat seat, long expected) {
    return MakeCallRequest.newBuilder().setTableId(id).setSeat(seat).setCall(Party.parse("P"))
        .setExpectedVersion(expected).build();
  }

  /** The ErrorInfo reason of the refusal {@code command} is answered with. */
  private static String reason(Runnable command) {
    List<StatusRuntimeException> caught = new CopyOnWriteArrayList<>();
    assertThatThrownBy(() -> {
      try {
        command.run();
      } catch (StatusRuntimeException e) {
        caught.add(e);
        throw e;
      }
    }).isInstanceOf(StatusRuntimeException.class);
    com.google.rpc.Status s = StatusProto.fromThrowable(caught.get(0));
    assertThat(s).isNotNull();
    for (var any : s.getDetailsList()) {
      if (any.is(ErrorInfo.class)) {
        try {
          String reason = any.unpack(ErrorInfo.class).getReason();
          assertThat(caught.get(0).getStatus().getDescription()).startsWith(reason + ":");
          return reason;
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
          throw new AssertionError(e);
        }
      }
    }
    throw new AssertionError("no ErrorInfo in " + s);
  }
}
