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
    err.println("tenace: " + cmd.getCommandName() + ": " + words(ex));
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
    if (ex instanceof StatusRuntimeException s) {
      Status st = s.getStatus();
      if (st.getCode() == Status.Code.UNAVAILABLE) {
        return "cannot reach the server (" + rootMessage(s) + "); is it running, and is the "
            + "address right?";
      }
      return "the server refused: " + (st.getDescription() != null ? st.getDescription()
          : st.getCode().name());
    }
    return rootMessage(ex);
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
