package org.tenace.cli;

import java.util.ArrayList;
import java.util.List;
import org.tenace.cli.analyse.AnalyseCommand;
import org.tenace.cli.bot.BotCommand;
import org.tenace.cli.common.TopCommand;
import org.tenace.cli.play.JoinCommand;
import org.tenace.cli.play.PlayCommand;
import org.tenace.cli.score.ScoreCommand;
import org.tenace.cli.session.DirectCommand;
import org.tenace.cli.session.HostCommand;
import org.tenace.cli.session.MovementCommand;
import org.tenace.cli.session.ResultsCommand;
import org.tenace.client.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The terminal client's entry point: {@code tenace play}, {@code join}, {@code bot}, the
 * director's and the file tools. The Table Manager gateway ({@code tenace tm}) and the benchmark
 * ({@code tenace bench}) are other jars with entry points of their own, which run their command
 * lines here ({@link #run(Object, String...)}).
 */
@Command(description = "Tenace: a duplicate-bridge server and its clients.",
    subcommands = {PlayCommand.class, JoinCommand.class, BotCommand.class, ScoreCommand.class,
        MovementCommand.class, HostCommand.class, ResultsCommand.class, DirectCommand.class,
        AnalyseCommand.class, CommandLine.HelpCommand.class})
public final class Main extends TopCommand {
  private static final java.util.logging.Logger GRPC_LOG =
      java.util.logging.Logger.getLogger("io.grpc");

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs a command line; the exit status is the command's. {@code --debug}, anywhere, adds the
   * stack trace to a failure's one line.
   */
  public static int run(String... args) {
    return run(new Main(), args);
  }

  /**
   * Runs a command line of {@code top}, a picocli command, as {@link #run(String...)} runs this
   * one's: the same --debug, failures and usage errors.
   */
  public static int run(Object top, String... args) {
    List<String> rest = new ArrayList<>(List.of(args));
    boolean debug = rest.remove("--debug");
    if (!debug) {
      // gRPC logs a failed name lookup as a many-line warning before the call fails; the failure
      // itself is said in one line (Failure), so its warnings show only with --debug.
      GRPC_LOG.setLevel(java.util.logging.Level.SEVERE);
    }
    return commandLine(top, debug).execute(rest.toArray(String[]::new));
  }

  /**
   * The command line, with failures and usage errors said in one line (a failure's stack trace
   * too with debug).
   */
  public static CommandLine commandLine(boolean debug) {
    return commandLine(new Main(), debug);
  }

  /** As {@link #commandLine(boolean)}, for the command {@code top}. */
  public static CommandLine commandLine(Object top, boolean debug) {
    return CommandLines.sayUsageErrors(new CommandLine(top))
        .setExecutionExceptionHandler(new Failure(debug));
  }
}
