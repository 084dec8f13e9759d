package org.tenace.client;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * Channels to a Tenace server, over whichever gRPC transport the application puts on the class
 * path (the terminal client ships Netty), so that the library itself carries none.
 */
public final class Channels {
  private Channels() {}

  /**
   * A plaintext channel to {@code hostPort}. No client keepalive: the server's default policy
   * refuses pings more often than every five minutes.
   */
  public static ManagedChannel plaintext(String hostPort) {
    return ManagedChannelBuilder.forTarget(hostPort).usePlaintext().build();
  }
}
