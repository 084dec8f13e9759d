package org.tenace.server.api;

import static org.awaitility.Awaitility.await;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * A scripted client for tests: joins a seat over a real channel, watches the table into a list,
 * and keeps the latest turn and sequence number as a bot would.
 */
final class TestClient {
  final String tableId;
  final Seat seat;
  final String token;
  final TableServiceGrpc.TableServiceBlockingStub stub;
  final TableServiceGrpc.TableServiceStub async;
  final List<WatchTableResponse> received = new CopyOnWriteArrayList<>();
  final AtomicReference<Throwable> ended = new AtomicReference<>();
  /** On a Connect stream: every message as it came, answers and all. */
  final List<org.tenace.proto.v1.ConnectResponse> connectMessages = new CopyOnWriteArrayList<>();
  private final java.util.Map<Long, java.util.concurrent.CompletableFuture<
      org.tenace.proto.v1.CommandAnswer>> pending = new java.util.concurrent.ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicLong nextCommand = new java.util.concurrent
      .atomic.AtomicLong();
  private volatile StreamObserver<org.tenace.proto.v1.ConnectRequest> connect;
  private volatile long lastSequence;
  private volatile Turn turn;
  private volatile long turnAt;

  private TestClient(String tableId, Seat seat, String token, Channel channel) {
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    Channel authed = ClientInterceptors.intercept(channel, org.tenace.client.Bearer.of(token));
    this.stub = TableServiceGrpc.newBlockingStub(authed);
    this.async = TableServiceGrpc.newStub(authed);
  }

  static TestClient join(ManagedChannel channel, String tableId, Seat seat, String name) {
    String token = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest.newBuilder()
        .setTableId(tableId).setRole(seat == Seat.SEAT_UNSPECIFIED ? Role.ROLE_KIBITZER
            : Role.ROLE_PLAYER).setSeat(seat).setName(name).build()).getToken();
    return new TestClient(tableId, seat, token, channel);
  }

  static TestClient withToken(Channel channel, String tableId, Seat seat, String token) {
    return new TestClient(tableId, seat, token, channel);
  }

  /**
   * This seat on another channel, remembering what this client knew (the turn and the last
   * sequence), as a client that keeps its model does when it resumes: a resume from the server's
   * own version brings no message at all, so a client that forgot the turn would wait for ever.
   */
  TestClient resumedOn(Channel channel) {
    TestClient r = new TestClient(tableId, seat, token, channel);
    r.turn = turn;
    r.turnAt = turnAt;
    r.lastSequence = lastSequence;
    return r;
  }

  void watch(long from) {
    ended.set(null);
    async.watchTable(WatchTableRequest.newBuilder().setTableId(tableId).setFromSequence(from)
        .build(), new StreamObserver<>() {
          @Override
          public void onNext(WatchTableResponse r) {
            update(r);
          }

          @Override
          public void onError(Throwable t) {
            ended.set(t);
          }

          @Override
          public void onCompleted() {
            ended.set(new IllegalStateException("completed"));
          }
        });
  }

  private void update(WatchTableResponse r) {
    received.add(r);
    long seq;
    if (r.hasSnapshot()) {
      seq = r.getSnapshot().getSequence();
      turn = r.getSnapshot().hasTurn() ? r.getSnapshot().getTurn() : null;
    } else {
      seq = r.getEvent().getSequence();
      turn = r.getEvent().hasTurn() ? r.getEvent().getTurn() : null;
    }
    turnAt = seq;
    // The sequence last: a test that waits for it (awaitSequence) then finds the turn it brought.
    lastSequence = seq;
  }

  /**
   * Watches, and from then on sends this client's commands ({@link #command}), over one Connect
   * stream; its updates land in {@link #received} as WatchTable's would.
   */
  void connect(long from) {
    ended.set(null);
    StreamObserver<org.tenace.proto.v1.ConnectRequest> out = async.connect(
        new StreamObserver<>() {
          @Override
          public void onNext(org.tenace.proto.v1.ConnectResponse r) {
            connectMessages.add(r);
            r.getUpdatesList().forEach(TestClient.this::update);
            if (r.hasAnswer()) {
              var f = pending.remove(r.getAnswer().getCommandId());
              if (f != null) {
                f.complete(r.getAnswer());
              }
            }
          }

          @Override
          public void onError(Throwable t) {
            ended.set(t);
            pending.values().forEach(f -> f.completeExceptionally(t));
          }

          @Override
          public void onCompleted() {
            ended.set(new IllegalStateException("completed"));
            pending.values().forEach(f -> f.completeExceptionally(ended.get()));
          }
        });
    synchronized (this) {
      out.onNext(org.tenace.proto.v1.ConnectRequest.newBuilder().setWatch(WatchTableRequest
          .newBuilder().setTableId(tableId).setFromSequence(from)).build());
    }
    connect = out;
  }

  /** Drops the Connect stream, as a lost connection would. */
  void drop() {
    ((io.grpc.stub.ClientCallStreamObserver<?>) connect).cancel("dropped", null);
  }

  /** Closes this client's side of its Connect stream. */
  synchronized void hangUp() {
    connect.onCompleted();
  }

  /**
   * Sends one command on the Connect stream and waits for its answer: the version, or the
   * refusal thrown as the unary call would have thrown it.
   */
  long command(org.tenace.proto.v1.ConnectRequest.Builder r) {
    var f = send(r);
    org.tenace.proto.v1.CommandAnswer a;
    try {
      a = f.get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw io.grpc.Status.fromThrowable(e.getCause()).asRuntimeException();
    } catch (Exception e) {
      throw new IllegalStateException("no answer to command " + r.getCommandId(), e);
    }
    if (a.getRefusal().isEmpty()) {
      return a.getVersion();
    }
    try {
      throw io.grpc.protobuf.StatusProto.toStatusRuntimeException(
          com.google.rpc.Status.parseFrom(a.getRefusal()));
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Sends one command on the Connect stream; its answer completes the future. */
  java.util.concurrent.CompletableFuture<org.tenace.proto.v1.CommandAnswer> send(
      org.tenace.proto.v1.ConnectRequest.Builder r) {
    long id = nextCommand.incrementAndGet();
    var f = new java.util.concurrent.CompletableFuture<org.tenace.proto.v1.CommandAnswer>();
    pending.put(id, f);
    synchronized (this) {
      connect.onNext(r.setCommandId(id).build());
    }
    Throwable gone = ended.get();
    if (gone != null) {
      f.completeExceptionally(gone); // the stream ended before the command could be answered
    }
    return f;
  }

  /** Whether commands go over a Connect stream (else the unary calls). */
  boolean connected() {
    return connect != null;
  }

  long makeCall(org.tenace.proto.v1.MakeCallRequest r) {
    return connected() ? command(org.tenace.proto.v1.ConnectRequest.newBuilder().setMakeCall(r))
        : stub.makeCall(r).getVersion();
  }

  long playCard(org.tenace.proto.v1.PlayCardRequest r) {
    return connected() ? command(org.tenace.proto.v1.ConnectRequest.newBuilder().setPlayCard(r))
        : stub.playCard(r).getVersion();
  }

  long claim(org.tenace.proto.v1.ClaimRequest r) {
    return connected() ? command(org.tenace.proto.v1.ConnectRequest.newBuilder().setClaim(r))
        : stub.claim(r).getVersion();
  }

  long respondToClaim(org.tenace.proto.v1.RespondToClaimRequest r) {
    return connected() ? command(org.tenace.proto.v1.ConnectRequest.newBuilder()
        .setRespondToClaim(r)) : stub.respondToClaim(r).getVersion();
  }

  long markReady(org.tenace.proto.v1.MarkReadyRequest r) {
    return connected() ? command(org.tenace.proto.v1.ConnectRequest.newBuilder().setMarkReady(r))
        : stub.markReady(r).getVersion();
  }

  long lastSequence() {
    return lastSequence;
  }

  /** Waits for {@code seq} unless {@code stop} is set meanwhile. */
  void awaitSequenceOrGiveUp(long seq, java.util.concurrent.atomic.AtomicBoolean stop) {
    await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(30))
        .until(() -> lastSequence >= seq || stop.get() || ended.get() != null);
  }

  /** Waits until the stream has delivered the action numbered {@code seq} (or later). */
  void awaitSequence(long seq) {
    await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(30))
        .until(() -> lastSequence >= seq);
  }

  /** The current turn, if this client has one. */
  Turn turn() {
    return turn;
  }

  /** Waits until this client's turn is of the given kind. */
  Turn awaitTurn(Turn.KindCase kind) {
    await().pollInterval(Duration.ofMillis(2)).atMost(Duration.ofSeconds(30))
        .until(() -> turn != null && turn.getKindCase() == kind);
    return turn;
  }

  /** The last snapshot the stream brought, if any. */
  java.util.Optional<org.tenace.proto.v1.TableSnapshot> latestSnapshot() {
    org.tenace.proto.v1.TableSnapshot last = null;
    for (WatchTableResponse r : received) {
      if (r.hasSnapshot()) {
        last = r.getSnapshot();
      }
    }
    return java.util.Optional.ofNullable(last);
  }

  /** This seat's cards as dealt on the current board (from its snapshot or BoardStarted). */
  List<org.tenace.proto.v1.Card> dealtHand() {
    List<org.tenace.proto.v1.Hand> hands = new ArrayList<>();
    for (WatchTableResponse r : received) {
      if (r.hasSnapshot()) {
        hands = r.getSnapshot().getBoard().getHandsList();
      } else if (r.getEvent().hasBoardStarted()) {
        hands = r.getEvent().getBoardStarted().getHandsList();
      }
    }
    return hands.stream().filter(h -> h.getSeat() == seat).findFirst().orElseThrow()
        .getCardsList();
  }

  List<org.tenace.proto.v1.TableEvent> events() {
    List<org.tenace.proto.v1.TableEvent> out = new ArrayList<>();
    for (WatchTableResponse r : received) {
      if (r.hasEvent()) {
        out.add(r.getEvent());
      }
    }
    return out;
  }

}
