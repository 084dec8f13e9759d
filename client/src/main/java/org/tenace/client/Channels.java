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

  /**
   * A channel to {@code hostPort} with {@code credentials}: TLS, or plaintext as above. Several
   * servers of a cluster may be given, separated by commas ({@code a:50051,b:50051}): the
   * channel ({@link NodeChannel}) starts at the first, and a {@link TableStream} on it follows
   * its table to whichever server plays it, and to the next server when one cannot be reached.
   */
  public static ManagedChannel open(String hostPort, ChannelCredentials credentials) {
    if (hostPort.contains(",")) {
      return new NodeChannel(hostPort, credentials);
    }
    return Grpc.newChannelBuilder(hostPort, credentials).build();
  }

  /**
   * A channel that follows its table (TABLE_MOVED) even from a single first address: what a
   * client of one table uses when the server may be one of a cluster.
   */
  public static ManagedChannel following(String hostPorts, ChannelCredentials credentials) {
    return new NodeChannel(hostPorts, credentials);
  }
}
