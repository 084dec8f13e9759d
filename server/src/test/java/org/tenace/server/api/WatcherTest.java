package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.View;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;

class WatcherTest {
  /** A stream whose transport is ready or not, as the test says. */
  static final class FakeStream extends ServerCallStreamObserver<WatchTableResponse> {
    boolean ready = true;
    /** The transport fills up once this many messages are sent. */
    int readyUntil = Integer.MAX_VALUE;
    final List<WatchTableResponse> sent = new ArrayList<>();
    Throwable error;
    boolean completed;

    @Override public boolean isReady() {
      return ready && sent.size() < readyUntil;
    }

    @Override public void onNext(WatchTableResponse value) {
      sent.add(value);
    }

    @Override public void onError(Throwable t) {
      error = t;
    }

    @Override public void onCompleted() {
      completed = true;
    }

    @Override public boolean isCancelled() {
      return false;
    }

    @Override public void setOnCancelHandler(Runnable r) {}

    @Override public void setCompression(String c) {}

    @Override public void setOnReadyHandler(Runnable r) {}

    @Override public void request(int n) {}

    @Override public void setMessageCompression(boolean enable) {}

    @Override public void disableAutoInboundFlowControl() {}
  }

  private static WatchTableResponse event(long seq) {
    return WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder().setSequence(seq))
        .build();
  }

  private final Holder north = new Holder("t", Role.PLAYER, Optional.of(Seat.NORTH), "N", false);

  @Test
  void messagesWaitWhileTheTransportIsBusyAndGoOutInOrderWhenItIsReady() {
    FakeStream out = new FakeStream();
    Watcher w = new Watcher(View.player(Seat.NORTH), north, out, () -> { });
    w.send(event(1));
    out.ready = false;
    w.send(event(2));
    w.send(event(3));
    assertThat(out.sent).hasSize(1);
    out.ready = true;
    w.drain();
    assertThat(out.sent).extracting(r -> r.getEvent().getSequence()).containsExactly(1L, 2L, 3L);
  }

  @Test
  void aWatcherTooFarBehindIsCutOffAndTheTableIsNotHeld() {
    FakeStream out = new FakeStream();
    AtomicBoolean cut = new AtomicBoolean();
    Watcher w = new Watcher(View.player(Seat.NORTH), north, out, () -> cut.set(true));
    out.ready = false;
    for (int i = 0; i <= Watcher.QUEUE_LIMIT; i++) {
      w.send(event(i)); // never blocks: the table's thread goes on
    }
    assertThat(cut).isTrue();
    assertThat(Status.fromThrowable(out.error).getCode())
        .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(Status.fromThrowable(out.error).getDescription()).startsWith("WATCHER_TOO_SLOW");
    w.send(event(99999));
    assertThat(out.sent).isEmpty();
  }

  /**
   * An event's updates share one sequence: they go out or wait together, so a stream cut off
   * ends after a whole event, and a resume from the next sequence misses nothing.
   */
  @Test
  void anEventsUpdatesAreNeverCutApart() {
    FakeStream out = new FakeStream();
    Watcher w = new Watcher(View.player(Seat.NORTH), north, out, () -> { });
    out.readyUntil = 2; // the transport fills up in the middle of the next event's updates
    w.send(event(1));
    w.send(List.of(event(2), event(2), event(2))); // a card, the trick, the board
    for (int i = 3; i <= Watcher.QUEUE_LIMIT + 3; i++) {
      w.send(event(i));
    }
    assertThat(out.error).isNotNull(); // cut off
    assertThat(out.sent).extracting(r -> r.getEvent().getSequence())
        .containsExactly(1L, 2L, 2L, 2L);

    FakeStream later = new FakeStream();
    Watcher v = new Watcher(View.player(Seat.NORTH), north, later, () -> { });
    later.ready = false;
    v.send(List.of(event(1), event(1)));
    later.ready = true;
    later.readyUntil = 1;
    v.drain();
    assertThat(later.sent).extracting(r -> r.getEvent().getSequence()).containsExactly(1L, 1L);
  }
}
