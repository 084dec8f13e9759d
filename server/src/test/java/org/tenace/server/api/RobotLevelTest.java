package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.robot.RobotLevel;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.EventStore;

/**
 * How hard the server's robots think: at the server's level (strong here, as tenace server's
 * default) where a person sits, fast at a table of robots only, and at the table's own
 * robot_level when it gives one, kept with the table across a restart. The tables below leave
 * South to a person who never comes, so the robots only bid (North deals board 1) and wait.
 */
class RobotLevelTest {
  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  private void start() {
    at.start(builder -> TenaceServer.start(builder,
        EventStore.open(SessionServer.url(dir, "tenace")), true, ServerLimits.NONE,
        Duration.ZERO, RobotLevel.STRONG));
  }

  private String table(org.tenace.proto.v1.RobotLevel level, Seat... robots) {
    var req = CreateTableRequest.newBuilder().setName("Levels").setDealSeed(3)
        .setRobotLevel(level);
    for (Seat s : robots) {
      req.addRobotSeats(s);
    }
    return TableServiceGrpc.newBlockingStub(at.channel()).createTable(req.build()).getTable()
        .getTableId();
  }

  private void awaitLevels(String table, RobotLevel... expected) {
    await().atMost(Duration.ofSeconds(30))
        .alias("the robots of table " + table + " at their levels; running: "
            + at.server().robots().levels())
        .untilAsserted(() -> assertThat(
            at.server().robots().levels().getOrDefault(table, List.of()))
            .containsExactly(expected));
  }

  @Test
  void robotsThinkHardWherePeopleSitAndFastAtRobotOnlyTablesUnlessTheTableSays() {
    start();
    String withPerson = table(org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_UNSPECIFIED,
        Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST);
    String fastAsked = table(org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_FAST,
        Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST);
    awaitLevels(withPerson, RobotLevel.STRONG, RobotLevel.STRONG, RobotLevel.STRONG);
    awaitLevels(fastAsked, RobotLevel.FAST, RobotLevel.FAST, RobotLevel.FAST);

    at.close();
    start();
    awaitLevels(withPerson, RobotLevel.STRONG, RobotLevel.STRONG, RobotLevel.STRONG);
    awaitLevels(fastAsked, RobotLevel.FAST, RobotLevel.FAST, RobotLevel.FAST);
  }

  @Test
  void aTableOfRobotsOnlyPlaysFast() {
    start();
    String robotsOnly = table(org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_UNSPECIFIED,
        Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST);
    // No board limit: they keep playing, fast, until the server stops.
    awaitLevels(robotsOnly, RobotLevel.FAST, RobotLevel.FAST, RobotLevel.FAST, RobotLevel.FAST);
  }

  @Test
  void aTwoPlayerTableRefusesALevel() {
    start();
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(at.channel()).createTable(
        CreateTableRequest.newBuilder().setName("Two").setSettings(
            org.tenace.proto.v1.TableSettings.newBuilder()
                .setVariant(org.tenace.proto.v1.Variant.VARIANT_HONEYMOON))
            .setRobotLevel(org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_STRONG).build()))
        .hasMessageContaining("robot_level: expected none: a two-player table's robot has one "
            + "level");
  }

  @Test
  void anUnknownLevelIsRefused() {
    start();
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(at.channel()).createTable(
        CreateTableRequest.newBuilder().setName("Odd").setRobotLevelValue(7).build()))
        .hasMessageContaining("robot_level");
  }
}
