package org.tenace.gateway;

import org.tenace.cli.common.TopCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The Table Manager gateway's entry point, {@code tenace tm}: its own jar (tenace-gateway.jar),
 * which the launcher runs for that command. Failures and usage errors are said as the terminal
 * client says them.
 */
@Command(description = "Tenace's Table Manager gateway: Blue Chip programs at a Tenace table.",
    subcommands = {TmCommand.class, CommandLine.HelpCommand.class})
public final class Main extends TopCommand {
  public static void main(String[] args) {
    System.exit(org.tenace.cli.Main.run(new Main(), args));
  }
}
