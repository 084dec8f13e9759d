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
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "org.tenace.server.Main", "server", "--host", "127.0.0.1", "--port",
        String.valueOf(port), "--db", db)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.contains("listening")) {
      p.destroyForcibly();
      throw new IllegalStateException("the server did not start: " + line);
    }
    return p;
  }
}
