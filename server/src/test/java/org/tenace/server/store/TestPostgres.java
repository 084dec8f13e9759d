package org.tenace.server.store;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL for the tests: one server per test JVM on a free loopback port, in a data
 * folder of its own under the temp folder, made with the machine's {@code initdb} and started with
 * {@code pg_ctl} at its first use, stopped when the JVM ends. Each test asks for a database of its
 * own ({@link #newDatabase()}). PostgreSQL refuses to run as root: as root the fixture runs its
 * programs as the {@code postgres} user (Debian's package makes it).
 *
 * <p>Where no PostgreSQL programs are found the tests that need one are skipped, with one line
 * saying how to have them; under {@code CI=true} they fail instead, so that CI never passes
 * without them. {@code TENACE_PG_BIN} names the programs' folder if they are elsewhere.
 *
 * <p>The one running server ({@link #get()} makes it): the folder of its programs, its data
 * folder and its port.
 */
public record TestPostgres(Path bin, Path data, int port) {
  /** The superuser the tests connect as, over TCP with a password (scram-sha-256). */
  public static final String USER = "tenace";
  public static final String PASSWORD = "tenace-test-" + UUID.randomUUID();
  static final String SKIPPED = "PostgreSQL tests skipped: no PostgreSQL programs (initdb, "
      + "pg_ctl) found; apt-get install postgresql (or run bash .ci/run) to have them";

  /** PostgreSQL refuses root: its programs then run as the postgres user. */
  private static final boolean AS_POSTGRES = "root".equals(System.getProperty("user.name"));
  private static TestPostgres running;
  private static String failed;

  /** The running server, started at the first call; a skip (or under CI a failure) if none. */
  public static synchronized TestPostgres get() {
    if (running != null) {
      return running;
    }
    if (failed != null) {
      throw new IllegalStateException(failed);
    }
    Optional<Path> bin = programs();
    if (bin.isEmpty()) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException("CI=true and " + SKIPPED);
      }
      System.out.println(SKIPPED);
      Assumptions.abort(SKIPPED);
    }
    try {
      running = start(bin.get());
      Runtime.getRuntime().addShutdownHook(new Thread(running::stop, "test-postgres-stop"));
      return running;
    } catch (IOException | RuntimeException e) {
      failed = "could not start a test PostgreSQL with " + bin.get() + ": " + e.getMessage();
      throw new IllegalStateException(failed, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting a test PostgreSQL", e);
    }
  }

  /** Whether PostgreSQL's programs are on this machine (the tests then run). */
  public static boolean available() {
    return programs().isPresent();
  }

  /** The folder of initdb and pg_ctl: TENACE_PG_BIN, the newest Debian one, or the PATH's. */
  static Optional<Path> programs() {
    String given = System.getenv("TENACE_PG_BIN");
    if (given != null && !given.isEmpty()) {
      return Optional.of(Path.of(given)).filter(TestPostgres::hasPrograms);
    }
    Path debian = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(debian)) {
      try (Stream<Path> versions = Files.list(debian)) {
        Optional<Path> newest = versions.map(v -> v.resolve("bin"))
            .filter(TestPostgres::hasPrograms)
            .max(Comparator.comparingInt(TestPostgres::version));
        if (newest.isPresent()) {
          return newest;
        }
      } catch (IOException e) {
        // then the PATH
      }
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && hasPrograms(Path.of(dir))) {
        return Optional.of(Path.of(dir));
      }
    }
    return Optional.empty();
  }

  private static boolean hasPrograms(Path dir) {
    return Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl"));
  }

  private static int version(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static TestPostgres start(Path bin) throws IOException, InterruptedException {
    Path home = Files.createTempDirectory("tenace-pg-");
    Path data = home.resolve("data");
    Path sockets = home.resolve("run");
    Files.createDirectories(sockets);
    Path pwfile = home.resolve("pwfile");
    Files.writeString(pwfile, PASSWORD + "\n", StandardCharsets.UTF_8);
    TestPostgres pg = new TestPostgres(bin, data, freePort());
    if (AS_POSTGRES) {
      run(List.of("chown", "-R", "postgres:postgres", home.toString()), 30);
    }
    pg.runAs(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", USER,
        "--pwfile=" + pwfile, "--auth-host=scram-sha-256", "--auth-local=trust",
        "-E", "UTF8", "--locale=C", "--no-sync"), 120);
    pg.serve();
    return pg;
  }

  /** Starts the server on its folder, as at first. */
  private void serve() throws IOException, InterruptedException {
    Path home = data.getParent();
    // Loopback only; the socket in our own folder (Debian's /var/run/postgresql may be absent).
    // Settings as a server's, but for a smaller footprint on a machine the build shares.
    runAs(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-w",
        "-t", "60", "-l", home.resolve("postgres.log").toString(), "-o",
        "-p " + port + " -c listen_addresses=127.0.0.1 -k " + home.resolve("run")
            + " -c shared_buffers=32MB -c max_connections=60", "start"), 90);
  }

  /**
   * Stops the server (fast: its connections are closed), its data kept, until {@link
   * #startAgain}: a database restart, for the tests of what the nodes do meanwhile.
   */
  public synchronized void stopForNow() throws IOException, InterruptedException {
    runAs(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast",
        "-w", "stop"), 60);
  }

  /** Starts the server stopped by {@link #stopForNow} again, on the same port. */
  public synchronized void startAgain() throws IOException, InterruptedException {
    serve();
  }

  /**
   * Stops the server and removes its folder. Immediate: its data is thrown away, so the shutdown
   * checkpoint (every test's database written out and synced) would only delay the JVM's exit.
   */
  synchronized void stop() {
    try {
      runAs(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate",
          "-w", "stop"), 60);
    } catch (IOException | RuntimeException e) {
      System.err.println("test PostgreSQL did not stop: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> all = Files.walk(data.getParent())) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temp folder left behind is no failure
    }
  }

  /** A new, empty database; its JDBC URL, without user or password. */
  public String newDatabase() {
    String name = "t_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection c = DriverManager.getConnection(url("postgres"), USER, PASSWORD);
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create a test database: " + e.getMessage(), e);
    }
    return url(name);
  }

  /** The JDBC URL of database {@code name} on this server. */
  public String url(String name) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
  }

  /** {@link #newDatabase()} with the user and password in the URL, as an operator may give it. */
  public String newDatabaseWithCredentials() {
    return newDatabase() + "?user=" + USER + "&password=" + PASSWORD;
  }

  private void runAs(List<String> command, int seconds) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (AS_POSTGRES) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    run(full, seconds);
  }

  private static void run(List<String> command, int seconds)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("tenace-pg-cmd", ".txt");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " did not finish in " + seconds + " s");
      }
      if (p.exitValue() != 0) {
        throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): "
            + Files.readString(out).strip());
      }
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
