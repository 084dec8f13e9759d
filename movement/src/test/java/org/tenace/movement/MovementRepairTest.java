package org.tenace.movement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.movement.Mitchell.EvenTables;
import org.tenace.movement.Movement.Round;
import org.tenace.movement.Movement.Table;
import org.tenace.movement.MovementCheck.Defect;
import org.tenace.movement.MovementCheck.Kind;
import org.tenace.movement.MovementRepair.PairArrives;
import org.tenace.movement.MovementRepair.PairLeaves;
import org.tenace.movement.MovementRepair.Proposal;
import org.tenace.movement.MovementRepair.TableAdded;
import org.tenace.movement.MovementRepair.TableRemoved;

/**
 * Movements repaired between rounds, each case worked out by hand from the guide card, and the
 * check's words for what is wrong with a round to come.
 */
class MovementRepairTest {

  /**
   * The 4-table Mitchell with a relay and bye stand, one board a round. North-South pairs 1-4
   * stay; East-West pairs 5-8 move up. Its guide card (table: NS v EW board):
   * <pre>
   *   round 1: 1: 1v5 b1  2: 2v6 b2  3: 3v7 b3  4: 4v8 b1
   *   round 2: 1: 1v8 b2  2: 2v5 b4  3: 3v6 b1  4: 4v7 b2
   *   round 3: 1: 1v7 b4  2: 2v8 b3  3: 3v5 b2  4: 4v6 b4
   *   round 4: 1: 1v6 b3  2: 2v7 b1  3: 3v8 b4  4: 4v5 b3
   * </pre>
   */
  private static final Movement RELAY = Mitchell.of(4, 0, 1, EvenTables.RELAY, false);

  @Test
  void theIssuesMitchellLosesAPairAfterRoundTwoAndGainsATableAfterRoundThree() {
    // Pair 8 leaves after round 2: in round 3 its opponent pair 2 sits out, in round 4 pair 3.
    // Nobody else is free, so every other table stands as it was.
    Proposal left = MovementRepair.plan(RELAY, 2, Map.of(), new PairLeaves(8));

    assertThat(left.defects()).isEmpty();
    assertThat(left.movement().rounds().subList(0, 2)).isEqualTo(RELAY.rounds().subList(0, 2));
    assertThat(left.movement().rounds().get(2)).isEqualTo(new Round(3, List.of(
        new Table(1, 1, 7, List.of(4)), new Table(3, 3, 5, List.of(2)),
        new Table(4, 4, 6, List.of(4))), List.of(2, 8)));
    assertThat(left.movement().rounds().get(3)).isEqualTo(new Round(4, List.of(
        new Table(1, 1, 6, List.of(3)), new Table(2, 2, 7, List.of(1)),
        new Table(4, 4, 5, List.of(3))), List.of(3, 8)));
    assertThat(left.changes()).containsExactly("round 3: pair 2 sits out",
        "round 4: pair 3 sits out");
    assertThat(left.absent()).isEqualTo(Map.of(8, Set.of(3, 4)));
    // Boards 3 and 4 lose one play each (2v8 b3 in round 3, 3v8 b4 in round 4).
    assertThat(left.movement().designedPlays()).isEqualTo(Map.of(1, 4, 2, 4, 3, 3, 4, 3));
    MovementValidator.validate(left.movement());

    // Pairs 9 and 10 arrive during round 3 with a fifth table. In round 4, pair 3 is free
    // (its opponent left), and so are 9 and 10; one of the three must sit out: pair 3, who has
    // played three rounds to their none. 9 and 10 play at the new table, 9 North-South (lower
    // number, neither has a direction yet), and play board 4: after round 3 and round 4's kept
    // tables, boards 1 and 2 are played four times, 3 and 4 three; board 3 is at two tables of
    // round 4 already, board 4 at none.
    Proposal added = MovementRepair.plan(left.movement(), 3, left.absent(), new TableAdded());

    assertThat(added.defects()).isEmpty();
    assertThat(added.arrivals()).containsExactly(9, 10);
    assertThat(added.movement().tables()).isEqualTo(5);
    assertThat(added.movement().pairs()).isEqualTo(10);
    // The rounds played stand, with the pairs who arrive on the bye.
    assertThat(added.movement().rounds().subList(0, 3)).extracting(Round::tables)
        .isEqualTo(left.movement().rounds().subList(0, 3).stream().map(Round::tables).toList());
    assertThat(added.movement().rounds().get(2).byes()).containsExactly(2, 8, 9, 10);
    assertThat(added.movement().rounds().get(3)).isEqualTo(new Round(4, List.of(
        new Table(1, 1, 6, List.of(3)), new Table(2, 2, 7, List.of(1)),
        new Table(4, 4, 5, List.of(3)), new Table(5, 9, 10, List.of(4))), List.of(3, 8)));
    assertThat(added.changes()).containsExactly(
        "round 4, table 5: pair 9 North-South against pair 10, board 4",
        "round 4: pair 3 sits out");
    assertThat(added.absent()).isEqualTo(
        Map.of(8, Set.of(3, 4), 9, Set.of(1, 2, 3), 10, Set.of(1, 2, 3)));
    assertThat(added.movement().designedPlays()).isEqualTo(Map.of(1, 4, 2, 4, 3, 3, 4, 4));
    assertThat(added.movement().name())
        .isEqualTo("Mitchell, 4 tables with a relay and bye stand (repaired from round 4)");
    MovementValidator.validate(added.movement());
  }

  @Test
  void aLatePairTakesThePlaceALeavingPairLeft() {
    Proposal left = MovementRepair.plan(RELAY, 2, Map.of(), new PairLeaves(8));

    // Pair 9 arrives during round 2: it sits where pair 8 would have, East-West against pair 2
    // (board 3) and then pair 3 (board 4), boards pair 9 has not played and neither have they.
    Proposal late = MovementRepair.plan(left.movement(), 2, left.absent(), new PairArrives());

    assertThat(late.defects()).isEmpty();
    assertThat(late.changes()).containsExactly(
        "round 3, table 2: pair 2 North-South against pair 9, board 3",
        "round 4, table 3: pair 3 North-South against pair 9, board 4");
    assertThat(late.movement().rounds().get(2).byes()).containsExactly(8);
    assertThat(late.absent()).isEqualTo(Map.of(8, Set.of(3, 4), 9, Set.of(1, 2)));
    assertThat(late.movement().designedPlays()).isEqualTo(Map.of(1, 4, 2, 4, 3, 4, 4, 4));
  }

  @Test
  void aHowellThatLosesATableMeetsAgainOnlyWhereItMustAndSaysSo() {
    // The 3-table Howell, one board a round (every table plays the round's board). After round
    // 2, pairs 3-4 (round 1) and 4-5 (round 2) have met; with pairs 1 and 2 gone, four pairs
    // play three rounds: six meetings among four pairs who have two left unmet to each other
    // but 3-5, 3-6, 4-6 and 5-6; so two meetings again cannot be avoided. Each pair has boards
    // 3, 4 and 5 still to play, and plays each of them once.
    Movement howell = Howell.of(3, 0, 1);
    Proposal smaller = MovementRepair.plan(howell, 2, Map.of(), new TableRemoved(1, 2));

    assertThat(smaller.movement().tables()).isEqualTo(2);
    assertThat(smaller.defects()).extracting(Defect::kind)
        .containsExactly(Kind.MEETS_AGAIN, Kind.MEETS_AGAIN);
    assertThat(smaller.defects()).extracting(Defect::words).containsExactly(
        "round 4, table 2: pairs 4 and 5 met in round 2, table 3 already",
        "round 5, table 2: pairs 3 and 4 met in round 1, table 3 already");
    assertThat(smaller.playable()).isTrue();
    for (int pair = 3; pair <= 6; pair++) {
      int p = pair;
      assertThat(smaller.movement().rounds().subList(2, 5).stream()
          .flatMap(r -> r.tables().stream()).filter(t -> t.ns() == p || t.ew() == p)
          .flatMap(t -> t.boards().stream()).sorted().toList())
          .as("pair %d's boards in rounds 3-5", p).containsExactly(3, 4, 5);
    }
    assertThat(smaller.movement().rounds().get(2).byes()).containsExactly(1, 2);
  }

  @Test
  void twoPairsSitOutRatherThanPlayABoardAgain() {
    // A 3-table Mitchell, one board a round; pairs 1 and 2 leave after round 1 and two tables
    // stay. In round 3 the four pairs left each have one board to play: 3 board 1 (it played 3
    // and 2), 4 board 3, 5 board 3, 6 board 2. 3-4 and 5-6 met in round 2, and of the other
    // two ways to seat them, 3-5 and 4-6 or 3-6 and 4-5, each gives a pair a board again: so
    // 4 and 5 play board 3 and pairs 3 and 6 sit out.
    Movement mitchell = Mitchell.of(3, 0, 1, EvenTables.SKIP, false);
    Proposal p = MovementRepair.plan(mitchell, 1, Map.of(), new TableRemoved(1, 2));

    assertThat(p.defects()).isEmpty();
    assertThat(p.changes()).containsExactly(
        "round 2, table 1: pair 5 North-South against pair 6, board 1",
        "round 2, table 2: pair 3 North-South against pair 4, board 2",
        "round 3, table 1: pair 4 North-South against pair 5, board 3",
        "round 3: pair 3 sits out", "round 3: pair 6 sits out");
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aLargeMitchellLosingATableGetsAPlanWithNoBoardPlayedTwice() {
    // 15 tables, two boards a round: NS pair 1 and EW pair 30 leave after round 1. Their
    // opponents, one of each line a round, are set free each round; pairs meeting again cannot
    // all be avoided in the last rounds, boards played again can (pairs sit out instead). The
    // planner's searches are bounded, so this takes a moment, not the minutes an unbounded
    // search would.
    Movement big = Mitchell.of(15, 0, 2, EvenTables.SKIP, false);
    Proposal p = MovementRepair.plan(big, 1, Map.of(), new TableRemoved(1, 30));

    assertThat(p.playable()).isTrue();
    assertThat(p.defects()).extracting(Defect::kind).doesNotContain(Kind.BOARD_AGAIN);
    Proposal later = MovementRepair.plan(p.movement(), 2, p.absent(), new TableAdded());
    assertThat(later.defects()).extracting(Defect::kind).doesNotContain(Kind.BOARD_AGAIN,
        Kind.SEATING);
  }

  @Test
  void theCheckExplainsEachDefectOfTheRoundsToCome() {
    // Round 3 of the relay Mitchell written badly by hand: pair 1 meets pair 5 again on board 1
    // (round 1), pair 3 plays board 1 again (round 2), pair 8 is seated though it has left,
    // table 6 does not exist, and pair 2 is nowhere.
    Movement bad = new Movement(RELAY.name(), 4, 8, 1, RELAY.comparison(),
        RELAY.designedPlays(), List.of(RELAY.rounds().get(0), RELAY.rounds().get(1),
            new Round(3, List.of(new Table(1, 1, 5, List.of(1)), new Table(3, 3, 7, List.of(1)),
                new Table(4, 4, 6, List.of(4)), new Table(6, 8, 2, List.of(3))), List.of()),
            RELAY.rounds().get(3)));

    List<Defect> defects = MovementCheck.remaining(bad, 2, Map.of(8, Set.of(3, 4)));

    assertThat(defects).extracting(Defect::words).containsExactly(
        "round 3, table 1: pairs 1 and 5 met in round 1, table 1 already",
        "round 3, table 1: pair 1 plays board 1 again (it played it in round 1, table 1)",
        "round 3, table 1: pair 5 plays board 1 again (it played it in round 1, table 1)",
        "round 3, table 3: pairs 3 and 7 met in round 1, table 3 already",
        "round 3, table 3: pair 3 plays board 1 again (it played it in round 2, table 3)",
        "round 3, table 6 is not one of tables 1 to 4",
        "round 3, table 6: pair 8 is seated but is not there in round 3",
        "round 4, table 2: pair 7 plays board 1 again (it played it in round 3, table 3)",
        "round 4, table 3: pair 8 is seated but is not there in round 4");
    // Round 4 is the relay's own, but pair 7 played its board 1 in the bad round 3.
    assertThat(MovementCheck.all(RELAY)).isEmpty();
  }

  @Test
  void whatCannotBeRepairedIsRefusedInWords() {
    assertThatThrownBy(() -> MovementRepair.plan(Teams.roundRobin(4, 1, 2), 1, Map.of(),
        new PairLeaves(1))).hasMessageStartingWith("a teams movement is not repaired");
    assertThatThrownBy(() -> MovementRepair.plan(RELAY, 4, Map.of(), new PairLeaves(1)))
        .hasMessage("round 4 is the last: no round is left to plan again");
    assertThatThrownBy(() -> MovementRepair.plan(RELAY, 2, Map.of(8, Set.of(3, 4)),
        new PairLeaves(8))).hasMessage("pair 8 plays no round after round 2 already");
    assertThatThrownBy(() -> MovementRepair.plan(RELAY, 2, Map.of(), new PairLeaves(9)))
        .hasMessage("pair 9: the movement has pairs 1 to 8");
    assertThatThrownBy(() -> MovementRepair.plan(RELAY, 1, Map.of(), new TableRemoved(3, 3)))
        .hasMessage("a table removed is two pairs leaving, not pair 3 twice");
  }

  @Test
  void aRepairBeforeTheStartReplansEveryRound() {
    // A 3-table Mitchell, pair 6 never comes: it would have met pair 3 at table 3 in round 1,
    // then moved up to table 1 (pair 1) and table 2 (pair 2), so they sit out in turn.
    Movement mitchell = Mitchell.of(3, 0, 1, EvenTables.SKIP, false);
    Proposal p = MovementRepair.plan(mitchell, 0, Map.of(), new PairLeaves(6));

    assertThat(p.defects()).isEmpty();
    assertThat(p.changes()).containsExactly("round 1: pair 3 sits out",
        "round 2: pair 1 sits out", "round 3: pair 2 sits out");
    assertThat(p.movement().name()).isEqualTo("Mitchell, 3 tables (repaired from round 1)");
  }
}
