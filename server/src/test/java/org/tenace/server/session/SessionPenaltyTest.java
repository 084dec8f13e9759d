package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.session.SessionServer.refused;

import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.AssignProceduralPenaltyRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.server.session.SessionServer.Opened;

/**
 * Procedural penalties (Law 90) on a real server: in matchpoints and in a percentage of a top,
 * off the pair's total after the board is scored and nobody else's, against a hand count; in
 * the results, the page and the PBN hand record (which score --check works out again); kept
 * over a restart; each refusal in words.
 */
class SessionPenaltyTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  private static String line(Standing s) {
    return s.getPlace() + " " + s.getPair() + " " + s.getTotal() + " " + s.getPercentage();
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aPenaltyComesOffThePairsTotalAloneAsAHandCountSays() {
    // A 3-table Mitchell of robots, one board a round: board 1 is played by pairs 1 and 4
    // (round 1), 3 and 5 (round 2), 2 and 6 (round 3); every pair plays boards 1 to 3.
    Opened session = at.open(
        SessionServer.robots("Penalties", MovementType.MOVEMENT_TYPE_MITCHELL, 3, 5));
    String id = session.id();
    var director = session.director();
    AssignProceduralPenaltyRequest half = AssignProceduralPenaltyRequest.newBuilder()
        .setSessionId(id).setPair(2).setBoard(1).setMatchpoints("0.5").build();
    refused(() -> director.assignProceduralPenalty(half), Status.Code.FAILED_PRECONDITION,
        "WRONG_STATE: the session has not started");

    assertThat(session.playToEnd().getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED);
    GetResultsResponse before = session.results();
    // The robots play each deal alike at every table: every board a tie, 2 MPs of 4 each.
    assertThat(before.getRankingList()).extracting(SessionPenaltyTest::line)
        .containsOnly("1-6 1 6 50", "1-6 2 6 50", "1-6 3 6 50", "1-6 4 6 50", "1-6 5 6 50",
            "1-6 6 6 50");

    refused(() -> session.stub().assignProceduralPenalty(half), Status.Code.UNAUTHENTICATED,
        "TOKEN_INVALID");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().setBoard(9).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: pair 2 does not play board 9");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().setPair(7).build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: pair 7: the session has pairs 1 to 6");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().setImps("3").build()),
        Status.Code.INVALID_ARGUMENT, "MALFORMED: the session is scored at matchpoints: a"
            + " penalty in matchpoints or a percentage of a top, not in IMPs");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().setMatchpoints("-1")
        .build()), Status.Code.INVALID_ARGUMENT,
        "MALFORMED: a penalty takes something off: -1 is not more than 0");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().setMatchpoints("half")
        .build()), Status.Code.INVALID_ARGUMENT, "MALFORMED: amount: 'half' is not a number");
    refused(() -> director.assignProceduralPenalty(half.toBuilder().clearAmount().build()),
        Status.Code.INVALID_ARGUMENT,
        "MALFORMED: amount: a penalty in matchpoints, IMPs or a percentage of a top");

    // Pair 2 (North-South against pair 6 on board 1) loses 0.5 MP; pair 4 (East-West against
    // pair 1) 25% of the top of 4, 1 MP.
    assertThat(director.assignProceduralPenalty(half).getDone())
        .isEqualTo("pair 2 loses 0.5 MPs on board 1");
    assertThat(director.assignProceduralPenalty(AssignProceduralPenaltyRequest.newBuilder()
        .setSessionId(id).setPair(4).setBoard(1).setPercentOfTop("25").build()).getDone())
        .isEqualTo("pair 4 loses 25% of a top on board 1");

    GetResultsResponse after = session.results();
    // By hand: pair 2 has 6 - 0.5 = 5.5 of 12 (45.83%), pair 4 6 - 1 = 5 (41.67%); their
    // opponents (6 and 1) and everyone else keep 6 (50%).
    assertThat(after.getRankingList().subList(4, 6)).extracting(SessionPenaltyTest::line)
        .containsExactly("5 2 5.5 45.83", "6 4 5 41.67");
    assertThat(after.getRankingList().subList(0, 4)).extracting(SessionPenaltyTest::line)
        .containsExactlyInAnyOrder("1-4 1 6 50", "1-4 3 6 50", "1-4 5 6 50", "1-4 6 6 50");
    // The board's points are the comparisons': the penalty stands beside them.
    TravellerLine r3 = after.getTravellersList().stream().filter(t -> t.getBoard() == 1)
        .flatMap(t -> t.getLinesList().stream()).filter(l -> l.getNsPair() == 2)
        .findFirst().orElseThrow();
    assertThat(r3.getNsPoints()).isEqualTo("2");
    assertThat(r3.getEwPoints()).isEqualTo("2");
    assertThat(r3.getNsPenalty()).isEqualTo("0.5");
    assertThat(r3.getEwPenalty()).isEmpty();
    TravellerLine r1 = after.getTravellersList().stream().filter(t -> t.getBoard() == 1)
        .flatMap(t -> t.getLinesList().stream()).filter(l -> l.getEwPair() == 4)
        .findFirst().orElseThrow();
    assertThat(r1.getEwPenalty()).isEqualTo("1");

    // The hand record carries them, and score --check works every total out again.
    assertThat(after.getPbn()).contains(";Penalty_NS\\5R;Penalty_EW\\5R\"]");
    var read = EventReader.read(after.getPbn().getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
    assertThat(check.checked()).isPositive();
    // The page shows them on the scorecards and travellers.
    assertThat(after.getHtml()).contains("Pair 2 (Robot - Robot): place 5, 5.5 MPs, 45.83%",
        "<th>Penalty</th>", "<td>&minus;0.5</td>", "<td>&minus;1</td>",
        "The totals are after the director's procedural penalties (Law 90)");

    // The penalties are in the session's log: a restarted server gives the same results.
    GetResultsResponse restarted = at.resultsAfterRestart(id);
    assertThat(restarted.getTravellersList()).isEqualTo(after.getTravellersList());
    assertThat(restarted.getRankingList()).isEqualTo(after.getRankingList());
  }
}
