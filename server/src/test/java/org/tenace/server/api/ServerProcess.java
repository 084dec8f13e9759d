package org.tenace.server.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code tenace server} in a child JVM, for tests that kill, stop and restart it. */
final class ServerProcess {
  private ServerProcess() {}

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Starts the server on {@code port} with store {@code db}; waits for its "listening" line. */
  static Process start(int port, String db) throws IOException {
    return start(port, db, null);
  }

  /**
   * As {@link #start(int, String)}, with the child's log (stderr) appended to {@code log}, so that
   * a test can show it when it fails; null discards it. {@code more} are further options.
   */
  static Process start(int port, String db, Path log, String... more) throws IOException {
    java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "org.tenace.server.Main", "server", "--host", "127.0.0.1", "--port",
        String.valueOf(port), "--db", db,
        // Robots at full speed: these tests are about the store, not the pace (RobotPaceTest).
        "--robot-pace", "0"));
    command.addAll(java.util.List.of(more));
    java.util.List<String> given = java.util.List.of(more);
    if (!given.contains("--parent-pid")) {
      // The child stops with this JVM, even one killed with SIGKILL (a test run cut short):
      // no orphan server keeps its port, its database or its CPU.
      command.addAll(java.util.List.of("--parent-pid",
          String.valueOf(ProcessHandle.current().pid())));
    }
    if (!given.contains("--http-port")) {
      command.addAll(java.util.List.of("--http-port", "0")); // several may run at once
    }
    Process p = new ProcessBuilder(command)
        .redirectError(log == null ? ProcessBuilder.Redirect.DISCARD
            : ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.contains("listening")) {
      p.destroyForcibly();
      try {
        p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("the server did not start: " + line
          + (log == null ? "" : "\nits log:\n" + tail(log, 80)));
    }
    return p;
  }

  /** The last {@code lines} lines of {@code log}, or a note that there is none. */
  static String tail(Path log, int lines) {
    try {
      var all = java.nio.file.Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no server log: " + e + ")";
    }
  }

  /** The child's threads (jcmd Thread.print), to explain a stall; a note when jcmd cannot run. */
  static String threads(Process p) {
    try {
      Path out = java.nio.file.Files.createTempFile("tenace-threads", ".txt");
      Process jcmd = new ProcessBuilder(
          Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
          String.valueOf(p.pid()), "Thread.print").redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      if (!jcmd.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
        jcmd.destroyForcibly();
      }
      String dump = java.nio.file.Files.readString(out);
      java.nio.file.Files.deleteIfExists(out);
      return dump;
    } catch (IOException e) {
      return "(no thread dump: " + e + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(no thread dump: interrupted)";
    }
  }
}
