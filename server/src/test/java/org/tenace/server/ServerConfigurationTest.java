package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every server setting is a flag and an environment variable, and a setting the server cannot
 * start with stops it with one line, {@code tenace: server: what: why}, and exit status 2.
 */
class ServerConfigurationTest {

  /** Runs {@code tenace} with {@code env}; its exit status and what it wrote to stderr. */
  private record Run(int status, String err) {}

  private static Run run(Map<String, String> env, String... args) {
    StringWriter err = new StringWriter();
    int status = Main.run(env, new PrintWriter(err, true), args);
    return new Run(status, err.toString());
  }

  private static String memDb() {
    return "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }

  /** Every command of the server's jar says a wrong command line as the client's do. */
  @Test
  void anUnknownOptionIsOneLineNamingTheCommand() {
    Run server = run(Map.of(), "server", "--prot", "5");
    assertThat(server.status()).isEqualTo(2);
    assertThat(server.err()).isEqualTo("tenace: server: unknown option '--prot'"
        + System.lineSeparator());
    Run replay = run(Map.of(), "replay", "--bogus", "x.pbn");
    assertThat(replay.status()).isEqualTo(2);
    assertThat(replay.err()).isEqualTo("tenace: replay: unknown option '--bogus'"
        + System.lineSeparator());
  }

  @Test
  void aPortOutOfRangeByFlagNamesTheFlag() {
    Run r = run(Map.of(), "server", "--port", "70000", "--db", memDb());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo(
        "tenace: server: --port: '70000' is not a port; give 0 to 65535" + System.lineSeparator());
  }

  @Test
  void aMalformedNumberFromTheEnvironmentNamesTheVariable() {
    Run r = run(Map.of("TENACE_PORT", "50O51"), "server", "--db", memDb());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tenace: server: TENACE_PORT: '50O51' is not a number; give "
        + "a port in digits" + System.lineSeparator());
  }

  @Test
  void aMalformedDurationNamesTheVariable() {
    Run r = run(Map.of("TENACE_IDLE_TIMEOUT", "2 hours"), "server", "--db", memDb());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tenace: server: TENACE_IDLE_TIMEOUT: '2 hours' is not a "
        + "duration; give a number and a unit: 90s, 30m, 2h, 1d (or 0)" + System.lineSeparator());
  }

  @Test
  void anUnknownRobotLevelNamesTheFlagOrTheVariable() {
    Run flag = run(Map.of(), "server", "--robot-level", "expert", "--db", memDb());
    assertThat(flag.status()).isEqualTo(2);
    assertThat(flag.err()).isEqualTo("tenace: server: --robot-level: 'expert' is not a robot "
        + "level; give fast or strong" + System.lineSeparator());
    Run env = run(Map.of("TENACE_ROBOT_LEVEL", "hard"), "server", "--db", memDb());
    assertThat(env.status()).isEqualTo(2);
    assertThat(env.err()).isEqualTo("tenace: server: TENACE_ROBOT_LEVEL: 'hard' is not a robot "
        + "level; give fast or strong" + System.lineSeparator());
  }

  @Test
  void anUnreadableTlsFileIsOneLine() {
    Run r = run(Map.of("TENACE_TLS_CERT", "/nonexistent/cert.pem", "TENACE_TLS_KEY",
        "/nonexistent/key.pem"), "server", "--port", "0", "--db", memDb());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("tenace: server: --tls-cert /nonexistent/cert.pem: cannot be "
        + "read (NoSuchFileException: /nonexistent/cert.pem)" + System.lineSeparator());
  }

  @Test
  void tlsNeedsACertificateAndItsKey(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path junk = Files.writeString(dir.resolve("cert.pem"), "not a certificate");
    Run half = run(Map.of(), "server", "--port", "0", "--db", memDb(), "--tls-cert",
        junk.toString());
    assertThat(half.err()).isEqualTo("tenace: server: --tls-key: missing; TLS needs both "
        + "--tls-cert and --tls-key" + System.lineSeparator());
    Run bad = run(Map.of(), "server", "--port", "0", "--db", memDb(), "--tls-cert",
        junk.toString(), "--tls-key", junk.toString());
    assertThat(bad.status()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).singleElement().asString()
        .startsWith("tenace: server: --tls-cert/--tls-key ").contains("not a PEM certificate");
  }

  @Test
  void aFlagBeatsTheEnvironment() {
    Run r = run(Map.of("TENACE_PORT", "1"), "server", "--port=-3", "--db", memDb());
    assertThat(r.err()).startsWith("tenace: server: --port: '-3' is negative");
  }

  @Test
  void aStoreThatCannotOpenIsOneLine() {
    Run r = run(Map.of("TENACE_DB", "jdbc:nope:x"), "server", "--port", "0");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err().lines().toList()).singleElement().asString()
        .startsWith("tenace: server: --db jdbc:nope:x: cannot open the store (");
  }

  @Test
  void anUnreachablePostgresqlIsOneLineSayingWhatToCheck() throws IOException {
    int nobody;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      nobody = s.getLocalPort();
    }
    String db = "jdbc:postgresql://127.0.0.1:" + nobody + "/tenace?password=secret";
    Run r = run(Map.of(), "server", "--port", "0", "--db", db);
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err().lines().toList()).singleElement().asString()
        .startsWith("tenace: server: --db jdbc:postgresql://127.0.0.1:" + nobody
            + "/tenace?password=***: cannot reach PostgreSQL at 127.0.0.1:" + nobody + "/tenace (")
        .endsWith("); check that it is running and that --db names its host and port")
        .doesNotContain("secret");
  }

  @Test
  void aStoreWhoseUpgradeFailsAgainIsOneLineAboutTheDisk(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    // A store of the first schema with a table_event_batch that V2 cannot fill (no last_seq): V2
    // fails, is repaired and run again, and fails again.
    String db = "jdbc:h2:" + dir.resolve("old");
    org.flywaydb.core.Flyway.configure().dataSource(db, "sa", "").target("1").load().migrate();
    try (var c = java.sql.DriverManager.getConnection(db, "sa", "");
        var st = c.createStatement()) {
      st.execute("CREATE TABLE table_event_batch (table_id VARCHAR(64), first_seq BIGINT)");
      st.execute("INSERT INTO table_event VALUES ('t', 1, 1, X'01')");
    }
    Run r = run(Map.of(), "server", "--host", "127.0.0.1", "--port", "0", "--db", db);
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err().lines().toList()).singleElement().asString()
        .startsWith("tenace: server: --db " + db + ": cannot upgrade the store to this version (")
        .contains("LAST_SEQ")
        .endsWith("then start again: the upgrade resumes where it stopped");
  }

  @Test
  void aSecondServerOnTheSameStoreIsOneLine(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String db = "jdbc:h2:" + dir.resolve("shared");
    // The first server, in its own process as in life (H2 locks the file while it is open).
    Process first = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "server", "--host", "127.0.0.1", "--port", "0", "--db", db)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      var firstOut = new java.io.BufferedReader(new java.io.InputStreamReader(
          first.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
      assertThat(firstOut.readLine()).contains("listening");
      Run r = run(Map.of(), "server", "--host", "127.0.0.1", "--port", "0", "--db", db);
      assertThat(r.status()).isEqualTo(2);
      assertThat(r.err().lines().toList()).singleElement().asString()
          .startsWith("tenace: server: --db " + db + ": the store is in use by another process, "
              + "such as another server (The file is locked: ")
          .endsWith("); stop that one first, or give another --db");
    } finally {
      first.destroy();
      first.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  @Test
  void aPortAlreadyTakenIsOneLine() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Run r = run(Map.of(), "server", "--host", "127.0.0.1", "--port",
          String.valueOf(taken.getLocalPort()), "--db", memDb());
      assertThat(r.status()).isEqualTo(2);
      assertThat(r.err().lines().toList()).singleElement().asString()
          .startsWith("tenace: server: --host/--port 127.0.0.1:" + taken.getLocalPort()
              + ": cannot listen there (");
    }
  }

  @Test
  void aWebPortAlreadyTakenIsOneLine() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Run r = run(Map.of(), "server", "--host", "127.0.0.1", "--port", "0", "--http-port",
          String.valueOf(taken.getLocalPort()), "--db", memDb());
      assertThat(r.status()).isEqualTo(2);
      assertThat(r.err().lines().toList()).singleElement().asString()
          .startsWith("tenace: server: --http-port " + taken.getLocalPort()
              + ": cannot listen there (")
          .endsWith("); pick a free port, or 0 for no web client");
    }
  }

  /** The real environment (System.getenv, in a child JVM) reaches the server's settings. */
  @Test
  void theServerTakesItsSettingsFromTheEnvironment(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path errors = dir.resolve("stderr");
    int port;
    int httpPort;
    try (ServerSocket s = new ServerSocket(0); ServerSocket h = new ServerSocket(0)) {
      port = s.getLocalPort();
      httpPort = h.getLocalPort();
    }
    ProcessBuilder pb = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "org.tenace.server.Main", "server")
        .redirectError(errors.toFile());
    String db = "jdbc:h2:mem:env-test;DB_CLOSE_DELAY=-1";
    pb.environment().putAll(Map.of("TENACE_PORT", String.valueOf(port),
        "TENACE_HOST", "127.0.0.1", "TENACE_DB", db, "TENACE_EVENT_LOOPS", "1",
        "TENACE_HTTP_PORT", String.valueOf(httpPort)));
    Process p = pb.start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      assertThat(out.readLine()).as(() -> "the server said on stderr: " + read(errors))
          .isEqualTo("tenace server listening on 127.0.0.1:" + port + " (store " + db + ")");
      assertThat(out.readLine()).isEqualTo("tenace server: play in a browser at "
          + "http://127.0.0.1:" + httpPort + "/");
      var page = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
          .newBuilder(java.net.URI.create("http://127.0.0.1:" + httpPort + "/")).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      // The probe allows an answer 3 s; a server that has just started two ports on a loaded
      // machine may take longer over its first one: asked again until it answers.
      org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
          .until(() -> Main.run("health", "--port", String.valueOf(port)) == 0);
    } finally {
      p.destroy();
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** docs/operations.md has one row per setting, with its flag and its variable. */
  @Test
  void theOperationsGuideListsEverySetting() throws IOException {
    String guide = Files.readString(Path.of("..", "docs", "operations.md"));
    List<OptionSpec> options = new CommandLine(new ServerCommand()).getCommandSpec().options();
    List<OptionSpec> settings = options.stream()
        .filter(o -> EnvDefaults.variable(o).isPresent()).toList();
    assertThat(settings).hasSizeGreaterThanOrEqualTo(3);
    for (OptionSpec o : settings) {
      assertThat(guide).contains("| `" + o.longestName() + "` | `"
          + EnvDefaults.variable(o).orElseThrow() + "` |");
    }
  }
}
