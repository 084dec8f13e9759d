package org.tenace.server.api;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.EventStore;

/**
 * A table's robot_pace is kept with the table: after a restart of a server whose own pace is
 * none, the table's robots still take the pace it was created with.
 */
class RobotPaceRestartTest {
  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  private void start() {
    at.start(builder -> TenaceServer.start(builder,
        EventStore.open(SessionServer.url(dir, "tenace")), true, ServerLimits.NONE,
        Duration.ZERO));
  }

  @Test
  void theRobotsOfATableKeepItsPaceAfterARestart() {
    start();
    String table = RobotPaceTest.pacedTable(at.channel());
    at.close();

    start();
    RobotPaceTest.assertTheRobotsCallAtThePace(at.channel(), table);
  }
}
