package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.cli.score.Cli.Run;
import org.tenace.testing.TestResources;

/** {@code tenace movement}, run through picocli as the launcher runs it. */
class MovementCommandTest {

  /**
   * A movement printed whole, against its expected file: movements/cases.csv (test resources)
   * names each case's file beside it and the arguments it is printed with, and says why each
   * movement is as it is; the CSV of each kind of movement, and a teams match's guide card.
   */
  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/movements/cases.csv", delimiter = '|')
  void aMovementIsPrintedAsExpected(String expected, String args) {
    Run run = run(("movement " + args).split(" "));

    assertThat(run.out()).isEqualTo(TestResources.text("movements/" + expected));
    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
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
