package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The servers tests start in child JVMs never outlive the test JVM, even one killed hard. */
class ServerProcessTest {

  @Test
  void aServerStartedByATestJvmStopsWhenThatJvmIsKilled() throws Exception {
    Process parent = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ServerProcessParent.class.getName()))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    ProcessHandle server = null;
    try {
      String line = new BufferedReader(new InputStreamReader(parent.getInputStream(),
          StandardCharsets.UTF_8)).readLine();
      assertThat(line).as("the parent's report of its server").startsWith("server ");
      long pid = Long.parseLong(line.substring("server ".length()).strip());
      server = ProcessHandle.of(pid).orElseThrow();
      assertThat(server.isAlive()).isTrue();

      parent.destroyForcibly(); // SIGKILL: no shutdown hook of the parent runs
      ProcessHandle child = server;
      await("the server (pid " + pid + ") to stop after its test JVM was killed")
          .atMost(Duration.ofSeconds(60)).until(() -> !child.isAlive());
    } finally {
      parent.destroyForcibly();
      if (server != null) {
        server.destroyForcibly();
      }
    }
  }
}
