package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.rpc.ErrorInfo;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.StatusProto;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.FaultyDisk;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;

/**
 * When the store cannot record an action, the caller is told UNAVAILABLE (STORE_UNAVAILABLE), the
 * action is not applied, and once the disk recovers the same action goes through at the same
 * version, with nothing lost or doubled in the store.
 */
class StoreFailureTest {
  @TempDir Path dir;
  private final AtomicBoolean failing = new AtomicBoolean();
  private TenaceServer server;
  private ManagedChannel channel;

  private String url() {
    return "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
  }

  @BeforeEach
  void startServer() {
    EventStore store = FaultyDisk.open(url(), dir.resolve("tenace.journal"), failing);
    server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), store, false);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterEach
  void stopServer() {
    channel.shutdownNow();
    server.close();
  }

  @Test
  void aCallTheStoreCannotRecordIsUnavailableAndLeavesTheTableAsItWas() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("disk").setSettings(TableSettings.getDefaultInstance()).setDealSeed(5).build());
    Party party = new Party(channel, id);
    TestClient north = party.at(Seat.SEAT_NORTH);
    north.awaitTurn(Turn.KindCase.CALL);
    long before = north.lastSequence();

    failing.set(true);
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
        () -> north.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id)
            .setSeat(Seat.SEAT_NORTH).setCall(Party.parse("1C")).setExpectedVersion(before)
            .build()));
    assertThat(e).isNotNull();
    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(e.getStatus().getDescription()).startsWith("STORE_UNAVAILABLE:");
    assertThat(StatusProto.fromThrowable(e).getDetailsList()).anySatisfy(any ->
        assertThat(any.unpack(ErrorInfo.class).getReason()).isEqualTo("STORE_UNAVAILABLE"));
    // Another attempt while the disk is still failing is refused the same way.
    assertThat(catchThrowableOfType(StatusRuntimeException.class,
        () -> party.call(Seat.SEAT_NORTH, "1C")).getStatus().getCode())
        .isEqualTo(Status.Code.UNAVAILABLE);

    Table table = server.tables().require(id).table();
    assertThat(table.version()).isEqualTo(before);
    assertThat(table.board().orElseThrow().auction().calls()).isEmpty();
    assertThat(party.at(Seat.SEAT_EAST).lastSequence()).isEqualTo(before);

    failing.set(false);
    // The table did not move: the same call at the same expected version is accepted, as the
    // next version, and North's turn had not passed.
    assertThat(party.call(Seat.SEAT_NORTH, "1C")).isEqualTo(before + 1);
    assertThat(party.at(Seat.SEAT_EAST).lastSequence()).isEqualTo(before + 1);
    assertThat(party.call(Seat.SEAT_EAST, "P")).isEqualTo(before + 2);

    stopServer();
    try (EventStore store = EventStore.open(url())) {
      // Every event once, in order (closing the server adds the seats' disconnections).
      List<StoredEvent> events = store.loadAll().get(id);
      assertThat(events).extracting(StoredEvent::seq).containsExactlyElementsOf(
          LongStream.rangeClosed(1, events.size()).boxed().toList());
      assertThat(EventCodec.decode(events.get((int) before).payload())).isEqualTo(
          new TableEvent.Acted(new BoardAction.Call(org.tenace.bridge.card.Seat.NORTH,
              Utterance.of(org.tenace.bridge.auction.Call.parse("1C")), Alert.NONE)));
      assertThat(EventCodec.decode(events.get((int) before + 1).payload())).isEqualTo(
          new TableEvent.Acted(new BoardAction.Call(org.tenace.bridge.card.Seat.EAST,
              Utterance.of(org.tenace.bridge.auction.Call.PASS), Alert.NONE)));
    }
  }
}
