package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.tenace.server.api.TenaceServer;

/** The image's HEALTHCHECK: {@code tenace health} says 0 to a serving server, 1 when it is gone. */
class HealthCommandTest {

  @Test
  void healthIsZeroWhileTheServerServesAndOneOnceItStopped() {
    TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    int port = server.port();
    try {
      assertThat(Main.run("health", "--port", String.valueOf(port))).isZero();
    } finally {
      server.close();
    }
    assertThat(Main.run("health", "--port", String.valueOf(port))).isEqualTo(1);
  }
}
