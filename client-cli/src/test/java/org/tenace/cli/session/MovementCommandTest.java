package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.cli.score.Cli.Run;

/** {@code tenace movement}, run through picocli as the launcher runs it. */
class MovementCommandTest {

  /** What a run printed and returned. */

  @Test
  void anOddMitchellAsCsv() {
    // NS 1-3 stay; EW 4-6 move up one table (3 to 1); boards move down one (1 to 3).
    Run run = run("movement", "--type", "mitchell", "--tables", "3", "--boards-per-round", "2",
        "--format", "csv");

    assertThat(run.out()).isEqualTo("""
        round,table,ns_pair,ew_pair,boards
        1,1,1,4,1-2
        1,2,2,5,3-4
        1,3,3,6,5-6
        2,1,1,6,3-4
        2,2,2,4,5-6
        2,3,3,5,1-2
        3,1,1,5,5-6
        3,2,2,6,1-2
        3,3,3,4,3-4
        """);
    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
  }

  @Test
  void anEvenMitchellWithASkipAsCsv() {
    // After round 2 (half of 4) EW pairs move up two tables: pair 5 goes from table 2 to 4.
    Run run = run("movement", "--type", "mitchell", "--tables", "4", "--boards-per-round", "2",
        "--format", "csv");

    assertThat(run.out()).isEqualTo("""
        round,table,ns_pair,ew_pair,boards
        1,1,1,5,1-2
        1,2,2,6,3-4
        1,3,3,7,5-6
        1,4,4,8,7-8
        2,1,1,8,3-4
        2,2,2,5,5-6
        2,3,3,6,7-8
        2,4,4,7,1-2
        3,1,1,6,5-6
        3,2,2,7,7-8
        3,3,3,8,1-2
        3,4,4,5,3-4
        """);
  }

  @Test
  void anEvenMitchellWithARelayAndByeStandAsCsv() {
    // Tables 1 and 4 share a set each round; the set not on a table is on the bye stand.
    Run run = run("movement", "--type", "mitchell", "--tables", "4", "--relay",
        "--boards-per-round", "2", "--format", "csv");

    assertThat(run.out()).isEqualTo("""
        round,table,ns_pair,ew_pair,boards
        1,1,1,5,1-2
        1,2,2,6,3-4
        1,3,3,7,5-6
        1,4,4,8,1-2
        2,1,1,8,3-4
        2,2,2,5,7-8
        2,3,3,6,1-2
        2,4,4,7,3-4
        3,1,1,7,7-8
        3,2,2,8,5-6
        3,3,3,5,3-4
        3,4,4,6,7-8
        4,1,1,6,5-6
        4,2,2,7,1-2
        4,3,3,8,7-8
        4,4,4,5,5-6
        """);
  }

  @Test
  void anArrowSwitchedMitchellShowsWhoSitsNorthSouth() {
    Run run = run("movement", "--type", "mitchell", "--tables", "3", "--arrow-switch",
        "--boards-per-round", "1", "--format", "csv");

    // The last round's East-West line sits North-South.
    assertThat(run.out().lines().skip(7).toList())
        .containsExactly("3,1,5,1,3", "3,2,6,2,1", "3,3,4,3,2");
  }

  @Test
  void aHowellAsCsv() {
    // Pair 4 stays North-South at table 1; both tables play the round's set.
    Run run = run("movement", "--type", "howell", "--tables", "2", "--format", "csv");

    assertThat(run.out()).isEqualTo("""
        round,table,ns_pair,ew_pair,boards
        1,1,4,1,1-3
        1,2,2,3,1-3
        2,1,4,2,4-6
        2,2,3,1,4-6
        3,1,4,3,7-9
        3,2,1,2,7-9
        """);
  }

  @Test
  void aTeamsRoundRobinAsCsv() {
    // Three teams: team t is pairs 2t-1 (NS at home) and 2t; the team on a bye has no row.
    Run run = run("movement", "--type", "teams", "--teams", "3", "--boards-per-round", "2",
        "--format", "csv");

    assertThat(run.out()).isEqualTo("""
        round,table,ns_pair,ew_pair,boards
        1,1,3,6,1-2
        1,2,5,4,1-2
        2,1,5,2,3-4
        2,2,1,6,3-4
        3,1,1,4,5-6
        3,2,3,2,5-6
        """);
  }

  @Test
  void aTeamMatchGuideCard() {
    Run run = run("movement", "--type", "teams", "--tables", "2", "--rounds", "2",
        "--boards-per-round", "4");

    assertThat(run.out()).isEqualTo("""
        Teams match: 4 pairs, 2 rounds of 4 boards, 8 boards in all

        Round 1
          Table  NS  EW  Boards
              1   1   4  1-4
              2   3   2  1-4

        Round 2
          Table  NS  EW  Boards
              1   1   4  5-8
              2   3   2  5-8

        Comparisons (each result against the other room of its match):
          Pair  Boards  Compared  Rivals
             1       8         8       1
             2       8         8       1
             3       8         8       1
             4       8         8       1
        """);
    assertThat(run.exit()).isZero();
  }

  @Test
  void aGuideCardListsTheByesAndSaysWhenTheComparisonsAreUneven() {
    assertThat(run("movement", "--type", "teams", "--teams", "3").out())
        .contains("  Bye: 1, 2\n");
    assertThat(run("movement", "--type", "howell", "--tables", "8", "--rounds", "11").out())
        .endsWith("Not every pair is compared as often: scores are best factored.\n");
    assertThat(run("movement", "--type", "howell", "--tables", "8").out())
        .doesNotContain("Not every pair");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "--type mitchell --tables 2 | a Mitchell needs at least 3 tables, not 2 (use a Howell)",
      "--type howell --tables 9 | a Howell is for 2 to 8 tables, not 9",
      "--type howell --tables 4 --rounds 8 | a Howell of 4 tables plays 1 to 7 rounds, not 8",
      "--type mitchell --tables x | --tables: a whole number, not 'x'",
      "--type mitchell --tables | --tables needs a value",
      "--type mitchell --tables 5 --relay | --relay is for an even number of tables, not 5",
      "--type mitchell --tables 6 --relay --rounds 5 | a relay and bye stand Mitchell plays all"
          + " 6 rounds, not 5 (use the skip to play fewer)",
      "--tables 5 | --type is required: mitchell, howell or teams",
      "--type bowl --tables 5 | --type: mitchell, howell or teams, not 'bowl'",
      "--type howell --tables 4 --arrow-switch | --arrow-switch is for a Mitchell",
      "--type mitchell --tables 5 --bogus | unknown option '--bogus'",
      "--type mitchell --tables 5 extra | unexpected argument 'extra'",
      "--type mitchell --tables 5 --format xml | --format: text or csv, not 'xml'",
      "--type teams --tables 5 | a match takes two tables, so teams play at an even number of"
          + " tables, not 5 (--teams for an odd number of teams)",
      "--type teams --teams 5 --tables 6 | 5 teams play at 4 tables, not 6",
      "--type teams --teams 4 --rounds 4 | 4 teams play 3 matches: --rounds is a multiple of 3,"
          + " not 4",
      "--type mitchell --tables 5 --boards-per-round 0 | a round has at least one board, not 0"})
  void aWrongCommandLineEndsWithOneLineAndStatusTwo(String args, String why) {
    Run run = run(("movement " + args).split(" "));

    assertThat(run.err()).isEqualTo("tenace: movement: " + why + "\n");
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void boardsAreARunOrOneByOne() {
    assertThat(MovementCommand.boards(List.of(1, 2, 3), ";")).isEqualTo("1-3");
    assertThat(MovementCommand.boards(List.of(1, 5, 9), ";")).isEqualTo("1;5;9");
    assertThat(MovementCommand.boards(List.of(3, 2, 1), ";")).isEqualTo("3;2;1");
    assertThat(MovementCommand.boards(List.of(7), ";")).isEqualTo("7");
  }
}
