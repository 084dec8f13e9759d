package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class archive for {@code tenace server} (../tenace): made once by a training
 * run, used while newer than the jar, made again when the jar changed, and left out, the server
 * starting all the same, when it cannot be made or is turned off. The launcher runs in a copy of
 * the repository's layout whose {@code java} is a stand-in that logs its arguments (and writes
 * the archive a training run asks for), so that no JVM or build is involved.
 */
class LauncherCdsTest {
  private static final String FAKE_JAVA = """
      #!/usr/bin/env bash
      echo "$*" >> "$FAKE_LOG"
      for a in "$@"; do
        case "$a" in
          --server-java-option=-XX:ArchiveClassesAtExit=*)
            [ -z "${FAKE_TRAINING_FAILS:-}" ] || exit 1
            echo archive > "${a#--server-java-option=-XX:ArchiveClassesAtExit=}" ;;
        esac
      done
      """;

  @TempDir
  Path root;

  private Path log;
  private Path jar;
  private Path archive;

  @BeforeEach
  void layout() throws IOException {
    Files.copy(Path.of("..", "tenace"), root.resolve("tenace"), StandardCopyOption.COPY_ATTRIBUTES);
    Files.createDirectories(root.resolve("server/target"));
    Files.createDirectories(root.resolve("client-cli/target"));
    Files.createDirectories(root.resolve("bin"));
    jar = Files.writeString(root.resolve("server/target/tenace-server.jar"), "jar");
    Files.writeString(root.resolve("client-cli/target/tenace-cli.jar"), "jar");
    Path java = Files.writeString(root.resolve("bin/java"), FAKE_JAVA);
    java.toFile().setExecutable(true);
    log = root.resolve("java.log");
    archive = root.resolve("server/target/tenace-server.jsa");
  }

  @Test
  void theFirstStartMakesTheArchiveAndLaterStartsUseIt() throws Exception {
    Launch first = server(Map.of());
    assertThat(first.exit).isZero();
    assertThat(first.err).contains("preparing the server's class archive");
    assertThat(archive).exists();
    assertThat(trainings()).isEqualTo(1);
    assertThat(lastLine()).contains("-XX:SharedArchiveFile=" + archive)
        .endsWith("-jar " + jar + " server --port 1");

    Launch second = server(Map.of());
    assertThat(second.err).doesNotContain("preparing");
    assertThat(trainings()).isEqualTo(1);
    assertThat(lastLine()).contains("-XX:SharedArchiveFile=" + archive);
  }

  @Test
  void aJarNewerThanTheArchiveMakesItAgain() throws Exception {
    server(Map.of());
    Files.setLastModifiedTime(archive, FileTime.fromMillis(
        Files.getLastModifiedTime(jar).toMillis() - TimeUnit.HOURS.toMillis(1)));

    server(Map.of());

    assertThat(trainings()).isEqualTo(2);
    assertThat(lastLine()).contains("-XX:SharedArchiveFile=" + archive);
  }

  @Test
  void withoutAnArchiveTheServerStartsAllTheSame() throws Exception {
    Launch failed = server(Map.of("FAKE_TRAINING_FAILS", "1"));
    assertThat(failed.exit).isZero();
    assertThat(failed.err).contains("no class archive");
    assertThat(archive).doesNotExist();
    assertThat(lastLine()).doesNotContain("SharedArchiveFile")
        .endsWith("-jar " + jar + " server --port 1");

    Launch off = server(Map.of("TENACE_CDS", "0"));
    assertThat(off.err).doesNotContain("preparing");
    assertThat(trainings()).isEqualTo(1); // only the failed one
    assertThat(lastLine()).doesNotContain("SharedArchiveFile");
  }

  @Test
  void anArchiveOfTheOperatorsOwnIsLeftAlone() throws Exception {
    server(Map.of("TENACE_JAVA_OPTS", "-Xshare:off"));

    assertThat(trainings()).isZero();
    assertThat(lastLine()).doesNotContain("SharedArchiveFile").contains("-Xshare:off");
  }

  private record Launch(int exit, String err) {}

  private Launch server(Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("tenace").toString(), "server",
        "--port", "1").redirectOutput(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
    pb.environment().put("FAKE_LOG", log.toString());
    pb.environment().remove("TENACE_JAVA_OPTS");
    pb.environment().remove("TENACE_CDS");
    pb.environment().putAll(env);
    Process p = pb.start();
    String err = new String(p.getErrorStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Launch(p.exitValue(), err);
  }

  private long trainings() throws IOException {
    return lines().stream().filter(l -> l.contains("ArchiveClassesAtExit")).count();
  }

  private String lastLine() throws IOException {
    List<String> lines = lines();
    return lines.get(lines.size() - 1);
  }

  private List<String> lines() throws IOException {
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }
}
