package org.tenace.client;

import io.grpc.CallOptions;
import io.grpc.ChannelCredentials;
import io.grpc.ClientCall;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A channel to one of several servers that share their tables (a cluster on one PostgreSQL):
 * calls go to the current server, which a client moves when a table is played elsewhere
 * ({@link #follow}, on TABLE_MOVED) or when the current one cannot be reached ({@link #next}).
 * With one address it is a plain channel to that server that can still follow its table.
 * One channel a table: a client at two tables has two, each at its own table's server.
 */
public final class NodeChannel extends ManagedChannel {
  private final ChannelCredentials credentials;
  private final List<String> nodes;
  private final Map<String, ManagedChannel> open = new ConcurrentHashMap<>();
  private volatile String current;
  private volatile boolean shutdown;

  /**
   * A channel to {@code hostPorts} (one, or several separated by commas), starting with the
   * first, with {@code credentials}.
   */
  public NodeChannel(String hostPorts, ChannelCredentials credentials) {
    this.credentials = credentials;
    this.nodes = new ArrayList<>();
    for (String n : hostPorts.split(",")) {
      if (!n.isBlank() && !nodes.contains(n.strip())) {
        nodes.add(n.strip());
      }
    }
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("no server address in '" + hostPorts + "'");
    }
    this.current = nodes.get(0);
  }

  /** The server calls go to now. */
  public String current() {
    return current;
  }

  /** Sends the next calls to the server at {@code hostPort} (the table's owner). */
  public synchronized void follow(String hostPort) {
    if (!nodes.contains(hostPort)) {
      nodes.add(hostPort);
    }
    current = hostPort;
  }

  /**
   * Sends the next calls to the next server of the list, after the current one could not be
   * reached; false when there is no other.
   */
  public synchronized boolean next() {
    if (nodes.size() < 2) {
      return false;
    }
    current = nodes.get((nodes.indexOf(current) + 1) % nodes.size());
    return true;
  }

  private ManagedChannel channel() {
    return open.computeIfAbsent(current, a -> Grpc.newChannelBuilder(a, credentials).build());
  }

  @Override
  public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
    return channel().newCall(method, options);
  }

  @Override
  public String authority() {
    return channel().authority();
  }

  @Override
  public void resetConnectBackoff() {
    open.values().forEach(ManagedChannel::resetConnectBackoff);
  }

  @Override
  public ManagedChannel shutdown() {
    shutdown = true;
    open.values().forEach(ManagedChannel::shutdown);
    return this;
  }

  @Override
  public ManagedChannel shutdownNow() {
    shutdown = true;
    open.values().forEach(ManagedChannel::shutdownNow);
    return this;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown && open.values().stream().allMatch(ManagedChannel::isTerminated);
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long end = System.nanoTime() + unit.toNanos(timeout);
    for (ManagedChannel c : open.values()) {
      if (!c.awaitTermination(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        return false;
      }
    }
    return true;
  }
}
