package org.tenace.cli.session;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.tenace.cli.DumbTerminalRun;
import org.jline.terminal.impl.DumbTerminal;

/**
 * A terminal client at JLine's dumb terminal, and the script that types for its player: every
 * call a pass, every card the first legal one, yes and accept to every question, Enter at a
 * table's end. SessionFollowerTest's and ClubEveningTest's people extend it.
 */
class ScriptedFollower extends DumbTerminalRun implements AutoCloseable {
  private static final List<String> PROMPTS = List.of("your call> ", "your card> ",
      "dummy's card> ", "ready> ", "accept/reject> ", "yes/no> ", "> ");

  volatile boolean closed;
  /** When set, the client is killed at the first prompt of its player's this screen text holds. */
  volatile Predicate<String> killAt;
  int seen;

  /** {@code client}: runs the client at the terminal it is given, to its exit status. */
  ScriptedFollower(Function<DumbTerminal, Integer> client) {
    super(client);
  }

  void type(String line) {
    try {
      typeLine(line);
    } catch (IOException e) {
      if (!closed) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Answers each prompt as it comes until the client ends (or is closed). */
  void play() {
    while (!exit.isDone() && !closed) {
      await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(20))
          .until(() -> exit.isDone() || closed || text().length() > seen);
      String t = text();
      seen = t.length();
      String prompt = prompt(t);
      if (prompt == null || closed) {
        continue;
      }
      if (killAt != null && killAt.test(t)) {
        close(); // killed with the turn its player's: the board waits for them
        return;
      }
      switch (prompt) {
        case "your call> " -> type("p");
        case "your card> ", "dummy's card> " -> {
          String legal = t.substring(t.lastIndexOf("Legal: ") + "Legal: ".length());
          type(legal.substring(0, legal.indexOf('\n') < 0 ? legal.length()
              : legal.indexOf('\n')).strip().split(" ")[0]);
        }
        case "ready> " -> type("");
        case "accept/reject> " -> type("accept");
        case "yes/no> " -> type("yes");
        default -> {
          int over = Math.max(t.lastIndexOf("Press Enter for your next table"),
              t.lastIndexOf("Press Enter for the ranking"));
          if (over > t.lastIndexOf("Your pair:")) {
            type(""); // the round's table is over: on to the next
          }
        }
      }
    }
  }

  /** The client stops as a killed one does: its input ends, without leaving the seat. */
  @Override
  public void close() {
    closed = true;
    try {
      closeKeys();
    } catch (IOException e) {
      // gone already
    }
  }

  /** The prompt the screen's last line ends with, if it ends with one. */
  static String prompt(String text) {
    String line = text.substring(text.lastIndexOf('\n') + 1);
    String last = "";
    for (String p : line.split("\r")) {
      if (!p.isBlank()) {
        last = p;
      }
    }
    for (String p : PROMPTS) {
      if (last.endsWith(p) || last.endsWith(p.strip())) {
        return p;
      }
    }
    return null;
  }
}
