package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToClaimResponse;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.server.application.ClaimSearches;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.DealState;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.Searched;
import org.tenace.server.table.Table;

/**
 * A claim's search (up to a second a side) runs on its own threads, never on the transport's
 * nor under its table's lock: on a server served by one event loop, while a search is held on a
 * latch, another table plays on and the claim's own table is read; released, the claim settles
 * with the answers in the log, and a restart rebuilds it equal. Real Netty on loopback, H2 on
 * disk.
 */
class ClaimSearchTest {
  @TempDir Path dir;
  private EventLoopGroup loop;
  private String db;
  private TenaceServer server;
  private ManagedChannel channel;
  private final CountDownLatch searching = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  // Counted down once a Connect stream's half-close has reached the stream (its onCompleted ran).
  private final CountDownLatch halfClosed = new CountDownLatch(1);

  @BeforeEach
  void start() {
    // Every connection on one thread, and the handlers on it, as the server command runs them.
    loop = new NioEventLoopGroup(1);
    db = "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
    server = startServer();
    // The search waits until the test lets it: "in progress" for as long as the test needs.
    server.searches().beforeSearch(() -> {
      searching.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  private TenaceServer startServer() {
    return TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
        .bossEventLoopGroup(loop).workerEventLoopGroup(loop)
        .channelType(NioServerSocketChannel.class).directExecutor().intercept(halfCloses()),
        db, false);
  }

  /** Tells {@link #halfClosed} when a Connect stream has heard its client close its side. */
  private ServerInterceptor halfCloses() {
    return new ServerInterceptor() {
      @Override
      public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
          ServerCallHandler<Q, A> next) {
        ServerCall.Listener<Q> listener = next.startCall(call, headers);
        if (!call.getMethodDescriptor().getBareMethodName().equals("Connect")) {
          return listener;
        }
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
          @Override
          public void onHalfClose() {
            super.onHalfClose();
            halfClosed.countDown();
          }
        };
      }
    };
  }

  @AfterEach
  void stop() {
    release.countDown();
    channel.shutdownNow();
    server.close();
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
  }

  @Test
  void whileAClaimIsSearchedTheOneEventLoopServesOtherTablesAndReadsOfItsOwn() throws Exception {
    String id = table("claimed");
    Party p = new Party(channel, id);
    long claimed = concededByEast(p);
    String other = table("other");
    Party q = new Party(channel, other);

    // North, declarer, accepts East's concession: the settlement needs East-West's search.
    TestClient north = p.at(Seat.SEAT_NORTH);
    CompletableFuture<Long> answered = new CompletableFuture<>();
    north.async.respondToClaim(RespondToClaimRequest.newBuilder().setTableId(id).setAccept(true)
        .setExpectedVersion(claimed).build(), future(answered));
    assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue();

    // (a) Another table's action is taken and reaches its four seats. (The deadlines only keep a
    // server that blocks its event loop from hanging the test.)
    TestClient qn = q.at(Seat.SEAT_NORTH);
    long v = q.sync(qn.stub.withDeadlineAfter(30, TimeUnit.SECONDS).makeCall(MakeCallRequest
        .newBuilder().setTableId(other).setSeat(Seat.SEAT_NORTH).setCall(Party.parse("1S"))
        .setExpectedVersion(qn.lastSequence()).build()).getVersion());
    assertThat(q.at(Seat.SEAT_WEST).events()).anyMatch(e -> e.getSequence() == v);
    // (b) The claimed table is read: its lock is free while its search runs.
    assertThat(TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
        .listTables(ListTablesRequest.getDefaultInstance()).getTablesList())
        .anySatisfy(t -> assertThat(t.getTableId()).isEqualTo(id));
    assertThat(answered).isNotDone(); // the search is held: nothing was recorded yet
    assertThat(server.tables().require(id).table().version()).isEqualTo(claimed);

    release.countDown();
    long settled = p.sync(answered.get(30, TimeUnit.SECONDS));
    assertThat(p.at(Seat.SEAT_EAST).events()).anyMatch(TableEvent::hasBoardCompleted);
    assertSettledWithAnswersAndRebuiltEqual(id, settled);
  }

  @Test
  void aConnectStreamAnswersInOrderAcrossACommandThatSearches() throws Exception {
    Accepting claim = northAcceptsOnItsStream("stream");
    String id = claim.id();
    TestClient north = claim.north();
    CompletableFuture<CommandAnswer> accept = claim.answer();
    // Sent before the claim is answered; taken before it, it would be refused (the board is
    // not over): it must wait for the claim's answer.
    CompletableFuture<CommandAnswer> ready = north.send(ConnectRequest.newBuilder()
        .setMarkReady(MarkReadyRequest.newBuilder().setTableId(id)));
    assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue();
    // The stream's other traffic goes on: East reads the table (ListTables) meanwhile.
    assertThat(TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
        .listTables(ListTablesRequest.getDefaultInstance()).getTablesCount()).isEqualTo(1);
    assertThat(accept).isNotDone();
    assertThat(ready).isNotDone();

    release.countDown();
    CommandAnswer a = accept.get(30, TimeUnit.SECONDS);
    CommandAnswer r = ready.get(30, TimeUnit.SECONDS);
    assertThat(a.getRefusal()).isEmpty();
    assertThat(r.getRefusal()).isEmpty();
    assertThat(r.getVersion()).isGreaterThan(a.getVersion());
    List<Long> answers = north.connectMessages.stream().filter(m -> m.hasAnswer())
        .map(m -> m.getAnswer().getCommandId()).toList();
    assertThat(answers.indexOf(a.getCommandId())).isLessThan(answers.indexOf(r.getCommandId()));
    assertSettledWithAnswersAndRebuiltEqual(id, a.getVersion());
  }

  @Test
  void aStreamHalfClosedDuringASearchGetsItsAnswerBeforeItEnds() throws Exception {
    Accepting claim = northAcceptsOnItsStream("hang-up");
    assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue();
    claim.north().hangUp();
    // The half-close has reached the stream while its command's search is held.
    assertThat(halfClosed.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(claim.answer()).isNotDone();

    release.countDown();
    CommandAnswer a = claim.answer().get(30, TimeUnit.SECONDS);
    assertThat(a.getRefusal()).isEmpty();
    assertSettledWithAnswersAndRebuiltEqual(claim.id(), a.getVersion());
  }

  /**
   * The search threads are few and their queue bounded: a command that finds them all busy is
   * refused at once with RESOURCE_EXHAUSTED and a reason in words, the table unchanged.
   */
  @Test
  void aCommandThatFindsTheSearchesBusyIsRefusedAndTheTableIsUnchanged() throws Exception {
    String id = table("busy");
    Party p = new Party(channel, id);
    long claimed = concededByEast(p);
    Table t = server.tables().require(id).table();
    String north = p.at(Seat.SEAT_NORTH).token;
    Function<Searched, Long> accept = s -> t.respondToClaim(north, true, claimed, s);
    try (ClaimSearches searches = new ClaimSearches(1, 1, UnaryOperator.identity())) {
      searches.beforeSearch(() -> {
        searching.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      List<CompletableFuture<Long>> answers = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        searches.take(accept, f::complete, f::completeExceptionally);
        answers.add(f);
        if (i == 0) {
          assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue(); // the thread is taken
        }
      }
      // One searches (held), one waits in the queue, the third is refused at once.
      assertThat(answers.get(0)).isNotDone();
      assertThat(answers.get(1)).isNotDone();
      Throwable busy = catchThrowable(() -> answers.get(2).getNow(0L));
      Status s = Status.fromThrowable(StatusMapper.toStatus(busy.getCause()));
      assertThat(s.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
      assertThat(s.getDescription()).startsWith("CLAIM_SEARCH_BUSY: the server is judging");
      assertThat(t.version()).isEqualTo(claimed);

      release.countDown();
      long settled = answers.get(0).get(30, TimeUnit.SECONDS);
      assertThat(settled).isGreaterThan(claimed);
      // The one that waited is the same answer again: the table gives the version it recorded.
      assertThat(answers.get(1).get(30, TimeUnit.SECONDS)).isEqualTo(settled);
    }
  }

  private String table(String name) {
    return TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder().setName(name)
        .setSettings(TableSettings.newBuilder()).setDealSeed(5).build());
  }

  /**
   * 1C by North, ten tricks played, then East, a defender, concedes the last three: the
   * settlement asks what East-West cannot lose. Returns the version after the claim.
   */
  private static long concededByEast(Party p) {
    p.calls(Seat.SEAT_NORTH, "1C", "P", "P", "P");
    for (int card = 0; card < 40; card++) {
      p.playFirst();
    }
    return p.claim(Seat.SEAT_EAST, 0);
  }

  /** {@code player} accepts the claim on its Connect stream; the answer, once it comes. */
  private static CompletableFuture<CommandAnswer> accepts(TestClient player, String id,
      long claimed) {
    return player.send(ConnectRequest.newBuilder().setRespondToClaim(RespondToClaimRequest
        .newBuilder().setTableId(id).setAccept(true).setExpectedVersion(claimed)));
  }

  /** Table {@code id}, where North, on its Connect stream, accepts East's concession. */
  private record Accepting(String id, TestClient north, CompletableFuture<CommandAnswer> answer) {}

  /**
   * A new table {@code name} of players on Connect streams, played to East's concession of the
   * last three tricks, and North's acceptance sent on its stream.
   */
  private Accepting northAcceptsOnItsStream(String name) {
    String id = table(name);
    Party p = new Party(channel, id, true);
    long claimed = concededByEast(p);
    TestClient north = p.at(Seat.SEAT_NORTH);
    return new Accepting(id, north, accepts(north, id, claimed));
  }

  /**
   * The claim's answer is logged with the search's answer for East-West, and the table rebuilt
   * from the store after a restart is the same board, rulings and all.
   */
  private void assertSettledWithAnswersAndRebuiltEqual(String id, long settled) {
    DealState before = server.tables().require(id).table().board().orElseThrow();
    assertThat(before.isOver()).isTrue();
    assertThat(server.tables().require(id).table().version()).isGreaterThanOrEqualTo(settled);
    server.close();
    try (EventStore store = EventStore.open(db)) {
      List<StoredEvent> log = store.loadAll().get(id);
      BoardAction.RespondToClaim answer = log.stream()
          .map(e -> EventCodec.decode(e.payload()))
          .filter(e -> e instanceof org.tenace.server.table.TableEvent.Acted a
              && a.action() instanceof BoardAction.RespondToClaim)
          .map(e -> (BoardAction.RespondToClaim)
              ((org.tenace.server.table.TableEvent.Acted) e).action())
          .reduce((x, y) -> y).orElseThrow();
      assertThat(answer.sure().recorded()).isTrue();
      assertThat(answer.sure().found()).containsOnlyKeys(org.tenace.bridge.card.Side.EW);
    }
    server = startServer();
    DealState after = server.tables().require(id).table().board().orElseThrow();
    assertThat(after.outcome()).isEqualTo(before.outcome());
    assertThat(after.rulings()).isEqualTo(before.rulings());
  }

  private static StreamObserver<RespondToClaimResponse> future(CompletableFuture<Long> f) {
    return new StreamObserver<>() {
      @Override
      public void onNext(RespondToClaimResponse r) {
        f.complete(r.getVersion());
      }

      @Override
      public void onError(Throwable t) {
        f.completeExceptionally(t);
      }

      @Override
      public void onCompleted() {}
    };
  }
}
