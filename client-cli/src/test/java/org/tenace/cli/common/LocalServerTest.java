package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local server that play, host, tm and bench start: {@code tenace server} in a child JVM
 * (here from the tests' class path), listening on loopback where it says, stopped and its
 * scratch folder gone once closed; one that cannot start says why in one line.
 */
class LocalServerTest {
  private static final String CLASS_PATH = System.getProperty("java.class.path");

  @TempDir Path dir;

  @Test
  void listensOnLoopbackAndIsGoneWithItsScratchFolderOnceClosed() throws Exception {
    LocalServer server = LocalServer.classPath(CLASS_PATH).scratchStore().start();
    Path scratch = server.scratch();
    try {
      assertThat(server.target()).matches("127\\.0\\.0\\.1:\\d+");
      assertThat(server.browser()).isNull();
      assertThat(server.startupNanos()).isPositive();
      int port = Integer.parseInt(server.target().substring(server.target().indexOf(':') + 1));
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      }
      assertThat(Files.isDirectory(scratch)).isTrue();
    } finally {
      server.close();
    }
    assertThat(ProcessHandle.of(server.pid()).filter(ProcessHandle::isAlive))
        .as("the server's process after close").isEmpty();
    assertThat(scratch).doesNotExist();
  }

  @Test
  void itsOutputAfterListeningGoesToTheLogGiven() throws Exception {
    Path log = dir.resolve("logs/server.log");
    try (LocalServer server = LocalServer.classPath(CLASS_PATH)
        .db("jdbc:h2:" + dir.resolve("db").toAbsolutePath()).log(log).start()) {
      assertThat(server.scratch()).isNull();
      assertThat(log.getParent()).isDirectory();
    }
  }

  @Test
  void aServerThatCannotStartSaysWhyInOneLine() {
    assertThatThrownBy(() -> LocalServer.classPath(CLASS_PATH).scratchStore()
        .serverArgs(java.util.List.of("--max-tables", "-1")).start())
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("the local server did not start: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
