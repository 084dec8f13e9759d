package org.tenace.cli.play;

import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.tenace.cli.LoopbackServer;
import org.tenace.client.TableModel;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;

/**
 * A simple scripted player for tests: makes its scripted calls in turn (then passes), plays its
 * first legal card, accepts claims and undo requests, and is ready at once between boards. At a
 * laws-mode table it may answer options with a fixed choice, and face the opening lead when it
 * is not its to make. Its scripted calls are sent as they are, legal or not.
 */
final class ScriptedSeat implements AutoCloseable {
  private final String tableId;
  private final TableServiceGrpc.TableServiceBlockingStub stub;
  private final TableModel model = new TableModel();
  private final Deque<Call> calls;
  private final ExecutorService actor = Executors.newSingleThreadExecutor();
  final AtomicReference<BoardCompleted> lastCompleted = new AtomicReference<>();
  private volatile boolean paused;
  private boolean undoFirstCall;
  private final Seat seat;
  private volatile OptionChoice optionAnswer;
  private volatile boolean leadsOutOfTurn;
  private volatile boolean plays = true;
  private volatile boolean acceptsClaims = true;
  private volatile boolean answersUndo = true;
  private int callsAccepted; // guarded by this

  /**
   * North, East and West at {@code table}, each passing and playing its first legal card, until
   * {@code at} closes them after the test.
   */
  static void passingAround(LoopbackServer at, Channel channel, String table) {
    sitAround(at, channel, table, List.of(), List.of(), List.of());
  }

  /**
   * South's terminal at {@code table}, North, East and West {@link #passingAround passing
   * around}: once it asks for South's first call.
   */
  static DumbClient southAmongPassers(LoopbackServer at, Channel channel, String table)
      throws IOException {
    passingAround(at, channel, table);
    DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH);
    try {
      client.awaitSinceTyped("your call> ");
    } catch (RuntimeException | Error e) {
      client.close();
      throw e;
    }
    return client;
  }

  /**
   * North, East and West at {@code table}, each making its scripted calls in turn (then passing),
   * until {@code at} closes them after the test.
   */
  static void sitAround(LoopbackServer at, Channel channel, String table, List<String> north,
      List<String> east, List<String> west) {
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, north));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, east));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, west));
  }

  ScriptedSeat(Channel channel, String tableId, Seat seat, List<String> script) {
    this.tableId = tableId;
    this.seat = seat;
    this.calls = new ArrayDeque<>(script.stream().map(Call::parse).toList());
    String token = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest
        .newBuilder().setTableId(tableId).setRole(Role.ROLE_PLAYER).setSeat(seat)
        .setName("Bot " + Screen.seatName(seat)).build()).getToken();
    TableConnectionTestAccess.Authed authed = TableConnectionTestAccess.authed(channel, token);
    this.stub = authed.blocking();
    authed.async().watchTable(WatchTableRequest.newBuilder().setTableId(tableId).build(),
        new StreamObserver<>() {
          @Override
          public void onNext(WatchTableResponse r) {
            actor.execute(() -> step(r));
          }

          @Override
          public void onError(Throwable t) {}

          @Override
          public void onCompleted() {}
        });
  }

  /** Asks to undo its first call as soon as it is made. */
  ScriptedSeat undoingFirstCall() {
    undoFirstCall = true;
    return this;
  }

  /** Answers every option it holds with {@code choice}. */
  ScriptedSeat answeringOptionsWith(OptionChoice choice) {
    optionAnswer = choice;
    return this;
  }

  /** When the auction ends and another seat is to lead, faces a lead all the same. */
  ScriptedSeat leadingOutOfTurn() {
    leadsOutOfTurn = true;
    return this;
  }

  /** Calls, but leaves its cards alone (its partner or a test plays them, or nobody). */
  ScriptedSeat notPlaying() {
    plays = false;
    return this;
  }

  /** Rejects every claim it is asked about (it accepts them otherwise). */
  ScriptedSeat rejectingClaims() {
    acceptsClaims = false;
    return this;
  }

  /** Leaves undo requests unanswered until {@link #answerUndo} (it consents at once otherwise). */
  ScriptedSeat holdingUndoAnswers() {
    answersUndo = false;
    return this;
  }

  /** Consents to the open undo request now, whatever the version (the call returns after it). */
  void answerUndo() {
    stub.respondToUndo(RespondToUndoRequest.newBuilder().setTableId(tableId).setAccept(true)
        .build());
  }

  /** Asks to take back the seat's last call or card now, whatever the version. */
  void requestUndo() {
    stub.requestUndo(org.tenace.proto.v1.RequestUndoRequest.newBuilder().setTableId(tableId)
        .build());
  }

  /** How many calls the server has accepted from this seat so far. */
  synchronized int callsAccepted() {
    return callsAccepted;
  }

  /**
   * Waits until the server has accepted {@code n} calls from this seat, for {@code limit} at the
   * most: whether it has.
   */
  synchronized boolean awaitCallsAccepted(int n, java.time.Duration limit)
      throws InterruptedException {
    long end = System.nanoTime() + limit.toNanos();
    while (callsAccepted < n) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  private synchronized void accepted() {
    callsAccepted++;
    notifyAll();
  }

  /** While paused, the seat follows the table but does not act. */
  void pause() {
    paused = true;
  }

  /** Acts again, on the turn it has now. */
  void resume() {
    paused = false;
    actor.execute(this::act);
  }

  private void step(WatchTableResponse r) {
    model.apply(r);
    if (r.hasEvent() && r.getEvent().hasBoardCompleted()) {
      lastCompleted.set(r.getEvent().getBoardCompleted());
    }
    if (leadsOutOfTurn && r.hasEvent() && r.getEvent().hasAuctionEnded()
        && r.getEvent().getAuctionEnded().getOpeningLeader() != seat
        && r.getEvent().getAuctionEnded().hasContract()) {
      leadsOutOfTurn = false;
      try {
        stub.playCard(PlayCardRequest.newBuilder().setTableId(tableId).setSeat(seat)
            .setCard(model.hand(seat).orElseThrow().getCards(0))
            .setExpectedVersion(model.sequence()).build());
      } catch (StatusRuntimeException e) {
        // the test will not see its option
      }
      return;
    }
    act();
  }

  private void act() {
    if (paused) {
      return;
    }
    Turn t = model.turn().orElse(null);
    if (t == null) {
      return;
    }
    long v = model.sequence();
    try {
      switch (t.getKindCase()) {
        case CALL -> {
          long after = stub.makeCall(MakeCallRequest.newBuilder().setTableId(tableId)
              .setSeat(t.getSeat()).setCall(Vocabulary.toProto(calls.isEmpty() ? Call.PASS
                  : calls.peek())).setExpectedVersion(v).build()).getVersion();
          accepted();
          if (undoFirstCall) {
            undoFirstCall = false;
            stub.requestUndo(org.tenace.proto.v1.RequestUndoRequest.newBuilder()
                .setTableId(tableId).setExpectedVersion(after).build());
          }
        }
        case PLAY -> {
          if (plays) {
            stub.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
                .setSeat(t.getSeat()).setCard(t.getPlay().getLegalCards(0)).setExpectedVersion(v)
                .build());
          }
        }
        case CLAIM_RESPONSE -> stub.respondToClaim(RespondToClaimRequest.newBuilder()
            .setTableId(tableId).setAccept(acceptsClaims).setExpectedVersion(v).build());
        case UNDO_RESPONSE -> {
          if (answersUndo) {
            stub.respondToUndo(RespondToUndoRequest.newBuilder()
                .setTableId(tableId).setAccept(true).setExpectedVersion(v).build());
          }
        }
        case OPTION -> {
          if (optionAnswer != null) {
            stub.chooseOption(ChooseOptionRequest.newBuilder().setTableId(tableId)
                .setChoice(optionAnswer).setExpectedVersion(v).build());
          }
        }
        case READY -> stub.markReady(MarkReadyRequest.newBuilder().setTableId(tableId)
            .setExpectedVersion(v).build());
        default -> { }
      }
      if (t.hasCall() && !calls.isEmpty()) {
        calls.pop();
      }
    } catch (StatusRuntimeException e) {
      // stale: the next message carries the turn that counts
    }
  }

  @Override
  public void close() {
    actor.shutdownNow();
  }
}
