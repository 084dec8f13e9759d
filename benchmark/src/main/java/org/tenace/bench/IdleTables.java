package org.tenace.bench;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.JoinTableResponse;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;

/**
 * Tables at rest, as a server holds them between actions: four players seated (so the first
 * board is dealt), each watching with an open stream (a WatchTable stream, or a Connect stream,
 * as the players of the chosen transport hold), nobody acting. The streams stay open until the
 * channels close.
 */
final class IdleTables {
  // Tables being set up at once: enough to keep the server busy, few enough not to flood it.
  private static final int AT_ONCE = 64;

  private final List<? extends Channel> channels;
  private final boolean connect;
  private final Semaphore slots = new Semaphore(AT_ONCE);
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private int next;

  /** {@code connect}: each seat holds a Connect stream rather than a WatchTable stream. */
  IdleTables(List<? extends Channel> channels, boolean connect) {
    this.channels = channels;
    this.connect = connect;
  }

  /**
   * Opens {@code count} tables and returns once each of their 4 x count streams has brought its
   * first picture (the dealt board); throws what the server refused, if it did.
   */
  void open(int count) throws InterruptedException {
    CountDownLatch watching = new CountDownLatch(4 * count);
    var admin = TableServiceGrpc.newStub(channels.get(0));
    for (int t = 0; t < count && failure.get() == null; t++) {
      while (!slots.tryAcquire(100, TimeUnit.MILLISECONDS)) {
        if (failure.get() != null) {
          break;
        }
      }
      int number = t;
      admin.createTable(CreateTableRequest.newBuilder().setName("idle " + t).setDealSeed(t + 1)
          .setSettings(TableSettings.newBuilder()).build(), new Answer<CreateTableResponse>() {
            @Override
            public void onNext(CreateTableResponse r) {
              seat(r.getTable().getTableId(), number, watching);
            }
          });
    }
    while (failure.get() == null && !watching.await(100, TimeUnit.MILLISECONDS)) {
      // waiting for the last streams
    }
    Throwable f = failure.get();
    if (f instanceof RuntimeException e) {
      throw e;
    } else if (f != null) {
      throw new IllegalStateException(f);
    }
  }

  /** Four players join; once all four sit (the board is dealt), each opens its stream. */
  private void seat(String tableId, int number, CountDownLatch watching) {
    Channel[] seatChannels = new Channel[4];
    String[] tokens = new String[4];
    AtomicInteger joined = new AtomicInteger();
    CountDownLatch seen = new CountDownLatch(4);
    for (int i = 0; i < 4; i++) {
      int s = i;
      synchronized (this) {
        seatChannels[s] = channels.get(next++ % channels.size());
      }
      TableServiceGrpc.newStub(seatChannels[s]).joinTable(JoinTableRequest.newBuilder()
          .setTableId(tableId).setRole(Role.ROLE_PLAYER).setSeat(LoadRun.SEATS.get(s))
          .setName("idle " + number).build(), new Answer<JoinTableResponse>() {
            @Override
            public void onNext(JoinTableResponse r) {
              tokens[s] = r.getToken();
              if (joined.incrementAndGet() < 4) {
                return;
              }
              for (int k = 0; k < 4; k++) {
                var stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(seatChannels[k],
                    Bearer.of(tokens[k])));
                WatchTableRequest w = WatchTableRequest.newBuilder().setTableId(tableId).build();
                if (connect) {
                  stub.connect(new Watcher<>(watching, seen))
                      .onNext(ConnectRequest.newBuilder().setWatch(w).build());
                } else {
                  stub.watchTable(w, new Watcher<>(watching, seen));
                }
              }
            }
          });
    }
  }

  /** A unary answer; a refusal fails the whole setup. */
  private abstract class Answer<T> implements StreamObserver<T> {
    @Override
    public void onError(Throwable t) {
      failure.compareAndSet(null, Status.fromThrowable(t).asRuntimeException());
    }

    @Override
    public void onCompleted() {}
  }

  /** One seat's stream: counts its first message (the picture), then holds it open. */
  private final class Watcher<T> implements StreamObserver<T> {
    private final CountDownLatch watching;
    private final CountDownLatch table;
    private boolean seen;

    Watcher(CountDownLatch watching, CountDownLatch table) {
      this.watching = watching;
      this.table = table;
    }

    @Override
    public synchronized void onNext(T r) {
      if (!seen) {
        seen = true;
        watching.countDown();
        table.countDown();
        if (table.getCount() == 0) {
          slots.release(); // this table is set up: start another
        }
      }
    }

    @Override
    public void onError(Throwable t) {
      // the channels closing at the end ends every stream
    }

    @Override
    public void onCompleted() {}
  }
}
