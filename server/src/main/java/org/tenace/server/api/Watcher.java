package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayDeque;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.table.Holder;

/**
 * One WatchTable stream. Messages go straight to gRPC while the client keeps up; otherwise they
 * wait in a bounded queue, drained when the transport is ready again. A client that falls further
 * behind than the queue holds is cut off (RESOURCE_EXHAUSTED, WATCHER_TOO_SLOW) and resumes with
 * from_sequence: a slow reader never holds up the table.
 */
final class Watcher {
  static final int QUEUE_LIMIT = 2048;

  final View view;
  final Holder holder;
  private final ServerCallStreamObserver<WatchTableResponse> out;
  private final ArrayDeque<WatchTableResponse> queue = new ArrayDeque<>();
  private final Runnable onCutOff;
  private boolean closed;

  Watcher(View view, Holder holder, ServerCallStreamObserver<WatchTableResponse> out,
      Runnable onCutOff) {
    this.view = view;
    this.holder = holder;
    this.out = out;
    this.onCutOff = onCutOff;
  }

  synchronized void send(WatchTableResponse m) {
    if (closed) {
      return;
    }
    if (queue.isEmpty() && out.isReady()) {
      out.onNext(m);
      return;
    }
    if (queue.size() >= QUEUE_LIMIT) {
      queue.clear();
      closed = true;
      out.onError(StatusMapper.status(Status.Code.RESOURCE_EXHAUSTED, "WATCHER_TOO_SLOW",
          "WATCHER_TOO_SLOW: the stream fell " + QUEUE_LIMIT
              + " messages behind; resume with from_sequence"));
      onCutOff.run();
      return;
    }
    queue.add(m);
  }

  /** Called by gRPC when the transport can take more. */
  synchronized void drain() {
    while (!closed && !queue.isEmpty() && out.isReady()) {
      out.onNext(queue.poll());
    }
  }

  /** Ends the stream with a status (OK completes it). */
  synchronized void close(Status.Code code, String reason, String message) {
    if (closed) {
      return;
    }
    closed = true;
    if (code == Status.Code.OK) {
      while (!queue.isEmpty()) {
        out.onNext(queue.poll());
      }
      out.onCompleted();
    } else {
      queue.clear();
      out.onError(StatusMapper.status(code, reason, message));
    }
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** The client went away: nothing more to send. */
  synchronized void cancelled() {
    closed = true;
    queue.clear();
  }
}
