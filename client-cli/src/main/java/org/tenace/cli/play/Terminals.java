package org.tenace.cli.play;

import java.io.IOException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** The terminal a player types at. */
final class Terminals {
  private Terminals() {}

  /**
   * This process's terminal; without one (input from a pipe or a file, no tty), a dumb one that
   * reads lines, quietly: JLine's own warning about it is not the player's business.
   */
  static Terminal system() throws IOException {
    return TerminalBuilder.builder().system(true).dumb(true).build();
  }
}
