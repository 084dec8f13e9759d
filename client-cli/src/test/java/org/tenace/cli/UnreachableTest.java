package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A server that is not there is said in one line that names the address and why (exit 3), with
 * nothing else on the screen: not gRPC's "io exception", not its many-line warnings, not JLine's
 * warning that there is no terminal (these run without one), not a wait.
 */
class UnreachableTest {
  @TempDir
  Path dir;

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort(); // closed again: nothing listens there
    }
  }

  @Test
  void joinNamesTheAddressAndConnectionRefused() throws Exception {
    int port = closedPort();
    Child.Run r = Child.run(Map.of(), "join", "--server", "127.0.0.1:" + port, "--table", "1",
        "--seat", "N", "--tokens", dir.resolve("tokens").toString());
    assertThat(r.err()).isEqualTo("tenace: join: cannot reach the server at 127.0.0.1:" + port
        + ": connection refused; is it running, and is the address right?\n");
    assertThat(r.out()).isEmpty();
    assertThat(r.exit()).isEqualTo(Failure.UNAVAILABLE);
  }

  /** Without a port no server is tried: the line asks for one and says the usual one. */
  @Test
  void aServerWithoutItsPortAsksWhichPort() throws Exception {
    Child.Run r = Child.run(Map.of(), "join", "--server", "127.0.0.1", "--table", "1",
        "--seat", "N", "--tokens", dir.resolve("tokens").toString());
    assertThat(r.err()).isEqualTo("tenace: join: --server: HOST:PORT, not '127.0.0.1': which "
        + "port? (a server listens on 50051 unless given --port)\n");
    assertThat(r.out()).isEmpty();
    assertThat(r.exit()).isEqualTo(Failure.USAGE);
  }

  @Test
  void anUnknownHostIsOneLineWithoutGrpcsWarning() throws Exception {
    Child.Run r = Child.run(Map.of(), "join", "--server", "no-such-host.invalid:50599",
        "--table", "1", "--seat", "N", "--tokens", dir.resolve("tokens").toString());
    assertThat(r.err()).isEqualTo("tenace: join: cannot reach the server at "
        + "no-such-host.invalid:50599: no such host 'no-such-host.invalid'; is it running, and is "
        + "the address right?\n");
    assertThat(r.exit()).isEqualTo(Failure.UNAVAILABLE);
  }

  /** A bot coming back with its token, or joining a seat, at no server says so, not waits. */
  @ParameterizedTest(name = "bot {0} {1}")
  @CsvSource({"--token, xyz", "--seat, S"})
  void aBotAtNoServerSaysSoInsteadOfWaiting(String option, String value) throws Exception {
    int port = closedPort();
    Child.Run r = Child.run(Map.of(), "bot", "--server", "127.0.0.1:" + port, "--table", "1",
        option, value);
    assertThat(r.err()).isEqualTo("tenace: bot: cannot reach the server at 127.0.0.1:" + port
        + ": connection refused; is it running, and is the address right?\n");
    assertThat(r.exit()).isEqualTo(Failure.UNAVAILABLE);
  }
}
