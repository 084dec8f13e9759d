package org.tenace.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jline.terminal.impl.DumbTerminal;

/**
 * A client run from a test on JLine's dumb terminal: lines typed to it through a pipe, its screen
 * kept as text, and its exit status once it has ended.
 */
public class DumbTerminalRun {
  private final PipedOutputStream keys;
  private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
  /** The client's exit status, once it has ended. */
  public final CompletableFuture<Integer> exit;

  /** Runs {@code client} at a new dumb terminal, on a thread of its own, to its exit status. */
  public DumbTerminalRun(Function<DumbTerminal, Integer> client) {
    try {
      PipedInputStream in = new PipedInputStream(1 << 16);
      keys = new PipedOutputStream(in);
      DumbTerminal terminal = new DumbTerminal(in, screen);
      exit = CompletableFuture.supplyAsync(() -> client.apply(terminal));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Everything the client has written so far. */
  public String text() {
    synchronized (screen) {
      return screen.toString(StandardCharsets.UTF_8);
    }
  }

  /** Types {@code line} and Enter. */
  public void typeLine(String line) throws IOException {
    keys.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    keys.flush();
  }

  /** Ends the client's input, as a terminal closed under it does. */
  public void closeKeys() throws IOException {
    keys.close();
  }
}
