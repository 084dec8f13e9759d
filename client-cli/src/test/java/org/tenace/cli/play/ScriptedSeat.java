package org.tenace.cli.play;

import org.tenace.robot.client.Vocabulary;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.robot.client.TableModel;
import org.tenace.scoring.auction.Call;

/**
 * A simple scripted player for tests: makes its scripted calls in turn (then passes), plays its
 * first legal card, accepts claims and undo requests, and is ready at once between boards.
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

  ScriptedSeat(Channel channel, String tableId, Seat seat, List<String> script) {
    this.tableId = tableId;
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
          if (undoFirstCall) {
            undoFirstCall = false;
            stub.requestUndo(org.tenace.proto.v1.RequestUndoRequest.newBuilder()
                .setTableId(tableId).setExpectedVersion(after).build());
          }
        }
        case PLAY -> stub.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
            .setSeat(t.getSeat()).setCard(t.getPlay().getLegalCards(0)).setExpectedVersion(v)
            .build());
        case CLAIM_RESPONSE -> stub.respondToClaim(RespondToClaimRequest.newBuilder()
            .setTableId(tableId).setAccept(true).setExpectedVersion(v).build());
        case UNDO_RESPONSE -> stub.respondToUndo(RespondToUndoRequest.newBuilder()
            .setTableId(tableId).setAccept(true).setExpectedVersion(v).build());
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
