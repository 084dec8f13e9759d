package org.tenace.server.api;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * The director's stream of a table, keeping only what robot tests need: each completed board
 * and the end of the stream. Waiting for the next board with a bound is how a stall shows.
 */
final class BoardLog {
  private final BlockingQueue<BoardCompleted> boards = new LinkedBlockingQueue<>();
  private final List<BoardCompleted> all = new ArrayList<>();
  private volatile boolean closed;
  private volatile Throwable error;

  BoardLog(Channel channel, String tableId, String directorToken) {
    TableServiceGrpc.newStub(ClientInterceptors.intercept(channel,
        org.tenace.client.Bearer.of(directorToken))).watchTable(
        WatchTableRequest.newBuilder().setTableId(tableId).build(), new StreamObserver<>() {
          @Override
          public void onNext(WatchTableResponse r) {
            if (r.hasEvent() && r.getEvent().hasBoardCompleted()) {
              boards.add(r.getEvent().getBoardCompleted());
            }
            if (r.hasEvent() && r.getEvent().hasTableClosed()) {
              closed = true;
            }
          }

          @Override
          public void onError(Throwable t) {
            error = t;
          }

          @Override
          public void onCompleted() {}
        });
  }

  /** The next completed board, or an AssertionError naming the stall. */
  BoardCompleted next(Duration atMost) throws InterruptedException {
    BoardCompleted b = boards.poll(atMost.toMillis(), TimeUnit.MILLISECONDS);
    if (b == null) {
      throw new AssertionError("no board completed within " + atMost + " after board "
          + all.size() + (error == null ? "" : " (stream ended: " + error + ")"));
    }
    all.add(b);
    return b;
  }

  List<BoardCompleted> boards() {
    return all;
  }

  boolean closed() {
    return closed;
  }
}
