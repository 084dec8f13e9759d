package org.tenace.movement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.tenace.movement.Mitchell.EvenTables;
import org.tenace.movement.Movement.Comparison;
import org.tenace.movement.Movement.Round;
import org.tenace.movement.Movement.Table;
import org.tenace.movement.MovementValidator.PairBalance;

/** Broken movements are refused with a reason that says where; sound ones are reported. */
class MovementValidatorTest {

  /** A 3-table Mitchell of one board a round, sound as made. */
  private static final Movement MITCHELL = Mitchell.of(3, 0, 1, EvenTables.SKIP, false);

  @Test
  void aPairTwiceInARoundIsRefused() {
    // Round 2, table 3: East-West pair 4 instead of 5, so 4 sits at tables 2 and 3.
    Movement broken = replace(MITCHELL, 2, 3, t -> new Table(3, t.ns(), 4, t.boards()));

    assertRefused(broken, "round 2: pair 4 sits twice (table 2 and table 3)");
  }

  @Test
  void aPairOnABoardTwiceIsRefused() {
    // Round 2, table 1 plays board 1 again, which NS pair 1 played in round 1 at the same table.
    Movement broken = replace(MITCHELL, 2, 1, t -> new Table(1, t.ns(), t.ew(), List.of(1)));

    assertRefused(broken, "pair 1 plays board 1 twice: round 1, table 1 and round 2, table 1");
  }

  @Test
  void aPairWithoutASeatIsRefused() {
    Movement withByes = new Movement("4 pairs, 1 table", 1, 4, 1, Comparison.FIELD,
        Movement.uniform(1, 1),
        List.of(new Round(1, List.of(new Table(1, 1, 2, List.of(1))), List.of(3))));

    assertRefused(withByes, "round 1: pair 4 has no seat and is not on a bye");
  }

  @Test
  void aPairSeatedAndOnTheByeIsRefused() {
    Movement broken = new Movement("3 pairs, 1 table", 1, 3, 1, Comparison.FIELD,
        Movement.uniform(1, 1),
        List.of(new Round(1, List.of(new Table(1, 1, 2, List.of(1))), List.of(3, 2))));

    assertRefused(broken, "round 1: pair 2 sits twice (table 1 and the bye)");
  }

  @Test
  void aPairAgainstItselfIsRefused() {
    Movement broken = replace(MITCHELL, 3, 2, t -> new Table(2, 2, 2, t.boards()));

    assertRefused(broken, "round 3, table 2: pair 2 sits both North-South and East-West");
  }

  @Test
  void aBoardPlayedOnceTooFewIsRefused() {
    Movement curtailed = new Movement(MITCHELL.name(), 3, 6, 1, Comparison.FIELD,
        MITCHELL.designedPlays(), MITCHELL.rounds().subList(0, 2));

    assertRefused(curtailed, "board 1 is played 2 times, not 3 as designed");
  }

  @Test
  void tablesBoardsAndPairsOutsideTheMovementAreRefused() {
    assertRefused(replace(MITCHELL, 1, 2, t -> new Table(4, t.ns(), t.ew(), t.boards())),
        "round 1, table 4 is not one of tables 1 to 3");
    assertRefused(replace(MITCHELL, 1, 2, t -> new Table(2, t.ns(), t.ew(), List.of(7))),
        "round 1, table 2: board 7 is not one of boards 1 to 3");
    assertRefused(replace(MITCHELL, 1, 2, t -> new Table(2, t.ns(), t.ew(), List.of(2, 3))),
        "round 1, table 2 plays boards [2, 3], not 1 different boards");
    assertRefused(replace(MITCHELL, 1, 2, t -> new Table(2, 9, t.ew(), t.boards())),
        "round 1: pair 9 is not one of pairs 1 to 6");
    assertRefused(replace(MITCHELL, 1, 2, t -> new Table(1, t.ns(), t.ew(), t.boards())),
        "round 1, table 1 is listed twice");
  }

  @Test
  void roundsAreNumberedInOrder() {
    List<Round> rounds = new ArrayList<>(MITCHELL.rounds());
    rounds.set(1, new Round(3, rounds.get(1).tables(), List.of()));

    assertRefused(new Movement(MITCHELL.name(), 3, 6, 1,
        Comparison.FIELD, MITCHELL.designedPlays(), rounds),
        "round 2 is numbered 3");
  }

  @Test
  void theTwoRoomsOfAMatchPlayTheSameBoards() {
    Movement match = Teams.roundRobin(2, 1, 2);
    Movement broken = replace(match, 1, 2, t -> new Table(2, t.ns(), t.ew(), List.of(2, 1)));

    assertRefused(broken, "round 1: tables 1 and 2 (match 1) play different boards");
  }

  @Test
  void aSoundMovementIsReportedPairByPair() {
    // 3 tables, 3 boards, each played 3 times: each result against the 2 other results of
    // the same direction.
    assertThat(MovementValidator.validate(MITCHELL).pairs()).containsExactly(
        new PairBalance(1, 3, 6, 2), new PairBalance(2, 3, 6, 2), new PairBalance(3, 3, 6, 2),
        new PairBalance(4, 3, 6, 2), new PairBalance(5, 3, 6, 2), new PairBalance(6, 3, 6, 2));
  }

  @Test
  void anUnevenMovementIsNotBalanced() {
    // The three-quarter Howell plays some boards more often than others.
    assertThat(MovementValidator.validate(Howell.of(8, 11, 1)).balanced()).isFalse();
    assertThat(MovementValidator.validate(Howell.of(8, 0, 1)).balanced()).isTrue();
  }

  /** {@code movement} with round r's table t changed by {@code change}. */
  private static Movement replace(Movement movement, int round, int table,
      UnaryOperator<Table> change) {
    List<Round> rounds = new ArrayList<>(movement.rounds());
    Round r = rounds.get(round - 1);
    List<Table> tables = new ArrayList<>(r.tables());
    tables.set(table - 1, change.apply(tables.get(table - 1)));
    rounds.set(round - 1, new Round(round, tables, r.byes()));
    return new Movement(movement.name(), movement.tables(), movement.pairs(),
        movement.boardsPerRound(), movement.comparison(), movement.designedPlays(), rounds);
  }

  /** {@code m} is refused as invalid, with {@code message}. */
  private static void assertRefused(Movement m, String message) {
    assertThatThrownBy(() -> MovementValidator.validate(m))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }
}
