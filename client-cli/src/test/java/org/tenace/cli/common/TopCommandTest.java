package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.tenace.testing.ProjectVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A jar's own top command (the gateway's, the benchmark's) gives only its description and
 * subcommands: the name, --help and --version come from TopCommand, for its subcommands too.
 */
class TopCommandTest {
  @Command(name = "sub", description = "A subcommand.")
  static final class Sub implements Runnable {
    @Override
    public void run() {}
  }

  @Command(description = "A jar of its own.", subcommands = {Sub.class})
  static final class JarTop extends TopCommand {}

  @Test
  void theTopAndItsSubcommandsSayTheBuildsVersion() throws IOException {
    ProjectVersion.assertSaidBy(new JarTop(), "");
    ProjectVersion.assertSaidBy(new JarTop(), "sub");
  }

  @Test
  void theTopIsTenaceWithItsOwnDescriptionAndHelpOnEverySubcommand() {
    CommandLine cl = new CommandLine(new JarTop());
    assertThat(cl.getCommandName()).isEqualTo("tenace");
    assertThat(cl.getUsageMessage()).contains("A jar of its own.", "sub", "--version");
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    assertThat(cl.execute("sub", "--help")).isZero();
    assertThat(out.toString()).contains("Usage: tenace sub", "A subcommand.", "--version");
  }
}
