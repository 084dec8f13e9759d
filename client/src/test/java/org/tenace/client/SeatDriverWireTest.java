package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.proto.v1.CallTurn;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.ClaimResponseTurn;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToClaimResponse;
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
 * The driver over gRPC, with the test playing the table: what a {@link Player} is asked and what
 * reaches the table. No server is needed, as for a bot author's own tests.
 */
class SeatDriverWireTest {
  private static final List<Call> LEGAL = List.of(Call.PASS, Bid.parse("1C"), Bid.parse("1D"));

  private final FakeTable table = new FakeTable();
  private Server server;
  private ManagedChannel channel;

  @BeforeEach
  void start() throws Exception {
    String name = InProcessServerBuilder.generateName();
    server = InProcessServerBuilder.forName(name).addService(table).build().start();
    channel = InProcessChannelBuilder.forName(name).build();
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    server.shutdownNow();
  }

  @Test
  void aPlayersAlertedCallReachesTheTableAtTheVersionItAnswered() throws Exception {
    table.turn = callTurn();
    Player player = new FirstLegal() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        assertThat(view.seat()).isEqualTo(Seat.SOUTH);
        assertThat(view.hand(Seat.SOUTH)).hasValueSatisfying(
            h -> assertThat(h.size()).isEqualTo(2));
        assertThat(legal).isEqualTo(LEGAL);
        return CallChoice.alerted(Bid.parse("1C"), "16+, any shape");
      }
    };
    SeatDriver driver = drive(player);
    MakeCallRequest sent = (MakeCallRequest) table.commands.poll(10, TimeUnit.SECONDS);
    assertThat(sent).isNotNull();
    assertThat(Vocabulary.call(sent.getCall())).isEqualTo(Bid.parse("1C"));
    assertThat(sent.getAlert()).isTrue();
    assertThat(sent.getExplanation()).isEqualTo("16+, any shape");
    assertThat(sent.getExpectedVersion()).isEqualTo(1);
    assertThat(sent.getSeat()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_SOUTH);
    assertThat(driver.done().get(10, TimeUnit.SECONDS)).isEqualTo("the table closed");
    assertThat(driver.stats().fallbacks()).isZero();
  }

  @Test
  void aPlayerThatThrowsOrCheatsIsAnsweredForWithTheFirstLegalCall() throws Exception {
    for (Player broken : List.<Player>of(new FirstLegal() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        throw new IllegalStateException("no system today");
      }
    }, new FirstLegal() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        return CallChoice.natural(Bid.parse("7NT"));
      }
    })) {
      table.turn = callTurn();
      SeatDriver driver = drive(broken);
      MakeCallRequest sent = (MakeCallRequest) table.commands.poll(10, TimeUnit.SECONDS);
      assertThat(sent).isNotNull();
      assertThat(Vocabulary.call(sent.getCall())).isEqualTo(Call.PASS);
      assertThat(sent.getAlert()).isFalse();
      assertThat(driver.done().get(10, TimeUnit.SECONDS)).isEqualTo("the table closed");
      assertThat(driver.stats().fallbacks()).isEqualTo(1);
    }
  }

  @Test
  void aClaimIsAnsweredByThePlayerAndRejectedByDefault() throws Exception {
    Claim claim = Claim.newBuilder().setClaimer(org.tenace.proto.v1.Seat.SEAT_EAST).setTricks(13)
        .setRemaining(13).build();
    Turn turn = Turn.newBuilder().setSeat(org.tenace.proto.v1.Seat.SEAT_SOUTH)
        .setClaimResponse(ClaimResponseTurn.newBuilder().setClaim(claim)).build();
    Player accepting = new FirstLegal() {
      @Override
      public boolean acceptClaim(SeatView view, Claim asked) {
        return asked.equals(claim);
      }
    };
    for (Player p : List.of(accepting, new FirstLegal())) {
      table.turn = turn;
      SeatDriver driver = drive(p);
      RespondToClaimRequest sent = (RespondToClaimRequest) table.commands.poll(10,
          TimeUnit.SECONDS);
      assertThat(sent).isNotNull();
      assertThat(sent.getAccept()).isEqualTo(p == accepting);
      assertThat(driver.done().get(10, TimeUnit.SECONDS)).isEqualTo("the table closed");
    }
  }

  private SeatDriver drive(Player player) {
    return new SeatDriver(channel, "t1", "token", player, new SeatDriver.Listener() {},
        Duration.ofSeconds(5)).start();
  }

  private static Turn callTurn() {
    CallTurn.Builder c = CallTurn.newBuilder();
    LEGAL.forEach(call -> c.addLegalCalls(Vocabulary.toProto(call)));
    return Turn.newBuilder().setSeat(org.tenace.proto.v1.Seat.SEAT_SOUTH).setCall(c).build();
  }

  /**
   * The table's part for South: a snapshot at sequence 1 with {@link #turn}; the first command
   * is recorded, answered with version 2, and the table closes at 2.
   */
  private static final class FakeTable extends TableServiceGrpc.TableServiceImplBase {
    final BlockingQueue<Message> commands = new LinkedBlockingQueue<>();
    volatile Turn turn;
    private volatile StreamObserver<WatchTableResponse> watcher;

    @Override
    public void watchTable(WatchTableRequest request, StreamObserver<WatchTableResponse> out) {
      watcher = out;
      out.onNext(WatchTableResponse.newBuilder().setSnapshot(TableSnapshot.newBuilder()
          .mergeFrom(Boards.snapshot(Seat.SOUTH, Boards.board()
              .addHands(Boards.hand(Seat.SOUTH, "SA", "H2"))))
          .setSequence(1).setTurn(turn)).build());
    }

    @Override
    public void makeCall(MakeCallRequest r, StreamObserver<MakeCallResponse> out) {
      answer(r, out, MakeCallResponse.newBuilder().setVersion(2).build());
    }

    @Override
    public void respondToClaim(RespondToClaimRequest r,
        StreamObserver<RespondToClaimResponse> out) {
      answer(r, out, RespondToClaimResponse.newBuilder().setVersion(2).build());
    }

    private <R> void answer(Message command, StreamObserver<R> out, R response) {
      // The stream of the driver that sent the command, read once: by the time it is completed
      // the test may have started the next driver, whose stream is then the field's.
      StreamObserver<WatchTableResponse> stream = watcher;
      commands.add(command);
      out.onNext(response);
      out.onCompleted();
      stream.onNext(WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder()
          .setSequence(2).setTableClosed(TableClosed.getDefaultInstance())).build());
      stream.onCompleted();
    }
  }
}
