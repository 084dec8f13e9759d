package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.session.SessionTest.plan;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.tenace.movement.Howell;
import org.tenace.movement.Movement;
import org.tenace.movement.Teams;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.VictoryPoints;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.score.DuplicateScore;

/** A procedural penalty (Law 90) as a value of the session: where it may be given, and how it scores. */
class PenaltyTest {

  private static SessionPlay scored(Session s, Movement.Table t, int board, String contract,
      int tricks) {
    Board b = Board.of(board);
    Contract c = Contract.parse(contract, Seat.NORTH);
    HandRecord r = HandRecord.builder(b.dealer(), b.vulnerability()).board(board)
        .deal(s.plan().deals().get(board)).contract(c).result(tricks)
        .nsScore(DuplicateScore.ns(c, tricks, b.vulnerability())).build();
    return new SessionPlay(s.round(), t.number(), t.ns(), t.ew(), r);
  }

  @Test
  void atTeamsAPenaltyComesOffTheTeamsMarginBeforeItBecomesVictoryPoints() {
    // 2 teams, one match of 2 boards: the team North-South in room 1 wins board 1 by 470
    // points, 10 IMPs; board 2 is flat. Its pair in room 1 is fined 3 IMPs on board 1: the team
    // wins by 7 IMPs, and the other team still loses by 10.
    Session s = Session.create("1", plan(Teams.roundRobin(2, 1, 2), SessionScoring.TEAM_IMPS,
        true)).start();
    Movement.Table room1 = s.currentRound().tables().get(0);
    Movement.Table room2 = s.currentRound().tables().get(1);
    s = s.record(scored(s, room1, 1, "4S", 10)).record(scored(s, room2, 1, "4S", 9))
        .record(scored(s, room1, 2, "1NT", 7)).record(scored(s, room2, 2, "1NT", 7));
    s = s.nextRound().penalize(1, new Penalty(room1.ns(), Penalty.Unit.IMPS,
        BigDecimal.valueOf(3)));
    SessionResults r = SessionResults.of(s);
    int winner = (room1.ns() + 1) / 2;
    assertThat(r.ranking().get(0).pair()).isEqualTo(Integer.toString(winner));
    assertThat(r.ranking().get(0).total().round(2))
        .isEqualByComparingTo(VictoryPoints.wbf(7, 2));
    assertThat(r.ranking().get(1).total().round(2))
        .isEqualByComparingTo(BigDecimal.valueOf(20).subtract(VictoryPoints.wbf(10, 2)));
  }

  @Test
  void aPenaltyWaitsForTheBoardAndStaysWhenTheBoardIsAdjustedLater() {
    Session s = Session.create("1", plan(Howell.of(3, 3, 1), SessionScoring.MATCHPOINTS,
        true)).start();
    Movement.Table t = s.currentRound().tables().get(0);
    int board = t.boards().get(0);
    Session started = s;
    assertThatThrownBy(() -> started.penalize(board, new Penalty(t.ns(),
        Penalty.Unit.MATCHPOINTS, BigDecimal.ONE)))
        .hasMessage("WRONG_STATE: pair " + t.ns() + " has not played board " + board
            + " yet: a penalty is given once the board is scored");
    assertThatThrownBy(() -> started.penalize(board, new Penalty(t.ns(), Penalty.Unit.IMPS,
        BigDecimal.ONE))).hasMessageStartingWith("MALFORMED: the session is scored at"
            + " matchpoints");
    assertThatThrownBy(() -> new Penalty(1, Penalty.Unit.PERCENT, new BigDecimal("101")))
        .hasMessage("MALFORMED: a penalty is at most 100% of a top, not 101");
    assertThatThrownBy(() -> new Penalty(1, Penalty.Unit.MATCHPOINTS, new BigDecimal("0.125")))
        .hasMessage("MALFORMED: a penalty has two decimals at most, not 0.125");

    s = SessionTest.playAll(s);
    s = s.penalize(board, new Penalty(t.ew(), Penalty.Unit.PERCENT, BigDecimal.TEN));
    s = s.adjust(1, t.number(), board, new Outcome.Adjusted(Artificial.AVERAGE,
        Artificial.AVERAGE));
    SessionResults r = SessionResults.of(s);
    SessionResults.Line line = r.travellers().stream().filter(x -> x.board() == board)
        .flatMap(x -> x.lines().stream()).filter(l -> l.play().table() == t.number()
            && l.play().round() == 1).findFirst().orElseThrow();
    // Played 3 times: a top of 4, 10% of it 0.4; the artificial average is 2 to each side.
    assertThat(line.ewPenalty()).isEqualTo(Fraction.of(2, 5));
    assertThat(line.ew()).isEqualTo(Fraction.of(2));
    assertThat(line.nsPenalty()).isEqualTo(Fraction.ZERO);
    String pbn = SessionPbn.write(r);
    assertThat(pbn).contains("Penalty_EW");
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(Checker.check(read.event(), d -> { }).disagreements()).isEmpty();
    // Without it the pair would have 0.4 more.
    Session without = SessionTest.playAll(Session.create("1", plan(Howell.of(3, 3, 1),
        SessionScoring.MATCHPOINTS, true)).start()).adjust(1, t.number(), board,
        new Outcome.Adjusted(Artificial.AVERAGE, Artificial.AVERAGE));
    String pair = Integer.toString(t.ew());
    assertThat(SessionResults.of(without).byPair().get(pair).total().minus(Fraction.of(2, 5)))
        .isEqualTo(r.byPair().get(pair).total());
  }
}
