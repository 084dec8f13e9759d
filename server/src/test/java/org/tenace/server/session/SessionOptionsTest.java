package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.session.SessionServer.as;
import static org.tenace.server.session.SessionServer.assertChecks;
import static org.tenace.server.session.SessionServer.played;
import static org.tenace.server.session.SessionServer.scheduled;
import static org.tenace.server.session.SessionServer.untilEnd;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.movement.Teams;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionKind;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.api.TenaceServer;
import org.tenace.server.store.EventStore;

/**
 * The choices made at CreateSession (a Mitchell's relay and bye stand or skip, its arrow switch,
 * teams with a bye), resuming a watch from a version, and a session beside the table limits, on
 * a real server through gRPC.
 */
class SessionOptionsTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  private SessionServiceBlockingStub start(ServerLimits limits) {
    return at.start(builder -> TenaceServer.start(builder,
        EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"), true,
        limits));
  }

  /** Starts a session of robots, follows it to its end and returns its results. */
  private static GetResultsResponse playToTheEnd(SessionServiceBlockingStub stub,
      CreateSessionResponse created) {
    var director = as(stub, created.getDirectorToken());
    String id = created.getSessionId();
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    WatchSessionResponse last = untilEnd(director, id);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(
        last.getStatus().getBoardsTotal());
    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertChecks(results.getPbn());
    return results;
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aMitchellWithARelayAndArrowSwitchIsChosenAtCreationAndPlayedAsDesigned() {
    var stub = start(ServerLimits.NONE);
    CreateSessionRequest relay = CreateSessionRequest.newBuilder().setName("Relay")
        .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(4).setBoardsPerRound(1)
        .setRelay(true).setArrowSwitch(true).setRobots(true).setDealSeed(4).build();
    CreateSessionResponse created = stub.createSession(relay);
    Movement m = Mitchell.of(4, 0, 1, Mitchell.EvenTables.RELAY, true);
    assertThat(created.getStatus().getMovement())
        .isEqualTo("Mitchell, 4 tables with a relay and bye stand, arrow-switched")
        .isEqualTo(m.name());
    assertThat(created.getStatus().getRounds()).isEqualTo(4);
    GetResultsResponse results = playToTheEnd(stub, created);
    assertThat(played(results)).containsExactlyInAnyOrderElementsOf(scheduled(m));

    // The skip is the default; the options are a Mitchell's only.
    assertThat(stub.createSession(relay.toBuilder().clearRelay().clearArrowSwitch().build())
        .getStatus().getMovement()).isEqualTo("Mitchell, 4 tables with a skip");
    assertThatThrownBy(() -> stub.createSession(relay.toBuilder()
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
          assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
          assertThat(e.getStatus().getDescription())
              .isEqualTo("MALFORMED: relay: a Mitchell's option, not the Howell movement's");
        });
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void threeTeamsPlayARoundRobinWithAByeAndTheByeScoresTwelveVictoryPointsOrMore() {
    var stub = start(ServerLimits.NONE);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Three teams").setKind(SessionKind.SESSION_KIND_TEAMS)
        .setMovement(MovementType.MOVEMENT_TYPE_TEAMS).setTables(3).setBoardsPerRound(2)
        .setRobots(true).setDealSeed(33).build());
    Movement m = Teams.roundRobin(3, 1, 2);
    assertThat(created.getStatus().getRounds()).isEqualTo(3);
    assertThat(created.getStatus().getPlan(0).getAssignmentsList())
        .filteredOn(a -> a.getTable() == 0).hasSize(2); // one team's two pairs sit out
    GetResultsResponse results = playToTheEnd(stub, created);
    assertThat(played(results)).containsExactlyInAnyOrderElementsOf(scheduled(m));
    // Each team plays two matches (20 VPs shared in each) and sits one out: at least 12 VPs.
    assertThat(results.getRankingList()).extracting(Standing::getPair)
        .containsExactlyInAnyOrder(1, 2, 3);
    double total = results.getRankingList().stream()
        .mapToDouble(s -> Double.parseDouble(s.getTotal())).sum();
    assertThat(total).isGreaterThanOrEqualTo(3 * 20 + 3 * 12);
    assertThat(results.getRankingList()).allSatisfy(s ->
        assertThat(Double.parseDouble(s.getTotal())).isGreaterThanOrEqualTo(12));
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aWatchResumedFromTheVersionSeenStartsWithTheNextChange() {
    var stub = start(ServerLimits.NONE);
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Resumed").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(8).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    long seen = director.watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build())
        .next().getStatus().getVersion();
    assertThat(seen).isPositive();
    Iterator<WatchSessionResponse> resumed = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).setFromVersion(seen).build());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(id).setName("Ed - Flo")
        .build());
    WatchSessionResponse next = resumed.next();
    assertThat(next.getStatus().getVersion()).isGreaterThan(seen);
    assertThat(next.getStatus().getEntriesList()).hasSize(1);

    // Nobody plays for Ed and Flo: robots do, from the start.
    director.replaceByRobot(ReplaceByRobotRequest.newBuilder().setSessionId(id).setPair(1)
        .build());
    playToTheEnd(stub, created);
    WatchSessionResponse last = untilEnd(director, id);
    // Resumed at the final version: nothing more to say, and the stream ends.
    List<WatchSessionResponse> after = new ArrayList<>();
    director.watchSession(WatchSessionRequest.newBuilder().setSessionId(id)
        .setFromVersion(last.getStatus().getVersion()).build()).forEachRemaining(after::add);
    assertThat(after).isEmpty();
    // From an older version: the session as it now stands.
    List<WatchSessionResponse> older = new ArrayList<>();
    director.watchSession(WatchSessionRequest.newBuilder().setSessionId(id)
        .setFromVersion(seen).build()).forEachRemaining(older::add);
    assertThat(older).singleElement().satisfies(w -> assertThat(w.getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED));
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aSessionIsNotCountedAgainstTheTableLimits() {
    // One table in all, one a client: the client's own table fills both.
    var stub = start(new ServerLimits(1, 1, "", Duration.ZERO));
    TableServiceGrpc.newBlockingStub(at.channel()).createTable(CreateTableRequest.newBuilder()
        .setName("mine").build());
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Beside the limits").setMovement(MovementType.MOVEMENT_TYPE_MITCHELL)
        .setTables(3).setBoardsPerRound(1).setRobots(true).build());
    GetResultsResponse results = playToTheEnd(stub, created);
    assertThat(results.getStatus().getBoardsFinished()).isEqualTo(9);
  }
}
