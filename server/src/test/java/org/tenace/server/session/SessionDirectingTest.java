package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.session.SessionServer.as;
import static org.tenace.server.session.SessionServer.assertChecks;
import static org.tenace.server.session.SessionServer.refused;
import static org.tenace.server.session.SessionServer.robots;
import static org.tenace.server.session.SessionServer.untilEnd;

import io.grpc.Status;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.AbortSessionRequest;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.AssignAdjustedScoreRequest;
import org.tenace.proto.v1.AssignedResult;
import org.tenace.proto.v1.AssignedScore;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.EndRoundResponse;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.MarkPairAbsentRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionSummary;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.session.SessionServer.Opened;

/**
 * The director's tools over gRPC on a real server and an H2 store on disk: moving a round on
 * with a board unplayed (Law 12C2 artificial scores), assigning an adjusted score, replacing a
 * pair by robots, listing and aborting sessions; each refusal with its status and reason.
 */
class SessionDirectingTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  private static ArtificialScore score(ArtificialAverage ns, ArtificialAverage ew) {
    return ArtificialScore.newBuilder().setNorthSouth(ns).setEastWest(ew).build();
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aStalledRoundIsMovedOnWithArtificialScoresAndTheAbsentPairIsReplacedByRobots() {
    // A 2-table Howell, one board a round (both tables play it): pair 1 joins and never plays.
    Opened session = at.open(robots("Stalled", MovementType.MOVEMENT_TYPE_HOWELL, 2, 12));
    var player = as(session.stub(), session.join(1, "Al - Bea").getToken());
    var director = session.director();
    EndRoundRequest endRound1 = EndRoundRequest.newBuilder().setSessionId(session.id())
        .setRound(1)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS,
            ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS)).build();
    refused(() -> director.endRound(endRound1), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: no round in play");

    session.start();
    Iterator<WatchSessionResponse> watch = session.watch();
    while (watch.next().getStatus().getBoardsFinished() < 1) {
      // the robots' table plays board 1; pair 1's waits for it
    }

    refused(() -> player.endRound(endRound1), Status.Code.PERMISSION_DENIED,
        "NOT_DIRECTOR: only the session's director moves a round on");
    refused(() -> director.endRound(endRound1.toBuilder().setRound(2).build()),
        Status.Code.FAILED_PRECONDITION, "WRONG_STATE: round 2 is not the round in play (1)");
    refused(() -> director.endRound(endRound1.toBuilder().clearScore().build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: score.north_south: an artificial score");
    refused(() -> session.stub().endRound(endRound1), Status.Code.UNAUTHENTICATED, "TOKEN_INVALID");
    refused(() -> director.endRound(endRound1.toBuilder().setSessionId("99").build()),
        Status.Code.NOT_FOUND, "SESSION_NOT_FOUND");

    EndRoundResponse ended = director.endRound(endRound1);
    assertThat(ended.getAdjusted()).isEqualTo(1);
    assertThat(ended.getStatus().getRound()).isEqualTo(2);

    ReplaceByRobotRequest replace = ReplaceByRobotRequest.newBuilder()
        .setSessionId(session.id()).setPair(1).build();
    refused(() -> player.replaceByRobot(replace), Status.Code.PERMISSION_DENIED, "NOT_DIRECTOR");
    refused(() -> director.replaceByRobot(replace.toBuilder().setPair(9).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: pair 9: the session has pairs 1 to 4");
    refused(() -> director.replaceByRobot(replace.toBuilder().setPair(3).build()),
        Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 3 has not joined: robots play it already");
    // Pair 1's seats in round 2 go to robots, and so does every round after: the session ends.
    director.replaceByRobot(replace);
    refused(() -> director.replaceByRobot(replace), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 1 is a robot already");
    WatchSessionResponse last = untilEnd(watch);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);

    GetResultsResponse results = session.results();
    Traveller board1 = results.getTravellersList().stream().filter(t -> t.getBoard() == 1)
        .findFirst().orElseThrow();
    TravellerLine adjusted = board1.getLinesList().stream()
        .filter(l -> !l.getAdjusted().isEmpty()).findFirst().orElseThrow();
    // Law 12C2 at matchpoints: 60% and 40% of the top (2 on a board played twice).
    assertThat(adjusted.getAdjusted()).isEqualTo("A+/A-");
    assertThat(adjusted.getNsPair()).isEqualTo(4);
    assertThat(adjusted.getEwPair()).isEqualTo(1);
    assertThat(adjusted.getNsPoints()).isEqualTo("1.2");
    assertThat(adjusted.getEwPoints()).isEqualTo("0.8");
    assertChecks(results.getPbn());

    // After the end, the director may still adjust a board; refusals name what is wrong.
    AssignAdjustedScoreRequest assign = AssignAdjustedScoreRequest.newBuilder()
        .setSessionId(session.id()).setRound(3).setTable(1).setBoard(3)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN,
            ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN)).build();
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setBoard(2).build()),
        Status.Code.INVALID_ARGUMENT,
        "MALFORMED: board 2 is not played at table 1 in round 3 (its boards: [3])");
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setRound(4).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: round 4: the session has rounds 1 to 3");
    refused(() -> director.assignAdjustedScore(assign.toBuilder().setTable(3).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: round 3 has no table 3");
    refused(() -> player.assignAdjustedScore(assign), Status.Code.PERMISSION_DENIED,
        "NOT_DIRECTOR");
    director.assignAdjustedScore(assign);
    GetResultsResponse after = session.results();
    assertThat(after.getTravellersList().stream().filter(t -> t.getBoard() == 3)
        .flatMap(t -> t.getLinesList().stream()).filter(l -> l.getTable() == 1)
        .findFirst().orElseThrow())
        .satisfies(l -> {
          assertThat(l.getAdjusted()).isEqualTo("A/A");
          assertThat(l.getNsPoints()).isEqualTo("1");
        });
    assertChecks(after.getPbn());

    // Every step is durable: a restarted server gives the same results.
    assertSameAfterRestart(after, session.id());
  }

  private static AssignedResult result(int percent, String contract, int tricks) {
    org.tenace.bridge.auction.Contract c = org.tenace.bridge.auction.Contract.parse(
        contract.substring(0, contract.length() - 1),
        org.tenace.bridge.card.Seat.parse(contract.charAt(contract.length() - 1)));
    return AssignedResult.newBuilder().setPercent(percent).setTricks(tricks)
        .setContract(org.tenace.client.Vocabulary.toProto(c)).build();
  }

  /**
   * Board 1's three rulings (none vulnerable: 4S= by N is +420, 4S-1 by N -50), one at each of
   * the tables that played it, {@code played}: the first table is assigned 4S=, the second 60% of
   * 4S= + 40% of 4S-1, the third a split score: 4S-1 for North-South, 4S= for East-West.
   */
  private static void assignBoardOneRulings(Opened session, List<TravellerLine> played) {
    AssignedResult made = result(100, "4SN", 10);
    List<AssignedScore> rulings = List.of(
        AssignedScore.newBuilder().addNorthSouth(made).build(),
        AssignedScore.newBuilder().addNorthSouth(result(60, "4SN", 10))
            .addNorthSouth(result(40, "4SN", 9)).build(),
        AssignedScore.newBuilder().addNorthSouth(result(100, "4SN", 9)).addEastWest(made)
            .build());
    for (int i = 0; i < 3; i++) {
      session.director().assignAdjustedScore(AssignAdjustedScoreRequest.newBuilder()
          .setSessionId(session.id()).setRound(played.get(i).getRound())
          .setTable(played.get(i).getTable()).setBoard(1).setAssigned(rulings.get(i)).build());
    }
  }

  /** Board 1's lines in {@code results}, each checked to read as its ruling above. */
  private static List<TravellerLine> boardOneRuled(GetResultsResponse results) {
    List<TravellerLine> lines = results.getTravellers(0).getLinesList();
    assertThat(lines).extracting(TravellerLine::getAdjusted).containsExactly("4S= by N",
        "60% 4S= by N, 40% 4S-1 by N", "NS 4S-1 by N; EW 4S= by N");
    return lines;
  }

  /** A restarted server gives session {@code id}'s travellers and ranking as {@code before}. */
  private GetResultsResponse assertSameAfterRestart(GetResultsResponse before, String id) {
    GetResultsResponse restarted = at.resultsAfterRestart(id);
    assertThat(restarted.getTravellersList()).isEqualTo(before.getTravellersList());
    assertThat(restarted.getRankingList()).isEqualTo(before.getRankingList());
    return restarted;
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void assignedWeightedAndSplitScoresAreScoredAsAHandCountAndSurviveARestart() {
    // A 3-table Mitchell of robots, one board a round: board 1 is played at three tables.
    Opened session = at.open(robots("Rulings", MovementType.MOVEMENT_TYPE_MITCHELL, 3, 5));
    assertThat(session.playToEnd().getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED);
    List<TravellerLine> played = session.results().getTravellers(0).getLinesList();
    assertThat(played).hasSize(3);

    assignBoardOneRulings(session, played);
    AssignAdjustedScoreRequest first = AssignAdjustedScoreRequest.newBuilder()
        .setSessionId(session.id()).setRound(played.get(0).getRound())
        .setTable(played.get(0).getTable()).setBoard(1).build();
    refused(() -> session.director().assignAdjustedScore(first.toBuilder().setAssigned(
        AssignedScore.newBuilder().addNorthSouth(result(60, "4SN", 10))
            .addNorthSouth(result(30, "4SN", 9))).build()), Status.Code.INVALID_ARGUMENT,
        "MALFORMED: assigned.north_south: the weights of the assigned score add up to 90%,"
            + " not 100%");
    refused(() -> session.director().assignAdjustedScore(first.toBuilder().setAssigned(
        AssignedScore.newBuilder().addNorthSouth(result(100, "4SN", 14))).build()),
        Status.Code.INVALID_ARGUMENT,
        "MALFORMED: assigned.north_south: declarer cannot take 14 tricks");

    GetResultsResponse after = session.results();
    List<TravellerLine> lines = boardOneRuled(after);
    // By hand, 2 matchpoints a comparison (top 4). North-South: 420 ties 60% of the weighted
    // row and beats its 40% and -50 (0.6 + 0.8 + 2 = 3.4); the weighted row's 420 ties and beats
    // (3), its -50 loses and ties (1): 0.6 x 3 + 0.4 x 1 = 2.2; -50 loses, then ties 40% (0.4).
    // East-West, on their own lists (420, weighted, 420): 0.6 + 1 = 1.6; 0.6 x 2 + 0.4 x 4 =
    // 2.8; 1 + 0.6 = 1.6. The split row's sides do not add up to the top.
    assertThat(lines).extracting(TravellerLine::getNsPoints).containsExactly("3.4", "2.2", "0.4");
    assertThat(lines).extracting(TravellerLine::getEwPoints).containsExactly("1.6", "2.8", "1.6");
    assertChecks(after.getPbn());
    assertThat(after.getPbn()).contains("\"60% 4S= by N, 40% 4S-1 by N\"", "\"4S-1 by N\"");

    // The rulings are in the session's log: a restarted server gives the same results.
    assertSameAfterRestart(after, session.id());
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void everyKindOfAdjustedScoreAtCrossImpsIsScoredAsAHandCountAndItsExportChecks() {
    // A 3-table Mitchell of robots at IMPs across the field, one board a round: boards 1 and 2
    // are each played at three tables.
    Opened session = at.open(
        robots("Rulings at IMPs", MovementType.MOVEMENT_TYPE_MITCHELL, 3, 5).toBuilder()
            .setScoring(org.tenace.proto.v1.SessionScoring.SESSION_SCORING_IMPS_ACROSS_FIELD)
            .build());
    assertThat(session.playToEnd().getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED);
    GetResultsResponse before = session.results();
    List<TravellerLine> board1 = before.getTravellers(0).getLinesList();
    List<TravellerLine> board2 = before.getTravellers(1).getLinesList();
    assertThat(board1).hasSize(3);
    assertThat(board2).hasSize(3);

    // Board 1, as at matchpoints above; board 2: Avg+ to North-South, Avg- to East-West at its
    // first table.
    assignBoardOneRulings(session, board1);
    session.director().assignAdjustedScore(AssignAdjustedScoreRequest.newBuilder()
        .setSessionId(session.id()).setRound(board2.get(0).getRound())
        .setTable(board2.get(0).getTable()).setBoard(2)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS,
            ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS)).build());

    GetResultsResponse after = session.results();
    List<TravellerLine> lines = boardOneRuled(after);
    // By hand, cross-IMPs summed, a 470-point swing being 10 IMPs. North-South's list is
    // (420, weighted, -50): 420 gains 0.4 x 10 on the weighted row and 10 on -50 (14); the
    // weighted row's 420 gains 10 on -50 and its -50 loses 10 to 420: 0.6 x 10 - 0.4 x 10 (2);
    // -50 loses 10 and 0.6 x 10 (-16). East-West's list is (420, weighted, 420), from their
    // side: each 420 loses 0.4 x 10 to the weighted row's -50 (-4 each), which gains 2 x 0.4 x
    // 10 (8).
    assertThat(lines).extracting(TravellerLine::getNsPoints).containsExactly("14", "2", "-16");
    assertThat(lines).extracting(TravellerLine::getEwPoints).containsExactly("-4", "8", "-4");
    // Law 12C2's Avg+ and Avg- at IMPs across the field, as the hand record's ScoreTable reads
    // (Ruter's 1.5 IMPs a comparison), summed as the played rows' are over the board's two
    // compared results (the artificial row is not compared itself): +3 and -3.
    TravellerLine artificial = after.getTravellers(1).getLinesList().stream()
        .filter(l -> !l.getAdjusted().isEmpty()).findFirst().orElseThrow();
    assertThat(artificial.getAdjusted()).isEqualTo("A+/A-");
    assertThat(artificial.getNsPoints()).isEqualTo("3");
    assertThat(artificial.getEwPoints()).isEqualTo("-3");
    // The hand record's ScoreTable, scored again by tenace score --check's checker, agrees.
    assertChecks(after.getPbn());
    assertThat(after.getPbn()).contains("[Scoring \"IMP;Cross\"]",
        "\"60% 4S= by N, 40% 4S-1 by N\"");
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aLatePairAndAPairThatLeavesMissTheirRoundsAndTheBoardsAreFactoredUpByNeuberg() {
    // A 3-table Mitchell, one board a round: table t plays board t in round 1; then board
    // t+1 (round 2) and t+2 (round 3), the East-West pairs 4-6 moving up a table each round.
    Opened session = at.open(robots("Late", MovementType.MOVEMENT_TYPE_MITCHELL, 3, 9));
    // Al and Bea (pair 5) hold round 1 up: they never play a card.
    session.join(5, "Al - Bea");
    var director = session.director();
    MarkPairAbsentRequest late = MarkPairAbsentRequest.newBuilder().setSessionId(session.id())
        .setPair(4).setFromRound(1).setToRound(1).build();
    refused(() -> session.stub().markPairAbsent(late), Status.Code.UNAUTHENTICATED,
        "TOKEN_INVALID");
    refused(() -> director.markPairAbsent(late.toBuilder().setPair(9).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: pair 9: the session has pairs 1 to 6");
    refused(() -> director.markPairAbsent(late.toBuilder().setToRound(4).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: rounds 1 to 4: the session has rounds 1 to 3");
    director.markPairAbsent(late);
    // Pair 3 goes home after round 2.
    director.markPairAbsent(late.toBuilder().setPair(3).setFromRound(3).setToRound(3).build());

    session.start();
    Iterator<WatchSessionResponse> watch = session.watch();
    while (watch.next().getStatus().getBoardsFinished() < 1) {
      // table 3 (pairs 3 and 6) plays board 3; table 1 sits out (pair 4 is late); table 2
      // waits for Al and Bea
    }
    refused(() -> director.markPairAbsent(late.toBuilder().setPair(1).build()),
        Status.Code.FAILED_PRECONDITION, "WRONG_STATE: round 1 has started already");

    // Cy and Di, pair 4, arrive during round 1: they play from round 2.
    JoinSessionResponse arrived = session.join(4, "Cy - Di");
    assertThat(arrived.getPair()).isEqualTo(4);
    session.replaceByRobot(5);
    Iterator<WatchSessionResponse> theirs = session.watchAs(arrived.getToken());
    WatchSessionResponse seated = theirs.next();
    while (seated.getSeatsCount() == 0) {
      seated = theirs.next(); // until round 2 opens with their table
    }
    assertThat(seated.getStatus().getRound()).isEqualTo(2);
    assertThat(seated.getSeatsList()).hasSize(2);
    session.replaceByRobot(4);
    WatchSessionResponse last = untilEnd(watch);
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    // Seven results of the nine tables planned, and the count says so; pairs 1 and 4 sit out
    // round 1 (table 0: a bye), pairs 3 and 4 round 3.
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(7);
    assertThat(last.getStatus().getBoardsTotal()).isEqualTo(7);
    assertThat(last.getStatus().getPlan(0).getAssignmentsList())
        .filteredOn(a -> a.getTable() == 0).extracting(a -> a.getPair())
        .containsExactlyInAnyOrder(1, 4);
    assertThat(last.getStatus().getPlan(2).getAssignmentsList())
        .filteredOn(a -> a.getTable() == 0).extracting(a -> a.getPair())
        .containsExactlyInAnyOrder(3, 4);

    GetResultsResponse results = session.results();
    // Board 1 misses round 1's table 1 (pair 4 late), board 2 round 3's table 3 (pair 3 gone);
    // board 3 is played at all three tables.
    assertThat(results.getTravellersList()).extracting(t -> t.getLinesCount())
        .containsExactly(2, 2, 3);
    for (Traveller t : results.getTravellersList()) {
      for (TravellerLine l : t.getLinesList()) {
        BigDecimal ns = new BigDecimal(l.getNsPoints());
        BigDecimal ew = new BigDecimal(l.getEwPoints());
        // Every board is scored on the top of three plays (4): a board played twice is factored
        // up by Neuberg, (MP + 1) x 3/2 - 1 on its top of 2: 0, 1 or 2 become 0.5, 2 or 3.5.
        assertThat(ns.add(ew)).isEqualByComparingTo("4");
        if (t.getLinesCount() == 2) {
          assertThat(ns.stripTrailingZeros().toPlainString()).isIn("0.5", "2", "3.5");
        }
      }
    }
    // Pair 4 played one board, pair 3 and pair 1 two (each sat out a round), the others three.
    assertThat(results.getRankingList()).extracting(st -> st.getPair() + ":" + st.getBoards())
        .containsExactlyInAnyOrder("1:2", "2:3", "3:2", "4:1", "5:3", "6:3");
    assertChecks(results.getPbn());
    assertSameAfterRestart(results, session.id());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aRoundWhereEveryTableHasAnAbsentPairIsPassedOverAlsoAfterARestart() {
    Opened session = at.open(
        robots("Empty round", MovementType.MOVEMENT_TYPE_MITCHELL, 3, 3));
    for (int pair = 4; pair <= 6; pair++) {
      session.director().markPairAbsent(MarkPairAbsentRequest.newBuilder()
          .setSessionId(session.id()).setPair(pair).setFromRound(1).setToRound(1).build());
    }
    WatchSessionResponse last = session.playToEnd();
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
    assertThat(last.getStatus().getBoardsTotal()).isEqualTo(6);

    GetResultsResponse restarted = assertSameAfterRestart(session.results(), session.id());
    assertThat(restarted.getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aPairThatLeftItsTableIsReplacedByRobotsAndTheRoundFinishes() {
    Opened session = at.open(robots("Left", MovementType.MOVEMENT_TYPE_HOWELL, 2, 12));
    JoinSessionResponse joined = session.join(1, "Al - Bea");
    session.start();
    List<org.tenace.proto.v1.SeatTicket> seats = session.watchAs(joined.getToken()).next()
        .getSeatsList();
    assertThat(seats).hasSize(2);
    // One of the pair gives up the seat (the CLI's quit) before the director replaces the pair:
    // its token is gone, its partner's is not.
    org.tenace.proto.v1.SeatTicket gone = seats.get(0);
    as(org.tenace.proto.v1.TableServiceGrpc.newBlockingStub(at.channel()), gone.getToken())
        .leaveTable(org.tenace.proto.v1.LeaveTableRequest.newBuilder()
            .setTableId(gone.getTableId()).build());

    var director = session.director();
    ReplaceByRobotRequest replace = ReplaceByRobotRequest.newBuilder()
        .setSessionId(session.id()).setPair(1).build();
    director.replaceByRobot(replace);
    refused(() -> director.replaceByRobot(replace), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: pair 1 is a robot already");
    // Robots take both of the pair's seats: round 1 finishes, and so does every round after.
    WatchSessionResponse last = untilEnd(session.watch());
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sessionsAreListedAndTheDirectorMayAbortOne() {
    var stub = at.start();
    CreateSessionRequest howell = CreateSessionRequest.newBuilder().setName("First")
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2).setBoardsPerRound(1)
        .setRobots(true).build();
    CreateSessionResponse first = stub.createSession(howell);
    CreateSessionResponse second = stub.createSession(howell.toBuilder().setName("Second")
        .build());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(second.getSessionId())
        .setName("Cy - Di").build());
    var director = as(stub, second.getDirectorToken());
    director.startSession(StartSessionRequest.newBuilder()
        .setSessionId(second.getSessionId()).build());

    List<SessionSummary> listed = stub.listSessions(ListSessionsRequest.getDefaultInstance())
        .getSessionsList();
    assertThat(listed).extracting(SessionSummary::getName).containsExactly("Second", "First");
    assertThat(listed.get(0).getState()).isEqualTo(SessionState.SESSION_STATE_PLAYING);
    assertThat(listed.get(0).getJoined()).isEqualTo(1);
    assertThat(listed.get(1).getState()).isEqualTo(SessionState.SESSION_STATE_WAITING);
    assertThat(listed.get(1).getMovement()).isEqualTo("Howell, 2 tables");

    AbortSessionRequest abort = AbortSessionRequest.newBuilder()
        .setSessionId(second.getSessionId()).build();
    refused(() -> as(stub, first.getDirectorToken()).abortSession(abort),
        Status.Code.UNAUTHENTICATED, "TOKEN_INVALID: not a token of this session");
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(second.getSessionId()).build());
    assertThat(director.abortSession(abort).getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_ABORTED);
    // The stream ends with the session aborted.
    List<WatchSessionResponse> seen = new ArrayList<>();
    watch.forEachRemaining(seen::add);
    assertThat(seen.get(seen.size() - 1).getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_ABORTED);
    refused(() -> director.abortSession(abort), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: the session was aborted already");
    refused(() -> director.endRound(EndRoundRequest.newBuilder()
        .setSessionId(second.getSessionId()).setRound(1)
        .setScore(score(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN,
            ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN)).build()),
        Status.Code.FAILED_PRECONDITION, "WRONG_STATE: no round in play");
    assertThat(stub.listSessions(ListSessionsRequest.getDefaultInstance()).getSessions(0)
        .getState()).isEqualTo(SessionState.SESSION_STATE_ABORTED);

    // An abort is durable too.
    at.close();
    var again = at.start();
    assertThat(again.listSessions(ListSessionsRequest.getDefaultInstance()).getSessions(0)
        .getState()).isEqualTo(SessionState.SESSION_STATE_ABORTED);
  }

}
