package org.tenace.server;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import org.tenace.client.cli.CommandLines;
import org.tenace.server.replay.ReplayCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Model.OptionSpec;

/** The server's entry point: {@code tenace server}, {@code replay}, {@code host}, {@code play}. */
// INHERIT: every subcommand answers --version (and --help) as the top command does.
@Command(name = "tenace", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
    versionProvider = CommandLines.Version.class,
    description = "Tenace: a duplicate-bridge server.",
    subcommands = {ServerCommand.class, ReplayCommand.class, HealthCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  /** Exit status of a server that cannot start with its configuration. */
  static final int BAD_CONFIGURATION = 2;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs a command line; the exit status is the command's. */
  public static int run(String... args) {
    return run(System.getenv(), new PrintWriter(System.err, true), args);
  }

  /**
   * As {@link #run(String...)}, with the server's settings also read from {@code env} and its
   * configuration errors written to {@code err}.
   */
  static int run(Map<String, String> env, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new Main());
    CommandLine server = cli.getSubcommands().get("server");
    server.setDefaultValueProvider(new EnvDefaults(env));
    // The image's probe reads the same TENACE_PORT and TENACE_TLS_CERT as the server.
    cli.getSubcommands().get("health").setDefaultValueProvider(new EnvDefaults(env));
    // Every command's usage errors in one line; the server's name the flag or the variable.
    CommandLines.sayUsageErrors(cli, err, (ex, given) -> ex.getCommandLine() == server
        ? explain(ex, given) : CommandLines.words(ex));
    cli.setExecutionExceptionHandler((ex, line, parsed) -> {
      if (!(ex instanceof BadConfiguration)) {
        throw ex;
      }
      err.println("tenace: server: " + ex.getMessage());
      err.flush();
      return BAD_CONFIGURATION;
    });
    return cli.execute(args);
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  /**
   * A bad value as {@code what: why}, naming the flag when it was given, else the environment
   * variable it came from; anything else (an unknown option...) as every command says it.
   */
  private static String explain(CommandLine.ParameterException ex, String[] given) {
    if (!(ex.getArgSpec() instanceof OptionSpec option)
        || !(ex.getCause() instanceof CommandLine.TypeConversionException why)) {
      return CommandLines.words(ex);
    }
    boolean flagged = Arrays.stream(given).anyMatch(a -> Arrays.stream(option.names())
        .anyMatch(n -> a.equals(n) || a.startsWith(n + "=")));
    String what = flagged ? option.longestName()
        : EnvDefaults.variable(option).orElse(option.longestName());
    return what + ": " + why.getMessage();
  }
}
