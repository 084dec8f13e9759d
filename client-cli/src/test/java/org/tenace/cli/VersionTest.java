package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** Every command answers --version, not only the top one. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "play", "join", "bot", "score", "movement", "host"})
  void everyCommandSaysItsVersion(String command) {
    StringWriter out = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    int exit = command.isEmpty() ? cl.execute("--version") : cl.execute(command, "--version");
    assertThat(exit).isZero();
    assertThat(out.toString().strip()).isEqualTo("tenace 0.1");
  }
}
