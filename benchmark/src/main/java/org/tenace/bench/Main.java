package org.tenace.bench;

import org.tenace.client.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * The benchmark's entry point, {@code tenace bench}: its own jar (tenace-bench.jar), which the
 * launcher runs for that command, so that its measuring (HdrHistogram) stays out of the player's
 * jar. Failures and usage errors are said as the terminal client says them.
 */
@Command(name = "tenace", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
    versionProvider = CommandLines.Version.class,
    description = "Tenace's benchmark: a table server under load, the robots' play.",
    subcommands = {BenchCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs a command line; the exit status is the command's. */
  public static int run(String... args) {
    return org.tenace.cli.Main.run(new Main(), args);
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}
