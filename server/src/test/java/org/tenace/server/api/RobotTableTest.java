package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.session.SessionServer;

/** The server's robots at work: whole tables of them, and with a remote bot. */
class RobotTableTest {
  private static final int BOARDS = Integer.getInteger("tenace.robotBoards", 1000);

  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  void fourRobotsPlayAThousandBoardsWithNoIllegalActionAndNoStall() throws Exception {
    ManagedChannel channel = start(builder -> TenaceServer.start(builder.directExecutor(), h2()));
    CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("robots")
            .setSettings(TableSettings.newBuilder().setBoardCount(BOARDS)).setDealSeed(2026)
            .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
            .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
    BoardLog log = new BoardLog(channel, created.getTable().getTableId(),
        created.getDirectorToken());

    long start = System.nanoTime();
    for (int i = 1; i <= BOARDS; i++) {
      BoardCompleted b = log.next(Duration.ofSeconds(30)); // a stall fails here
      assertThat(b.getResult().getBoardNumber()).isEqualTo(i);
    }
    double seconds = (System.nanoTime() - start) / 1e9;

    SeatDriver.Stats stats = at.server().robots().totals();
    PlayQuality q = PlayQuality.of(log.boards());
    System.out.printf("%d boards by four robots in %.1f s: %.1f boards/s%n%s%n%s%n", BOARDS,
        seconds, BOARDS / seconds, stats, q.report());
    assertThat(stats.refusals()).as("commands the server refused").isZero();
    assertThat(q.boards()).isEqualTo(BOARDS);
  }

  /** {@code connect}: the driver watches and acts over a Connect stream (as `tenace bot`). */
  @ParameterizedTest(name = "over Connect: {0}")
  @ValueSource(booleans = {false, true})
  void aSeatDriverOverNettyPlaysWithThreeServerRobotsUntilTheTableCloses(boolean connect)
      throws Exception {
    ManagedChannel channel = start(builder -> TenaceServer.start(builder.directExecutor(), h2()));
    var stub = TableServiceGrpc.newBlockingStub(channel);
    CreateTableResponse created = stub.createTable(CreateTableRequest.newBuilder()
        .setName("three robots and a bot").setSettings(TableSettings.newBuilder().setBoardCount(8))
        .setDealSeed(7).addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();
    assertThat(created.getTable().getSeatsList()).filteredOn(s -> s.getRobot()).hasSize(3);
    BoardLog log = new BoardLog(channel, id, created.getDirectorToken());
    String token = stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
        .setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH).setName("remote bot").build())
        .getToken();

    List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    SeatDriver driver = new SeatDriver(channel, id, token, new RobotPlayer(new HouseRobot()),
        new SeatDriver.Listener() {
          @Override
          public void boardCompleted(BoardCompleted b) {
            seen.add(b.getResult().getBoardNumber());
          }
        });
    if (connect) {
      driver.overConnect();
    }
    driver.start();
    for (int i = 1; i <= 8; i++) {
      assertThat(log.next(Duration.ofSeconds(30)).getResult().getBoardNumber()).isEqualTo(i);
    }
    assertThat(driver.done().get(30, TimeUnit.SECONDS)).isEqualTo("the table closed");
    assertThat(seen).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    assertThat(driver.stats().refusals()).isZero();
    assertThat(driver.stats().commands()).isGreaterThanOrEqualTo(8 * 13 / 2);
    assertThat(at.server().robots().totals().refusals()).isZero();
  }

  @Test
  void aCreateTableRetriedWithItsRequestIdSeatsItsRobotsOnce() {
    ManagedChannel channel = start(builder -> TenaceServer.start(builder.directExecutor(), h2()));
    var req = CreateTableRequest.newBuilder().setName("retry").setRequestId("r-1")
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST).build();
    var stub = TableServiceGrpc.newBlockingStub(channel);
    CreateTableResponse first = stub.createTable(req);
    CreateTableResponse again = stub.createTable(req);
    assertThat(again.getTable().getTableId()).isEqualTo(first.getTable().getTableId());
    assertThat(again.getTable().getSeatsList()).extracting(s -> s.getRobot())
        .containsExactly(false, true, false, true);
  }

  @Test
  void aServerWithoutRobotsRefusesRobotSeats() {
    ManagedChannel channel = start(builder -> TenaceServer.start(builder.directExecutor(), h2(),
        false));
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("x").addRobotSeats(Seat.SEAT_EAST).build()))
        .hasMessageContaining("INVALID_ARGUMENT").hasMessageContaining("no robot seats");
  }

  /** The server {@code launch} makes on a loopback port: a channel to it. */
  private ManagedChannel start(Function<ServerBuilder<?>, TenaceServer> launch) {
    at.start(launch);
    return at.channel();
  }

  private static String h2() {
    return "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }
}
