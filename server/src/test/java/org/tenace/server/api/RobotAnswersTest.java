package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.ClaimStatus;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.Robot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.card.Card;

/**
 * What the robots answer besides calls and cards (undo requests, laws-mode options), and what
 * a driver does with a robot that throws, cheats or never answers: the table goes on.
 */
class RobotAnswersTest {
  private TenaceServer server;
  private ManagedChannel channel;

  @BeforeEach
  void start() {
    server = TenaceServer.start(NettyServerBuilder.forAddress(
        new InetSocketAddress("127.0.0.1", 0)).directExecutor(),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  @AfterEach
  void stop() {
    channel.shutdownNow();
    server.close();
  }

  private CreateTableResponse create(Mode mode, Seat... robots) {
    var req = CreateTableRequest.newBuilder().setName("answers")
        .setSettings(TableSettings.newBuilder().setMode(mode).setBoardCount(1)).setDealSeed(5);
    for (Seat s : robots) {
      req.addRobotSeats(s);
    }
    return TableServiceGrpc.newBlockingStub(channel).createTable(req.build());
  }

  /** A person at {@code seat} of table {@code id}, watching it from its start. */
  private TestClient person(String id, Seat seat, String name) {
    TestClient c = TestClient.join(channel, id, seat, name);
    c.watch(0);
    return c;
  }

  @Test
  void robotOpponentsConsentToAnUndo() {
    String id = create(Mode.MODE_ONLINE, Seat.SEAT_EAST, Seat.SEAT_WEST).getTable().getTableId();
    TestClient north = person(id, Seat.SEAT_NORTH, "North");
    TestClient south = person(id, Seat.SEAT_SOUTH, "South");
    north.awaitTurn(Turn.KindCase.CALL); // board 1: North deals
    north.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(Seat.SEAT_NORTH)
        .setCall(Party.parse("1C")).setExpectedVersion(north.lastSequence()).build());
    // East (a robot) calls over it at once; South, a person, waits. North asks to undo.
    south.awaitTurn(Turn.KindCase.CALL);
    north.stub.requestUndo(RequestUndoRequest.newBuilder().setTableId(id)
        .setExpectedVersion(south.lastSequence()).build());
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
        assertThat(north.events()).anyMatch(e -> e.hasCallsWithdrawn()
            && e.getCallsWithdrawn().getUndone()));
    assertThat(north.events()).filteredOn(TableEvent::hasUndoAnswered)
        .extracting(e -> e.getUndoAnswered().getSeat())
        .containsExactlyInAnyOrder(Seat.SEAT_EAST, Seat.SEAT_WEST);
    assertThat(north.awaitTurn(Turn.KindCase.CALL).getSeat()).isEqualTo(Seat.SEAT_NORTH);
  }

  @Test
  void aRobotAcceptsAnInsufficientBidInLawsMode() {
    String id = create(Mode.MODE_LAWS, Seat.SEAT_EAST, Seat.SEAT_WEST).getTable().getTableId();
    TestClient north = person(id, Seat.SEAT_NORTH, "North");
    TestClient south = person(id, Seat.SEAT_SOUTH, "South");
    north.awaitTurn(Turn.KindCase.CALL);
    north.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(Seat.SEAT_NORTH)
        .setCall(Party.parse("1H")).setExpectedVersion(north.lastSequence()).build());
    south.awaitTurn(Turn.KindCase.CALL); // East (a robot) has called over 1H
    south.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(Seat.SEAT_SOUTH)
        .setCall(Party.parse("1C")).setExpectedVersion(south.lastSequence()).build());
    // West, South's LHO, holds the Law 27 option; the robot accepts the insufficient bid.
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
        assertThat(south.events()).anyMatch(e -> e.hasOptionChosen()
            && e.getOptionChosen().getSeat() == Seat.SEAT_WEST
            && e.getOptionChosen().getChoice() == OptionChoice.OPTION_CHOICE_ACCEPT));
  }

  /**
   * North (a person) declares 7NT on a prepared deal against two robots, and claims all thirteen
   * tricks once dummy is down; the robots accept a claim their sure-winner count supports and
   * reject one it does not (West holds the club ace in the second deal).
   */
  @ParameterizedTest
  @CsvSource({
      "N:AKQJT98.AKQ.AK.A .8765.T9876.JT98 765432.JT9.QJ.KQ .432.5432.765432, true",
      "N:AKQJT98.AKQ.AK.K .8765.T9876.JT98 765432.JT9.QJ.Q7 .432.5432.A65432, false"})
  void robotDefendersAcceptOnlyAClaimTheirCardsConfirm(String deal, boolean accepted) {
    var req = CreateTableRequest.newBuilder().setName("claim")
        .setSettings(TableSettings.newBuilder().setBoardCount(1))
        .setDealPbn("[Board \"1\"]\n[Deal \"" + deal + "\"]\n")
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST);
    String id = TableServiceGrpc.newBlockingStub(channel).createTable(req.build()).getTable()
        .getTableId();
    TestClient north = person(id, Seat.SEAT_NORTH, "North");
    TestClient south = person(id, Seat.SEAT_SOUTH, "South");
    north.awaitTurn(Turn.KindCase.CALL);
    String first = "7NT";
    // North bids 7NT, then North and South pass until the auction ends (a robot may double).
    while (true) {
      TestClient caller = awaitCallOrPlay(north, south);
      Turn t = caller.turn();
      if (t.hasPlay()) {
        break;
      }
      // Read before the call: a robot may answer before the call returns.
      long v = caller.lastSequence();
      caller.stub.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
          .setCall(Party.parse(first)).setExpectedVersion(v).build());
      first = "P";
      await().atMost(Duration.ofSeconds(30)).until(() -> caller.lastSequence() > v);
    }
    // East (a robot) has led; North is to play from dummy, and claims the rest.
    Turn t = north.awaitTurn(Turn.KindCase.PLAY);
    assertThat(t.getSeat()).isEqualTo(Seat.SEAT_SOUTH);
    north.stub.claim(ClaimRequest.newBuilder().setTableId(id).setTricks(13)
        .setExpectedVersion(north.lastSequence()).build());
    ClaimStatus expected = accepted ? ClaimStatus.CLAIM_STATUS_ACCEPTED
        : ClaimStatus.CLAIM_STATUS_REJECTED;
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
        assertThat(north.events()).anyMatch(e -> e.hasClaimAnswered()
            && e.getClaimAnswered().getStatus() == expected));
    if (accepted) {
      await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
          assertThat(north.events()).anyMatch(e -> e.hasBoardCompleted()
              && e.getBoardCompleted().getResult().getTricks() == 13
              && e.getBoardCompleted().getResult().getClaimed()));
    }
  }

  private static TestClient awaitCallOrPlay(TestClient... clients) {
    TestClient[] found = new TestClient[1];
    await().atMost(Duration.ofSeconds(30)).until(() -> {
      for (TestClient c : clients) {
        Turn t = c.turn();
        if (t != null && (t.hasCall() || t.hasPlay())) {
          found[0] = c;
          return true;
        }
      }
      return false;
    });
    return found[0];
  }

  @Test
  void aRobotThatThrowsCheatsOrNeverAnswersIsReplacedByTheFirstLegalChoice() throws Exception {
    CreateTableResponse created = create(Mode.MODE_ONLINE, Seat.SEAT_NORTH, Seat.SEAT_EAST,
        Seat.SEAT_WEST);
    String id = created.getTable().getTableId();
    BoardLog log = new BoardLog(channel, id, created.getDirectorToken());
    String token = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest
        .newBuilder().setTableId(id).setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH)
        .setName("broken").build()).getToken();
    AtomicInteger cards = new AtomicInteger();
    CountDownLatch never = new CountDownLatch(1);
    Robot broken = new Robot() {
      @Override
      public CallChoice chooseCall(CallView view) {
        throw new IllegalStateException("no system today");
      }

      @Override
      public Card chooseCard(CardView view) {
        if (cards.incrementAndGet() % 2 == 0) {
          return view.playingHand().cards().stream()
              .filter(c -> !view.legalCards().contains(c)).findFirst()
              .orElse(Card.parse("SA").equals(view.legalCards().get(0))
                  ? Card.parse("SK") : Card.parse("SA"));
        }
        try {
          never.await(); // thinks for ever
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return view.legalCards().get(0);
      }
    };
    SeatDriver driver = new SeatDriver(channel, id, token, new RobotPlayer(broken),
        new SeatDriver.Listener() {},
        Duration.ofMillis(50)).start();
    assertThat(log.next(Duration.ofSeconds(30)).getResult().getBoardNumber()).isEqualTo(1);
    assertThat(driver.done().get(30, TimeUnit.SECONDS)).isEqualTo("the table closed");
    assertThat(driver.stats().refusals()).isZero();
    assertThat(driver.stats().fallbacks()).isPositive()
        .isEqualTo(driver.stats().commands() - 1); // every call and card; MarkReady is no choice
  }
}
