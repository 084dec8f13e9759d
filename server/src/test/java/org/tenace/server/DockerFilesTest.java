package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * No Docker engine runs on these machines, so the image is never built here: this keeps the
 * Dockerfile and compose file honest about the jar the build makes and the port the server uses.
 */
class DockerFilesTest {
  private static final Path DOCKER = Path.of("..", "docker");

  @Test
  void theDockerfileCopiesTheJarTheBuildMakes() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    assertThat(pom).contains("<finalName>tenace-server</finalName>");
    String dockerfile = Files.readString(DOCKER.resolve("Dockerfile"));
    assertThat(dockerfile).contains("COPY server/target/tenace-server.jar ");
    assertThat(dockerfile).contains("\"-jar\", \"/app/tenace-server.jar\", \"server\"");
  }

  @Test
  void theImageExposesTheServersDefaultPort() throws IOException {
    String port = new CommandLine(new ServerCommand()).getCommandSpec().findOption("--port")
        .defaultValue();
    String dockerfile = Files.readString(DOCKER.resolve("Dockerfile"));
    assertThat(dockerfile).contains("EXPOSE " + port).contains("\"--port\", \"" + port + "\"");
    String compose = Files.readString(DOCKER.resolve("docker-compose.yml"));
    assertThat(compose).contains("\"" + port + ":" + port + "\"")
        .contains("dockerfile: docker/Dockerfile");
  }
}
