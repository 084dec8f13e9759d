package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class archive for {@code tenace server} (../tenace): made once by a training
 * run, used while newer than the jar, made again when the jar changed, and left out, the server
 * starting all the same, when it cannot be made or is turned off; made again for another java;
 * not tried again after a failure, nor in a folder it may not write, nor twice at once. The
 * launcher runs in a copy of
 * the repository's layout whose {@code java} is a stand-in that logs its arguments (and writes
 * the archive a training run asks for), so that no JVM or build is involved.
 */
class LauncherCdsTest {
  private static final String FAKE_JAVA = """
      #!/usr/bin/env bash
      if [ "$1" = -version ]; then
        echo "openjdk version \"${FAKE_JAVA_VERSION:-21.0.5}\"" >&2
        exit 0
      fi
      echo "$*" >> "$FAKE_LOG"
      for a in "$@"; do
        case "$a" in
          --server-java-option=-XX:ArchiveClassesAtExit=*)
            [ -z "${FAKE_TRAINING_FAILS:-}" ] || exit 1
            sleep "${FAKE_TRAINING_SECONDS:-0}"
            echo archive > "${a#--server-java-option=-XX:ArchiveClassesAtExit=}" ;;
        esac
      done
      """;

  // root may write in any folder: the launcher is run as nobody then (setpriv, util-linux).
  private static final boolean AS_ROOT = "root".equals(System.getProperty("user.name"));

  @TempDir
  Path root;

  private Path log;
  private Path jar;
  private Path archive;

  @BeforeEach
  void layout() throws IOException {
    LauncherTest.lay(root, FAKE_JAVA);
    jar = root.resolve("server/target/tenace-server.jar");
    log = root.resolve("java.log");
    if (AS_ROOT) {
      // The launcher runs as nobody: it may read the layout and write the log and the target.
      Files.writeString(log, "");
      try (var all = Files.walk(root)) {
        for (Path p : all.toList()) {
          p.toFile().setReadable(true, false);
          p.toFile().setExecutable(Files.isDirectory(p) || p.endsWith("java")
              || p.endsWith("tenace"), false);
        }
      }
      log.toFile().setWritable(true, false);
      root.resolve("server/target").toFile().setWritable(true, false);
    }
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
  void aFolderThatIsNotWritableIsNotTrainedIn() throws Exception {
    Path target = root.resolve("server/target");
    target.toFile().setWritable(false, false);
    try {
      Launch ro = server(Map.of());
      assertThat(ro.exit).isZero();
      assertThat(ro.err).contains("is not writable").doesNotContain("preparing");
      assertThat(lines()).as("the server's start alone").hasSize(1);
      assertThat(lastLine()).doesNotContain("SharedArchiveFile")
          .endsWith("-jar " + jar + " server --port 1");
    } finally {
      target.toFile().setWritable(true, false);
    }
  }

  @Test
  void aFailedTrainingIsNotTriedAgainForTheSameJarAndJava() throws Exception {
    Launch failed = server(Map.of("FAKE_TRAINING_FAILS", "1"));
    assertThat(failed.err).contains("training run failed");
    assertThat(root.resolve("server/target/tenace-server.jsa.failed")).exists();

    Launch next = server(Map.of("FAKE_TRAINING_FAILS", "1"));
    assertThat(next.exit).isZero();
    assertThat(next.err).doesNotContain("preparing");
    assertThat(trainings()).isEqualTo(1);
    assertThat(lastLine()).doesNotContain("SharedArchiveFile")
        .endsWith("-jar " + jar + " server --port 1");

    // Another java: tried again (and made, this time).
    server(Map.of("FAKE_JAVA_VERSION", "21.0.6"));
    assertThat(trainings()).isEqualTo(2);
    assertThat(lastLine()).contains("-XX:SharedArchiveFile=" + archive);
    assertThat(root.resolve("server/target/tenace-server.jsa.failed")).doesNotExist();
  }

  @Test
  void anotherJavaMakesTheArchiveAgain() throws Exception {
    server(Map.of("FAKE_JAVA_VERSION", "21.0.5"));
    server(Map.of("FAKE_JAVA_VERSION", "21.0.5"));
    assertThat(trainings()).isEqualTo(1);

    Launch upgraded = server(Map.of("FAKE_JAVA_VERSION", "25.0.1"));

    assertThat(upgraded.err).contains("preparing");
    assertThat(trainings()).isEqualTo(2);
    assertThat(lastLine()).contains("-XX:SharedArchiveFile=" + archive);
  }

  @Test
  void twoFirstStartsAtOnceTrainOnce() throws Exception {
    Map<String, String> slow = Map.of("FAKE_TRAINING_SECONDS", "2");
    CompletableFuture<Launch> one = CompletableFuture.supplyAsync(() -> launch(slow));
    CompletableFuture<Launch> two = CompletableFuture.supplyAsync(() -> launch(slow));

    assertThat(one.get().exit).isZero();
    assertThat(two.get().exit).isZero();
    assertThat(trainings()).isEqualTo(1);
    assertThat(archive).exists();
    assertThat(lines().stream().filter(l -> l.contains("-XX:SharedArchiveFile=" + archive)))
        .as("both servers start from the one archive").hasSize(2);
  }

  @Test
  void anArchiveOfTheOperatorsOwnIsLeftAlone() throws Exception {
    server(Map.of("TENACE_JAVA_OPTS", "-Xshare:off"));

    assertThat(trainings()).isZero();
    assertThat(lastLine()).doesNotContain("SharedArchiveFile").contains("-Xshare:off");
  }

  private record Launch(int exit, String err) {}

  private Launch launch(Map<String, String> env) {
    try {
      return server(env);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs {@code tenace server --port 1}; as root (whom no folder refuses), as nobody, so that a
   * folder not writable is so for the launcher.
   */
  private Launch server(Map<String, String> env) throws Exception {
    List<String> command = new ArrayList<>();
    if (AS_ROOT) {
      command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
    }
    command.addAll(List.of("bash", root.resolve("tenace").toString(), "server", "--port", "1"));
    ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
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
