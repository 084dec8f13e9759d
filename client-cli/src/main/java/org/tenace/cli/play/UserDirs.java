package org.tenace.cli.play;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * Where the client keeps what it writes for the user, by the XDG base directories: state (seat
 * tokens) under {@code $XDG_STATE_HOME}, data (the local server's tables) under
 * {@code $XDG_DATA_HOME}, each in a {@code tenace} folder, falling back to {@code ~/.local}.
 */
public final class UserDirs {
  private UserDirs() {}

  static Path state() {
    return in(System.getenv(), "XDG_STATE_HOME", "state");
  }

  public static Path data() {
    return in(System.getenv(), "XDG_DATA_HOME", "share");
  }

  /** {@code $variable/tenace} when set to an absolute path (XDG ignores relative ones). */
  static Path in(Map<String, String> env, String variable, String underLocal) {
    String xdg = env.get(variable);
    Path base = xdg != null && !xdg.isBlank() && Paths.get(xdg).isAbsolute() ? Paths.get(xdg)
        : Paths.get(System.getProperty("user.home"), ".local", underLocal);
    return base.resolve("tenace");
  }
}
