package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * No Docker engine runs on these machines, so the image is never built here: this keeps the
 * Dockerfile, the compose file and .dockerignore honest about the jar the build makes, the port
 * the server uses, the paths the image keeps its store in and the commands the jar has.
 */
class DockerFilesTest {
  private static final Path DOCKER = Path.of("..", "docker");
  /** The image's Dockerfile and the compose file, as the tests read them. */
  private static String dockerfile;
  private static String compose;

  @BeforeAll
  static void read() throws IOException {
    dockerfile = Files.readString(DOCKER.resolve("Dockerfile"));
    compose = Files.readString(DOCKER.resolve("docker-compose.yml"));
  }

  @Test
  void theDockerfileCopiesTheJarTheBuildMakes() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    assertThat(pom).contains("<finalName>tenace-server</finalName>");
    // The build stage makes the jar with the repository's wrapper; the run stage copies it.
    assertThat(dockerfile).contains("FROM eclipse-temurin:17-jdk AS build")
        .contains("RUN ./mvnw -B -ntp -DskipTests package -pl server -am")
        .contains("COPY --from=build /src/server/target/tenace-server.jar "
            + "/app/tenace-server.jar")
        .contains("FROM eclipse-temurin:17-jre");
    assertThat(dockerfile).contains("\"-jar\", \"/app/tenace-server.jar\", \"server\"");
    assertThat(Path.of("..", "mvnw")).isExecutable();
  }

  @Test
  void theServerStartsFromAClassArchiveMadeByTheImagesOwnJava() throws IOException {
    // An archive maps only into the JVM that made it: the run stage's, not the build stage's.
    int runStage = dockerfile.indexOf("FROM eclipse-temurin:17-jre");
    int made = dockerfile.indexOf("RUN java -XX:ArchiveClassesAtExit=/app/tenace-server.jsa");
    assertThat(runStage).isPositive();
    assertThat(made).isGreaterThan(runStage);
    assertThat(dockerfile.indexOf("USER tenace")).isGreaterThan(made);
    assertThat(dockerfile).containsPattern("ENTRYPOINT \\[\"java\", [^\\n]*"
        + "\"-XX:SharedArchiveFile=/app/tenace-server.jsa\", [^\\n]*\"-jar\", "
        + "\"/app/tenace-server.jar\", \"server\"");
  }

  @Test
  void theImageExposesTheServersDefaultPort() throws IOException {
    String port = new CommandLine(new ServerCommand()).getCommandSpec().findOption("--port")
        .defaultValue();
    assertThat(dockerfile).contains("EXPOSE " + port).contains("\"--port\", \"" + port + "\"");
    assertThat(compose).contains("\"" + port + ":" + port + "\"")
        .contains("dockerfile: docker/Dockerfile");
  }

  @Test
  void theImageExposesTheWebClientsDefaultPort() throws IOException {
    String port = new CommandLine(new ServerCommand()).getCommandSpec().findOption("--http-port")
        .defaultValue();
    assertThat(port).isNotEqualTo("0");
    assertThat(dockerfile).containsPattern("(?m)^EXPOSE .*\\b" + port + "\\b");
    assertThat(compose).contains("\"" + port + ":" + port + "\"");
  }

  @Test
  void theImageServesMetricsOnThePortItExposes() throws IOException {
    java.util.regex.Matcher env = java.util.regex.Pattern.compile("TENACE_METRICS_PORT=(\\d+)")
        .matcher(dockerfile);
    assertThat(env.find()).as("the image sets TENACE_METRICS_PORT").isTrue();
    String metrics = env.group(1);
    assertThat(dockerfile).containsPattern("(?m)^EXPOSE .*\\b" + metrics + "\\b");
    assertThat(compose).contains(":" + metrics + ":" + metrics + "\"");
  }

  @Test
  void theImageRunsAsAUserWithItsStoreOnTheVolume() throws IOException {
    assertThat(dockerfile).contains("USER tenace").contains("VOLUME [\"/data\"]")
        .contains("jdbc:h2:/data/");
    assertThat(compose).contains("tenace-data:/data").contains("restart: unless-stopped")
        .doesNotContainPattern("(?m)^version:");
  }

  @Test
  void theHealthcheckAsksTheServersPortWithACommandTheJarHas() throws IOException {
    String port = new CommandLine(new ServerCommand()).getCommandSpec().findOption("--port")
        .defaultValue();
    assertThat(dockerfile).containsPattern("HEALTHCHECK [^\\n]*\\\\\\n\\s*CMD \\[\"java\", "
        + "[^\\n]*\"-jar\", \"/app/tenace-server.jar\", \"health\", \"--port\", \"" + port
        + "\"\\]");
    assertThat(new CommandLine(new Main()).getSubcommands()).containsKey("health");
  }

  @Test
  void theBuildContextLeavesOutWhatIsBuiltOrStored() throws IOException {
    String ignore = Files.readString(Path.of("..", ".dockerignore"));
    assertThat(ignore.lines()).contains("**/target/", ".git", "data/", "**/*.mv.db",
        ".ci/node");
  }

  /**
   * The compose file's cluster: PostgreSQL and two nodes on it, each advertising the host port
   * its gRPC port is published on (what other nodes send clients to), no two alike.
   */
  @Test
  void theClusterNodesAdvertiseThePortsTheyArePublishedOn() throws IOException {
    String port = new CommandLine(new ServerCommand()).getCommandSpec().findOption("--port")
        .defaultValue();
    assertThat(compose).contains("image: postgres:")
        .contains("TENACE_DB: jdbc:postgresql://postgres:5432/");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "TENACE_ADVERTISE: localhost:(\\d+)").matcher(compose);
    java.util.Set<String> advertised = new java.util.HashSet<>();
    while (m.find()) {
      assertThat(compose).contains("\"" + m.group(1) + ":" + port + "\"");
      advertised.add(m.group(1));
    }
    assertThat(advertised).hasSize(2);
  }

  /** Each TENACE_ variable the Docker files set is a setting the server has. */
  @Test
  void theDockerFilesSetOnlySettingsTheServerHas() throws IOException {
    java.util.Set<String> known = new CommandLine(new ServerCommand()).getCommandSpec().options()
        .stream().flatMap(o -> EnvDefaults.variable(o).stream())
        .collect(java.util.stream.Collectors.toSet());
    String files = dockerfile + compose;
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("TENACE_[A-Z_]+").matcher(files);
    while (m.find()) {
      assertThat(known).contains(m.group());
    }
  }
}
