package org.tenace.movement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.movement.Mitchell.EvenTables;
import org.tenace.movement.MovementValidator.PairBalance;
import org.tenace.movement.MovementValidator.Report;

/** Every movement the generators make passes the validator, and is the movement its name says. */
class MovementsTest {

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {3, 5, 7, 9, 11, 13, 15})
  void anOddMitchellMeetsEveryOpponentAndPlaysEverySetOnce(int tables) {
    Movement mitchell = Mitchell.of(tables, 0, 2, EvenTables.SKIP, false);

    Report report = MovementValidator.validate(mitchell);

    assertThat(mitchell.rounds()).hasSize(tables);
    assertThat(mitchell.boards()).isEqualTo(2 * tables);
    assertThat(opponents(mitchell, 1)).hasSize(tables); // NS 1 meets all EW pairs
    assertThat(opponents(mitchell, tables + 1)).hasSize(tables);
    // Two fields: a North-South pair is compared with the other North-South pairs only.
    assertThat(report.pairs()).allSatisfy(p -> {
      assertThat(p.boards()).isEqualTo(2 * tables);
      assertThat(p.comparisons()).isEqualTo(2 * tables * (tables - 1));
      assertThat(p.rivals()).isEqualTo(tables - 1);
    });
    assertThat(report.balanced()).isTrue();
  }

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {4, 6, 8, 10, 12, 14})
  void anEvenMitchellSkipsAfterHalfTheRoundsAndStopsBeforeTheRevengeRound(int tables) {
    Movement skip = Mitchell.of(tables, 0, 3, EvenTables.SKIP, false);

    Report report = MovementValidator.validate(skip);

    assertThat(skip.rounds()).hasSize(tables - 1);
    int firstEastWest = tables + 1;
    assertThat(tableOf(skip, tables / 2, firstEastWest)).isEqualTo(tables / 2);
    assertThat(tableOf(skip, tables / 2 + 1, firstEastWest)).isEqualTo(tables / 2 + 2);
    assertThat(opponents(skip, firstEastWest)).hasSize(tables - 1)
        .doesNotContain(tables / 2 + 1); // the skipped table's pair
    assertThat(report.balanced()).isTrue();
  }

  @Test
  void theSkipMitchellsRevengeRoundIsPlayableOnRequest() {
    Movement revenge = Mitchell.of(6, 6, 2, EvenTables.SKIP, false);

    MovementValidator.validate(revenge);

    assertThat(tableOf(revenge, 6, 7)).isEqualTo(1); // back where it started
  }

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {4, 6, 8, 10, 12, 14})
  void anEvenMitchellWithARelayAndByeStandMeetsEveryOpponent(int tables) {
    Movement relay = Mitchell.of(tables, 0, 2, EvenTables.RELAY, false);

    Report report = MovementValidator.validate(relay);

    assertThat(relay.rounds()).hasSize(tables);
    assertThat(relay.designedPlays().values()).containsOnly(tables);
    for (int pair = 1; pair <= 2 * tables; pair++) {
      assertThat(opponents(relay, pair)).hasSize(tables);
    }
    // Round 1: table t has set t, table N shares set 1 with table 1, set N is on the bye stand.
    List<Movement.Table> first = relay.rounds().get(0).tables();
    for (int t = 1; t < tables; t++) {
      assertThat(first.get(t - 1).boards()).isEqualTo(Movement.run(2 * t - 1, 2));
    }
    assertThat(first.get(tables - 1).boards()).isEqualTo(Movement.run(1, 2));
    // Tables 1 and N share their boards every round.
    for (Movement.Round round : relay.rounds()) {
      assertThat(round.tables().get(0).boards())
          .isEqualTo(round.tables().get(tables - 1).boards());
    }
    assertThat(report.pairs()).allSatisfy(p -> assertThat(p.boards()).isEqualTo(2 * tables));
  }

  @Test
  void theRelayPlaysAllItsRounds() {
    assertThatThrownBy(() -> Mitchell.of(6, 5, 2, EvenTables.RELAY, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a relay and bye stand Mitchell plays all 6 rounds, not 5"
            + " (use the skip to play fewer)");
  }

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {3, 4, 7, 8})
  void anArrowSwitchMakesOneField(int tables) {
    EvenTables even = tables % 2 == 0 ? EvenTables.RELAY : EvenTables.SKIP;
    Movement plain = Mitchell.of(tables, 0, 2, even, false);
    Movement switched = Mitchell.of(tables, 0, 2, even, true);

    Report report = MovementValidator.validate(switched);

    int last = switched.rounds().size();
    Movement.Table before = plain.rounds().get(last - 1).tables().get(0);
    Movement.Table after = switched.rounds().get(last - 1).tables().get(0);
    assertThat(after.ns()).isEqualTo(before.ew());
    assertThat(after.ew()).isEqualTo(before.ns());
    // Every pair is now compared with pairs of both lines: more rivals than one line holds.
    assertThat(report.pairs()).allSatisfy(p -> assertThat(p.rivals()).isGreaterThan(tables - 1));
  }

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8})
  void aCompleteHowellMeetsEveryPairOnceAndPlaysEverySetOnce(int tables) {
    Movement howell = Howell.of(tables, 0, 2);

    Report report = MovementValidator.validate(howell);

    int pairs = 2 * tables;
    assertThat(howell.rounds()).hasSize(pairs - 1);
    assertThat(howell.boards()).isEqualTo(2 * (pairs - 1));
    for (int pair = 1; pair <= pairs; pair++) {
      assertThat(opponents(howell, pair)).hasSize(pairs - 1).doesNotContain(pair);
    }
    // One field: every pair is compared with every other on each board, as evenly as can be.
    assertThat(report.pairs()).allSatisfy(p -> {
      assertThat(p.boards()).isEqualTo(howell.boards());
      assertThat(p.comparisons()).isEqualTo(howell.boards() * (tables - 1));
      assertThat(p.rivals()).isEqualTo(pairs - 1);
    });
    assertThat(howell.rounds())
        .allSatisfy(r -> assertThat(r.tables().get(0).ns()).isEqualTo(pairs));
    // Pairs other than the stationary one sit North-South N-1 times and East-West N times.
    for (int pair = 1; pair < pairs; pair++) {
      assertThat(northSouth(howell, pair)).isEqualTo(tables - 1);
    }
  }

  @ParameterizedTest(name = "{0} tables")
  @ValueSource(ints = {4, 6, 7, 8})
  void aHowellOfFourSixSevenOrEightTablesPlaysADifferentSetAtEachTable(int tables) {
    for (Movement.Round round : Howell.of(tables, 0, 1).rounds()) {
      assertThat(round.tables().stream().map(Movement.Table::boards).distinct())
          .hasSize(tables);
    }
  }

  @ParameterizedTest(name = "{0} tables: {1} sets a round")
  @CsvSource({"2, 1", "3, 1", "5, 4"})
  void whereNoStrongStarterExistsTablesShareASet(int tables, int sets) {
    for (Movement.Round round : Howell.of(tables, 0, 1).rounds()) {
      assertThat(round.tables().stream().map(Movement.Table::boards).distinct()).hasSize(sets);
    }
  }

  @Test
  void aThreeQuarterHowellIsTheFirstRoundsOfTheCompleteOne() {
    Movement complete = Howell.of(8, 0, 2);
    Movement threeQuarter = Howell.of(8, 11, 2);

    Report report = MovementValidator.validate(threeQuarter);

    assertThat(threeQuarter.rounds()).hasSize(11);
    for (int r = 0; r < 11; r++) {
      List<Movement.Table> a = complete.rounds().get(r).tables();
      List<Movement.Table> b = threeQuarter.rounds().get(r).tables();
      for (int t = 0; t < 8; t++) {
        assertThat(b.get(t).ns()).isEqualTo(a.get(t).ns());
        assertThat(b.get(t).ew()).isEqualTo(a.get(t).ew());
      }
    }
    assertThat(threeQuarter.boards()).isLessThanOrEqualTo(complete.boards());
    assertThat(report.pairs()).allSatisfy(p -> assertThat(p.boards()).isEqualTo(22));
    assertThat(opponents(threeQuarter, 16)).hasSize(11);
  }

  @Test
  void everyCurtailedMitchellAndPartialHowellIsSound() {
    for (int tables = 3; tables <= 15; tables++) {
      for (int rounds = 1; rounds <= tables; rounds++) {
        MovementValidator.validate(Mitchell.of(tables, rounds, 2, EvenTables.SKIP, false));
        MovementValidator.validate(Mitchell.of(tables, rounds, 2, EvenTables.SKIP, true));
      }
    }
    for (int tables = 2; tables <= 8; tables++) {
      for (int rounds = 1; rounds < 2 * tables; rounds++) {
        Movement howell = Howell.of(tables, rounds, 2);
        assertThat(MovementValidator.validate(howell).pairs())
            .allSatisfy(p -> assertThat(p.boards()).isEqualTo(2 * howell.rounds().size()));
      }
    }
  }

  @Test
  void aTeamMatchComparesTheTwoRooms() {
    Movement match = Teams.roundRobin(2, 2, 8);

    Report report = MovementValidator.validate(match);

    assertThat(match.tables()).isEqualTo(2);
    assertThat(match.rounds()).hasSize(2);
    Movement.Round first = match.rounds().get(0);
    assertThat(first.tables()).containsExactly(
        new Movement.Table(1, 1, 4, Movement.run(1, 8)),
        new Movement.Table(2, 3, 2, Movement.run(1, 8)));
    assertThat(match.rounds().get(1).tables().get(0).boards()).isEqualTo(Movement.run(9, 8));
    // Each of 16 boards against the other room's pair of the same direction.
    assertThat(report.pairs()).containsExactly(new PairBalance(1, 16, 16, 1),
        new PairBalance(2, 16, 16, 1), new PairBalance(3, 16, 16, 1),
        new PairBalance(4, 16, 16, 1));
  }

  @ParameterizedTest(name = "{0} teams")
  @ValueSource(ints = {4, 5})
  void aRoundRobinMeetsEveryTeamOnce(int teams) {
    Movement robin = Teams.roundRobin(teams, 1, 6);

    Report report = MovementValidator.validate(robin);

    int rounds = teams % 2 == 0 ? teams - 1 : teams;
    assertThat(robin.rounds()).hasSize(rounds);
    assertThat(robin.tables()).isEqualTo(4);
    for (int team = 1; team <= teams; team++) {
      Set<Integer> met = new HashSet<>();
      for (int pair : List.of(2 * team - 1, 2 * team)) {
        opponents(robin, pair).forEach(o -> met.add((o + 1) / 2));
      }
      assertThat(met).hasSize(teams - 1).doesNotContain(team);
    }
    if (teams == 5) {
      assertThat(robin.rounds()).allSatisfy(r -> assertThat(r.byes()).hasSize(2));
    }
    assertThat(report.pairs()).allSatisfy(p -> {
      assertThat(p.comparisons()).isEqualTo(p.boards());
      assertThat(p.rivals()).isEqualTo(teams - 1);
    });
  }

  /** The pairs {@code pair} plays against. */
  static Set<Integer> opponents(Movement movement, int pair) {
    Set<Integer> met = new HashSet<>();
    for (Movement.Round round : movement.rounds()) {
      for (Movement.Table t : round.tables()) {
        if (t.ns() == pair) {
          met.add(t.ew());
        } else if (t.ew() == pair) {
          met.add(t.ns());
        }
      }
    }
    return met;
  }

  /** The table {@code pair} sits at in round {@code round}. */
  static int tableOf(Movement movement, int round, int pair) {
    return movement.rounds().get(round - 1).tables().stream()
        .filter(t -> t.ns() == pair || t.ew() == pair).findFirst().orElseThrow().number();
  }

  private static long northSouth(Movement movement, int pair) {
    return movement.rounds().stream().flatMap(r -> r.tables().stream())
        .filter(t -> t.ns() == pair).count();
  }
}
