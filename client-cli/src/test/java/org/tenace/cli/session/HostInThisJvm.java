package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.cli.Main;
import picocli.CommandLine;

/**
 * {@code tenace host} running in this JVM against a test's server, its window read as text: the
 * director's token once it has printed it, its output and errors as they grow, and its end.
 */
final class HostInThisJvm {
  private static final Pattern TOKEN = Pattern.compile("director's token: (\\w+)");

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final CompletableFuture<Integer> running;
  private final String token;

  /** Starts {@code tenace host --server at ARGS} and waits for it to print the director's token. */
  HostInThisJvm(String at, String... args) {
    CommandLine host = Main.commandLine(false);
    host.setOut(new PrintWriter(out, true));
    host.setErr(new PrintWriter(err, true));
    String[] line = new String[args.length + 3];
    line[0] = "host";
    line[1] = "--server";
    line[2] = at;
    System.arraycopy(args, 0, line, 3, args.length);
    running = CompletableFuture.supplyAsync(() -> host.execute(line));
    await().atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(out.toString()).as("host's output, waiting for the"
            + " director's token; its errors: %s", err).containsPattern(TOKEN));
    Matcher m = TOKEN.matcher(out.toString());
    assertThat(m.find()).isTrue();
    token = m.group(1);
  }

  String token() {
    return token;
  }

  /** What the window shows so far. */
  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }

  /** Waits up to {@code seconds} for the host to end, and checks it ended well. */
  void ends(int seconds) throws Exception {
    assertThat(running.get(seconds, TimeUnit.SECONDS)).as(err.toString()).isZero();
  }
}
