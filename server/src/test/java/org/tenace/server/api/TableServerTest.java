package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;

/** A real Netty server on a loopback port and four real clients, playing whole boards. */
class TableServerTest {
  private TenaceServer server;
  private ManagedChannel channel;

  @BeforeEach
  void start() {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    server.close();
  }

  private Map<Seat, TestClient> seatFour(String tableId) {
    Map<Seat, TestClient> c = new EnumMap<>(Seat.class);
    for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST)) {
      TestClient t = TestClient.join(channel, tableId, s, s.name().substring(5));
      t.watch(0);
      c.put(s, t);
    }
    return c;
  }

  private static Call pass() {
    return Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS).build();
  }

  @Test
  void fourClientsPlayABoardToItsScore() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("IT").setSettings(TableSettings.getDefaultInstance()).setDealSeed(11).build());
    Map<Seat, TestClient> clients = seatFour(id);
    // Everyone plays the first legal call, then the first legal card, until the board is over.
    for (int actions = 0; actions < 200; actions++) {
      boolean acted = false;
      for (TestClient c : clients.values()) {
        Turn t = c.turn();
        if (t == null) {
          continue;
        }
        long v = c.lastSequence();
        if (t.hasCall()) {
          Call call = actions == 0 ? t.getCall().getLegalCalls(t.getCall().getLegalCallsCount() - 35)
              : pass();
          c.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
              .setCall(call).setExpectedVersion(c.lastSequence()).build());
          acted = true;
        } else if (t.hasPlay()) {
          c.stub.playCard(PlayCardRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
              .setCard(t.getPlay().getLegalCards(0)).setExpectedVersion(c.lastSequence()).build());
          acted = true;
        }
        if (acted) {
          for (TestClient o : clients.values()) {
            try {
              await().atMost(Duration.ofSeconds(5)).until(() -> o.lastSequence() > v);
            } catch (RuntimeException ex) {
              for (TestClient x : clients.values()) {
                System.err.println("== " + x.seat + " last=" + x.lastSequence() + " ended="
                    + x.ended.get());
                x.received.forEach(r -> System.err.println(r.toString().replace("\n", " ")));
              }
              throw ex;
            }
          }
          break;
        }
      }
      if (!acted) {
        break;
      }
    }
    TestClient north = clients.get(Seat.SEAT_NORTH);
    assertThat(north.events()).anyMatch(e -> e.hasBoardCompleted());
    var done = north.events().stream().filter(e -> e.hasBoardCompleted()).findFirst().orElseThrow()
        .getBoardCompleted();
    assertThat(done.getHandsCount()).isEqualTo(4);
    assertThat(done.getResult().getContract().getLevel()).isEqualTo(1);
  }
}
