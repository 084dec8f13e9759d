package org.tenace.cli.common;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code --server} of every command: HOST:PORT, checked the same way everywhere; or several,
 * separated by commas, the servers of a cluster (the client follows each table to its own).
 */
public final class ServerAddress {
  private static final Pattern HOST_PORT =
      Pattern.compile("(\\[[^\\]\\s]+\\]|[^:\\[\\]\\s]+):(\\d{1,5})");
  private static final Pattern HOST = Pattern.compile("\\[[^\\]\\s]+\\]|[^:\\[\\]\\s]+");

  private ServerAddress() {}

  /** Why {@code value} is not HOST:PORT (or a list of them), in words, or empty when it is. */
  public static Optional<String> problem(String value) {
    if (value.contains(",")) {
      for (String one : value.split(",", -1)) {
        Optional<String> p = problem(one.strip());
        if (p.isPresent()) {
          return p;
        }
      }
      return Optional.empty();
    }
    Matcher m = HOST_PORT.matcher(value);
    if (m.matches()) {
      int port = Integer.parseInt(m.group(2));
      return port >= 1 && port <= 65535 ? Optional.empty()
          : Optional.of("--server: HOST:PORT, not '" + value + "': " + port + " is not a port");
    }
    return Optional.of("--server: HOST:PORT, not '" + value + "'" + (HOST.matcher(value).matches()
        ? ": which port? (a server listens on 50051 unless given --port)" : ""));
  }

  /** {@code value}, when it is HOST:PORT; else an IllegalArgumentException says why. */
  public static String check(String value) {
    Optional<String> p = problem(value);
    if (p.isPresent()) {
      throw new IllegalArgumentException(p.get());
    }
    return value;
  }
}
