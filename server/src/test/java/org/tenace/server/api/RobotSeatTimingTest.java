package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.client.Bearer;
import org.tenace.client.Player;
import org.tenace.client.SeatDriver;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;

/**
 * A robot seat's cards depend only on the table's history (issue 30): four house robots, each
 * through its own seat driver over loopback, play the same boards twice, once at full speed and
 * once with South's answers or South's picture late, and every call and card is the same.
 */
class RobotSeatTimingTest {
  private static final int BOARDS = 3;
  /** Longer than the think limit the driver once gave every player (5 s). */
  private static final long LATE_ANSWER_MILLIS = 6_000;
  /** Longer than the wait the driver once gave an unsettled picture (500 ms). */
  private static final long LATE_EVENT_MILLIS = 1_500;

  private TenaceServer server;
  private ManagedChannel channel;
  private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
  private final List<SeatDriver> drivers = new ArrayList<>();

  @BeforeEach
  void start() {
    server = TenaceServer.start(NettyServerBuilder.forAddress(
        new InetSocketAddress("127.0.0.1", 0)), "jdbc:h2:mem:" + UUID.randomUUID()
        + ";DB_CLOSE_DELAY=-1", false);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterEach
  void stop() {
    drivers.forEach(SeatDriver::close);
    later.shutdownNow();
    channel.shutdownNow();
    server.close();
  }

  @Test
  void aRobotWhoseAnswersComeLatePlaysTheCardsItPlaysAtOnce() throws Exception {
    List<String> atOnce = play(false, false);
    List<String> late = play(true, false);
    assertThat(late).as("the calls and cards with one of South's cards 6 s late")
        .isEqualTo(atOnce);
  }

  @Test
  void aRobotWhosePictureSettlesLatePlaysTheCardsItPlaysAtOnce() throws Exception {
    List<String> atOnce = play(false, false);
    List<String> late = play(false, true);
    assertThat(late).as("the calls and cards with South's turn before its trick's winner")
        .isEqualTo(atOnce);
  }

  /**
   * The calls and cards of a table of four house robots, in order; {@code lateAnswer}: South
   * takes 6 s over its first card that is not the first legal one; {@code latePicture}: South's
   * stream brings the turn after a trick with the trick's fourth card and its winner later.
   */
  private List<String> play(boolean lateAnswer, boolean latePicture) throws Exception {
    var stub = TableServiceGrpc.newBlockingStub(channel);
    var created = stub.createTable(CreateTableRequest.newBuilder().setName("timing")
        .setSettings(TableSettings.newBuilder().setBoardCount(BOARDS)).setDealSeed(11).build());
    String id = created.getTable().getTableId();
    Map<Seat, String> tokens = new EnumMap<>(Seat.class);
    for (Seat seat : Seat.values()) {
      tokens.put(seat, stub.joinTable(JoinTableRequest.newBuilder().setTableId(id)
          .setRole(Role.ROLE_PLAYER).setSeat(Vocabulary.toProto(seat)).setName(seat.name())
          .build()).getToken());
    }
    List<String> actions = new CopyOnWriteArrayList<>();
    CountDownLatch closed = new CountDownLatch(1);
    TableServiceGrpc.newStub(ClientInterceptors.intercept(channel,
        Bearer.of(created.getDirectorToken()))).watchTable(WatchTableRequest.newBuilder()
        .setTableId(id).build(), new StreamObserver<>() {
          @Override
          public void onNext(WatchTableResponse r) {
            TableEvent e = r.getEvent();
            if (e.hasCallMade()) {
              actions.add(e.getBoardNumber() + " " + Vocabulary.seat(e.getCallMade().getCall()
                  .getSeat()) + " " + Vocabulary.call(e.getCallMade().getCall().getCall()));
            } else if (e.hasCardPlayed()) {
              actions.add(e.getBoardNumber() + " "
                  + Vocabulary.seat(e.getCardPlayed().getCard().getSeat()) + " "
                  + Vocabulary.card(e.getCardPlayed().getCard().getCard()));
            } else if (e.hasTableClosed()) {
              closed.countDown();
            }
          }

          @Override
          public void onError(Throwable t) {}

          @Override
          public void onCompleted() {}
        });
    AtomicInteger turnsBeforeWinner = new AtomicInteger();
    AtomicBoolean delayedOnce = new AtomicBoolean();
    for (Seat seat : Seat.values()) {
      Player robot = new RobotPlayer(new HouseRobot(RobotLevel.FAST, Scoring.IMPS,
          seat.ordinal() + 1));
      Channel to = channel;
      if (seat == Seat.SOUTH && lateAnswer) {
        robot = slowOnce(robot, delayedOnce);
      }
      if (seat == Seat.SOUTH && latePicture) {
        to = ClientInterceptors.intercept(channel, new TurnBeforeWinner(turnsBeforeWinner));
      }
      drivers.add(new SeatDriver(to, id, tokens.get(seat), robot, new SeatDriver.Listener() {})
          .start());
    }
    if (!closed.await(120, TimeUnit.SECONDS)) {
      StringBuilder waits = new StringBuilder();
      drivers.forEach(d -> waits.append("\n  ").append(d.describe()));
      throw new AssertionError("the table did not close within 120 s; the seats wait on:"
          + waits);
    }
    for (SeatDriver d : drivers) {
      assertThat(d.done().get(30, TimeUnit.SECONDS)).isEqualTo("the table closed");
      assertThat(d.stats().fallbacks()).as("answers replaced by the first legal one").isZero();
    }
    drivers.clear();
    if (lateAnswer) {
      assertThat(delayedOnce).as("South was slow once").isTrue();
    }
    if (latePicture) {
      assertThat(turnsBeforeWinner.get()).as("South's turns seen before the trick's winner")
          .isPositive();
    }
    return actions;
  }

  /**
   * {@code robot}, thinking 6 s over its first card that is not the first legal one: as on a
   * machine so loaded that a strong robot waits its turn for a core.
   */
  private static Player slowOnce(Player robot, AtomicBoolean delayed) {
    return new Player() {
      @Override
      public CallChoice call(SeatView view, List<org.tenace.bridge.auction.Call> legal) {
        return robot.call(view, legal);
      }

      @Override
      public Card card(SeatView view, Seat playsFor, List<Card> legal) {
        Card c = robot.card(view, playsFor, legal);
        if (!c.equals(legal.get(0)) && delayed.compareAndSet(false, true)) {
          try {
            new CountDownLatch(1).await(LATE_ANSWER_MILLIS, TimeUnit.MILLISECONDS); // thinking
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return c;
      }
    };
  }

  /**
   * A stream as a server would send it that put the turn on every event of an action: when a
   * trick's fourth card brings this seat's turn (its TrickWon carries it), the card comes with
   * the turn at once and the TrickWon 1.5 s later. Other messages pass in order.
   */
  private final class TurnBeforeWinner implements ClientInterceptor {
    private final AtomicInteger count;

    TurnBeforeWinner(AtomicInteger count) {
      this.count = count;
    }

    @Override
    public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method,
        CallOptions options, Channel next) {
      return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
        @Override
        public void start(Listener<A> listener, Metadata headers) {
          ClientCall<Q, A> call = this;
          super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(
              listener) {
            private WatchTableResponse held; // a card played, until the next message
            private CompletableFuture<Void> handed = CompletableFuture.completedFuture(null);

            @Override
            public void onMessage(A message) {
              if (!(message instanceof WatchTableResponse r) || !r.hasEvent()) {
                pass(() -> delegate().onMessage(message));
                return;
              }
              TableEvent e = r.getEvent();
              if (held != null) {
                WatchTableResponse card = held;
                held = null;
                if (e.hasTrickWon() && e.hasTurn()
                    && e.getSequence() == card.getEvent().getSequence()) {
                  count.incrementAndGet();
                  pass(() -> delegate().onMessage(cast(card.toBuilder().setEvent(card.getEvent()
                      .toBuilder().setTurn(e.getTurn()).setToAct(e.getToAct())).build())));
                  handed = handed.thenRunAsync(() -> delegate().onMessage(message),
                      CompletableFuture.delayedExecutor(LATE_EVENT_MILLIS, TimeUnit.MILLISECONDS,
                          later));
                  return;
                } else {
                  pass(() -> delegate().onMessage(cast(card)));
                }
              } else if (e.hasCardPlayed() && !e.hasTurn()) {
                held = r;
                call.request(1); // the next message says whether the trick ended
                return;
              }
              pass(() -> delegate().onMessage(message));
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
              WatchTableResponse card = held;
              held = null;
              if (card != null) {
                pass(() -> delegate().onMessage(cast(card)));
              }
              pass(() -> delegate().onClose(status, trailers));
            }

            @SuppressWarnings("unchecked")
            private A cast(WatchTableResponse r) {
              return (A) r;
            }

            /** After everything handed on before it, late or not. */
            private void pass(Runnable r) {
              handed = handed.thenRunAsync(r, later);
            }
          }, headers);
        }
      };
    }
  }
}
