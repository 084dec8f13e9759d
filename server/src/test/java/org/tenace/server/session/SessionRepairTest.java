package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.session.SessionServer.as;
import static org.tenace.server.session.SessionServer.assertChecks;
import static org.tenace.server.session.SessionServer.refused;
import static org.tenace.server.session.SessionServer.robots;

import io.grpc.Status;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.client.SeatDriver;
import org.tenace.movement.Movement;
import org.tenace.movement.MovementCheck;
import org.tenace.proto.v1.AcceptRepairRequest;
import org.tenace.proto.v1.AcceptRepairResponse;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.Direction;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.MovementRepairProposal;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ProposeRepairRequest;
import org.tenace.proto.v1.RoundPlan;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.server.session.SessionServer.Opened;

/**
 * Live movement repair on a real server: the 4-table Mitchell (a relay and bye stand,
 * one board a round, robots in every seat) loses pair 8 after round 2 and gains a table for pairs
 * 9 and 10 after round 3. The test plays pair 1's seats itself, so that each round waits for it
 * while the director repairs the rounds to come; the repaired movement passes the check, every
 * board is scored (board 3, played three times, by Neuberg) and the results are counted again by
 * hand here.
 */
class SessionRepairTest {

  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void aMitchellLosesAPairAfterRoundTwoAndGainsATableAfterRoundThree() {
    Opened session = at.open(relayMitchell("Repaired", 31));
    String id = session.id();
    var director = session.director();
    JoinSessionResponse joined = session.join(1, "Ann - Ben");
    var player = as(session.stub(), joined.getToken());
    ProposeRepairRequest leaves = ProposeRepairRequest.newBuilder().setSessionId(id)
        .setPairLeaves(8).build();
    AcceptRepairRequest accept = AcceptRepairRequest.newBuilder().setSessionId(id).build();
    refused(() -> player.proposeRepair(leaves), Status.Code.PERMISSION_DENIED,
        "NOT_DIRECTOR: only the session's director repairs the movement");
    refused(() -> director.acceptRepair(accept), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: no repair has been proposed");

    session.start();
    Set<String> driven = new HashSet<>();
    List<SeatDriver> drivers = new ArrayList<>();
    MovementRepairProposal first = null;
    MovementRepairProposal second = null;
    WatchSessionResponse last = null;
    Iterator<WatchSessionResponse> watch = session.watchAs(joined.getToken());
    try {
      while (watch.hasNext()) {
        last = watch.next();
        List<SeatTicket> fresh = last.getSeatsList().stream()
            .filter(t -> !driven.contains(t.getToken())).toList();
        if (fresh.isEmpty()) {
          continue;
        }
        // A round has opened at pair 1's table and waits for its cards: the director's moment.
        int round = last.getStatus().getRound();
        if (round == 1) {
          // Planned while round 1 is played, for after round 1, and not accepted in time.
          MovementRepairProposal early = director.proposeRepair(leaves.toBuilder()
              .setAfterRound(1).build()).getRepair();
          assertThat(early.getChangesList()).contains("round 2: pair 1 sits out");
        } else if (round == 2) {
          refused(() -> director.acceptRepair(accept), Status.Code.FAILED_PRECONDITION,
              "WRONG_STATE: round 2 has opened since the repair was proposed");
          refused(() -> director.proposeRepair(leaves.toBuilder().setAfterRound(1).build()),
              Status.Code.FAILED_PRECONDITION, "WRONG_STATE: round 2 is in play: a repair"
                  + " changes only rounds not opened yet, from round 3");
          MovementRepairProposal proposed = director.proposeRepair(leaves).getRepair();
          assertThat(director.proposeRepair(ProposeRepairRequest.newBuilder()
              .setSessionId(id).build()).getRepair()).isEqualTo(proposed);
          AcceptRepairResponse accepted = director.acceptRepair(accept);
          first = accepted.getRepair();
          assertThat(first).isEqualTo(proposed);
          assertThat(accepted.getStatus().getRepairsList()).containsExactly(
              "from round 3, pair 8 leaves: round 3: pair 2 sits out; round 4: pair 3 sits out");
        } else if (round == 3) {
          second = director.proposeRepair(ProposeRepairRequest.newBuilder().setSessionId(id)
              .setTableAdded(true).build()).getRepair();
          director.acceptRepair(accept);
          // Cy and Di, who came with the new table, join as pair 9 in the middle of round 3
          // and play from round 4 (here by the server's robots, once they have joined).
          JoinSessionResponse late = session.join(9, "Cy - Di");
          assertThat(late.getPair()).isEqualTo(9);
          session.replaceByRobot(9);
        }
        for (SeatTicket t : fresh) {
          driven.add(t.getToken());
          drivers.add(new SeatDriver(at.channel(), t.getTableId(), t.getToken(),
              new RobotPlayer(new HouseRobot()), new SeatDriver.Listener() { }).start());
        }
      }
    } finally {
      drivers.forEach(SeatDriver::close);
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(first.getDefectsList()).isEmpty();
    assertThat(first.getChangesList()).containsExactly("round 3: pair 2 sits out",
        "round 4: pair 3 sits out");
    assertThat(second.getDefectsList()).isEmpty();
    assertThat(second.getArrivalsList()).containsExactly(9, 10);
    assertThat(second.getChangesList()).containsExactly(
        "round 4, table 5: pair 9 North-South against pair 10, board 4",
        "round 4: pair 3 sits out");

    SessionStatus status = last.getStatus();
    assertThat(status.getMovement()).isEqualTo(
        "Mitchell, 4 tables with a relay and bye stand (repaired from round 4)");
    assertThat(status.getPairs()).isEqualTo(10);
    // 4 + 4 + 3 + 4 tables played: every one of them is in.
    assertThat(status.getBoardsFinished()).isEqualTo(15);
    assertThat(status.getBoardsTotal()).isEqualTo(15);

    // The movement the session played, as its status shows it, passes the check: no pair meets
    // another twice or plays a board twice, and nobody absent is seated.
    Map<Integer, SortedSet<Integer>> absent = new TreeMap<>(Map.of(
        8, new TreeSet<>(List.of(3, 4)), 9, new TreeSet<>(List.of(1, 2, 3)),
        10, new TreeSet<>(List.of(1, 2, 3))));
    assertThat(MovementCheck.remaining(movement(status), 0, absent)).isEmpty();

    GetResultsResponse results = session.results();
    assertThat(results.getTravellersList()).extracting(Traveller::getBoard)
        .containsExactly(1, 2, 3, 4);
    assertThat(results.getTravellersList()).extracting(Traveller::getLinesCount)
        .containsExactly(4, 4, 3, 4);
    assertHandCount(results);
    assertThat(results.getRankingList()).filteredOn(s -> s.getPair() >= 9)
        .extracting(Standing::getName).containsExactlyInAnyOrder("Cy - Di", "Robot - Robot");
    assertChecks(results.getPbn());

    // A restarted server plays the repaired movement: the same rounds, the same results.
    GetResultsResponse restarted = at.resultsAfterRestart(id);
    assertThat(restarted.getStatus().getPlanList()).extracting(RoundPlan::getAssignmentsList)
        .isEqualTo(status.getPlanList().stream().map(RoundPlan::getAssignmentsList).toList());
    assertThat(restarted.getStatus().getRepairsList()).hasSize(2);
    assertThat(restarted.getTravellersList()).isEqualTo(results.getTravellersList());
    assertThat(restarted.getRankingList()).isEqualTo(results.getRankingList());
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void aRepairAcceptedBeforeTheStartIsPlayedAfterARestart() {
    Opened session = at.open(relayMitchell("Planned", 7));
    ProposeRepairRequest leaves = ProposeRepairRequest.newBuilder().setSessionId(session.id())
        .setAfterRound(2).setPairLeaves(8).build();
    AcceptRepairRequest accept = AcceptRepairRequest.newBuilder().setSessionId(session.id())
        .build();
    session.director().proposeRepair(leaves);
    session.director().acceptRepair(accept);
    session.director().proposeRepair(leaves.toBuilder().clearPairLeaves().setAfterRound(3)
        .setTableAdded(true).build());
    session.director().acceptRepair(accept);

    // The server stops before the start and comes back with the repaired movement.
    Opened restarted = at.restart(session);
    SessionStatus status = restarted.playToEnd().getStatus();
    assertThat(status.getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(status.getRepairsList()).hasSize(2);
    assertThat(status.getBoardsFinished()).isEqualTo(15);
    assertThat(status.getPlan(3).getAssignmentsList()).filteredOn(a -> a.getTable() == 5)
        .extracting(Assignment::getPair).containsExactlyInAnyOrder(9, 10);
    GetResultsResponse results = restarted.results();
    assertThat(results.getTravellersList()).extracting(Traveller::getLinesCount)
        .containsExactly(4, 4, 3, 4);
    assertHandCount(results);
  }

  /** The 4-table Mitchell with a relay and bye stand, one board a round, of robots. */
  private static CreateSessionRequest relayMitchell(String name, long seed) {
    return robots(name, MovementType.MOVEMENT_TYPE_MITCHELL, 4, seed).toBuilder().setRelay(true)
        .build();
  }

  /**
   * Matchpoints counted again by hand from the scores: on each board, 2 for each North-South
   * score beaten and 1 for each tied, the top 2(n-1) for n results; a board with fewer results
   * than the most-played board (4) factored up by Neuberg, (MP + 1) x 4 / n - 1, on a top of 6;
   * each pair's total the sum of its boards, its percentage of the tops of the boards it played.
   */
  private static void assertHandCount(GetResultsResponse results) {
    int most = results.getTravellersList().stream().mapToInt(Traveller::getLinesCount).max()
        .orElseThrow();
    Map<Integer, BigDecimal> totals = new HashMap<>();
    Map<Integer, Integer> boards = new HashMap<>();
    for (Traveller t : results.getTravellersList()) {
      int n = t.getLinesCount();
      for (TravellerLine line : t.getLinesList()) {
        assertThat(line.getAdjusted()).isEmpty();
        int mp = 0;
        for (TravellerLine other : t.getLinesList()) {
          if (other != line) {
            mp += Integer.compare(line.getNsScore(), other.getNsScore()) + 1;
          }
        }
        BigDecimal ns = new BigDecimal(mp);
        if (n < most) {
          ns = ns.add(BigDecimal.ONE).multiply(BigDecimal.valueOf(most))
              .divide(BigDecimal.valueOf(n), 10, RoundingMode.HALF_EVEN).subtract(BigDecimal.ONE);
        }
        BigDecimal ew = BigDecimal.valueOf(2L * (most - 1)).subtract(ns);
        assertThat(new BigDecimal(line.getNsPoints())).as("board %d, table %d, NS",
            t.getBoard(), line.getTable()).isEqualByComparingTo(cents(ns));
        assertThat(new BigDecimal(line.getEwPoints())).as("board %d, table %d, EW",
            t.getBoard(), line.getTable()).isEqualByComparingTo(cents(ew));
        totals.merge(line.getNsPair(), ns, BigDecimal::add);
        totals.merge(line.getEwPair(), ew, BigDecimal::add);
        boards.merge(line.getNsPair(), 1, Integer::sum);
        boards.merge(line.getEwPair(), 1, Integer::sum);
      }
    }
    // Pair 8 played two boards, pairs 2 and 3 three (each sat out a round), 9 and 10 one.
    assertThat(boards).containsEntry(8, 2).containsEntry(2, 3).containsEntry(3, 3)
        .containsEntry(9, 1).containsEntry(10, 1).containsEntry(1, 4);
    assertThat(results.getRankingList()).hasSize(10);
    for (Standing s : results.getRankingList()) {
      assertThat(new BigDecimal(s.getTotal())).as("pair %d's total", s.getPair())
          .isEqualByComparingTo(cents(totals.get(s.getPair())));
      assertThat(s.getBoards()).as("pair %d's boards", s.getPair())
          .isEqualTo(boards.get(s.getPair()));
      BigDecimal percent = totals.get(s.getPair()).multiply(BigDecimal.valueOf(100))
          .divide(BigDecimal.valueOf(2L * (most - 1) * boards.get(s.getPair())), 10,
              RoundingMode.HALF_EVEN);
      assertThat(new BigDecimal(s.getPercentage())).as("pair %d's percentage", s.getPair())
          .isEqualByComparingTo(cents(percent));
    }
  }

  /** As the server writes a number: to the hundredth. */
  private static BigDecimal cents(BigDecimal exact) {
    return exact.setScale(2, RoundingMode.HALF_UP);
  }

  /** The movement a status shows, round by round. */
  private static Movement movement(SessionStatus s) {
    List<Movement.Round> rounds = new ArrayList<>();
    Map<Integer, Integer> plays = new TreeMap<>();
    int tables = 0;
    for (RoundPlan plan : s.getPlanList()) {
      List<Movement.Table> ts = new ArrayList<>();
      List<Integer> byes = new ArrayList<>();
      for (Assignment a : plan.getAssignmentsList()) {
        if (a.getTable() == 0) {
          byes.add(a.getPair());
        } else if (a.getDirection() == Direction.DIRECTION_NORTH_SOUTH) {
          ts.add(new Movement.Table(a.getTable(), a.getPair(), a.getOpponent(),
              a.getBoardsList()));
          a.getBoardsList().forEach(b -> plays.merge(b, 1, Integer::sum));
          tables = Math.max(tables, a.getTable());
        }
      }
      rounds.add(new Movement.Round(plan.getRound(), ts, byes));
    }
    return new Movement(s.getMovement(), tables, s.getPairs(), 1, Movement.Comparison.FIELD,
        new TreeMap<>(plays), rounds);
  }
}
