package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** Every command answers --version, not only the top one, with the build's version. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "play", "join", "bot", "score", "movement", "host", "tm"})
  void everyCommandSaysTheBuildsVersion(String command) throws IOException {
    StringWriter out = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    int exit = command.isEmpty() ? cl.execute("--version") : cl.execute(command, "--version");
    assertThat(exit).isZero();
    assertThat(out.toString().strip()).isEqualTo("tenace " + projectVersion());
  }

  /** The version the build gives the project: the parent pom's. */
  static String projectVersion() throws IOException {
    Matcher m = Pattern.compile("<artifactId>tenace-parent</artifactId>\\s*<version>([^<]+)<")
        .matcher(Files.readString(Path.of("..", "pom.xml")));
    assertThat(m.find()).isTrue();
    return m.group(1);
  }
}
