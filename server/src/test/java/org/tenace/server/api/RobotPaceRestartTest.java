package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.util.Timestamps;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventStore;

/**
 * A table's robot_pace is kept with the table: after a restart of a server whose own pace is
 * none, the table's robots still take the pace it was created with.
 */
class RobotPaceRestartTest {
  @TempDir Path dir;
  private TenaceServer server;
  private ManagedChannel channel;

  private void start() {
    server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        EventStore.open("jdbc:h2:file:" + dir.resolve("tenace") + ";DB_CLOSE_ON_EXIT=FALSE"),
        true, ServerLimits.NONE, Duration.ZERO);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  private void stop() {
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  @AfterEach
  void tearDown() {
    stop();
  }

  @Test
  void theRobotsOfATableKeepItsPaceAfterARestart() {
    start();
    String table = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("Paced").setDealSeed(3).addRobotSeats(Seat.SEAT_NORTH)
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST)
        .setRobotPace(com.google.protobuf.Duration.newBuilder().setSeconds(1)).build())
        .getTable().getTableId();
    stop();

    start();
    TestClient south = TestClient.join(channel, table, Seat.SEAT_SOUTH, "South");
    south.watch(0);
    // Board 1: North deals, so North and East call before South's turn comes.
    south.awaitTurn(Turn.KindCase.CALL);
    List<Long> times = new ArrayList<>();
    for (TableEvent e : south.events()) {
      if (e.hasCallMade()) {
        times.add(Timestamps.toMillis(e.getTime()));
      }
    }
    assertThat(times).as("North's and East's calls").hasSize(2);
    assertThat(times.get(1) - times.get(0)).as("East's call after North's, at the table's pace")
        .isGreaterThanOrEqualTo(950);
  }
}
