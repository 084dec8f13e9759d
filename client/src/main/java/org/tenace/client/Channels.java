package org.tenace.client;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;

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
    return open(hostPort, InsecureChannelCredentials.create());
  }

  /** A channel to {@code hostPort} with {@code credentials}: TLS, or plaintext as above. */
  public static ManagedChannel open(String hostPort, ChannelCredentials credentials) {
    return Grpc.newChannelBuilder(hostPort, credentials).build();
  }
}
