package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.score.Cli.Run;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;

/**
 * {@code tenace direct} against a real server: a session stalled by a pair that never plays is
 * moved on, the pair replaced by robots, boards adjusted after the end (artificial, weighted and
 * split scores, the hand record passing score --check); refusals in one line.
 */
class DirectCommandTest {
  @TempDir Path dir;
  @RegisterExtension final LoopbackServer loopback = new LoopbackServer();

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aDirectorMovesAStalledRoundOnReplacesThePairAndAdjustsABoard() throws IOException {
    ManagedChannel channel = loopback.start();
    String at = loopback.address();
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Club night").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(2).build());
    String token = created.getDirectorToken();
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId("1").setPair(1)
        .setName("Al - Bea").build());

    Run list = run("direct", "sessions", "--server", at);
    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out().lines().toList()).containsExactly(
        "Session  State     Round  Pairs  Joined  Movement / name",
        "      1  waiting       -      4       1  Howell, 2 tables: Club night");

    Metadata m = new Metadata();
    m.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
    var director = stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
    director.startSession(StartSessionRequest.newBuilder().setSessionId("1").build());
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId("1").build());
    while (watch.next().getStatus().getBoardsFinished() < 1) {
      // the robots' table plays board 1; pair 1's waits for Al and Bea
    }

    Run bad = run("direct", "end-round", "1", "1", "--server", at, "--token", token,
        "--score", "B/A");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).containsExactly(
        "tenace: direct end-round: --score: NS/EW, each A+, A or A- (e.g. A+/A-), not 'B/A'");
    Run noToken = run("direct", "end-round", "1", "1", "--server", at, "--score", "A/A");
    assertThat(noToken.exit()).isEqualTo(2);
    assertThat(noToken.err()).contains("--token: the session director's token is needed");

    Run ended = run("direct", "end-round", "1", "1", "--server", at, "--token", token,
        "--score", "a/a");
    assertThat(ended.exit()).as(ended.err()).isZero();
    assertThat(ended.out()).isEqualTo(
        "session 1: round 1 moved on, 1 board(s) given A/A; round 2 of 3 in play\n");
    Run late = run("direct", "end-round", "1", "1", "--server", at, "--token", token,
        "--score", "A/A");
    assertThat(late.exit()).isEqualTo(1);
    assertThat(late.err().lines().toList()).containsExactly("tenace: direct end-round: the server "
        + "refused: WRONG_STATE: round 1 is not the round in play (2)");

    Run replaced = run("direct", "replace", "1", "1", "--server", at, "--token", token);
    assertThat(replaced.exit()).as(replaced.err()).isZero();
    assertThat(replaced.out()).isEqualTo("session 1: robots play pair 1 from now on\n");
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);

    Run adjusted = run("direct", "adjust", "1", "3", "1", "3", "--server", at, "--token",
        token, "--score", "A+/A-");
    assertThat(adjusted.exit()).as(adjusted.err()).isZero();
    assertThat(adjusted.out()).isEqualTo("session 1: board 3 at table 1, round 3: A+/A-\n");

    // Assigned scores (Law 12C1): a weighted one on board 3 at the other table, a split one
    // on board 2; mistakes are told in one line.
    Run two = run("direct", "adjust", "1", "3", "2", "3", "--server", at, "--token", token,
        "--score", "A/A", "--assign", "4S= by N");
    assertThat(two.exit()).isEqualTo(2);
    assertThat(two.err().lines().toList()).containsExactly(
        "tenace: direct adjust: give one of --score, --assign, --weighted or --split");
    Run wrong = run("direct", "adjust", "1", "3", "2", "3", "--server", at, "--token", token,
        "--weighted", "60% 4S= by N, 30% 4S-1 by N");
    assertThat(wrong.exit()).isEqualTo(2);
    assertThat(wrong.err().lines().toList()).containsExactly("tenace: direct adjust: --weighted:"
        + " the weights of the assigned score add up to 90%, not 100%");
    Run weighted = run("direct", "adjust", "1", "3", "2", "3", "--server", at, "--token", token,
        "--weighted", "60% of 4S= by N + 40% of 4S-1 by N");
    assertThat(weighted.exit()).as(weighted.err()).isZero();
    assertThat(weighted.out()).isEqualTo(
        "session 1: board 3 at table 2, round 3: 60% 4S= by N, 40% 4S-1 by N\n");
    Run split = run("direct", "adjust", "1", "2", "1", "2", "--server", at, "--token", token,
        "--split", "3NTx-2 by E / 3NT-1 by E");
    assertThat(split.exit()).as(split.err()).isZero();
    assertThat(split.out()).isEqualTo(
        "session 1: board 2 at table 1, round 2: NS 3NTX-2 by E; EW 3NT-1 by E\n");

    // A procedural penalty (Law 90): pair 2 loses half a matchpoint on board 2.
    Run both = run("direct", "penalty", "1", "--pair", "2", "--board", "2", "--server", at,
        "--token", token, "--mp", "0.5", "--percent", "10");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err().lines().toList()).containsExactly(
        "tenace: direct penalty: give one of --mp, --imps or --percent");
    Run imps = run("direct", "penalty", "1", "--pair", "2", "--board", "2", "--server", at,
        "--token", token, "--imps", "3");
    assertThat(imps.exit()).isEqualTo(2);
    assertThat(imps.err().lines().toList()).containsExactly("tenace: direct penalty: the server"
        + " refused: MALFORMED: the session is scored at matchpoints: a penalty in matchpoints or"
        + " a percentage of a top, not in IMPs");
    Run penalty = run("direct", "penalty", "1", "--pair", "2", "--board", "2", "--server", at,
        "--token", token, "--mp", "0.5");
    assertThat(penalty.exit()).as(penalty.err()).isZero();
    assertThat(penalty.out()).isEqualTo(
        "session 1: pair 2 loses 0.5 MPs on board 2 (a procedural penalty, Law 90)\n");
    Run penalised = run("results", "1", "--server", at, "--format", "scorecards");
    assertThat(penalised.out()).contains("penalty -0.5 (Law 90)");
    assertThat(run("results", "1", "--server", at).out())
        .contains("        procedural penalty (Law 90): pair 2 -0.5");

    Run results = run("results", "1", "--server", at);
    assertThat(results.exit()).as(results.err()).isZero();
    assertThat(results.out()).contains("A/A", "A+/A-", "Al - Bea", "60% 4S= by N, 40% 4S-1 by N",
        "NS 3NTX-2 by E; EW 3NT-1 by E");
    // Each pair's scorecard: its three boards from its own side.
    Run cards = run("results", "1", "--server", at, "--format", "scorecards-csv");
    assertThat(cards.exit()).as(cards.err()).isZero();
    List<String> csv = cards.out().lines().toList();
    assertThat(csv).hasSize(1 + 4 * 3);
    assertThat(csv.get(0)).isEqualTo(
        "pair,round,board,direction,against,contract,declarer,tricks,score,points,penalty");
    assertThat(csv).contains("1,1,1,EW,4,A/A,,,,1,"); // as docs/directing.md shows it
    assertThat(csv).anySatisfy(l -> assertThat(l).contains("\"60% 4S= by N, 40% 4S-1 by N\""));
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
      // the other side of the same table and board scores the opposite
      String mirror = csv.stream().skip(1).filter(o -> {
        String[] g = o.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
        return g[0].equals(f[4]) && g[1].equals(f[1]) && g[2].equals(f[2]);
      }).findFirst().orElseThrow();
      String theirs = mirror.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1)[8];
      assertThat(f[8].isEmpty() ? "" : Integer.toString(-Integer.parseInt(f[8])))
          .isEqualTo(theirs);
    }
    Run card = run("results", "1", "--server", at, "--format", "scorecards");
    assertThat(card.exit()).as(card.err()).isZero();
    assertThat(card.out()).contains("Pair 1 (Al - Bea): place ",
        "      1      1   EW        4  A/A                                1",
        "  Round  Board  Dir  Against  Contract  By  Tricks   Score  Points");

    // The page the server's HTTP port serves, saved as a file: the same ranking and rulings.
    Run html = run("results", "1", "--server", at, "--format", "html");
    assertThat(html.exit()).as(html.err()).isZero();
    assertThat(html.out()).startsWith("<!DOCTYPE html>").contains("<strong>Final results."
        + "</strong>", "Pair 1 (Al - Bea): place ", "A+/A-", "60% 4S= by N, 40% 4S-1 by N",
        "NS 3NTX-2 by E; EW 3NT-1 by E", "class=\"deal\"").doesNotContain("<script");

    Run pbn = run("results", "1", "--server", at, "--format", "pbn");
    assertThat(pbn.exit()).as(pbn.err()).isZero();
    Path file = dir.resolve("club.pbn");
    Files.writeString(file, pbn.out(), StandardCharsets.ISO_8859_1);
    Run check = run("score", "--check", file.toString());
    assertThat(check.exit()).as(check.err()).isZero();
    assertThat(check.out()).contains(", 0 disagree");

    Run abort = run("direct", "abort", "1", "--server", at, "--token", token);
    assertThat(abort.exit()).isEqualTo(1);
    assertThat(abort.err().lines().toList()).containsExactly(
        "tenace: direct abort: the server refused: WRONG_STATE: the session is over");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aDirectorSaysWhichRoundsAPairMisses() {
    ManagedChannel channel = loopback.start();
    String at = loopback.address();
    String token = SessionServiceGrpc.newBlockingStub(channel).createSession(
        CreateSessionRequest.newBuilder().setName("Club night")
            .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(3).setBoardsPerRound(1)
            .setRobots(true).build()).getDirectorToken();

    Run late = run("direct", "absent", "1", "4", "1", "--server", at, "--token", token);
    assertThat(late.exit()).as(late.err()).isZero();
    assertThat(late.out()).isEqualTo("session 1: pair 4 misses round 1; its opponents sit out"
        + " then (the session has not started)\n");
    Run leaves = run("direct", "absent", "1", "3", "2-3", "--server", at, "--token", token);
    assertThat(leaves.exit()).as(leaves.err()).isZero();
    assertThat(leaves.out()).startsWith("session 1: pair 3 misses rounds 2 to 3;");
    Run bad = run("direct", "absent", "1", "3", "two", "--server", at, "--token", token);
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).containsExactly("tenace: direct absent: ROUNDS: a"
        + " round (2) or the first and last (1-2), not 'two'");
    Run refused = run("direct", "absent", "1", "3", "4", "--server", at, "--token", token);
    assertThat(refused.exit()).isEqualTo(2); // a request the server finds malformed
    assertThat(refused.err().lines().toList()).containsExactly("tenace: direct absent: the"
        + " server refused: MALFORMED: rounds 4 to 4: the session has rounds 1 to 3");
  }
}
