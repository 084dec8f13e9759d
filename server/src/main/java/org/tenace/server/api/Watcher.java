package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectResponse;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.application.View;
import org.tenace.server.table.Holder;

/**
 * One stream that watches a table: a WatchTable stream, one update a message, or a Connect
 * stream, where the updates of one event travel in one message and the answer to the stream's
 * own command in the same message as the events that command caused. Messages go straight to
 * gRPC while the client keeps up; otherwise they wait in a bounded queue (a WatchTable stream's
 * updates of one event as one entry), drained when the transport is ready again. A client that falls further behind than the queue holds is cut off
 * (RESOURCE_EXHAUSTED, WATCHER_TOO_SLOW) and resumes with from_sequence: a slow reader never
 * holds up the table.
 */
final class Watcher {
  static final int QUEUE_LIMIT = 2048;

  final View view;
  final Holder holder;
  private final ServerCallStreamObserver<Object> out;
  private final boolean connect;
  // Made on first use: most streams never fall behind, and an empty deque is 100-odd bytes.
  private ArrayDeque<Object> queue;
  private final Runnable onCutOff;
  private boolean closed;
  // Connect only: while the stream's own command runs, its updates wait here for the answer.
  private List<WatchTableResponse> held;
  // Connect only: the stream's own command is under way (held, or waiting for a claim's search),
  // so the stream may not end before its answer.
  private boolean answering;
  private boolean completeAfterAnswer;
  // For a stalled test's report: how many messages went to gRPC, and the last one's sequence.
  private long sent;
  private long lastSequence = -1;

  /** A WatchTable stream. */
  Watcher(View view, Holder holder, ServerCallStreamObserver<WatchTableResponse> out,
      Runnable onCutOff) {
    this(view, holder, out, false, onCutOff);
  }

  /** {@code connect}: {@code out} takes ConnectResponse messages, else WatchTableResponse. */
  @SuppressWarnings("unchecked")
  Watcher(View view, Holder holder, ServerCallStreamObserver<?> out, boolean connect,
      Runnable onCutOff) {
    this.view = view;
    this.holder = holder;
    this.out = (ServerCallStreamObserver<Object>) out;
    this.connect = connect;
    this.onCutOff = onCutOff;
  }

  synchronized void send(WatchTableResponse m) {
    send(List.of(m));
  }

  /** The updates of one event (or a snapshot, or a resume's missed events), in order. */
  synchronized void send(List<WatchTableResponse> ms) {
    if (closed || ms.isEmpty()) {
      return;
    }
    if (!connect) {
      // One event's updates (all of one sequence) go out together or wait together, so a cut-off
      // never falls inside them and a resume from the next sequence misses nothing.
      put(ms.size() == 1 ? ms.get(0) : List.copyOf(ms));
    } else if (held != null) {
      held.addAll(ms);
    } else {
      put(ConnectResponse.newBuilder().addAllUpdates(ms).build());
    }
  }

  /** Connect: the stream's own command starts; what it causes waits for its answer. */
  synchronized void hold() {
    held = new ArrayList<>(4);
    answering = true;
  }

  /**
   * Connect: the command waits for a claim's search, which causes nothing meanwhile: the updates
   * held so far go out now, and the others' keep going out as they come until the command is
   * taken again ({@link #hold}).
   */
  synchronized void release() {
    List<WatchTableResponse> ms = held;
    held = null;
    if (ms != null && !ms.isEmpty()) {
      put(ConnectResponse.newBuilder().addAllUpdates(ms).build());
    }
  }

  /** Connect: the command's answer, in one message with the updates held since {@link #hold}. */
  synchronized void answer(CommandAnswer a) {
    List<WatchTableResponse> ms = held == null ? List.of() : held;
    held = null;
    answering = false;
    if (!closed) {
      put(ConnectResponse.newBuilder().addAllUpdates(ms).setAnswer(a).build());
    }
    if (completeAfterAnswer) {
      close(Status.Code.OK, "", "");
    }
  }

  private void put(Object m) {
    if (closed) {
      return;
    }
    if (isEmpty() && out.isReady()) {
      emit(m);
      return;
    }
    if (queue != null && queue.size() >= QUEUE_LIMIT) {
      queue = null;
      closed = true;
      out.onError(StatusMapper.status(Status.Code.RESOURCE_EXHAUSTED, "WATCHER_TOO_SLOW",
          "WATCHER_TOO_SLOW: the stream fell " + QUEUE_LIMIT
              + " messages behind; resume with from_sequence"));
      onCutOff.run();
      return;
    }
    if (queue == null) {
      queue = new ArrayDeque<>();
    }
    queue.add(m);
  }

  /** A message, or a Watch stream's updates of one event, each in turn. */
  private void emit(Object m) {
    if (m instanceof List<?> batch) {
      for (Object u : batch) {
        onNext(u);
      }
    } else {
      onNext(m);
    }
  }

  private void onNext(Object m) {
    out.onNext(m);
    sent++;
    if (m instanceof WatchTableResponse w) {
      lastSequence = w.hasEvent() ? w.getEvent().getSequence() : w.getSnapshot().getSequence();
    }
  }

  private boolean isEmpty() {
    return queue == null || queue.isEmpty();
  }

  /** Called by gRPC when the transport can take more. */
  synchronized void drain() {
    while (!closed && !isEmpty() && out.isReady()) {
      emit(queue.poll());
    }
  }

  /** Ends the stream with a status (OK completes it). */
  synchronized void close(Status.Code code, String reason, String message) {
    if (closed) {
      return;
    }
    if (code == Status.Code.OK && answering) {
      // The stream's own command closed the table, or the client half-closed while a command
      // waits for a claim's search: its answer goes out before the stream ends.
      completeAfterAnswer = true;
      return;
    }
    closed = true;
    if (code == Status.Code.OK) {
      while (!isEmpty()) {
        emit(queue.poll());
      }
      out.onCompleted();
    } else {
      queue = null;
      out.onError(StatusMapper.status(code, reason, message));
    }
  }

  /** Who watches, how many messages wait and whether gRPC takes more now: for a stalled test. */
  synchronized String describe() {
    return view.role() + view.seat().map(s -> " " + s).orElse("") + (connect ? " (Connect)" : "")
        + ": " + sent + " sent (the last of sequence " + lastSequence + "), "
        + (queue == null ? 0 : queue.size()) + " waiting, transport "
        + (closed ? "closed" : out.isReady() ? "ready" : "not ready");
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** The client went away: nothing more to send. */
  synchronized void cancelled() {
    closed = true;
    queue = null;
  }
}
