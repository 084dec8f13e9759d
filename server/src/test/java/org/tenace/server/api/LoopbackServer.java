package org.tenace.server.api;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A real Netty server on a loopback port, on a fresh in-memory store, and a channel to it. */
abstract class LoopbackServer {
  TenaceServer server;
  ManagedChannel channel;

  @BeforeEach
  void startServer() {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterEach
  void stopServer() {
    channel.shutdownNow();
    server.close();
  }
}
