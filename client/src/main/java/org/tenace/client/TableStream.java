package org.tenace.client;

import com.google.rpc.ErrorInfo;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.ConnectResponse;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableStatus;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * One viewer's stream of a table, the one every client uses (the seat driver, the two-player
 * driver, the terminal client): WatchTable (or Connect, which carries the commands too) folded
 * into a {@link TableModel}, resumed after a drop from the model's sequence + 1 with an
 * exponential backoff ({@link #FIRST_BACKOFF} doubling to at most {@link #MAX_BACKOFF}, with
 * jitter), until an end that is for good ({@link #isFinal}).
 *
 * <p>A resume keeps the model as it was: when the client had already seen the table's last
 * action, the server has nothing to send from its own version and the stream brings no message,
 * so the turn the client knew is still the turn (a client that forgot it would wait for ever).
 * The version a command expects is the model's sequence ({@link #expectedVersion()}).
 *
 * <p>Threads: every callback runs on the owner's {@code worker}, one at a time; each message is
 * applied to the model holding {@code lock} (the owner's, for readers on other threads), then
 * handed to the {@link Handler} without it.
 */
public final class TableStream implements AutoCloseable {
  private static final System.Logger log = System.getLogger(TableStream.class.getName());

  /** The first wait before a resume. */
  public static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
  /** The longest wait between two resumes. */
  public static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

  /** What the stream tells its owner, on the owner's worker. */
  public interface Handler {
    /** A message, before it is applied to the model, holding the lock (the model as it was). */
    default void arriving(WatchTableResponse message) {}

    /** A message, once applied to the model. */
    void received(WatchTableResponse message);

    /** On Connect: the answer to a command sent with {@link #send}. */
    default void answered(CommandAnswer answer) {}

    /**
     * The stream ended: resumed after {@code resumeIn}, or for good when empty (the table
     * closed, the token is void or taken over, the request was wrong). The handler may
     * {@link #close()} the stream here instead of letting it resume.
     */
    default void dropped(Status why, Optional<Duration> resumeIn) {}
  }

  private final Channel channel;
  private final TableServiceGrpc.TableServiceStub stub;
  private final String tableId;
  private final ScheduledExecutorService worker;
  private final Handler handler;
  private final Object lock;
  private final TableModel model = new TableModel();
  private boolean connect;

  // Owned by the worker.
  private int generation;
  private int failures;
  private ClientCallStreamObserver<ConnectRequest> connectOut;
  /** The channel's moves when the stream opened (a NodeChannel's; 0 for any other). */
  private long movesAtOpen;
  private volatile ClientCallStreamObserver<?> call;
  private volatile boolean closed;

  /**
   * A stream of table {@code tableId} for the holder of {@code token}, through {@code channel};
   * the model is applied holding {@code lock}. Nothing happens until {@link #start()}.
   */
  public TableStream(Channel channel, String tableId, String token,
      ScheduledExecutorService worker, Object lock, Handler handler) {
    if (tableId == null || tableId.isEmpty()) {
      throw new IllegalArgumentException("a table id is required");
    }
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException("a token is required");
    }
    this.channel = channel;
    this.stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(channel, Bearer.of(token)));
    this.tableId = tableId;
    this.worker = Objects.requireNonNull(worker, "worker");
    this.lock = Objects.requireNonNull(lock, "lock");
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  /**
   * Watch over one Connect stream, which carries the commands too ({@link #send}), instead of
   * WatchTable. Before {@link #start()}.
   */
  public TableStream overConnect() {
    connect = true;
    return this;
  }

  /** Opens the stream; returns at once. */
  public TableStream start() {
    submit(() -> open(false));
    return this;
  }

  /**
   * Opens the stream again now, in place of the one open: from the next event, or {@code fresh}
   * from a new snapshot (after an event whose consequences only a snapshot shows).
   */
  public void reopen(boolean fresh) {
    submit(() -> open(fresh));
  }

  /** The table as this viewer knows it. Read on the worker, or holding the lock. */
  public TableModel model() {
    return model;
  }

  /** The version the next command expects: the sequence of the last message applied. */
  public long expectedVersion() {
    synchronized (lock) {
      return model.sequence();
    }
  }

  /** Resumes in a row without a message, for descriptions. */
  public int failures() {
    return failures;
  }

  /** Whether a stream is open (on the worker). */
  public boolean isOpen() {
    return call != null;
  }

  /**
   * On Connect: sends a command on the open stream; false when none is open (the resumed stream
   * brings the turn again). On the worker.
   */
  public boolean send(ConnectRequest command) {
    if (connectOut == null || closed) {
      return false;
    }
    connectOut.onNext(command);
    return true;
  }

  /** Stops for good: the stream is cancelled and not resumed. From any thread. */
  @Override
  public void close() {
    closed = true;
    ClientCallStreamObserver<?> c = call;
    if (c != null) {
      c.cancel("the client closed the stream", null);
    }
  }

  public boolean isClosed() {
    return closed;
  }

  /**
   * Whether a stream that ended so is over for good rather than resumed: it completed (the
   * server ends a stream only once the table has closed), the stream was taken over by another
   * with the same token (ABORTED), the token or the table is unknown, or the request was wrong.
   * The rest (UNAVAILABLE, RESOURCE_EXHAUSTED for a viewer too slow, CANCELLED, a network error)
   * is the transport's, and resumed.
   */
  public static boolean isFinal(Status status) {
    return switch (status.getCode()) {
      case OK, ABORTED, UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND, INVALID_ARGUMENT,
          FAILED_PRECONDITION, UNIMPLEMENTED -> true;
      default -> false;
    };
  }

  /**
   * The wait before the resume that follows {@code failures} resumes in a row without a message:
   * {@link #FIRST_BACKOFF} doubled each time up to {@link #MAX_BACKOFF}, then between half and
   * all of it, so that clients cut off together do not come back together.
   */
  public static Duration backoff(int failures) {
    long base = Math.min(MAX_BACKOFF.toMillis(), FIRST_BACKOFF.toMillis() << Math.min(failures,
        10));
    return Duration.ofMillis(base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1));
  }

  /**
   * For a refusal or a stream's end TABLE_MOVED (the table is played on another server of a
   * cluster), the address of the server that plays it (empty while it is between servers);
   * empty for anything else.
   */
  public static Optional<String> movedTo(Throwable refusal) {
    return ServerReasons.find(StatusProto.fromThrowable(refusal), "TABLE_MOVED").stream()
        .findFirst().map(info -> info.getMetadataOrDefault("address", ""));
  }

  /**
   * For a command refused as stale (it expected an older version than the table's), the table's
   * version when it was refused, from the refusal's ErrorInfo; empty for any other refusal.
   */
  public static OptionalLong staleAt(Throwable refusal) {
    for (ErrorInfo info : ServerReasons.find(StatusProto.fromThrowable(refusal),
        "STALE_VERSION")) {
      try {
        return OptionalLong.of(Long.parseLong(info.getMetadataOrDefault("version", "0")));
      } catch (NumberFormatException ignored) {
        // not the server's ErrorInfo: the refusal stays as it came
      }
    }
    return OptionalLong.empty();
  }

  // ------------------------------------------------------------------ on the worker

  private void open(boolean fresh) {
    if (closed) {
      return;
    }
    int gen = ++generation;
    ClientCallStreamObserver<?> old = call;
    call = null;
    connectOut = null;
    if (old != null) {
      old.cancel("replaced by a new stream", null); // its end is ignored: an old generation
    }
    movesAtOpen = channel instanceof NodeChannel nodes ? nodes.moves() : 0;
    long from;
    synchronized (lock) {
      from = model.isReady() && !fresh ? model.sequence() + 1 : 0;
    }
    WatchTableRequest watch = WatchTableRequest.newBuilder().setTableId(tableId)
        .setFromSequence(from).build();
    // The callbacks reach the worker only after this returns.
    if (connect) {
      var out = (ClientCallStreamObserver<ConnectRequest>) stub.connect(
          this.<ConnectRequest, ConnectResponse>observer(gen, m -> {
            for (WatchTableResponse r : m.getUpdatesList()) {
              received(gen, r);
            }
            if (m.hasAnswer() && gen == generation && !closed) {
              handler.answered(m.getAnswer());
            }
          }));
      out.onNext(ConnectRequest.newBuilder().setWatch(watch).build());
      connectOut = out;
    } else {
      stub.watchTable(watch, this.<WatchTableRequest, WatchTableResponse>observer(gen,
          r -> received(gen, r)));
    }
    if (closed) {
      close(); // closed from another thread while this one opened
    }
  }

  /** The observer of the stream of generation {@code gen}: each callback goes to the worker. */
  private <Q, R> ClientResponseObserver<Q, R> observer(int gen, Consumer<R> message) {
    return new ClientResponseObserver<>() {
      @Override
      public void beforeStart(ClientCallStreamObserver<Q> s) {
        call = s; // still on the worker, inside the stub's call
      }

      @Override
      public void onNext(R m) {
        submit(() -> message.accept(m));
      }

      @Override
      public void onError(Throwable t) {
        Optional<String> moved = movedTo(t);
        submit(() -> ended(gen, Status.fromThrowable(t), moved));
      }

      @Override
      public void onCompleted() {
        submit(() -> ended(gen, Status.OK, Optional.empty()));
      }
    };
  }

  private void received(int gen, WatchTableResponse r) {
    if (gen != generation || closed) {
      return;
    }
    failures = 0;
    synchronized (lock) {
      handler.arriving(r);
      model.apply(r);
    }
    handler.received(r);
  }

  private void ended(int gen, Status status, Optional<String> moved) {
    if (gen != generation || closed) {
      return;
    }
    boolean follows = channel instanceof NodeChannel;
    if (moved.isPresent() && !follows) {
      // Played on another server, and this channel cannot go there (the server's own robots:
      // the new owner seats them again).
      call = null;
      connectOut = null;
      closed = true;
      handler.dropped(status, Optional.empty());
      return;
    }
    if (follows) {
      NodeChannel nodes = (NodeChannel) channel;
      if (nodes.moves() != movesAtOpen) {
        failures = 0; // the table is moving between servers: back at once, as it settles
      }
      if (moved.isPresent() && !moved.get().isEmpty()) {
        log.log(System.Logger.Level.DEBUG, () -> "table " + tableId + " is played at "
            + moved.get() + " now; following it");
        nodes.follow(tableId, moved.get());
        failures = 0;
      } else if (moved.isPresent()) {
        // Between servers: the one that said so (the channel sends this table there) takes it
        // over once its owner's lease has run out.
      } else if (status.getCode() == Status.Code.UNAVAILABLE
          || status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
        nodes.next(); // this server is down, or the table is between servers: try the next
      }
    }
    call = null;
    connectOut = null;
    boolean tableClosed;
    synchronized (lock) {
      tableClosed = model.isReady()
          && model.snapshot().getTable().getStatus() == TableStatus.TABLE_STATUS_CLOSED;
    }
    if (isFinal(status) || tableClosed) {
      closed = true;
      handler.dropped(status, Optional.empty());
      return;
    }
    Duration wait = backoff(failures);
    failures++;
    log.log(System.Logger.Level.DEBUG, () -> "table " + tableId + ": stream ended ("
        + status.getCode() + "), resuming in " + wait.toMillis() + " ms");
    handler.dropped(status, Optional.of(wait));
    if (closed) {
      return; // the handler closed it
    }
    try {
      worker.schedule(() -> {
        if (gen != generation || closed) {
          return; // reopened meanwhile
        }
        if (channel instanceof ManagedChannel m) {
          m.resetConnectBackoff(); // our own backoff paces the attempts
        }
        open(false);
      }, wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stopped) {
      closed = true;
    }
  }

  /** Runs {@code r} on the worker, a failure logged; nothing once the worker has stopped. */
  void submit(Runnable r) {
    try {
      worker.execute(() -> {
        try {
          r.run();
        } catch (RuntimeException e) {
          log.log(System.Logger.Level.ERROR, "table " + tableId + ": the stream's owner failed",
              e);
        }
      });
    } catch (RejectedExecutionException stoppedAlready) {
      // The owner has stopped: late messages are dropped.
    }
  }
}
