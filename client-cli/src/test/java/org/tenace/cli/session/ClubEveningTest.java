package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.nio.file.Files;
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
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Standing;

/**
 * A club evening as people run it: a 3-table Howell on a real server with six people, three
 * pairs of two, each at a terminal client of their own (JLine dumb terminals, lines typed by a
 * script that passes every call and plays the first legal card), and robots for the other three
 * pairs. Each person joins with their own name (two with a seat named, their partners taking
 * the seat left), sits at their own seat at every table, moves as told, and sees the ranking;
 * one is killed in the middle of a board in round 2 and comes back to it with the same command,
 * the token kept under their name on the machine all six share.
 */
class ClubEveningTest {
  @TempDir Path dir;
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  /** One person's client at a dumb terminal, and the script that types for them. */
  private final class Person extends ScriptedFollower {
    final String name;
    final int pair;
    final Seat seat;

    Person(String session, int pair, String name, Seat seat, TokenStore tokens) {
      super(terminal -> new SessionFollower(terminal, channel, true,
          at.address(), tokens).run(session, pair, name, seat));
      this.name = name;
      this.pair = pair;
      this.seat = seat;
    }
  }

  private Person join(String session, int pair, String name, Seat seat, TokenStore tokens) {
    Person p = new Person(session, pair, name, seat, tokens);
    at.closeAfter(p);
    await().atMost(Duration.ofSeconds(60)).until(() -> p.text().contains("You are pair " + pair)
        || p.exit.isDone());
    assertThat(p.text()).contains("You are pair " + pair);
    return p;
  }

  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void sixPeopleInThreePairsOfTwoPlayAHowellEachAtTheirOwnSeatAndOneComesBackFromAKill()
      throws Exception {
    channel = at.start(LoopbackServer.diskStore(dir));
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Club evening").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(3)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(31).build());
    String id = created.getSessionId();
    TokenStore tokens = TokenStore.at(dir.resolve("tokens")); // one machine for all six

    // Pair 1: Ann names her seat, Ben takes the one she left; pair 2 both name theirs; pair 3:
    // Eve names the second seat and Fay takes the first.
    Person ann = join(id, 1, "Ann", Seat.SEAT_NORTH, tokens);
    Person ben = join(id, 1, "Ben", Seat.SEAT_UNSPECIFIED, tokens);
    Person cat = join(id, 2, "Cat", Seat.SEAT_SOUTH, tokens);
    Person dan = join(id, 2, "Dan", Seat.SEAT_EAST, tokens);
    Person eve = join(id, 3, "Eve", Seat.SEAT_WEST, tokens);
    Person fay = join(id, 3, "Fay", Seat.SEAT_UNSPECIFIED, tokens);
    assertThat(ann.text()).contains("You are pair 1 (Ann) in session " + id
        + ", at its North or East seat. Your partner joins with --pair 1");
    assertThat(ben.text()).contains("You are pair 1 (Ann - Ben) in session " + id
        + ", at its South or West seat.");
    assertThat(fay.text()).contains("You are pair 3 (Fay - Eve)", "at its North or East seat");

    LoopbackServer.as(stub, created.getDirectorToken())
        .startSession(StartSessionRequest.newBuilder().setSessionId(id).build());

    List<CompletableFuture<Void>> playing = new ArrayList<>();
    for (Person p : List.of(ann, ben, dan, eve, fay)) {
      playing.add(CompletableFuture.runAsync(p::play));
    }
    // Cat is killed in the middle of a board of round 2, at her turn, before she answers it:
    // the board cannot go on without her, so she comes back to that same board.
    cat.killAt = t -> {
      int round2 = t.indexOf("round 2: table");
      return round2 >= 0 && t.indexOf("Legal:", round2) >= 0;
    };
    CompletableFuture<Void> catPlays = CompletableFuture.runAsync(cat::play);
    await().atMost(Duration.ofSeconds(240)).until(() -> cat.closed || cat.exit.isDone());
    assertThat(cat.closed).as("Cat was killed at her turn in round 2, not ended").isTrue();
    assertThat(cat.exit.get(60, TimeUnit.SECONDS)).isZero();
    catPlays.get(60, TimeUnit.SECONDS);
    assertThat(cat.text()).contains("You left the table");
    Person catAgain = new Person(id, 2, "Cat", Seat.SEAT_SOUTH, tokens);
    at.closeAfter(catAgain);
    playing.add(CompletableFuture.runAsync(catAgain::play));

    for (CompletableFuture<Void> f : playing) {
      f.get(480, TimeUnit.SECONDS);
    }
    for (Person p : List.of(ann, ben, dan, eve, fay, catAgain)) {
      Files.createDirectories(Path.of("target"));
      Files.writeString(Path.of("target", "club-evening-" + p.name + ".txt"), p.text());
      assertThat(p.exit.get()).as(p.name).isZero();
    }
    assertThat(catAgain.text()).contains("Back in session " + id + " as pair 2",
        "round 2: table");

    // Each moved as the movement says and sat at their own seat at every table.
    Movement howell = Howell.of(3, 0, 1);
    for (Person p : List.of(ann, ben, dan, eve, fay)) {
      seatedAsTold(p, p.text(), howell, 1, 5);
    }
    seatedAsTold(cat, cat.text(), howell, 1, 2);
    seatedAsTold(catAgain, catAgain.text(), howell, 2, 5);

    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(results.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(results.getStatus().getBoardsFinished()).isEqualTo(15);
    assertThat(results.getRankingList()).extracting(Standing::getName)
        .contains("Ann - Ben", "Dan - Cat", "Fay - Eve", "Robot - Robot");
  }

  /**
   * The person was told each round where the pair sits, as the movement says, and at that
   * table's screen sat at their own seat: the pair's first seat North or East, the second South
   * or West. Rounds {@code from} to {@code to} (a client killed, and one that came back).
   */
  private static void seatedAsTold(Person p, String screen, Movement howell, int from,
      int to) {
    boolean first = p.seat == Seat.SEAT_NORTH || p.seat == Seat.SEAT_EAST
        || (p.seat == Seat.SEAT_UNSPECIFIED && screen.contains("at its North or East seat"));
    int at = 0;
    for (Movement.Round r : howell.rounds()) {
      if (r.number() < from || r.number() > to) {
        continue;
      }
      String told = null;
      String mySeat = null;
      for (Movement.Table t : r.tables()) {
        if (t.ns() == p.pair || t.ew() == p.pair) {
          boolean ns = t.ns() == p.pair;
          told = "round " + r.number() + ": table " + t.number() + ", "
              + (ns ? "North-South" : "East-West") + ", board " + t.boards().get(0)
              + ", against pair " + (ns ? t.ew() : t.ns());
          mySeat = first ? (ns ? "North" : "East") : (ns ? "South" : "West");
        }
      }
      assertThat(told).as("pair %d plays round %d", p.pair, r.number()).isNotNull();
      at = screen.indexOf(told, at);
      assertThat(at).as(p.name + ": " + told).isNotNegative();
      int end = screen.indexOf("round " + (r.number() + 1) + ": table", at);
      String round = screen.substring(at, end < 0 ? screen.length() : end);
      assertThat(round).as(p.name + " in round " + r.number())
          .contains(mySeat + " " + p.name + " (you)");
    }
    if (to == howell.rounds().size()) {
      assertThat(screen.substring(at)).contains("The session is over. Ranking:");
    }
  }
}
