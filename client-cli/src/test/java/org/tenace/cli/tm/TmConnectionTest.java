package org.tenace.cli.tm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** One TM connection over real loopback sockets: line ends, overlong lines, keepalive. */
class TmConnectionTest {

  @Test
  void readsEveryLineEndAndCutsALineThatNeverEnds() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket program = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        Socket host = server.accept();
        TmConnection c = new TmConnection(host, (d, l) -> { }, Duration.ZERO)) {
      assertThat(host.getKeepAlive()).as("keepalive on the TM socket").isTrue();
      if (host.supportedOptions().contains(jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE)) {
        assertThat(host.getOption(jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE)).isEqualTo(60);
      }
      OutputStream out = program.getOutputStream();
      String flood = "x".repeat(1_000_000);
      out.write(("North passes\r\n" + flood + "\r\nEast passes\nSouth passes\rWest passes\r\n"
          + "\r\nbid\u00e9").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      program.shutdownOutput();
      assertThat(c.read()).isEqualTo("North passes");
      String cut = c.read();
      assertThat(cut).hasSize(TmConnection.MAX_LINE + 3).endsWith("...");
      assertThat(c.read()).isEqualTo("East passes");
      assertThat(c.read()).isEqualTo("South passes");
      assertThat(c.read()).isEqualTo("West passes");
      assertThat(c.read()).as("an empty line").isEmpty();
      assertThat(c.read()).as("a last line without its end; a byte outside ASCII as '?'")
          .isEqualTo("bid?");
      assertThat(c.read()).isNull();
    }
  }
}
