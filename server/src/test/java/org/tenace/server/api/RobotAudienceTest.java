package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.table.Table;

/**
 * Four robots alone deal no board for nobody: the table waits until someone watches (or sits),
 * and stops dealing again once the last person has gone.
 */
class RobotAudienceTest {
  private TenaceServer server;
  private ManagedChannel channel;

  @AfterEach
  void stop() {
    channel.shutdownNow();
    server.close();
  }

  @Test
  void aTableOfRobotsDealsOnlyWhileWatched() throws Exception {
    server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("robots")
            .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
            .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
    Table t = server.tables().require(created.getTable().getTableId()).table();
    // The fourth robot to sit is when the first board falls due: the table decides then, in the
    // same step, whether to deal it.
    await().atMost(Duration.ofSeconds(20)).until(() -> Stream.of(
        org.tenace.bridge.card.Seat.values()).allMatch(s -> t.seat(s).isPresent()));
    assertThat(t.board()).as("a board dealt for nobody").isEmpty();

    ManagedChannel watching = NettyChannelBuilder.forAddress("127.0.0.1", server.port())
        .usePlaintext().build();
    BoardLog log = new BoardLog(watching, t.id(), created.getDirectorToken());
    log.next(Duration.ofSeconds(20));
    log.next(Duration.ofSeconds(20));

    watching.shutdownNow();
    // The board in progress is played out; then no new one is dealt. The fourth robot's ready
    // is when the next board falls due (a dealt board clears the readies): all four ready on the
    // finished board is the table having declined to deal.
    await().atMost(Duration.ofSeconds(20))
        .until(() -> t.board().map(b -> b.isOver()).orElse(false));
    int completed = t.boardsCompleted();
    await().atMost(Duration.ofSeconds(20)).until(() -> t.ready().size() == 4
        || t.boardsCompleted() != completed || !t.board().orElseThrow().isOver());
    assertThat(t.boardsCompleted()).isEqualTo(completed);
    assertThat(t.board().orElseThrow().isOver()).as("a board dealt for nobody").isTrue();
    assertThat(t.ready()).hasSize(4);
  }
}
