package org.tenace.client;

import io.grpc.ChannelCredentials;
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
   * servers of a cluster may be given, separated by commas ({@code a:50051,b:50051}). The channel
   * ({@link NodeChannel}) follows each table to whichever server plays it (TABLE_MOVED), from any
   * one address, and a {@link TableStream} on it moves to the next server given when one cannot
   * be reached; against a server alone it is a plain channel to that server.
   */
  public static ManagedChannel open(String hostPort, ChannelCredentials credentials) {
    return new NodeChannel(hostPort, credentials);
  }

  /** The same as {@link #open}: every channel follows its tables. */
  public static ManagedChannel following(String hostPorts, ChannelCredentials credentials) {
    return new NodeChannel(hostPorts, credentials);
  }
}
