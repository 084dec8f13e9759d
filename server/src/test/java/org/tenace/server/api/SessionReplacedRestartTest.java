package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionState;
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
  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aPairReplacedJustBeforeAStopGetsItsRobotsWhenTheServerStartsAgain() {
    SessionServer.Opened session = at.open(
        SessionServer.robots("Restart", MovementType.MOVEMENT_TYPE_HOWELL, 2, 12));
    String id = session.id();
    session.join(1, "Al - Bea");
    session.start();
    at.close();

    // The replacement is logged, and the server stops before its table work: pair 1 still
    // holds its seats.
    EventStore store = EventStore.open(at.url());
    List<StoredEvent> log = store.loadAll().get(SessionLog.PREFIX + id);
    store.append(new StoredEvent(SessionLog.PREFIX + id, log.get(log.size() - 1).seq() + 1,
        System.currentTimeMillis(), SessionCodec.INSTANCE.encode(new SessionLog.Replaced(1))));
    store.close();

    WatchSessionResponse last = SessionServer.untilEnd(at.restart(session).watch());
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
  }
}
