package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A failed command says what went wrong in one line, with an exit status by kind. */
class FailureTest {
  private final StringWriter err = new StringWriter();

  private int run(boolean debug, String... args) {
    CommandLine cl = new CommandLine(new Main()).setExecutionExceptionHandler(new Failure(debug));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void aBadSeatIsOneLineAndBadUsage() {
    assertThat(run(false, "play", "--seat", "Q")).isEqualTo(Failure.USAGE);
    assertThat(err.toString()).isEqualTo("tenace: play: not a seat: 'Q'" + System.lineSeparator());
  }

  @Test
  void theStackTraceComesOnlyWithDebug() {
    assertThat(run(true, "join", "--server", "127.0.0.1:1", "--seat", "Q"))
        .isEqualTo(Failure.USAGE);
    assertThat(err.toString()).contains("IllegalArgumentException", "\tat ")
        .endsWith("tenace: join: not a seat: 'Q'" + System.lineSeparator());
  }

  @Test
  void anUnreachableServerAndARefusalSayWhich() {
    var down = Status.UNAVAILABLE.withDescription("io exception")
        .withCause(new ConnectException("Connection refused: /127.0.0.1:50599"))
        .asRuntimeException();
    assertThat(Failure.status(down)).isEqualTo(Failure.UNAVAILABLE);
    assertThat(Failure.words(down, "127.0.0.1:50599")).isEqualTo("cannot reach the server at "
        + "127.0.0.1:50599: connection refused; is it running, and is the address right?");
    var refused = Status.INVALID_ARGUMENT.withDescription("MALFORMED: settings.board_count: "
        + "expected 0 to 10000 (it is -1)").asRuntimeException();
    assertThat(Failure.status(refused)).isEqualTo(Failure.USAGE);
    assertThat(Failure.words(refused)).isEqualTo("the server refused: MALFORMED: "
        + "settings.board_count: expected 0 to 10000 (it is -1)");
    assertThat(Failure.status(new IllegalStateException("x"))).isEqualTo(1);
  }
}
