package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** JUL records reach logback, and {@code --log-format json} writes one JSON object a line. */
class LogFormatTest {

  @Test
  void javaUtilLoggingGoesThroughLogback() {
    Logs.configure(Logs.Format.text);
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ListAppender<ILoggingEvent> captured = new ListAppender<>();
    captured.start();
    root.addAppender(captured);
    try {
      java.util.logging.Logger.getLogger("io.grpc.jul-test").warning("a JUL warning");
    } finally {
      root.detachAppender(captured);
    }
    assertThat(captured.list).singleElement().satisfies(e -> {
      assertThat(e.getLoggerName()).isEqualTo("io.grpc.jul-test");
      assertThat(e.getFormattedMessage()).isEqualTo("a JUL warning");
    });
  }

  @Test
  void theJsonFormatWritesOneObjectALine(@TempDir Path dir) throws Exception {
    Path err = dir.resolve("stderr");
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // The server's own logging configuration, not the tests' (WARN and up).
        "-Dlogback.configurationFile="
            + Path.of("src", "main", "resources", "logback.xml").toAbsolutePath(),
        "-cp", System.getProperty("java.class.path"), "org.tenace.server.Main", "server",
        "--host", "127.0.0.1", "--port", "0", "--db", "jdbc:h2:mem:json;DB_CLOSE_DELAY=-1",
        "--log-format", "json")
        .redirectError(err.toFile()).start();
    try {
      String line = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8)).readLine();
      assertThat(line).startsWith("tenace server listening on 127.0.0.1:");
    } finally {
      p.destroy();
      assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
    }
    List<String> lines = Files.readAllLines(err);
    assertThat(lines).isNotEmpty().allMatch(l -> l.startsWith("{") && l.endsWith("}"), "JSON")
        .anyMatch(l -> l.contains("\"level\":\"INFO\"")
            && l.contains("\"formattedMessage\":\"server started on port ")
            && !l.contains("\"formattedMessage\":\"server started on port {}"))
        .anyMatch(l -> l.contains("\"formattedMessage\":\"server stopped; the store is "
            + "closed\""));
  }
}
