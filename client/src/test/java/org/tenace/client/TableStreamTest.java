package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.proto.v1.CallTurn;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.TableClosed;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;

/**
 * The one table stream over real loopback Netty: a server stopped and started again on the same
 * port with the same table (its store), as a restarted Tenace server is.
 */
class TableStreamTest {
  private static final List<Call> LEGAL = List.of(Call.PASS, Bid.parse("1C"));

  private final FakeTable table = new FakeTable();
  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor();
  private Server server;
  private int port;
  private ManagedChannel channel;

  @AfterEach
  void stop() {
    worker.shutdownNow();
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.shutdownNow();
    }
  }

  @Test
  void aResumeFromTheServersOwnVersionBringsNoMessageAndTheModelKeepsItsTurn() throws Exception {
    startServer();
    List<WatchTableResponse> received = new CopyOnWriteArrayList<>();
    List<Optional<Duration>> drops = new CopyOnWriteArrayList<>();
    TableStream stream = new TableStream(channel, "t1", "token", worker, new Object(),
        new TableStream.Handler() {
          @Override
          public void received(WatchTableResponse message) {
            received.add(message);
          }

          @Override
          public void dropped(Status why, Optional<Duration> resumeIn) {
            drops.add(resumeIn);
          }
        }).start();
    assertThat(table.watches.poll(10, TimeUnit.SECONDS).getFromSequence()).isZero();
    await().atMost(Duration.ofSeconds(10)).until(() -> received.size() == 1);

    restartServer();

    // The resume asks from the next event; the table has none, so nothing comes.
    WatchTableRequest resumed = table.watches.poll(20, TimeUnit.SECONDS);
    assertThat(resumed).isNotNull();
    assertThat(resumed.getFromSequence()).isEqualTo(2);
    assertThat(drops).isNotEmpty().allSatisfy(d -> assertThat(d).isPresent());
    assertThat(received).hasSize(1);
    assertThat(onWorker(() -> stream.model().turn())).contains(callTurn());
    assertThat(stream.expectedVersion()).isEqualTo(1);

    // The next event comes on the resumed stream and the model moves on.
    table.watcher.onNext(WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder()
        .setSequence(2).setTableClosed(TableClosed.getDefaultInstance())).build());
    table.watcher.onCompleted();
    await().atMost(Duration.ofSeconds(10)).until(() -> stream.expectedVersion() == 2);
    await().atMost(Duration.ofSeconds(10)).until(stream::isClosed);
    assertThat(drops.get(drops.size() - 1)).isEmpty();
  }

  @Test
  void aSeatDriverWhoseCallWasCutOffByTheStopSendsItToTheRestartedServer() throws Exception {
    startServer();
    table.answerCalls = false; // the call reaches the table, and the server stops before it answers
    SeatDriver driver = new SeatDriver(channel, "t1", "token", new Player() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        return CallChoice.natural(Bid.parse("1C"));
      }

      @Override
      public org.tenace.bridge.card.Card card(SeatView view, Seat playsFor,
          List<org.tenace.bridge.card.Card> legal) {
        return legal.get(0);
      }
    }, new SeatDriver.Listener() {}).start();
    assertThat(table.calls.poll(10, TimeUnit.SECONDS)).isNotNull();

    table.answerCalls = true;
    restartServer();

    // No message follows the resume: the call goes again from the turn the driver kept.
    MakeCallRequest again = table.calls.poll(20, TimeUnit.SECONDS);
    assertThat(again).as(driver::describe).isNotNull();
    assertThat(again.getExpectedVersion()).isEqualTo(1);
    assertThat(Vocabulary.call(again.getCall())).isEqualTo(Bid.parse("1C"));
    assertThat(driver.done().get(20, TimeUnit.SECONDS)).isEqualTo("the table closed");
    assertThat(driver.stats().reconnects()).isPositive();
  }

  @Test
  void anEndForGoodIsNotResumed() throws Exception {
    startServer();
    table.refuseWith = Status.UNAUTHENTICATED.withDescription("TOKEN_INVALID: unknown token");
    BlockingQueue<Optional<Duration>> drops = new LinkedBlockingQueue<>();
    TableStream stream = new TableStream(channel, "t1", "token", worker, new Object(),
        new TableStream.Handler() {
          @Override
          public void received(WatchTableResponse message) {}

          @Override
          public void dropped(Status why, Optional<Duration> resumeIn) {
            drops.add(resumeIn);
          }
        }).start();
    assertThat(drops.poll(10, TimeUnit.SECONDS)).isEmpty();
    assertThat(stream.isClosed()).isTrue();
    assertThat(table.watches).hasSize(1);
  }

  @Test
  void theTransportsErrorsAreResumedAndTheTablesAreFinal() {
    for (Status s : List.of(Status.UNAVAILABLE, Status.RESOURCE_EXHAUSTED, Status.CANCELLED,
        Status.INTERNAL, Status.DEADLINE_EXCEEDED)) {
      assertThat(TableStream.isFinal(s)).as(s.getCode().toString()).isFalse();
    }
    for (Status s : List.of(Status.OK, Status.ABORTED, Status.UNAUTHENTICATED,
        Status.PERMISSION_DENIED, Status.NOT_FOUND, Status.INVALID_ARGUMENT)) {
      assertThat(TableStream.isFinal(s)).as(s.getCode().toString()).isTrue();
    }
  }

  @Test
  void theBackoffDoublesUpToItsBound() {
    for (int failures = 0; failures < 20; failures++) {
      long bound = Math.min(TableStream.MAX_BACKOFF.toMillis(),
          TableStream.FIRST_BACKOFF.toMillis() << Math.min(failures, 10));
      assertThat(TableStream.backoff(failures).toMillis()).isBetween(bound / 2, bound);
    }
  }

  private <T> T onWorker(java.util.concurrent.Callable<T> read) throws Exception {
    return worker.submit(read).get(10, TimeUnit.SECONDS);
  }

  private void startServer() throws Exception {
    server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
        .addService(table).build().start();
    port = server.getPort();
    channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
  }

  /** Stops the server (every call on it ends) and starts it again on the same port. */
  private void restartServer() throws Exception {
    server.shutdownNow();
    assertThat(server.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
        .addService(table).build().start();
  }

  private static Turn callTurn() {
    CallTurn.Builder c = CallTurn.newBuilder();
    LEGAL.forEach(call -> c.addLegalCalls(Vocabulary.toProto(call)));
    return Turn.newBuilder().setSeat(org.tenace.proto.v1.Seat.SEAT_SOUTH).setCall(c).build();
  }

  /**
   * South's table, kept across restarts as a store is: at sequence 1, South to call. A watch
   * from 0 gets the snapshot; a watch from 2, the server's own version + 1, gets nothing. A call
   * answered is version 2, and the table closes at it.
   */
  private static final class FakeTable extends TableServiceGrpc.TableServiceImplBase {
    final BlockingQueue<WatchTableRequest> watches = new LinkedBlockingQueue<>();
    final BlockingQueue<MakeCallRequest> calls = new LinkedBlockingQueue<>();
    volatile boolean answerCalls = true;
    volatile Status refuseWith;
    volatile StreamObserver<WatchTableResponse> watcher;

    @Override
    public void watchTable(WatchTableRequest request, StreamObserver<WatchTableResponse> out) {
      if (refuseWith != null) {
        watches.add(request);
        out.onError(refuseWith.asRuntimeException());
        return;
      }
      watcher = out;
      watches.add(request);
      if (request.getFromSequence() <= 1) {
        out.onNext(WatchTableResponse.newBuilder().setSnapshot(TableSnapshot.newBuilder()
            .mergeFrom(Boards.snapshot(Seat.SOUTH, Boards.board()
                .addHands(Boards.hand(Seat.SOUTH, "SA", "H2"))))
            .setSequence(1).setTurn(callTurn())).build());
      }
    }

    @Override
    public void makeCall(MakeCallRequest r, StreamObserver<MakeCallResponse> out) {
      boolean answer = answerCalls; // read before the test can see the call
      calls.add(r);
      if (!answer) {
        return; // cut off by the stop
      }
      StreamObserver<WatchTableResponse> stream = watcher;
      out.onNext(MakeCallResponse.newBuilder().setVersion(2).build());
      out.onCompleted();
      stream.onNext(WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder()
          .setSequence(2).setTableClosed(TableClosed.getDefaultInstance())).build());
      stream.onCompleted();
    }
  }
}
