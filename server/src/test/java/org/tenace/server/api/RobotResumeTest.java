package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;

/**
 * A remote robot's stream is broken by killing the server process in the middle of a run of
 * boards; the server comes back on the same database with its own robots, the remote robot
 * reconnects with backoff, resumes where it was, and the table plays to its end.
 */
class RobotResumeTest {
  private static final int BOARDS = 30;

  @TempDir Path dir;
  @RegisterExtension final ChildServer server = new ChildServer();
  private ManagedChannel channel;
  private SeatDriver driver;

  @AfterEach
  void cleanUp() {
    if (driver != null) {
      driver.close();
    }
  }

  @Test
  void aRobotWhoseServerIsKilledReconnectsResumesAndPlaysTheTableToItsEnd() throws Exception {
    server.start(dir);
    channel = server.channel();
    var stub = TableServiceGrpc.newBlockingStub(channel);
    var created = stub.createTable(CreateTableRequest.newBuilder().setName("resume")
        .setSettings(TableSettings.newBuilder().setBoardCount(BOARDS)).setDealSeed(11)
        .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();
    String token = stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
        .setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH).setName("remote").build()).getToken();
    List<Integer> boards = new CopyOnWriteArrayList<>();
    RobotPlayer player = new RobotPlayer(new HouseRobot());
    driver = new SeatDriver(channel, id, token, player, new SeatDriver.Listener() {
      @Override
      public void boardCompleted(BoardCompleted b) {
        boards.add(b.getResult().getBoardNumber());
      }
    }).start();

    await().atMost(Duration.ofSeconds(30)).until(() -> boards.size() >= 2);
    server.process().destroyForcibly(); // SIGKILL, mid-run
    assertThat(server.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
    int before = boards.size();
    assertThat(before).isLessThan(BOARDS);
    server.restart();

    String reason;
    try {
      reason = driver.done().get(120, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError("the table did not finish: boards " + boards + ", remote robot: "
          + driver.describe() + "\nthe director's view: "
          + directorView(id, created.getDirectorToken()) + "\nthe server's threads:\n"
          + server.threads() + "\nserver log:\n" + server.tail(60), e);
    }
    assertThat(reason).isEqualTo("the table closed");
    assertThat(driver.stats().reconnects()).isPositive();
    assertThat(driver.stats().refusals()).isZero();
    // Every board was seen completed once, in order, across the restart.
    assertThat(boards).containsExactlyElementsOf(
        java.util.stream.IntStream.rangeClosed(1, BOARDS).boxed().toList());
  }

  /** The table as its director sees it now (the first message of a watch), to explain a stall. */
  private String directorView(String id, String directorToken) {
    try {
      var watch = TableServiceGrpc.newBlockingStub(channel)
          .withInterceptors(org.tenace.client.Bearer.of(directorToken))
          .withDeadlineAfter(5, TimeUnit.SECONDS)
          .watchTable(WatchTableRequest.newBuilder().setTableId(id).build());
      var s = watch.next().getSnapshot();
      return "sequence " + s.getSequence() + ", seats "
          + com.google.protobuf.TextFormat.shortDebugString(s.getTable()) + ", board "
          + com.google.protobuf.TextFormat.shortDebugString(
              s.getBoard().toBuilder().clearHands().clearDealCommitment().build());
    } catch (RuntimeException e) {
      return "unavailable (" + e + ")";
    }
  }
}
