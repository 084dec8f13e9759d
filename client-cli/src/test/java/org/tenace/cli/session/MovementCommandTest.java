package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.cli.score.Cli.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
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

  /** Each command line of movements/wrong.csv (test resources) is refused with its reason. */
  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/movements/wrong.csv", delimiter = '|')
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
