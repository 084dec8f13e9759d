package org.tenace.server;

import org.tenace.server.replay.ReplayCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The server's entry point: {@code tenace server}, {@code replay}, {@code host}, {@code play}. */
@Command(name = "tenace", mixinStandardHelpOptions = true, version = "tenace 0.1",
    description = "Tenace: a duplicate-bridge server.",
    subcommands = {ServerCommand.class, ReplayCommand.class, HealthCommand.class})
public final class Main implements Runnable {

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs a command line; the exit status is the command's. */
  public static int run(String... args) {
    return new CommandLine(new Main()).execute(args);
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}
