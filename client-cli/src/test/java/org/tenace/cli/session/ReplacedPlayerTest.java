package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.play.SessionFollower;
import org.tenace.cli.play.TokenStore;
import org.tenace.movement.Howell;
import org.tenace.movement.Movement;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.SubstitutePlayerRequest;

/**
 * A player the director replaces is told so in words at their table, by the number they were
 * sent to, and leaves with quit: the terminal client (JLine's dumb terminal) on a real server.
 */
class ReplacedPlayerTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aPlayerTheDirectorReplacesIsToldSoAtTheTableAndLeavesWithQuit() throws Exception {
    ManagedChannel channel = at.start();
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Club").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(8).build());
    String id = created.getSessionId();
    var director = LoopbackServer.as(stub, created.getDirectorToken());
    ScriptedFollower ann = at.closeAfter(new ScriptedFollower(terminal -> new SessionFollower(
        terminal, channel, true, at.address(), TokenStore.none()).run(id, 1, "Ann")));
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(ann.text())
        .as("Ann's screen, waiting for her pair").contains("You are pair 1"));
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    int table = Howell.of(2, 0, 1).rounds().get(0).tables().stream()
        .filter(t -> t.ns() == 1 || t.ew() == 1).mapToInt(Movement.Table::number)
        .findFirst().orElseThrow();
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(ann.text())
        .as("Ann's screen, waiting for her table").contains("Table " + table + " \"Session "
            + id + ", round 1\""));

    // Ann sits at North (her pair's first seat); the director has a robot take it.
    director.substitutePlayer(SubstitutePlayerRequest.newBuilder().setSessionId(id).setPair(1)
        .setSeat(Seat.SEAT_NORTH).setRobot(true).build());
    String told = "The director has seated a substitute in your place at table " + table
        + "; type quit to leave.";
    // (The screen wraps its lines: read as words.)
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(words(ann.text()))
        .as("Ann's screen, waiting to be told she was replaced").contains(told));
    ann.type("quit");
    assertThat(ann.exit.get(30, TimeUnit.SECONDS)).as(ann.text()).isZero();
    String after = words(ann.text()).substring(words(ann.text()).indexOf(told));
    assertThat(after).contains("The director has seated a substitute in your place (pair 1,"
        + " North or East)");
    assertThat(ann.text()).doesNotContain("TOKEN_INVALID", "SEAT_REPLACED",
        "You left the table; the session goes on");
  }

  private static String words(String screen) {
    return screen.replaceAll("\\s+", " ");
  }
}
