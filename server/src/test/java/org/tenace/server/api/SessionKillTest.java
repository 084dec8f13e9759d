package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.session.SessionServer;

/**
 * Kills a server with {@code kill -9} in the middle of a session of robots, restarts it on the
 * same database, and checks that the session comes back and is played to its end, every board
 * of the movement once, with a hand record the checker accepts.
 */
class SessionKillTest {
  @TempDir Path dir;
  @RegisterExtension final ChildServer server = new ChildServer();

  private SessionServiceGrpc.SessionServiceBlockingStub stub(String token) {
    return SessionServer.as(SessionServiceGrpc.newBlockingStub(server.channel()), token);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aSessionKilledMidRoundIsPlayedToItsEndAfterARestart() throws Exception {
    server.start(dir);
    var anyone = stub("");
    CreateSessionResponse created = anyone.createSession(CreateSessionRequest.newBuilder()
        .setName("Killed Howell").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(3)
        .setRounds(3).setBoardsPerRound(2).setRobots(true).build());
    String id = created.getSessionId();
    var director = stub(created.getDirectorToken());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build());
    int finished = 0;
    while (finished < 8) { // into round 2: some of its boards played, others in play
      finished = watch.next().getStatus().getBoardsFinished();
    }
    server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    server.shutChannels();

    server.restart();
    List<WatchSessionResponse> seen = new ArrayList<>();
    try {
      // A deadline short of the test's timeout, so that a session that stalls after the restart
      // fails with what it had reached and the server's log rather than a bare timeout.
      stub(created.getDirectorToken()).withDeadlineAfter(180, TimeUnit.SECONDS)
          .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build())
          .forEachRemaining(seen::add);
    } catch (io.grpc.StatusRuntimeException e) {
      throw new AssertionError("the session did not end after the restart (" + e.getStatus()
          + "); last status seen: " + (seen.isEmpty() ? "none"
              : seen.get(seen.size() - 1).getStatus()) + "\nthe server's log:\n"
          + server.tail(80) + "\nits threads:\n" + server.threads(), e);
    }
    WatchSessionResponse last = seen.get(seen.size() - 1);
    assertThat(seen.get(0).getStatus().getBoardsFinished()).as(server.tail(40))
        .isGreaterThanOrEqualTo(8);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(18);

    GetResultsResponse results = stub("").getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(results.getTravellersList()).hasSize(6)
        .allSatisfy(t -> assertThat(t.getLinesList()).hasSize(3));
    SessionServer.assertChecks(results.getPbn());
  }
}
