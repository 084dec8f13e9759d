package org.tenace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.tenace.cli.play.PlayCommand;

/**
 * {@code tenace server} in a process of its own, as in production: its H2 store and journal in a
 * temporary folder that goes with it, no limits on tables or calls, and it stops with this
 * process even if this one is killed.
 */
final class ServerProcess implements AutoCloseable {
  private final Process process;
  private final Path folder;
  private final String target;
  private final long startedNanos;
  private final long listeningNanos;

  private ServerProcess(Process process, Path folder, String target, long startedNanos,
      long listeningNanos) {
    this.process = process;
    this.folder = folder;
    this.target = target;
    this.startedNanos = startedNanos;
    this.listeningNanos = listeningNanos;
  }

  /**
   * Starts the server: {@code java -jar JAR server ...}, or from a class path ({@code java -cp CP
   * org.tenace.server.Main server ...}) when {@code classPath} is given; under {@code taskset -c
   * CPUS} when {@code cpus} is given; {@code serverArgs} after the bench's own. Returns once it
   * listens.
   */
  static ServerProcess start(Path jar, String classPath, String cpus, List<String> javaOptions,
      List<String> serverArgs) throws IOException {
    Path folder = Files.createTempDirectory("tenace-bench-");
    List<String> cmd = new ArrayList<>();
    if (cpus != null) {
      cmd.addAll(List.of("taskset", "-c", cpus));
    }
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(javaOptions);
    if (classPath != null) {
      cmd.addAll(List.of("-cp", classPath, "org.tenace.server.Main"));
    } else {
      cmd.addAll(List.of("-jar", jar.toString()));
    }
    cmd.addAll(List.of("server", "--host", "127.0.0.1", "--port", "0", "--http-port", "0",
        "--db", "jdbc:h2:" + folder.resolve("tenace").toAbsolutePath(),
        "--max-tables", "0", "--max-tables-per-client", "0", "--max-calls-per-connection", "0",
        "--idle-timeout", "0", "--parent-pid", String.valueOf(ProcessHandle.current().pid())));
    cmd.addAll(serverArgs);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.PIPE);
    long started = System.nanoTime();
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      delete(folder);
      throw new IOException("cannot start the server (" + String.join(" ", cmd.subList(0,
          Math.min(cmd.size(), 4))) + "): " + e.getMessage(), e);
    }
    try {
      String target = PlayCommand.awaitListening(process, folder.resolve("server.log"));
      return new ServerProcess(process, folder, target, started, System.nanoTime());
    } catch (IOException | RuntimeException e) {
      process.destroyForcibly();
      delete(folder);
      throw e;
    }
  }

  /** host:port where it listens. */
  String target() {
    return target;
  }

  long pid() {
    return process.pid();
  }

  /** System.nanoTime() when the process was started. */
  long startedNanos() {
    return startedNanos;
  }

  /** Nanoseconds from starting the process to its saying where it listens. */
  long startupNanos() {
    return listeningNanos - startedNanos;
  }

  /** Stops the server (SIGTERM: it closes its store) and removes its folder. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(5, TimeUnit.SECONDS);
    }
    delete(folder);
  }

  private static void delete(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind is harmless
    }
  }
}
