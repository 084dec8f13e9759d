package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.util.Timestamps;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.client.Player;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;

/**
 * Robots at a person's pace: at a table with robot_pace, each robot call comes at least that long
 * after the one before (a robot answers in milliseconds, so a person saw nothing of the play).
 */
class RobotPaceTest extends LoopbackServer {

  @Test
  void eachRobotCallWaitsThePaceOfTheTable() {
    assertTheRobotsCallAtThePace(channel, pacedTable(channel));
  }

  /** A table with robots at North, East and West, and a robot_pace of a second. */
  static String pacedTable(ManagedChannel channel) {
    return TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest.newBuilder()
        .setName("Paced").setDealSeed(3).addRobotSeats(Seat.SEAT_NORTH)
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST)
        .setRobotPace(com.google.protobuf.Duration.newBuilder().setSeconds(1)).build())
        .getTable().getTableId();
  }

  /** South joins {@code table} of {@link #pacedTable}: East called a second after North. */
  static void assertTheRobotsCallAtThePace(ManagedChannel channel, String table) {
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
    // South watches from the table's start: both robot calls are among its events.
    assertThat(times).as("North's and East's calls").hasSize(2);
    assertThat(times.get(1) - times.get(0)).as("East's call after North's, at the table's pace")
        .isGreaterThanOrEqualTo(950);
  }

  @Test
  void aPaceAboveThreeSecondsIsRefused() {
    var stub = TableServiceGrpc.newBlockingStub(channel);
    assertThatThrownBy(() -> stub.createTable(CreateTableRequest.newBuilder().setName("Slow")
        .setRobotPace(com.google.protobuf.Duration.newBuilder().setSeconds(4)).build()))
        .isInstanceOf(StatusRuntimeException.class)
        .hasMessageContaining("MALFORMED: robot_pace: expected 0 to 3 seconds");
  }

  @Test
  void noPaceIsTheRobotItself() {
    Player robot = new RobotPlayer(new HouseRobot());
    assertThat(PacedPlayer.of(robot, Duration.ZERO)).isSameAs(robot);
    assertThat(PacedPlayer.of(robot, Duration.ofSeconds(1))).isNotSameAs(robot);
  }
}
