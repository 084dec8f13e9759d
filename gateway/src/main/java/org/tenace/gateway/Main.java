package org.tenace.gateway;

import org.tenace.client.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * The Table Manager gateway's entry point, {@code tenace tm}: its own jar (tenace-gateway.jar),
 * which the launcher runs for that command. Failures and usage errors are said as the terminal
 * client says them.
 */
@Command(name = "tenace", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
    versionProvider = CommandLines.Version.class,
    description = "Tenace's Table Manager gateway: Blue Chip programs at a Tenace table.",
    subcommands = {TmCommand.class, CommandLine.HelpCommand.class})
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
