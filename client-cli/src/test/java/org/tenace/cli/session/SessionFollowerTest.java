package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.play.SessionFollower;
import org.tenace.cli.play.TokenStore;
import org.tenace.movement.Howell;
import org.tenace.movement.Movement;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;

/**
 * Two people at the terminal client (JLine's dumb terminal, lines typed by a script that passes
 * every call and plays the first legal card) and robots play a 2-table Howell on a real server:
 * each is told where it sits each round, taken from table to table, and sees the ranking.
 */
class SessionFollowerTest {
  @TempDir Path dir;
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  /** The client at a dumb terminal, and the script that types for its player. */
  private final class Human extends ScriptedFollower {
    Human(String session, int pair, String name) {
      this(session, pair, name, TokenStore.none());
    }

    Human(String session, int pair, String name, TokenStore tokens) {
      super(terminal -> new SessionFollower(terminal, channel, true,
          at.address(), tokens).run(session, pair, name));
    }
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void twoPlayersAtTheTerminalAreTakenFromTableToTableAndSeeTheRanking() throws Exception {
    channel = at.start(LoopbackServer.diskStore(dir));
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Practice Howell").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(21).build());
    String id = created.getSessionId();
    var director = LoopbackServer.as(stub, created.getDirectorToken());

    Human ann = new Human(id, 1, "Ann");
    Human bob = new Human(id, 2, "Bob");
    at.closeAfter(ann);
    at.closeAfter(bob);
    await().atMost(Duration.ofSeconds(30)).until(() -> ann.text().contains("You are pair 1")
        && bob.text().contains("You are pair 2"));
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());

    CompletableFuture<Void> a = CompletableFuture.runAsync(ann::play);
    CompletableFuture<Void> b = CompletableFuture.runAsync(bob::play);
    a.get(280, TimeUnit.SECONDS);
    b.get(280, TimeUnit.SECONDS);
    java.nio.file.Files.createDirectories(Path.of("target"));
    java.nio.file.Files.writeString(Path.of("target", "session-follower-ann.txt"), ann.text());
    assertThat(ann.exit.get()).isZero();
    assertThat(bob.exit.get()).isZero();

    // Each was told where it sits, round by round, as the movement says: pair 1 moves from
    // table 1 to table 2 and back, pair 2 the other way.
    Movement howell = Howell.of(2, 0, 1);
    for (int pair = 1; pair <= 2; pair++) {
      String screen = (pair == 1 ? ann : bob).text();
      List<String> told = new ArrayList<>();
      List<Integer> tables = new ArrayList<>();
      for (Movement.Round r : howell.rounds()) {
        for (Movement.Table t : r.tables()) {
          if (t.ns() == pair || t.ew() == pair) {
            told.add("round " + r.number() + ": table " + t.number() + ", "
                + (t.ns() == pair ? "North-South" : "East-West") + ", board "
                + t.boards().get(0) + ", against pair " + (t.ns() == pair ? t.ew() : t.ns()));
            tables.add(t.number());
          }
        }
      }
      assertThat(tables).as("moved between tables").containsAnyOf(1).containsAnyOf(2);
      // Each table is shown by the number the players are sent to, and the next one named
      // once it is over (not "type quit to leave").
      for (int r = 1; r <= howell.rounds().size(); r++) {
        assertThat(screen).contains("Table " + tables.get(r - 1) + " \"Session " + id
            + ", round " + r + "\"");
        if (r < howell.rounds().size()) {
          assertThat(screen).contains("Press Enter for your next table: round " + (r + 1)
              + ": table " + tables.get(r) + ",");
        }
      }
      assertThat(screen).contains("Press Enter for the ranking").doesNotContain("type quit");
      int at = 0;
      for (String line : told) {
        at = screen.indexOf(line, at);
        assertThat(at).as(line + " in\n" + screen).isNotNegative();
      }
      assertThat(screen.substring(at)).contains("The session is over. Ranking:",
          "pair  " + pair);
    }

    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(results.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(results.getStatus().getBoardsFinished()).isEqualTo(6);
    assertThat(results.getRankingList()).extracting(r -> r.getName())
        .contains("Ann - Robot", "Bob - Robot");
    LoopbackServer.assertChecks(results.getPbn());
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void aPlayerWhoseClientStoppedComesBackToThePairWithTheSavedToken() throws Exception {
    channel = at.start();
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Come back").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(4).build());
    String id = created.getSessionId();
    TokenStore tokens = TokenStore.at(dir.resolve("tokens"));
    Human first = new Human(id, 0, "Cy", tokens);
    at.closeAfter(first);
    await().atMost(Duration.ofSeconds(30)).until(() -> first.text().contains("You are pair 1"));
    LoopbackServer.as(stub, created.getDirectorToken())
        .startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    await().atMost(Duration.ofSeconds(30)).until(() -> first.text().contains("round 1: table"));
    first.close(); // Ctrl-D: the client stops, the pair's seats are held
    assertThat(first.exit.get(30, TimeUnit.SECONDS)).isZero();
    assertThat(first.text()).contains("You left the table");
    assertThat(tokens.find(new TokenStore.Key(at.address(), "session:" + id + ":Cy",
        org.tenace.proto.v1.Seat.SEAT_NORTH))).isPresent();

    Human again = new Human(id, 0, "Cy", tokens);
    at.closeAfter(again);
    again.play();
    assertThat(again.exit.get()).isZero();
    assertThat(again.text()).contains("Back in session " + id + " as pair 1",
        "round 1: table 1, East-West, board 1, against pair 4", "round 3:",
        "The session is over. Ranking:");
    // Over: the token is forgotten.
    assertThat(tokens.find(new TokenStore.Key(at.address(), "session:" + id + ":Cy",
        org.tenace.proto.v1.Seat.SEAT_NORTH))).isEmpty();
    assertThat(stub.getResults(GetResultsRequest.newBuilder().setSessionId(id).build())
        .getStatus().getBoardsFinished()).isEqualTo(6);
  }
}
