package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.session.SessionServer.as;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.AbortSessionRequest;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.AssignAdjustedScoreRequest;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.EndRoundResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionSummary;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.scoring.event.Checker;
import org.tenace.scoring.event.EventReader;

/**
 * The director's tools over gRPC on a real server and an H2 store on disk: moving a round on
 * with a board unplayed (Law 12C2 artificial scores), assigning an adjusted score, replacing a
 * pair by robots, listing and aborting sessions; each refusal with its status and reason.
 */
class SessionDirectingTest {
  private static final Metadata.Key<String> AUTH =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  private static ArtificialScore score(ArtificialAverage ns, ArtificialAverage ew) {
    return ArtificialScore.newBuilder().setNorthSouth(ns).setEastWest(ew).build();
  }

  private static void refused(ThrowingCallable call, Status.Code code, String description) {
    assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
      assertThat(e.getStatus().getCode()).isEqualTo(code);
      assertThat(e.getStatus().getDescription()).startsWith(description);
    });
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aStalledRoundIsMovedOnWithArtificialScoresAndTheAbsentPairIsReplacedByRobots() {
    var stub = at.start(dir);
    // A 2-table Howell, one board a round (both tables play it): pair 1 joins and never plays.
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Stalled").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(12).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    JoinSessionResponse absent = stub.joinSession(JoinSessionRequest.newBuilder()
        .setSessionId(id).setPair(1).setName("Al - Bea").build());
    var player = as(stub, absent.getToken());
    EndRoundRequest endRound1 = EndRoundRequest.newBuilder().setSessionId(id).setRound(1)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS,
            ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS)).build();
    refused(() -> director.endRound(endRound1), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: no round in play");

    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build());
    while (watch.next().getStatus().getBoardsFinished() < 1) {
      // the robots' table plays board 1; pair 1's waits for it
    }

    refused(() -> player.endRound(endRound1), Status.Code.PERMISSION_DENIED,
        "NOT_DIRECTOR: only the session's director moves a round on");
    refused(() -> director.endRound(endRound1.toBuilder().setRound(2).build()),
        Status.Code.FAILED_PRECONDITION, "WRONG_STATE: round 2 is not the round in play (1)");
    refused(() -> director.endRound(endRound1.toBuilder().clearScore().build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: score.north_south: an artificial score");
    refused(() -> stub.endRound(endRound1), Status.Code.UNAUTHENTICATED, "TOKEN_INVALID");
    refused(() -> director.endRound(endRound1.toBuilder().setSessionId("99").build()),
        Status.Code.NOT_FOUND, "SESSION_NOT_FOUND");

    EndRoundResponse ended = director.endRound(endRound1);
    assertThat(ended.getAdjusted()).isEqualTo(1);
    assertThat(ended.getStatus().getRound()).isEqualTo(2);

    ReplaceByRobotRequest replace = ReplaceByRobotRequest.newBuilder().setSessionId(id)
        .setPair(1).build();
    refused(() -> player.replaceByRobot(replace), Status.Code.PERMISSION_DENIED, "NOT_DIRECTOR");
    refused(() -> director.replaceByRobot(replace.toBuilder().setPair(9).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: pair 9: the session has pairs 1 to 4");
    refused(() -> director.replaceByRobot(replace.toBuilder().setPair(3).build()),
        Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 3 has not joined: robots play it already");
    // Pair 1's seats in round 2 go to robots, and so does every round after: the session ends.
    director.replaceByRobot(replace);
    refused(() -> director.replaceByRobot(replace), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 1 is a robot already");
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);

    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    Traveller board1 = results.getTravellersList().stream().filter(t -> t.getBoard() == 1)
        .findFirst().orElseThrow();
    TravellerLine adjusted = board1.getLinesList().stream()
        .filter(l -> !l.getAdjusted().isEmpty()).findFirst().orElseThrow();
    // Law 12C2 at matchpoints: 60% and 40% of the top (2 on a board played twice).
    assertThat(adjusted.getAdjusted()).isEqualTo("A+/A-");
    assertThat(adjusted.getNsPair()).isEqualTo(4);
    assertThat(adjusted.getEwPair()).isEqualTo(1);
    assertThat(adjusted.getNsPoints()).isEqualTo("1.2");
    assertThat(adjusted.getEwPoints()).isEqualTo("0.8");
    assertChecks(results.getPbn());

    // After the end, the director may still adjust a board; refusals name what is wrong.
    AssignAdjustedScoreRequest assign = AssignAdjustedScoreRequest.newBuilder()
        .setSessionId(id).setRound(3).setTable(1).setBoard(3)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN,
            ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN)).build();
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setBoard(2).build()),
        Status.Code.INVALID_ARGUMENT,
        "MALFORMED: board 2 is not played at table 1 in round 3 (its boards: [3])");
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setRound(4).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: round 4: the session has rounds 1 to 3");
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setTable(3).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: round 3 has no table 3");
    refused(() -> player.assignAdjustedScore(assign), Status.Code.PERMISSION_DENIED,
        "NOT_DIRECTOR");
    director.assignAdjustedScore(assign);
    GetResultsResponse after = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(after.getTravellersList().stream().filter(t -> t.getBoard() == 3)
        .flatMap(t -> t.getLinesList().stream()).filter(l -> l.getTable() == 1)
        .findFirst().orElseThrow())
        .satisfies(l -> {
          assertThat(l.getAdjusted()).isEqualTo("A/A");
          assertThat(l.getNsPoints()).isEqualTo("1");
        });
    assertChecks(after.getPbn());

    // Every step is durable: a restarted server gives the same results.
    at.close();
    GetResultsResponse restarted = at.start(dir).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(restarted.getTravellersList()).isEqualTo(after.getTravellersList());
    assertThat(restarted.getRankingList()).isEqualTo(after.getRankingList());
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aPairThatLeftItsTableIsReplacedByRobotsAndTheRoundFinishes() {
    var stub = at.start(dir);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Left").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(12).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    JoinSessionResponse joined = stub.joinSession(JoinSessionRequest.newBuilder()
        .setSessionId(id).setPair(1).setName("Al - Bea").build());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    List<org.tenace.proto.v1.SeatTicket> seats = as(stub, joined.getToken())
        .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build()).next()
        .getSeatsList();
    assertThat(seats).hasSize(2);
    // One of the pair gives up the seat (the CLI's quit) before the director replaces the pair:
    // its token is gone, its partner's is not.
    org.tenace.proto.v1.SeatTicket gone = seats.get(0);
    Metadata m = new Metadata();
    m.put(AUTH, "Bearer " + gone.getToken());
    org.tenace.proto.v1.TableServiceGrpc.newBlockingStub(at.channel())
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m))
        .leaveTable(org.tenace.proto.v1.LeaveTableRequest.newBuilder()
            .setTableId(gone.getTableId()).build());

    ReplaceByRobotRequest replace = ReplaceByRobotRequest.newBuilder().setSessionId(id)
        .setPair(1).build();
    director.replaceByRobot(replace);
    refused(() -> director.replaceByRobot(replace), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 1 is a robot already");
    // Robots take both of the pair's seats: round 1 finishes, and so does every round after.
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build());
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sessionsAreListedAndTheDirectorMayAbortOne() {
    var stub = at.start(dir);
    CreateSessionRequest howell = CreateSessionRequest.newBuilder().setName("First")
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2).setBoardsPerRound(1)
        .setRobots(true).build();
    CreateSessionResponse first = stub.createSession(howell);
    CreateSessionResponse second = stub.createSession(howell.toBuilder().setName("Second")
        .build());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(second.getSessionId())
        .setName("Cy - Di").build());
    var director = as(stub, second.getDirectorToken());
    director.startSession(StartSessionRequest.newBuilder()
        .setSessionId(second.getSessionId()).build());

    List<SessionSummary> listed = stub.listSessions(ListSessionsRequest.getDefaultInstance())
        .getSessionsList();
    assertThat(listed).extracting(SessionSummary::getName).containsExactly("Second", "First");
    assertThat(listed.get(0).getState()).isEqualTo(SessionState.SESSION_STATE_PLAYING);
    assertThat(listed.get(0).getJoined()).isEqualTo(1);
    assertThat(listed.get(1).getState()).isEqualTo(SessionState.SESSION_STATE_WAITING);
    assertThat(listed.get(1).getMovement()).isEqualTo("Howell, 2 tables");

    AbortSessionRequest abort = AbortSessionRequest.newBuilder()
        .setSessionId(second.getSessionId()).build();
    refused(() -> as(stub, first.getDirectorToken()).abortSession(abort),
        Status.Code.UNAUTHENTICATED, "TOKEN_INVALID: not a token of this session");
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(second.getSessionId()).build());
    assertThat(director.abortSession(abort).getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_ABORTED);
    // The stream ends with the session aborted.
    List<WatchSessionResponse> seen = new ArrayList<>();
    watch.forEachRemaining(seen::add);
    assertThat(seen.get(seen.size() - 1).getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_ABORTED);
    refused(() -> director.abortSession(abort), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: the session was aborted already");
    refused(() -> director.endRound(EndRoundRequest.newBuilder()
        .setSessionId(second.getSessionId()).setRound(1)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN,
            ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN)).build()),
        Status.Code.FAILED_PRECONDITION, "WRONG_STATE: no round in play");
    assertThat(stub.listSessions(ListSessionsRequest.getDefaultInstance()).getSessions(0)
        .getState()).isEqualTo(SessionState.SESSION_STATE_ABORTED);

    // An abort is durable too.
    at.close();
    var again = at.start(dir);
    assertThat(again.listSessions(ListSessionsRequest.getDefaultInstance()).getSessions(0)
        .getState()).isEqualTo(SessionState.SESSION_STATE_ABORTED);
  }

  private static void assertChecks(String pbn) {
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
  }
}
