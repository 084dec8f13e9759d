package org.tenace.cli;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * How a command that failed says so: one line, {@code tenace: <command>: <what went wrong>}, and
 * an exit status by kind (2 bad usage or input, 3 a server that cannot be reached, 1 anything
 * else); the stack trace only with {@code --debug}.
 */
final class Failure implements CommandLine.IExecutionExceptionHandler {
  static final int USAGE = 2;
  static final int UNAVAILABLE = 3;

  private final boolean debug;

  Failure(boolean debug) {
    this.debug = debug;
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd,
      CommandLine.ParseResult parsed) {
    PrintWriter err = cmd.getErr();
    if (debug) {
      ex.printStackTrace(err);
    }
    CommandLine.ParseResult own = cmd.getParseResult();
    String server = own == null ? null : own.matchedOptionValue("--server", null);
    // A subcommand's failure names its command too: "tenace: direct abort: ...".
    String name = cmd.getCommandSpec().qualifiedName(" ").replaceFirst("^tenace ", "");
    err.println("tenace: " + name + ": " + words(ex, server));
    err.flush();
    return status(ex);
  }

  static int status(Exception ex) {
    if (ex instanceof StatusRuntimeException s) {
      return switch (s.getStatus().getCode()) {
        case UNAVAILABLE, DEADLINE_EXCEEDED -> UNAVAILABLE;
        case INVALID_ARGUMENT -> USAGE;
        default -> 1;
      };
    }
    return ex instanceof IllegalArgumentException ? USAGE : 1;
  }

  static String words(Exception ex) {
    return words(ex, null);
  }

  /** {@code server}: the HOST:PORT the command was given, named when it cannot be reached. */
  static String words(Exception ex, String server) {
    if (ex instanceof StatusRuntimeException s) {
      Status st = s.getStatus();
      if (st.getCode() == Status.Code.UNAVAILABLE
          || st.getCode() == Status.Code.DEADLINE_EXCEEDED) {
        return "cannot reach the server" + (server == null ? "" : " at " + server) + ": "
            + why(s) + "; is it running, and is the address right?";
      }
      return "the server refused: " + (st.getDescription() != null ? st.getDescription()
          : st.getCode().name());
    }
    return rootMessage(ex);
  }

  /** Why a server could not be reached, in words (not gRPC's "io exception"). */
  private static String why(StatusRuntimeException s) {
    for (Throwable t = s; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.net.UnknownHostException u) {
        String host = u.getMessage() == null ? "" : u.getMessage().split(":")[0];
        return "no such host" + (host.isEmpty() ? "" : " '" + host + "'");
      }
      if (t instanceof java.net.ConnectException c) {
        String m = String.valueOf(c.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return m.contains("refused") ? "connection refused" : m.contains("timed out")
            ? "the connection timed out" : "cannot connect (" + c.getMessage() + ")";
      }
    }
    if (s.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
      return "no answer in time";
    }
    String d = s.getStatus().getDescription();
    return d == null || d.isBlank() || d.equals("io exception") ? rootMessage(s) : d;
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage();
    return m == null || m.isBlank() ? root.getClass().getSimpleName() : m;
  }
}
