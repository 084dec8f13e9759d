package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.session.SessionServer.as;
import static org.tenace.server.session.SessionServer.assertChecks;
import static org.tenace.server.session.SessionServer.played;
import static org.tenace.server.session.SessionServer.robots;
import static org.tenace.server.session.SessionServer.scheduled;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.client.SeatDriver;
import org.tenace.movement.Howell;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionKind;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.server.session.SessionServer.Opened;

/**
 * A whole session through gRPC on a real loopback server and an H2 store on disk: every seat a
 * robot, from CreateSession to GetResults.
 */
class SessionServiceTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aThreeTableMitchellOfRobotsPlaysToTheEndAndItsHandRecordChecksOut() {
    playsToTheEndByTheMovement(CreateSessionRequest.newBuilder()
        .setName("Robot Mitchell").setKind(SessionKind.SESSION_KIND_PAIRS)
        .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(3).setBoardsPerRound(2)
        .setRobots(true).setDealSeed(77).build(),
        Mitchell.of(3, 0, 2, Mitchell.EvenTables.SKIP, false));
  }

  @Test
  @Timeout(value = 400, unit = TimeUnit.SECONDS)
  void aFourTableMitchellOfSixteenBoardsPlaysToTheEndAndItsHandRecordChecksOut() {
    // 4 tables of 4 boards: 16 boards, the skip after round 2, 3 rounds, each board 3 times.
    Movement m = Mitchell.of(4, 0, 4, Mitchell.EvenTables.SKIP, false);
    assertThat(m.boards()).isEqualTo(16);
    playsToTheEndByTheMovement(CreateSessionRequest.newBuilder()
        .setName("Four-table Mitchell").setMovement(MovementType.MOVEMENT_TYPE_MITCHELL)
        .setTables(4).setBoardsPerRound(4).setRobots(true).setDealSeed(16).build(), m);
  }

  @Test
  @Timeout(value = 400, unit = TimeUnit.SECONDS)
  void aCompleteThreeTableHowellOfRobotsPlaysToTheEndAndItsHandRecordChecksOut() {
    // 6 pairs, 5 rounds: every pair meets every other once.
    playsToTheEndByTheMovement(CreateSessionRequest.newBuilder()
        .setName("Three-table Howell").setMovement(MovementType.MOVEMENT_TYPE_HOWELL)
        .setTables(3).setBoardsPerRound(2).setRobots(true).setDealSeed(3).build(),
        Howell.of(3, 0, 2));
  }

  /**
   * Runs a session of robots through gRPC to its end and checks that every pair played the
   * boards the movement says, against whom it says, at that table, that every table that played
   * a board had the same deal, and that the hand record passes the checker of
   * {@code tenace score --check}.
   */
  private void playsToTheEndByTheMovement(CreateSessionRequest request, Movement movement) {
    var stub = at.start();
    CreateSessionResponse created = stub.createSession(request);
    String id = created.getSessionId();
    String director = created.getDirectorToken();
    int plays = movement.rounds().stream().flatMap(r -> r.tables().stream())
        .mapToInt(t -> t.boards().size()).sum();
    assertThat(created.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_WAITING);
    assertThat(created.getStatus().getBoardsTotal()).isEqualTo(plays);
    assertThat(created.getStatus().getMovement()).isEqualTo(movement.name());

    long t0 = System.nanoTime();
    as(stub, director).startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    Iterator<WatchSessionResponse> watch = as(stub, director)
        .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build());
    List<WatchSessionResponse> seen = new ArrayList<>();
    watch.forEachRemaining(seen::add);
    System.out.printf("%s, %d table-boards by robots: %.1f s%n", movement.name(), plays,
        (System.nanoTime() - t0) / 1e9);

    WatchSessionResponse last = seen.get(seen.size() - 1);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(plays);
    assertThat(seen).extracting(w -> w.getStatus().getRound()).isSorted()
        .contains(movement.rounds().size());
    assertThat(seen).allSatisfy(w -> assertThat(w.getSeatsList()).isEmpty());

    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());

    assertThat(played(results)).containsExactlyInAnyOrderElementsOf(scheduled(movement));

    List<PbnGame> games = PbnReader.readText(results.getPbn(), "session.pbn").values();
    assertThat(games).hasSize(plays);
    Map<Integer, String> dealOf = new HashMap<>();
    for (PbnGame g : games) {
      String deal = g.tag("Deal").orElseThrow();
      assertThat(dealOf.putIfAbsent(g.board().getAsInt(), deal)).isIn(null, deal);
      assertThat(g.auction()).isPresent();
    }
    assertThat(dealOf).hasSize(movement.boards());

    // Matchpoints: a board played n times has a top of 2(n-1) and hands out n(n-1) in all.
    double expected = movement.designedPlays().values().stream()
        .mapToDouble(n -> 2.0 * n * (n - 1)).sum();
    double total = results.getRankingList().stream()
        .mapToDouble(s -> Double.parseDouble(s.getTotal())).sum();
    assertThat(total).isEqualTo(expected);
    assertThat(results.getRankingList()).hasSize(movement.pairs());
    assertThat(results.getRankingList().get(0).getRank()).isEqualTo(1);

    var read = EventReader.read(results.getPbn().getBytes(StandardCharsets.ISO_8859_1),
        "session.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(read.event().boards()).hasSize(movement.boards());
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
    assertThat(check.checked()).isGreaterThan(plays * 4);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aServerRestartedMidSessionComesBackWithItAndFinishesIt() {
    var stub = at.start();
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Restarted Howell").setMovement(MovementType.MOVEMENT_TYPE_HOWELL)
        .setTables(3).setRounds(3).setBoardsPerRound(1).setRobots(true).build());
    String id = created.getSessionId();
    String director = created.getDirectorToken();
    as(stub, director).startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    Iterator<WatchSessionResponse> watch = as(stub, director)
        .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build());
    while (watch.next().getStatus().getRound() < 2) {
      // round 1 is still in play
    }
    GetResultsResponse before = as(stub, director).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    int playedBefore = before.getStatus().getBoardsFinished();
    assertThat(playedBefore).isBetween(3, 8);
    at.close();

    stub = at.start();
    List<WatchSessionResponse> seen = new ArrayList<>();
    as(stub, director).watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build())
        .forEachRemaining(seen::add);
    WatchSessionResponse last = seen.get(seen.size() - 1);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(9);

    GetResultsResponse after = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    // The boards played before the restart are still there, with the deals made at creation.
    for (Traveller t : before.getTravellersList()) {
      Traveller same = after.getTravellersList().stream()
          .filter(x -> x.getBoard() == t.getBoard()).findFirst().orElseThrow();
      assertThat(same.getLinesList().subList(0, t.getLinesCount()))
          .extracting(TravellerLine::getNsScore, TravellerLine::getTable, TravellerLine::getRound)
          .containsExactlyElementsOf(t.getLinesList().stream()
              .map(l -> org.assertj.core.groups.Tuple.tuple(l.getNsScore(), l.getTable(),
                  l.getRound())).toList());
    }
    Map<Integer, String> dealOf = new HashMap<>();
    for (PbnGame g : PbnReader.readText(after.getPbn(), "after.pbn").values()) {
      String deal = g.tag("Deal").orElseThrow();
      assertThat(dealOf.putIfAbsent(g.board().getAsInt(), deal)).isIn(null, deal);
    }
    for (PbnGame g : PbnReader.readText(before.getPbn(), "before.pbn").values()) {
      assertThat(g.tag("Deal")).contains(dealOf.get(g.board().getAsInt()));
    }
    assertChecks(after.getPbn());
  }

  /**
   * One person joins as a pair with robot_partner (as the browser does, which cannot run a robot
   * of its own): each round the pair is handed the person's seat only, North or East, a robot of
   * the server's plays the partner's, and the session plays to its end with the person's
   * program playing one seat a round.
   */
  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aPersonAloneJoinsWithTheServersRobotAsPartner() {
    Opened session = at.open(
        robots("Alone", MovementType.MOVEMENT_TYPE_HOWELL, 2, 7).toBuilder().setRounds(2).build());
    JoinSessionResponse joined = session.stub().joinSession(JoinSessionRequest.newBuilder()
        .setSessionId(session.id()).setPair(3).setName("Ann - Robot").setRobotPartner(true)
        .build());
    session.start();
    PairProgram program = new PairProgram();
    WatchSessionResponse last = program.playAll(session, joined, w -> {
      if (w.getStatus().getState() == SessionState.SESSION_STATE_PLAYING) {
        assertThat(w.getSeatsList()).singleElement().satisfies(t -> assertThat(t.getSeat())
            .isIn(org.tenace.proto.v1.Seat.SEAT_NORTH, org.tenace.proto.v1.Seat.SEAT_EAST));
      }
    });
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(4);
    assertThat(program.driven).hasSize(2); // the person's one seat in each of two rounds
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aJoinedPairIsToldItsSeatsEachRoundAndPlaysThemThroughTableService() {
    Opened session = at.open(
        robots("Club night", MovementType.MOVEMENT_TYPE_HOWELL, 2, 5).toBuilder().setRounds(2)
            .build());
    var stub = session.stub();
    String id = session.id();
    JoinSessionResponse joined = session.join(2, "Ann - Bob");
    assertThat(joined.getPair()).isEqualTo(2);
    assertThatThrownBy(() -> stub.joinSession(JoinSessionRequest.newBuilder()
        .setSessionId(id).setPair(2).setName("Cy - Di").build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS));
    // A player's token does not start the session.
    assertThatThrownBy(() -> as(stub, joined.getToken()).startSession(
        StartSessionRequest.newBuilder().setSessionId(id).build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
    // No results before the end but to the director, and to a pair its own boards'
    // travellers (none yet), never the hand record; no watching without a token.
    assertThatThrownBy(() -> stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(
            e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
    GetResultsResponse early = as(stub, joined.getToken()).getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(early.getTravellersList()).isEmpty();
    assertThat(early.getPbn()).isEmpty();
    assertThat(session.director().getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build()).getTravellersList()).isEmpty();
    assertThatThrownBy(() -> stub.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build()).next())
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(
            e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    assertThatThrownBy(() -> stub.createSession(CreateSessionRequest.newBuilder()
        .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(2).setBoardsPerRound(2)
        .build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(
            e.getStatus().getDescription()).startsWith("MALFORMED: movement: a Mitchell needs"));
    session.start();

    // The pair's own program plays its seats, as they are handed out round by round.
    PairProgram program = new PairProgram();
    AtomicBoolean seenTravellers = new AtomicBoolean();
    WatchSessionResponse last = program.playAll(session, joined, w -> {
      SessionStatus s = w.getStatus();
      if (s.getState() == SessionState.SESSION_STATE_PLAYING && s.getRound() == 2
          && seenTravellers.compareAndSet(false, true)) {
        // Round 1 played: the pair sees its board's traveller, and no board it has not played.
        Assignment first = s.getPlan(0).getAssignmentsList().stream()
            .filter(a -> a.getPair() == 2).findFirst().orElseThrow();
        GetResultsResponse mid = as(stub, joined.getToken()).getResults(
            GetResultsRequest.newBuilder().setSessionId(id).build());
        assertThat(mid.getTravellersList()).extracting(Traveller::getBoard)
            .containsExactlyElementsOf(first.getBoardsList());
        assertThat(mid.getTravellersList()).allSatisfy(t -> assertThat(t.getLinesList())
            .anySatisfy(l -> assertThat(List.of(l.getNsPair(), l.getEwPair())).contains(2)));
        assertThat(mid.getPbn()).isEmpty();
        assertThat(mid.getRankingList()).hasSize(s.getPairs());
      }
      if (s.getState() == SessionState.SESSION_STATE_PLAYING) {
        assertThat(w.getSeatsList()).hasSize(2);
        Assignment mine = s.getPlan(s.getRound() - 1).getAssignmentsList().stream()
            .filter(a -> a.getPair() == 2).findFirst().orElseThrow();
        String tableId = s.getPlan(s.getRound() - 1).getTableIds(mine.getTable() - 1);
        assertThat(w.getSeatsList()).allSatisfy(t -> assertThat(t.getTableId())
            .isEqualTo(tableId));
      }
    });
    assertThat(seenTravellers).isTrue();
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(program.driven).hasSize(4); // two seats in each of two rounds
    GetResultsResponse results = session.results();
    assertThat(results.getRankingList()).filteredOn(r -> r.getPair() == 2)
        .singleElement().satisfies(r -> {
          assertThat(r.getName()).isEqualTo("Ann - Bob");
          assertThat(r.getBoards()).isEqualTo(2);
        });
    // The hand record names who sat where, and the day the session was made.
    List<PbnGame> games = PbnReader.readText(results.getPbn(), "club.pbn").values();
    assertThat(games).filteredOn(g -> g.tag("PairNS").orElseThrow().equals("2"))
        .isNotEmpty().allSatisfy(g -> {
          assertThat(g.tag("North")).contains("Ann");
          assertThat(g.tag("South")).contains("Bob");
        });
    assertThat(games).filteredOn(g -> !g.tag("PairNS").orElseThrow().equals("2")
        && !g.tag("PairEW").orElseThrow().equals("2"))
        .allSatisfy(g -> assertThat(g.tag("North")).contains("Robot"));
    assertThat(games).allSatisfy(g -> assertThat(g.tag("Date").orElseThrow())
        .matches("\\d{4}\\.\\d{2}\\.\\d{2}"));
  }

  /** The pair's own program: a house robot at each seat the pair is handed, once each. */
  private final class PairProgram {
    final Set<String> driven = new HashSet<>();
    private final List<SeatDriver> drivers = new ArrayList<>();

    void drive(List<SeatTicket> seats) {
      for (SeatTicket t : seats) {
        if (driven.add(t.getToken())) {
          drivers.add(new SeatDriver(at.channel(), t.getTableId(), t.getToken(),
              new RobotPlayer(new HouseRobot()), new SeatDriver.Listener() { }).start());
        }
      }
    }

    /**
     * Watches {@code session} as {@code joined} to its end, checking each message with
     * {@code check} and then driving the seats it hands out: the last message.
     */
    WatchSessionResponse playAll(Opened session, JoinSessionResponse joined,
        Consumer<WatchSessionResponse> check) {
      WatchSessionResponse last = null;
      Iterator<WatchSessionResponse> watch = session.watchAs(joined.getToken());
      try {
        while (watch.hasNext()) {
          last = watch.next();
          check.accept(last);
          drive(last.getSeatsList());
        }
      } finally {
        drivers.forEach(SeatDriver::close);
      }
      return last;
    }
  }
}
