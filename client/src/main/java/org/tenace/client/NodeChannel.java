package org.tenace.client;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.Attributes;
import io.grpc.CallOptions;
import io.grpc.ChannelCredentials;
import io.grpc.ClientCall;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A channel to one of several servers that share their tables (a cluster on one PostgreSQL),
 * given one of them or several. Each call about a table (its request names a {@code table_id})
 * goes to the server that table was last found at; the rest go to the current server. A call
 * refused with TABLE_MOVED (the table is played elsewhere; the refusal names the owner's address)
 * before any answer is sent again to the owner at once, the request unchanged: a server that
 * does not own a table applies nothing of it. So a client that knows one server, any of them,
 * reaches every table, and one channel serves many tables, each at its own server.
 *
 * <p>A stream that has already brought messages is not sent again: it ends with TABLE_MOVED, and
 * its owner ({@link TableStream}) resumes it from its last sequence, which this channel now sends
 * to the new owner. When the current server cannot be reached, {@link #next} moves to the next
 * one given.
 *
 * <p>Given several servers, a unary call fails over by itself: one whose server cannot be reached
 * (its connection is in transient failure, or the call ends UNAVAILABLE before any answer: the
 * server died) is sent again at once to the next server of the list, as a TABLE_MOVED one is
 * (that server applies nothing of a table it does not own, and sends the call on to the owner
 * once it has taken the table over); one that outlives its deadline without an answer (a server
 * stopped, or cut off) ends as it must, and the next calls go to the next server. The calls of
 * that server's tables go to the next one too. A command sent again applies at most once: the
 * version it expects has moved on if the first try applied.
 */
public final class NodeChannel extends ManagedChannel {
  /** How many owners a call follows at most: a table moves once per failover. */
  static final int MAX_HOPS = 3;

  private final ChannelCredentials credentials;
  private final Consumer<ManagedChannelBuilder<?>> configure;
  private final List<String> nodes;
  private final Map<String, ManagedChannel> open = new ConcurrentHashMap<>();
  /** Where each table was last found: its id, its server's address. */
  private final Map<String, String> routes = new ConcurrentHashMap<>();
  private volatile String current;
  private volatile boolean shutdown;
  /** TABLE_MOVED answers followed so far, by any call. */
  private final java.util.concurrent.atomic.AtomicLong moves =
      new java.util.concurrent.atomic.AtomicLong();

  /**
   * A channel to {@code hostPorts} (one, or several separated by commas), starting with the
   * first, with {@code credentials}.
   */
  public NodeChannel(String hostPorts, ChannelCredentials credentials) {
    this(hostPorts, credentials, b -> {});
  }

  /**
   * As {@link #NodeChannel(String, ChannelCredentials)}, each server's channel built after
   * {@code configure} has set its builder up (the benchmark's direct executor).
   */
  public NodeChannel(String hostPorts, ChannelCredentials credentials,
      Consumer<ManagedChannelBuilder<?>> configure) {
    this.credentials = credentials;
    this.configure = configure;
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

  /** The server calls go to now, those about a table it was not found elsewhere. */
  public String current() {
    return current;
  }

  /** The server calls about table {@code tableId} go to now. */
  public String at(String tableId) {
    return routes.getOrDefault(tableId, current);
  }

  /**
   * How many times a call was sent on to another server (TABLE_MOVED) so far: a stream that
   * ended while its table moved between servers resumes at once, not after a longer backoff.
   */
  public long moves() {
    return moves.get();
  }

  /** Sends the next calls to the server at {@code hostPort}. */
  public synchronized void follow(String hostPort) {
    if (!nodes.contains(hostPort)) {
      nodes.add(hostPort);
    }
    current = hostPort;
  }

  /**
   * Sends the next calls about table {@code tableId} to the server at {@code hostPort}, its
   * owner, and those about no table there too: a client of one table follows it whole.
   */
  public void follow(String tableId, String hostPort) {
    routes.put(tableId, hostPort);
    follow(hostPort);
  }

  /**
   * The server at {@code address} could not be reached: the calls that went there (the current
   * ones, and those of the tables found there) go to the next server of the list; nothing when
   * they go elsewhere already (another call saw it first). False when there is no other server.
   */
  synchronized boolean leave(String address) {
    if (nodes.size() < 2) {
      return false;
    }
    routes.values().removeIf(address::equals);
    if (current.equals(address)) {
      current = nodes.get((nodes.indexOf(current) + 1) % nodes.size());
    }
    return true;
  }

  /**
   * Sends the next calls to the next server of the list, after the current one could not be
   * reached (nor the tables found there); false when there is no other.
   */
  public synchronized boolean next() {
    if (nodes.size() < 2) {
      return false;
    }
    String gone = current;
    current = nodes.get((nodes.indexOf(current) + 1) % nodes.size());
    routes.values().removeIf(gone::equals);
    return true;
  }

  /** Whether the connection to {@code address} is known to be failing (without connecting). */
  private boolean unreachable(String address) {
    ManagedChannel c = open.get(address);
    return c != null && c.getState(false) == io.grpc.ConnectivityState.TRANSIENT_FAILURE;
  }

  private ManagedChannel channel(String address) {
    return open.computeIfAbsent(address, a -> {
      ManagedChannelBuilder<?> b = Grpc.newChannelBuilder(a, credentials);
      configure.accept(b);
      return b.build();
    });
  }

  @Override
  public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
    return new Routed<>(method, options);
  }

  @Override
  public String authority() {
    return channel(current).authority();
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

  // ------------------------------------------------------------------ routing a call

  /** How each request type names its table: its own table_id, or that of a message it holds. */
  private static final Map<Descriptor, Function<Message, String>> TABLE_OF =
      new ConcurrentHashMap<>();

  /** The table a request is about (its table_id, or its watch's), or null. */
  static String tableOf(Object request) {
    if (!(request instanceof Message m)) {
      return null;
    }
    String id = TABLE_OF.computeIfAbsent(m.getDescriptorForType(), NodeChannel::finder).apply(m);
    return id == null || id.isEmpty() ? null : id;
  }

  private static Function<Message, String> finder(Descriptor d) {
    FieldDescriptor own = tableIdField(d);
    if (own != null) {
      return m -> (String) m.getField(own);
    }
    // Connect's messages: the table is in the watch (or the command) each one holds.
    List<FieldDescriptor[]> inner = new ArrayList<>();
    for (FieldDescriptor f : d.getFields()) {
      if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !f.isRepeated()) {
        FieldDescriptor id = tableIdField(f.getMessageType());
        if (id != null) {
          inner.add(new FieldDescriptor[] {f, id});
        }
      }
    }
    return m -> {
      for (FieldDescriptor[] f : inner) {
        if (m.hasField(f[0])) {
          return (String) ((Message) m.getField(f[0])).getField(f[1]);
        }
      }
      return null;
    };
  }

  private static FieldDescriptor tableIdField(Descriptor d) {
    FieldDescriptor f = d.findFieldByName("table_id");
    return f != null && !f.isRepeated() && f.getJavaType() == FieldDescriptor.JavaType.STRING
        ? f : null;
  }

  /**
   * For a call ended so, the address TABLE_MOVED names (empty while the table is between
   * servers); empty for any other end.
   */
  static Optional<String> movedTo(Status status, Metadata trailers) {
    if (status.getCode() != Status.Code.UNAVAILABLE || trailers == null) {
      return Optional.empty();
    }
    return ServerReasons.find(StatusProto.fromStatusAndTrailers(status, trailers), "TABLE_MOVED")
        .stream().findFirst().map(info -> info.getMetadataOrDefault("address", ""));
  }

  /**
   * A call that opens on a server only once its first request is known (the request names the
   * table, the table its server), and is opened again at the owner when that server answers
   * TABLE_MOVED before anything else.
   */
  private final class Routed<Q, R> extends ClientCall<Q, R> {
    private final MethodDescriptor<Q, R> method;
    private final CallOptions options;
    private Listener<R> listener;
    private Metadata headers;
    private int requested;
    private boolean halfClosed;
    private Boolean compression;
    private Q first;
    private int sent;
    private String table;
    private String address;
    private int hops;
    /** Servers this call has left because they could not be reached. */
    private int failovers;
    private ClientCall<Q, R> real;

    Routed(MethodDescriptor<Q, R> method, CallOptions options) {
      this.method = method;
      this.options = options;
    }

    @Override
    public synchronized void start(Listener<R> listener, Metadata headers) {
      this.listener = listener;
      this.headers = new Metadata();
      this.headers.merge(headers);
    }

    @Override
    public synchronized void request(int n) {
      requested += n;
      if (real != null) {
        real.request(n);
      }
    }

    @Override
    public synchronized void sendMessage(Q message) {
      sent++;
      if (real == null) {
        first = message;
        table = tableOf(message);
        open();
      } else {
        real.sendMessage(message);
      }
    }

    @Override
    public synchronized void halfClose() {
      halfClosed = true;
      if (real == null) {
        open();
      } else {
        real.halfClose();
      }
    }

    @Override
    public synchronized void cancel(String message, Throwable cause) {
      if (real == null && listener != null) {
        open(); // its end (CANCELLED) reaches the listener as any call's does
      }
      if (real != null) {
        real.cancel(message, cause);
      }
    }

    @Override
    public synchronized boolean isReady() {
      return real == null || real.isReady(); // the first message is held until it opens
    }

    @Override
    public synchronized void setMessageCompression(boolean enabled) {
      compression = enabled;
      if (real != null) {
        real.setMessageCompression(enabled);
      }
    }

    @Override
    public synchronized Attributes getAttributes() {
      return real == null ? Attributes.EMPTY : real.getAttributes();
    }

    /**
     * Opens the call at the table's server (the current one for a call about no table); a
     * unary call passes over a server whose connection is in transient failure, to the next.
     */
    private void open() {
      address = table == null ? current : at(table);
      while (unary() && failovers < nodes.size() - 1 && unreachable(address)) {
        failovers++;
        leave(address);
        address = table == null ? current : at(table);
      }
      ClientCall<Q, R> call = channel(address).newCall(method, options);
      real = call;
      Metadata copy = new Metadata();
      copy.merge(headers);
      call.start(new Following(call), copy);
      if (compression != null) {
        call.setMessageCompression(compression);
      }
      if (requested > 0) {
        call.request(requested);
      }
      if (first != null) {
        call.sendMessage(first);
      }
      if (halfClosed) {
        call.halfClose();
      }
    }

    private boolean unary() {
      return method.getType() == MethodDescriptor.MethodType.UNARY;
    }

    /**
     * The listener of one attempt: passes everything on, except, before any answer to a call of
     * one request, a TABLE_MOVED, which opens the call again at the owner, and for a unary call
     * an UNAVAILABLE of a server that cannot be reached, which opens it again at the next.
     */
    private final class Following extends Listener<R> {
      private final ClientCall<Q, R> attempt;
      private boolean answered;

      Following(ClientCall<Q, R> attempt) {
        this.attempt = attempt;
      }

      @Override
      public void onHeaders(Metadata h) {
        answered = true;
        listener.onHeaders(h);
      }

      @Override
      public void onMessage(R message) {
        answered = true;
        listener.onMessage(message);
      }

      @Override
      public void onReady() {
        listener.onReady();
      }

      @Override
      public void onClose(Status status, Metadata trailers) {
        Optional<String> moved = movedTo(status, trailers);
        synchronized (Routed.this) {
          if (moved.isPresent()) {
            // Between servers (no address): the server that said so takes it over, in time.
            // A call that names no table (CreateTable retried: its request_id made a table
            // another server plays) moves the channel's current server.
            String owner = moved.get().isEmpty() ? address : moved.get();
            if (table != null) {
              follow(table, owner);
            } else {
              follow(owner);
            }
            moves.incrementAndGet();
            if (!moved.get().isEmpty() && !owner.equals(address) && !answered && sent <= 1
                && hops < MAX_HOPS && attempt == real && !shutdown) {
              hops++;
              open();
              return;
            }
          } else if (unary() && !answered && attempt == real && !shutdown
              && (status.getCode() == Status.Code.UNAVAILABLE
                  || status.getCode() == Status.Code.DEADLINE_EXCEEDED)) {
            // The server died (or stopped answering): the next calls go to the next one, and
            // this one too while its deadline allows.
            boolean other = leave(address);
            if (other && status.getCode() == Status.Code.UNAVAILABLE
                && failovers < nodes.size() - 1) {
              failovers++;
              open();
              return;
            }
          }
        }
        listener.onClose(status, trailers);
      }
    }
  }
}
