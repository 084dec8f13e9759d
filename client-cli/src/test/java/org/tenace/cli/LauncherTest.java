package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the launcher (../tenace) runs for the words a user types: the version, and help on a
 * command. It runs in a copy of the repository's layout whose {@code java} is a stand-in that
 * logs its arguments, so that no JVM or build is involved.
 */
class LauncherTest {
  @TempDir
  Path root;

  private Path log;

  @BeforeEach
  void layout() throws IOException {
    lay(root, """
        #!/usr/bin/env bash
        echo "$*" >> "$FAKE_LOG"
        """);
    log = root.resolve("java.log");
  }

  /** The jars the launcher looks for, as in the source tree. */
  static final List<String> JARS = List.of("server/target/tenace-server.jar",
      "client-cli/target/tenace-cli.jar", "gateway/target/tenace-gateway.jar",
      "benchmark/target/tenace-bench.jar");

  /**
   * The launcher under {@code root} as in the source tree, beside the jars it looks for (their
   * text a placeholder) and {@code fakeJava} as {@code bin/java}.
   */
  static void lay(Path root, String fakeJava) throws IOException {
    Files.copy(Path.of("..", "tenace"), root.resolve("tenace"), StandardCopyOption.COPY_ATTRIBUTES);
    Files.createDirectories(root.resolve("bin"));
    for (String jar : JARS) {
      Files.createDirectories(root.resolve(jar).getParent());
      Files.writeString(root.resolve(jar), "jar");
    }
    Path java = Files.writeString(root.resolve("bin/java"), fakeJava);
    java.toFile().setExecutable(true);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version", "-v", "-V", "version"})
  void everySpellingOfVersionAsksTheClientJar(String spelling) throws Exception {
    assertThat(launch(spelling)).isZero();
    assertThat(Files.readAllLines(log))
        .containsExactly("-jar " + root.resolve("client-cli/target/tenace-cli.jar") + " --version");
  }

  @Test
  void helpOnACommandIsThatCommandsHelpFromItsJar() throws Exception {
    assertThat(launch("help", "play")).isZero();
    assertThat(launch("help", "server")).isZero();
    assertThat(Files.readAllLines(log)).containsExactly(
        "-jar " + root.resolve("client-cli/target/tenace-cli.jar") + " play --help",
        "-jar " + root.resolve("server/target/tenace-server.jar") + " server --help");
  }

  /**
   * The Table Manager gateway and the benchmark are jars of their own: the terminal client's jar
   * holds neither (nor the benchmark's HdrHistogram), and each runs its own command.
   */
  @Test
  void theGatewayAndTheBenchmarkRunFromTheirOwnJars() throws Exception {
    assertThat(launch("tm", "--port", "0")).isZero();
    assertThat(launch("help", "bench")).isZero();
    assertThat(launch("bench", "--robots", "1")).isZero();
    assertThat(launch("bot", "--tm", "127.0.0.1:1")).isZero();
    assertThat(Files.readAllLines(log)).containsExactly(
        "-jar " + root.resolve("gateway/target/tenace-gateway.jar") + " tm --port 0",
        "-jar " + root.resolve("benchmark/target/tenace-bench.jar") + " bench --help",
        "-jar " + root.resolve("benchmark/target/tenace-bench.jar") + " bench --robots 1",
        "-jar " + root.resolve("client-cli/target/tenace-cli.jar") + " bot --tm 127.0.0.1:1");
  }

  @Test
  void helpAloneListsTheCommands() throws Exception {
    assertThat(launch("help")).isZero();
    assertThat(log).doesNotExist();
  }

  private int launch(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("bash",
        root.resolve("tenace").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
    pb.environment().put("FAKE_LOG", log.toString());
    pb.environment().put("TENACE_CDS", "0");
    pb.environment().remove("TENACE_JAVA_OPTS");
    Process p = pb.start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return p.exitValue();
  }
}
