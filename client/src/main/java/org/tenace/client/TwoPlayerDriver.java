package org.tenace.client;

import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A program at one seat of a two-player table, as a gRPC client of TableService: it watches the
 * table and, whenever the view the server sent says it is this seat's turn, asks its
 * {@link Brain} for a call or a card from the legal ones the server listed, sends it with
 * expected_version = the view's sequence, and says it is ready between deals. A stale refusal
 * waits for the next view; any other refusal, or an answer outside the legal list, is replaced by
 * the first legal one. The table is watched through a {@link TableStream}, which resumes a broken
 * stream (with its backoff) until the table closes.
 *
 * <p>Threads: the stream's callbacks hand every message to one worker, which does the rest.
 */
public final class TwoPlayerDriver implements AutoCloseable {
  private static final System.Logger log = System.getLogger(TwoPlayerDriver.class.getName());

  /** What decides a seat's calls and cards. */
  public interface Brain {
    Call call(TwoPlayerView view, Seat me, List<Call> legal);

    Card card(TwoPlayerView view, Seat me, List<Card> legal);

    /** Each view as it arrives (for a screen); called on the driver's worker. */
    default void seen(TwoPlayerView view, String what) {}

    /**
     * The deal is over: completes with true once the seat is ready for the next one (a person,
     * once he has read the result), false to stay not ready. Asked once a deal, on the driver's
     * worker, which goes on showing the table meanwhile.
     */
    default java.util.concurrent.CompletionStage<Boolean> ready(TwoPlayerView view) {
      return CompletableFuture.completedFuture(true);
    }

    /** The table refused a command for a reason other than a stale version. */
    default void refused(Status status) {
      log.log(System.Logger.Level.WARNING, "two-player command refused: {0}",
          status.getCode() + ": " + status.getDescription());
    }
  }

  private final TableStream stream;
  private final TableServiceGrpc.TableServiceBlockingStub blocking;
  private final String tableId;
  private final Seat seat;
  private final Brain brain;
  private final ScheduledExecutorService worker;
  private final CompletableFuture<String> done = new CompletableFuture<>();
  /** The table's version after this seat's last command: views before it are past news. */
  private long actedAt;
  /** The deal whose end the brain was last asked to be ready after. */
  private int readyAsked;
  private volatile boolean closed;

  public TwoPlayerDriver(Channel channel, String tableId, String token, Seat seat, Brain brain) {
    this.blocking = TableServiceGrpc.newBlockingStub(channel).withInterceptors(Bearer.of(token));
    this.tableId = tableId;
    this.seat = seat;
    this.brain = brain;
    this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "two-player-" + tableId + "-" + seat);
      t.setDaemon(true);
      return t;
    });
    this.stream = new TableStream(channel, tableId, token, worker, new Object(),
        new TableStream.Handler() {
          @Override
          public void received(WatchTableResponse message) {
            handle(message);
          }

          @Override
          public void dropped(Status why, Optional<Duration> resumeIn) {
            TwoPlayerDriver.this.dropped(why, resumeIn);
          }
        });
  }

  public void start() {
    stream.start();
  }

  /** Completes with the reason the driver stopped. */
  public CompletableFuture<String> done() {
    return done;
  }

  private void dropped(Status s, Optional<Duration> resumeIn) {
    if (resumeIn.isEmpty()) {
      stop(s.isOk() ? "the table closed"
          : s.getDescription() == null ? s.getCode().toString() : s.getDescription());
    }
  }

  private void handle(WatchTableResponse m) {
    if (closed) {
      return;
    }
    TwoPlayerView view;
    String what;
    long seq;
    if (m.hasSnapshot()) {
      view = m.getSnapshot().getTwoPlayer();
      seq = m.getSnapshot().getSequence();
      what = "";
    } else if (m.getEvent().hasTwoPlayerUpdate()) {
      view = m.getEvent().getTwoPlayerUpdate().getView();
      what = m.getEvent().getTwoPlayerUpdate().getWhat();
      seq = m.getEvent().getSequence();
    } else {
      return;
    }
    try {
      brain.seen(view, what);
    } catch (RuntimeException e) {
      log.log(System.Logger.Level.WARNING, "two-player screen failed", e);
    }
    if (seq < actedAt) {
      // A view from before this seat's last command (the other seat's ready, say, while this
      // one's was on its way): acting on it would repeat the command against a table that has
      // moved on.
      return;
    }
    command(() -> act(view, seq));
  }

  /** Sends a command; a refusal other than a stale version or a lost server goes to the brain. */
  private void command(Runnable send) {
    try {
      send.run();
    } catch (StatusRuntimeException e) {
      Status.Code code = e.getStatus().getCode();
      if (code != Status.Code.ABORTED && code != Status.Code.UNAVAILABLE && !closed) {
        try {
          brain.refused(e.getStatus());
        } catch (RuntimeException x) {
          log.log(System.Logger.Level.WARNING, "two-player screen failed", x);
        }
      }
    }
  }

  private void act(TwoPlayerView view, long seq) {
    if (view.getToAct() == Vocabulary.toProto(seat) && view.getLegalCallsCount() > 0) {
      List<Call> legal = view.getLegalCallsList().stream().map(Vocabulary::call).toList();
      Call c = answer(() -> brain.call(view, seat, legal), legal);
      actedAt = blocking.makeCall(MakeCallRequest.newBuilder().setTableId(tableId)
          .setSeat(Vocabulary.toProto(seat)).setCall(Vocabulary.toProto(c))
          .setExpectedVersion(seq).build()).getVersion();
    } else if (view.getToAct() == Vocabulary.toProto(seat) && view.getLegalCardsCount() > 0) {
      List<Card> legal = view.getLegalCardsList().stream().map(Vocabulary::card).toList();
      Card c = answer(() -> brain.card(view, seat, legal), legal);
      actedAt = blocking.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
          .setSeat(Vocabulary.toProto(seat)).setCard(Vocabulary.toProto(c))
          .setExpectedVersion(seq).build()).getVersion();
    } else if (view.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE
        && !view.getReadyList().contains(Vocabulary.toProto(seat))
        && readyAsked != view.getDealNumber()) {
      readyAsked = view.getDealNumber();
      java.util.concurrent.CompletionStage<Boolean> ready;
      try {
        ready = brain.ready(view);
      } catch (RuntimeException e) {
        ready = CompletableFuture.completedFuture(true);
      }
      ready.thenAccept(yes -> {
        if (Boolean.TRUE.equals(yes)) {
          try {
            worker.execute(() -> {
              if (!closed) {
                command(() -> actedAt = blocking.markReady(MarkReadyRequest.newBuilder()
                    .setTableId(tableId).build()).getVersion());
              }
            });
          } catch (java.util.concurrent.RejectedExecutionException e) {
            // the driver has stopped
          }
        }
      });
    }
  }

  private static <T> T answer(java.util.function.Supplier<T> ask, List<T> legal) {
    try {
      T a = ask.get();
      return a != null && legal.contains(a) ? a : legal.get(0);
    } catch (RuntimeException e) {
      return legal.get(0);
    }
  }

  private void stop(String reason) {
    closed = true;
    stream.close();
    done.complete(reason);
    worker.shutdown();
  }

  @Override
  public void close() {
    if (!closed) {
      stop("closed");
    }
    worker.shutdownNow();
  }
}
