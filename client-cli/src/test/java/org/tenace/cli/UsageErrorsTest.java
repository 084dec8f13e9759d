package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.cli.score.Cli;

/**
 * Every command's usage error is one line, {@code tenace: COMMAND: what went wrong}, exit status
 * 2: never the whole usage, never a sentence without the command's name.
 */
class UsageErrorsTest {
  @Test
  void aMisspeltOptionNamesTheCommandAndTheOptionMeant() {
    Cli.Run run = Cli.run("play", "--bords", "3");

    assertThat(run.err()).isEqualTo("tenace: play: unknown option '--bords' (did you mean "
        + "--boards?)" + System.lineSeparator());
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aBadValueIsOneLineWithoutTheUsage() {
    Cli.Run run = Cli.run("play", "--scoring", "vp");

    assertThat(run.err()).isEqualTo("tenace: play: --scoring: rubber, chicago, imp or mp, not "
        + "'vp'" + System.lineSeparator());
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aMissingOptionAndAStrayArgumentToo() {
    Cli.Run join = Cli.run("join");
    assertThat(join.err()).isEqualTo("tenace: join: missing required option: '--server=<server>'"
        + System.lineSeparator());
    assertThat(join.exit()).isEqualTo(2);

    Cli.Run movement = Cli.run("movement", "mitchell", "extra");
    assertThat(movement.err().lines()).singleElement().asString()
        .startsWith("tenace: movement: ");
    assertThat(movement.exit()).isEqualTo(2);

    Cli.Run top = Cli.run("--bogus");
    assertThat(top.err()).isEqualTo("tenace: unknown option '--bogus'" + System.lineSeparator());
  }

  @Test
  void aSubcommandsOwnRefusalOfItsLineIsSaidTheSameWay() {
    Cli.Run run = Cli.run("bot", "--server", "127.0.0.1:1", "--table", "1");

    assertThat(run.err()).isEqualTo("tenace: bot: --seat is required (or --token)"
        + System.lineSeparator());
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void helpOnACommandIsThatCommandsHelp() {
    Cli.Run run = Cli.run("help", "play");

    assertThat(run.out()).startsWith("Usage: tenace play ").contains("--scoring");
    assertThat(run.exit()).isZero();
  }
}
