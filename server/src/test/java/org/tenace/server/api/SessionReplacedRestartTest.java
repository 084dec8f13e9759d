package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.session.SessionServer.as;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.application.SessionLog;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;

/**
 * A server that stopped after logging a pair's replacement by robots but before seating them
 * (the log comes first) seats them when it starts again, on a real server and an H2 store on
 * disk: the pair's seats go to robots and the session plays to its end.
 */
class SessionReplacedRestartTest {
  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aPairReplacedJustBeforeAStopGetsItsRobotsWhenTheServerStartsAgain() {
    var stub = at.start(dir);
    CreateSessionResponse created = stub.createSession(
        SessionServer.robots("Restart", MovementType.MOVEMENT_TYPE_HOWELL, 2, 12));
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(id).setPair(1)
        .setName("Al - Bea").build());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    at.close();

    // The replacement is logged, and the server stops before its table work: pair 1 still
    // holds its seats.
    EventStore store = EventStore.open(SessionServer.url(dir, "tenace"));
    List<StoredEvent> log = store.loadAll().get(SessionLog.PREFIX + id);
    store.append(new StoredEvent(SessionLog.PREFIX + id, log.get(log.size() - 1).seq() + 1,
        System.currentTimeMillis(), SessionCodec.INSTANCE.encode(new SessionLog.Replaced(1))));
    store.close();

    WatchSessionResponse last = SessionServer.untilEnd(
        as(at.start(dir), created.getDirectorToken()), id);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
  }
}
