package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code server --parent-pid}: the server that {@code tenace play} starts stops with its client,
 * even a client killed with SIGKILL, and closes its store on the way.
 */
class ParentPidTest {
  @TempDir Path dir;

  @Test
  void theServerStopsWhenItsParentIsKilled() throws Exception {
    Process parent = new ProcessBuilder("sleep", "600").start();
    Process server = null;
    try {
      Path log = dir.resolve("server.log");
      server = ServerProcess.start(ServerProcess.freePort(),
          "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath(), log,
          "--parent-pid", String.valueOf(parent.pid()));
      assertThat(server.waitFor(1, TimeUnit.SECONDS)).as("alive while its parent is").isFalse();

      parent.destroyForcibly();
      assertThat(server.waitFor(30, TimeUnit.SECONDS)).as("stopped after its parent").isTrue();
      assertThat(server.exitValue()).isZero();
    } finally {
      parent.destroyForcibly();
      if (server != null) {
        server.destroyForcibly();
      }
    }
  }

  @Test
  void aParentAlreadyGoneStopsTheServerAtOnce() throws Exception {
    Process parent = new ProcessBuilder("true").start();
    parent.waitFor();
    Process server = ServerProcess.start(ServerProcess.freePort(),
        "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath(), null,
        "--parent-pid", String.valueOf(parent.pid()));
    try {
      assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      server.destroyForcibly();
    }
  }
}
