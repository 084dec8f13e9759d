package org.tenace.cli.common;

import org.tenace.client.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * The top of a {@code tenace} command line, the terminal client's and those of the jars with
 * entry points of their own (the gateway's, the benchmark's): named {@code tenace}, with
 * {@code --help} and the build's {@code --version}, which every subcommand inherits; given no
 * subcommand, it prints its usage. A subclass adds its description and its subcommands.
 */
// INHERIT: every subcommand answers --version (and --help) as the top command does.
@Command(name = "tenace", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
    versionProvider = CommandLines.Version.class)
public abstract class TopCommand implements Runnable {
  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}
