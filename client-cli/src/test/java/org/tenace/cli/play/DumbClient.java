package org.tenace.cli.play;

import static org.awaitility.Awaitility.await;

import io.grpc.Channel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.tenace.cli.DumbTerminalRun;
import org.tenace.proto.v1.Seat;

/** The terminal client on JLine's dumb terminal: lines typed in, the screen's text out. */
final class DumbClient extends DumbTerminalRun implements AutoCloseable {
  private int mark;

  DumbClient(Channel channel, String tableId, Seat seat) {
    this(channel, tableId, seat, "-", TokenStore.none());
  }

  /** A client that saves its seat's token in {@code tokens}, under {@code server}. */
  DumbClient(Channel channel, String tableId, Seat seat, String server, TokenStore tokens) {
    super(terminal -> new Seating(terminal, channel, server, tokens)
        .run(new Seating.Request(tableId, seat, "Tester", false, true)));
  }

  void type(String line) {
    mark = text().length();
    try {
      typeLine(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Types quit: the client leaves its seat and ends with status 0. */
  void quit() {
    type("quit");
    org.assertj.core.api.Assertions.assertThat(exit.join()).isZero();
  }

  /** Waits until the output since the last line typed contains each text, in order. */
  String awaitSinceTyped(String... texts) {
    try {
      await().atMost(Duration.ofSeconds(30)).until(() -> containsInOrder(text().substring(mark),
          texts));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      // Say what was awaited and what the screen showed instead.
      String since = text().substring(mark);
      throw new AssertionError("awaited " + java.util.Arrays.toString(texts)
          + " in the output since the last line typed, which ends:\n"
          + since.substring(Math.max(0, since.length() - 4000)), e);
    }
    return text().substring(mark);
  }

  /** Waits until the output since the last line typed has a match of {@code pattern}. */
  java.util.regex.Matcher awaitMatchSinceTyped(java.util.regex.Pattern pattern) {
    awaitSinceTyped();
    try {
      await().atMost(Duration.ofSeconds(30))
          .until(() -> pattern.matcher(text().substring(mark)).find());
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      String since = text().substring(mark);
      throw new AssertionError("awaited /" + pattern + "/ in the output since the last line "
          + "typed, which ends:\n" + since.substring(Math.max(0, since.length() - 4000)), e);
    }
    java.util.regex.Matcher m = pattern.matcher(text().substring(mark));
    m.find();
    return m;
  }

  /** Every line written is at most 80 columns, in letters (a dumb terminal has no symbols). */
  void assertFitsEightyColumns() {
    for (String written : text().split("\n")) {
      String line = written.substring(written.lastIndexOf('\r') + 1); // \r: back to column 0
      org.assertj.core.api.Assertions.assertThat(line.length()).as(line)
          .isLessThanOrEqualTo(80);
      org.assertj.core.api.Assertions.assertThat(line.chars().allMatch(ch -> ch < 128)).as(line)
          .isTrue();
    }
  }

  static boolean containsInOrder(String t, String... texts) {
    int at = 0;
    for (String x : texts) {
      at = t.indexOf(x, at);
      if (at < 0) {
        return false;
      }
      at += x.length();
    }
    return true;
  }

  @Override
  public void close() throws IOException {
    closeKeys();
    java.nio.file.Files.writeString(java.nio.file.Path.of("target", "dumb-client-last.txt"),
        text());
  }
}
