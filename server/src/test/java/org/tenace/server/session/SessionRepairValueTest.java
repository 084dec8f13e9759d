package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.movement.MovementCheck;
import org.tenace.movement.MovementRepair;
import org.tenace.bridge.compare.Fraction;

/**
 * A session as a value takes a repaired movement only for the rounds not opened yet, and then
 * plays and scores it: the boards played fewer times are factored up by Neuberg.
 */
class SessionRepairValueTest {

  private static final Movement RELAY = Mitchell.of(4, 0, 1, Mitchell.EvenTables.RELAY, false);

  private static Session playRound(Session s) {
    for (Movement.Table t : s.tablesInPlay()) {
      for (int b : t.boards()) {
        s = s.record(SessionTest.play(s, s.round(), t, b));
      }
    }
    return s.nextRound();
  }

  @Test
  void aRepairChangesOnlyTheRoundsToComeAndTheShortBoardsAreFactoredUp() {
    Session s = Session.create("1", SessionTest.plan(RELAY, SessionScoring.MATCHPOINTS, true))
        .start();
    s = playRound(s); // round 2 in play
    Session inPlay = s;
    MovementRepair.Proposal late = MovementRepair.plan(RELAY, 1, Map.of(),
        new MovementRepair.PairLeaves(8));
    assertThatThrownBy(() -> inPlay.repair(late)).isInstanceOfSatisfying(
        SessionException.class, e -> assertThat(e.getMessage()).isEqualTo("WRONG_STATE: round 2 is in play:"
            + " a repair changes only rounds not opened yet, from round 3 (the repair was"
            + " planned from round 2)"));

    s = s.repair(MovementRepair.plan(RELAY, 2, Map.of(), new MovementRepair.PairLeaves(8)));
    assertThat(s.round()).isEqualTo(2);
    assertThat(s.absent()).isEqualTo(Map.of(8, Set.of(3, 4)));
    assertThat(s.resultsExpected()).isEqualTo(14); // 4 + 4 + 3 + 3 tables
    while (s.state() == Session.State.PLAYING) {
      s = playRound(s);
    }
    SessionResults results = SessionResults.of(s);
    assertThat(results.travellers()).extracting(t -> t.lines().size())
        .containsExactly(4, 4, 3, 3);
    // Every line is out of the top of four plays, 6: North-South's and East-West's points add
    // up to it, on the boards played three times too.
    for (SessionResults.Traveller t : results.travellers()) {
      for (SessionResults.Line l : t.lines()) {
        assertThat(l.ns().plus(l.ew())).isEqualTo(Fraction.of(6));
      }
    }
  }

  @Test
  void aRepairThatCannotBePlayedIsRefusedInWords() {
    Session s = Session.create("1", SessionTest.plan(RELAY, SessionScoring.MATCHPOINTS, true));
    MovementRepair.Proposal p = MovementRepair.plan(RELAY, 0, Map.of(),
        new MovementRepair.PairLeaves(8));
    MovementRepair.Proposal broken = new MovementRepair.Proposal(p.movement(), 0, p.change(),
        p.absent(), List.of(), p.changes(), List.of(new MovementCheck.Defect(1,
            MovementCheck.Kind.SEATING, "round 1: pair 3 sits twice (table 3 and the bye)")));

    assertThatThrownBy(() -> s.repair(broken)).hasMessage("WRONG_STATE: the repaired movement cannot be"
        + " played: round 1: pair 3 sits twice (table 3 and the bye)");
  }
}
