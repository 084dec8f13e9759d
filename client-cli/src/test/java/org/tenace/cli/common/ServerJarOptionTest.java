package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** --server-jar names the jar a command starts its server from, and stays out of its help. */
class ServerJarOptionTest {
  @Command(name = "starts", mixinStandardHelpOptions = true)
  static final class Starts implements Callable<Path> {
    @Mixin
    ServerJarOption serverJar = new ServerJarOption();

    @Override
    public Path call() throws Exception {
      return serverJar.jar();
    }
  }

  @Test
  void theJarGivenIsTheJarStarted() {
    CommandLine cl = new CommandLine(new Starts());
    assertThat(cl.execute("--server-jar", "/opt/tenace/tenace-server.jar")).isZero();
    assertThat((Path) cl.getExecutionResult()).isEqualTo(Path.of("/opt/tenace/tenace-server.jar"));
  }

  @Test
  void theOptionIsHiddenFromHelp() {
    assertThat(new CommandLine(new Starts()).getUsageMessage()).doesNotContain("--server-jar");
  }
}
