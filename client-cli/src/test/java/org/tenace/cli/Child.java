package org.tenace.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code tenace} (client-cli's Main) in a child JVM, as a user runs it: its own environment, no
 * terminal, stdin closed, and every byte it writes to stdout and stderr kept (what a library logs
 * on its own goes there too, which an in-process run cannot see: JLine's warning that it has no
 * terminal, gRPC's warnings).
 */
public final class Child {
  private static final int LIMIT_SECONDS = 180;

  private Child() {}

  /** What the command did. */
  public record Run(int exit, String out, String err) {}

  public static Run run(Map<String, String> env, String... args) throws Exception {
    Path out = Files.createTempFile("tenace-out", ".txt");
    Path err = Files.createTempFile("tenace-err", ".txt");
    try {
      List<String> command = new java.util.ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", clientClassPath(),
          Main.class.getName()));
      command.addAll(List.of(args));
      ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
              new java.io.File("/dev/null")));
      pb.environment().putAll(env);
      Process p = pb.start();
      // A bound, not a target: a host with robots playing a whole session took over 60 s at a
      // load average of 26 on this project's shared 2-core machines.
      if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("still running after " + LIMIT_SECONDS + " s: tenace "
            + String.join(" ", args)
            + "\nstdout: " + Files.readString(out) + "\nstderr: " + Files.readString(err));
      }
      return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      delete(out);
      delete(err);
    }
  }

  /**
   * This test's class path without the server module and its logging, as the client's own jar
   * is: the server (a test dependency here) brings SLF4J, logback and its logback.xml, whose start
   * resets java.util.logging's levels.
   */
  public static String clientClassPath() {
    return java.util.Arrays.stream(System.getProperty("java.class.path")
        .split(java.io.File.pathSeparator))
        .filter(p -> !p.contains("tenace-server") && !p.contains("slf4j")
            && !p.contains("logback") && !p.replace('\\', '/').endsWith("server/target/classes"))
        .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
  }

  private static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a temporary file left behind
    }
  }
}
