package org.tenace.bench;

import org.tenace.cli.common.TopCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The benchmark's entry point, {@code tenace bench}: its own jar (tenace-bench.jar), which the
 * launcher runs for that command, so that its measuring (HdrHistogram) stays out of the player's
 * jar. Failures and usage errors are said as the terminal client says them.
 */
@Command(description = "Tenace's benchmark: a table server under load, the robots' play.",
    subcommands = {BenchCommand.class, CommandLine.HelpCommand.class})
public final class Main extends TopCommand {
  public static void main(String[] args) {
    System.exit(org.tenace.cli.Main.run(new Main(), args));
  }
}
