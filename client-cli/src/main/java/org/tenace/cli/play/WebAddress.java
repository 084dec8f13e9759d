package org.tenace.cli.play;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tenace.proto.v1.Seat;

/**
 * The local server's web client, for {@code tenace play} and {@code tenace host}: which port it
 * gets, and {@code tenace play --web}, which opens the table in the desktop's browser (when there
 * is one: a machine without a browser is told the address, never refused).
 */
public final class WebAddress {
  /** The port a local server's web client gets when none is asked for, if it is free. */
  public static final int DEFAULT_PORT = 8080;

  private WebAddress() {}

  /**
   * The port to pass to the local server: {@code requested} when given (0: no web client), else
   * 8080, or a free port when another program holds 8080 (a second play, a server).
   */
  public static int port(int requested) {
    if (requested >= 0) {
      return requested;
    }
    return free(DEFAULT_PORT) ? DEFAULT_PORT : anyFree();
  }

  static boolean free(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int anyFree() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      return 0; // no port at all: no web client, said by the caller
    }
  }

  /** The page that takes {@code seat} at {@code tableId} (the page joins; no token in it). */
  static String sitAt(String browser, String tableId, Seat seat) {
    return browser + "#/sit/" + tableId + "/" + seat.name().substring("SEAT_".length())
        .toLowerCase(Locale.ROOT);
  }

  /**
   * {@code tenace play --web}: says where the table is, opens it in the desktop's browser if it
   * can, and keeps the local server until Enter (or Ctrl-C).
   */
  static int serve(String browser, String tableId, Seat seat, String notice) throws IOException {
    PrintStream out = System.out;
    if (browser == null) {
      throw new IllegalStateException("the local server serves no web client");
    }
    String url = sitAt(browser, tableId, seat);
    if (!notice.isEmpty()) {
      out.println(notice);
    }
    out.println("Your table is at " + url);
    Optional<String> opened = open(url, System.getenv());
    out.println(opened.isPresent() ? "Opened in your browser (" + opened.get() + ")."
        : "Open that address in a browser on this machine.");
    out.println("Press Enter here (or Ctrl-C) to stop the local server.");
    out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in,
        StandardCharsets.UTF_8));
    if (in.readLine() == null) {
      // No input to read (started from a launcher): serve until Ctrl-C.
      try {
        Thread.currentThread().join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return 0;
  }

  /**
   * Starts the desktop's browser on {@code url}: xdg-open where there is a display, open on
   * macOS, the shell on Windows. The program it used, or empty when there is none (never fails).
   */
  static Optional<String> open(String url, java.util.Map<String, String> env) {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    List<String> command;
    if (os.contains("win")) {
      command = List.of("rundll32", "url.dll,FileProtocolHandler", url);
    } else if (os.contains("mac")) {
      command = List.of("open", url);
    } else {
      boolean display = !env.getOrDefault("DISPLAY", "").isEmpty()
          || !env.getOrDefault("WAYLAND_DISPLAY", "").isEmpty();
      Optional<Path> xdg = onPath("xdg-open", env.getOrDefault("PATH", ""));
      if (!display || xdg.isEmpty()) {
        return Optional.empty();
      }
      command = List.of(xdg.get().toString(), url);
    }
    try {
      new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectInput(ProcessBuilder.Redirect.PIPE).start().getOutputStream().close();
      return Optional.of(Path.of(command.get(0)).getFileName().toString());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<Path> onPath(String program, String path) {
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path p = Path.of(dir, program);
      if (Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
