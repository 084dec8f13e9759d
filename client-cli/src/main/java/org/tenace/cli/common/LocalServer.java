package org.tenace.cli.common;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code tenace server} as a child process of this one, for the commands that bring their own
 * server (play, host, tm, bench): on 127.0.0.1 and a port of the server's choosing, stopped with
 * this process (even one killed: {@code --parent-pid}), its output read until it says where it
 * listens and then copied into a log file. {@link #close()} stops it (SIGTERM, so that it closes
 * its store) and removes its scratch folder, if it has one.
 */
public final class LocalServer implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on (\\S+):(\\d+)");
  private static final Pattern BROWSER = Pattern.compile("play in a browser at (\\S+)");
  private static final String SAYS = "tenace: server: ";

  private final Process process;
  private final String target;
  private final String browser;
  private final Path scratch;
  private final long startedNanos;
  private final long listeningNanos;
  private final Thread reaper;

  private LocalServer(Process process, String target, String browser, Path scratch,
      long startedNanos, long listeningNanos) {
    this.process = process;
    this.target = target;
    this.browser = browser;
    this.scratch = scratch;
    this.startedNanos = startedNanos;
    this.listeningNanos = listeningNanos;
    this.reaper = new Thread(this::stop, "tenace-server-stop");
    Runtime.getRuntime().addShutdownHook(reaper);
  }

  /** A server from the jar {@code jar} ({@code java -jar JAR server ...}). */
  public static Launch jar(Path jar) {
    return new Launch(jar, null);
  }

  /**
   * A server from a class path ({@code java -cp CP org.tenace.server.Main server ...}): the
   * tests', or a build's classes.
   */
  public static Launch classPath(String classPath) {
    return new Launch(null, classPath);
  }

  /**
   * $TENACE_SERVER_JAR (the launcher sets it), else server/target/tenace-server.jar of the source
   * tree this class was built in.
   */
  public static Path serverJar() throws IOException {
    String env = System.getenv("TENACE_SERVER_JAR");
    if (env != null && !env.isBlank()) {
      return Paths.get(env);
    }
    try {
      Path self = Paths.get(LocalServer.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      // MODULE/target/tenace-X.jar (or MODULE/target/classes) -> server/target/tenace-server.jar
      Path jar = self.getParent().getParent().getParent()
          .resolve("server/target/tenace-server.jar");
      if (Files.isRegularFile(jar)) {
        return jar;
      }
    } catch (java.net.URISyntaxException | NullPointerException e) {
      // fall through
    }
    throw new IOException("cannot find the server jar: build it (./mvnw package) or set "
        + "TENACE_SERVER_JAR");
  }

  /** What to start, and how; {@link #start()} starts it. */
  public static final class Launch {
    private final Path jar;
    private final String classPath;
    private String db;
    private int httpPort;
    private Path log;
    private boolean scratch;
    private String cpus;
    private final List<String> javaOptions = new ArrayList<>();
    private final List<String> serverArgs = new ArrayList<>();

    private Launch(Path jar, String classPath) {
      this.jar = jar;
      this.classPath = classPath;
    }

    /** The server's store (--db). */
    public Launch db(String db) {
      this.db = db;
      return this;
    }

    /**
     * The store in a scratch folder of its own, removed when the server is closed, its log
     * there too unless {@link #log} says otherwise.
     */
    public Launch scratchStore() {
      this.scratch = true;
      return this;
    }

    /** The web client's port; 0, the default, for none. Start waits for its address too. */
    public Launch httpPort(int port) {
      this.httpPort = port;
      return this;
    }

    /** Where the server's output goes once it listens. */
    public Launch log(Path log) {
      this.log = log;
      return this;
    }

    /** The server under {@code taskset -c CPUS}; null for any CPU. */
    public Launch cpus(String cpus) {
      this.cpus = cpus;
      return this;
    }

    /** Options for the server's JVM. */
    public Launch javaOptions(List<String> options) {
      javaOptions.addAll(options);
      return this;
    }

    /** Options for {@code tenace server}, after the ones given here. */
    public Launch serverArgs(List<String> args) {
      serverArgs.addAll(args);
      return this;
    }

    /**
     * Starts the server and returns once it listens (and, with a web port, once its web client
     * does); the reason in words when it does not.
     */
    public LocalServer start() throws IOException {
      if ((db == null) == !scratch) {
        throw new IllegalStateException("a local server needs a store: db or scratchStore");
      }
      Path folder = scratch ? Files.createTempDirectory("tenace-server-") : null;
      String store = scratch ? "jdbc:h2:" + folder.resolve("tenace").toAbsolutePath() : db;
      Path out = log != null ? log : folder != null ? folder.resolve("server.log") : null;
      if (out == null) {
        throw new IllegalStateException("a local server needs a log");
      }
      List<String> cmd = command(store);
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.PIPE);
      long started = System.nanoTime();
      Process process;
      try {
        if (out.getParent() != null) {
          Files.createDirectories(out.getParent());
        }
        process = pb.start();
      } catch (IOException e) {
        delete(folder);
        throw new IOException("cannot start the server (" + String.join(" ", cmd.subList(0,
            Math.min(cmd.size(), 4))) + "): " + e.getMessage(), e);
      }
      try {
        Listening at = awaitListening(process, out, httpPort > 0);
        return new LocalServer(process, at.target(), at.browser(), folder, started,
            System.nanoTime());
      } catch (IOException | RuntimeException e) {
        process.destroyForcibly();
        delete(folder);
        throw e;
      }
    }

    private List<String> command(String store) {
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
      cmd.addAll(List.of("server", "--host", "127.0.0.1", "--port", "0", "--http-port",
          String.valueOf(httpPort), "--db", store,
          "--parent-pid", String.valueOf(ProcessHandle.current().pid())));
      cmd.addAll(serverArgs);
      return cmd;
    }
  }

  /** HOST:PORT where it listens. */
  public String target() {
    return target;
  }

  /** The web client's address, or null when it serves none. */
  public String browser() {
    return browser;
  }

  public long pid() {
    return process.pid();
  }

  /** System.nanoTime() when the process was started. */
  public long startedNanos() {
    return startedNanos;
  }

  /** Nanoseconds from starting the process to its saying where it listens. */
  public long startupNanos() {
    return listeningNanos - startedNanos;
  }

  /** The scratch folder of its store and log, or null. */
  Path scratch() {
    return scratch;
  }

  /** Stops the server (SIGTERM: it closes its store) and removes its scratch folder. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException e) {
      // shutting down: the hook stops it
    }
    stop();
  }

  private void stop() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    delete(scratch);
  }

  /**
   * Reads the server's output until it says where it listens (and, when {@code web}, where its
   * web client is); the rest goes to {@code log}.
   */
  private static Listening awaitListening(Process server, Path log, boolean web)
      throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(),
        StandardCharsets.UTF_8));
    List<String> seen = new ArrayList<>();
    String line;
    String target = null;
    while ((line = r.readLine()) != null) {
      Matcher m = LISTENING.matcher(line);
      Matcher b = BROWSER.matcher(line);
      if (target == null && m.find()) {
        target = m.group(1) + ":" + m.group(2);
        if (!web) {
          drain(r, log);
          return new Listening(target, null);
        }
      } else if (target != null && b.find()) {
        drain(r, log);
        return new Listening(target, b.group(1));
      }
      seen.add(line);
    }
    // The server says why in one line of its own (tenace: server: ...): that is the reason.
    for (String said : seen) {
      if (said.startsWith(SAYS)) {
        throw new IOException("the local server did not start: "
            + said.substring(SAYS.length()));
      }
    }
    throw new IOException("the local server stopped before it listened: "
        + String.join(" / ", seen));
  }

  /** Where a server listens: its gRPC HOST:PORT, and its web client's address or null. */
  private record Listening(String target, String browser) {}

  /** Keeps reading the server's output (so that it never blocks on a full pipe) into a log. */
  private static void drain(BufferedReader r, Path log) {
    Thread t = new Thread(() -> {
      try (var w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
        String line;
        while ((line = r.readLine()) != null) {
          w.write(line);
          w.newLine();
          w.flush();
        }
      } catch (IOException e) {
        // the server is gone
      }
    }, "tenace-server-log");
    t.setDaemon(true);
    t.start();
  }

  private static void delete(Path folder) {
    if (folder == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind is harmless
    }
  }
}
