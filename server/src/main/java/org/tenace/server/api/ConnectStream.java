package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.application.Tables;
import org.tenace.server.table.SearchFirst;
import org.tenace.server.table.Searched;

/**
 * The client's side of one Connect stream: its first message starts the watch, as WatchTable
 * does; every later one is a command, run by the very code of its unary call, and answered on the
 * stream with the command's id: the table's version, or the refusal the unary call would have
 * ended with, as a google.rpc.Status. A refusal ends nothing: the stream stays open.
 *
 * <p>Commands are answered in the order they came: the stream reads its next message only once
 * the last is answered (inbound flow control). A command that waits for a claim's search is
 * answered from the search's thread ({@link ClaimSearches}); meanwhile the stream's later
 * commands wait unread, and no thread waits for them.
 */
final class ConnectStream implements StreamObserver<ConnectRequest> {
  private final TableGrpcService service;
  private final TableGrpcService.Watching watching;
  private final ServerCallStreamObserver<?> out;
  private boolean started;
  // A command is under way (it may be answered from a claim-search thread), and the client closed
  // its side meanwhile: the stream ends once that command is answered.
  private boolean answering;
  private boolean hungUp;

  /** Made while the call starts, as gRPC requires for its flow control. */
  ConnectStream(TableGrpcService service, TableGrpcService.Watching watching,
      ServerCallStreamObserver<?> out) {
    this.service = service;
    this.watching = watching;
    this.out = out;
    out.disableAutoRequest();
    out.request(1);
  }

  @Override
  public void onNext(ConnectRequest r) {
    if (!started) {
      started = true;
      if (!r.hasWatch()) {
        watching.fail(StatusMapper.toStatus(
            ProtoMapper.malformed("watch", "a watch as the stream's first message")));
      } else if (Tables.Kind.of(r.getWatch().getTableId()) == Tables.Kind.TWO_PLAYER) {
        watching.fail(StatusMapper.toStatus(ProtoMapper.malformed("watch.table_id",
            "a four-player table (at a two-player table: WatchTable and the unary calls)")));
      } else {
        watching.start(r.getWatch());
      }
      out.request(1);
      return;
    }
    Watcher w = watching.watcher();
    if (w == null) {
      return; // the watch was refused and the stream has ended
    }
    long start = System.nanoTime();
    CommandAnswer.Builder a = CommandAnswer.newBuilder().setCommandId(r.getCommandId());
    begin();
    service.searches().take(searched -> {
      // Updates the command causes for this viewer wait, to go out with the answer in one message;
      // while a claim's search runs, the others' updates go out as they come.
      w.hold();
      try {
        return run(r, searched);
      } catch (SearchFirst n) {
        watching.release(w);
        throw n;
      }
    }, v -> answer(w, r, start, a.setVersion(v), Status.Code.OK.name()), e -> {
      StatusRuntimeException s = StatusMapper.toStatus(e);
      answer(w, r, start, a.setRefusal(StatusProto.fromThrowable(s).toByteString()),
          s.getStatus().getCode().name());
    });
  }

  /** Sends a command's answer, then reads the next command, or ends if the client has. */
  private void answer(Watcher w, ConnectRequest r, long start, CommandAnswer.Builder a,
      String code) {
    try {
      watching.answer(w, a.build());
    } finally {
      // Cleared before the next command is read: that one may start at once on another thread.
      if (answered()) {
        end();
      } else {
        out.request(1);
      }
    }
    ServerMetrics.record(method(r), code, System.nanoTime() - start);
  }

  private synchronized void begin() {
    answering = true;
  }

  /** The command is answered; whether the client closed its side meanwhile. */
  private synchronized boolean answered() {
    answering = false;
    return hungUp;
  }

  /** Whether a command is under way, so that the stream ends only after its answer. */
  private synchronized boolean endAfterAnswer() {
    hungUp = answering;
    return answering;
  }

  /** The unary call a command stands for, as the metrics name it. */
  private static String method(ConnectRequest r) {
    switch (r.getKindCase()) {
      case MAKE_CALL: return TableServiceGrpc.getMakeCallMethod().getBareMethodName();
      case PLAY_CARD: return TableServiceGrpc.getPlayCardMethod().getBareMethodName();
      case CLAIM: return TableServiceGrpc.getClaimMethod().getBareMethodName();
      case RESPOND_TO_CLAIM: return TableServiceGrpc.getRespondToClaimMethod().getBareMethodName();
      case REQUEST_UNDO: return TableServiceGrpc.getRequestUndoMethod().getBareMethodName();
      case RESPOND_TO_UNDO: return TableServiceGrpc.getRespondToUndoMethod().getBareMethodName();
      case CHOOSE_OPTION: return TableServiceGrpc.getChooseOptionMethod().getBareMethodName();
      case DECIDE_RULING: return TableServiceGrpc.getDecideRulingMethod().getBareMethodName();
      case MARK_READY: return TableServiceGrpc.getMarkReadyMethod().getBareMethodName();
      default: return "Connect.unknown";
    }
  }

  /** The command's version after it, by its unary call's code (with the claim search's answers). */
  private long run(ConnectRequest r, Searched searched) {
    switch (r.getKindCase()) {
      case MAKE_CALL: return service.makeCall(r.getMakeCall()).getVersion();
      case PLAY_CARD: return service.playCard(r.getPlayCard()).getVersion();
      case CLAIM: return service.claim(r.getClaim()).getVersion();
      case RESPOND_TO_CLAIM: return service.respondToClaim(r.getRespondToClaim(), searched)
          .getVersion();
      case REQUEST_UNDO: return service.requestUndo(r.getRequestUndo()).getVersion();
      case RESPOND_TO_UNDO: return service.respondToUndo(r.getRespondToUndo()).getVersion();
      case CHOOSE_OPTION: return service.chooseOption(r.getChooseOption()).getVersion();
      case DECIDE_RULING: return service.decideRuling(r.getDecideRuling(), searched).getVersion();
      case MARK_READY: return service.markReady(r.getMarkReady()).getVersion();
      case WATCH: throw ProtoMapper.malformed("watch", "only as the stream's first message");
      default: throw ProtoMapper.malformed("kind", "a command");
    }
  }

  @Override
  public void onError(Throwable t) {
    // The call was cancelled: the cancel handler set by Watching cleans up.
  }

  @Override
  public void onCompleted() {
    if (!endAfterAnswer()) {
      end();
    }
  }

  /** The client has closed its side and every command is answered: the stream ends. */
  private void end() {
    Watcher w = watching.watcher();
    if (w != null) {
      w.close(Status.Code.OK, "", "");
    }
    watching.stop();
    watching.completeIfUnstarted();
  }
}
