package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class JoinCommandTest {
  @Test
  void theHelpSaysWhereTheSeatTokensAreKept() {
    String help = new CommandLine(new JoinCommand()).getUsageMessage(CommandLine.Help.Ansi.OFF);
    assertThat(help.replaceAll("\\s+", " ")).contains("$XDG_STATE_HOME/tenace/tokens", "~/.local/state/tenace/tokens",
        "quit gives the seat up and forgets the token", "--laws");
    assertThat(help.split("\n")).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
  }

  @Test
  void playHasLawsToo() {
    assertThat(new CommandLine(new PlayCommand()).getUsageMessage(CommandLine.Help.Ansi.OFF))
        .contains("--laws");
  }
}
