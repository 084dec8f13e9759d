package org.tenace.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** The version the build gives the project, for the tests of --version. */
public final class ProjectVersion {
  private ProjectVersion() {}

  /** The parent pom's version, read from ../pom.xml (a module's tests run in the module). */
  public static String ofParentPom() throws IOException {
    Matcher m = Pattern.compile("<artifactId>tenace-parent</artifactId>\\s*<version>([^<]+)<")
        .matcher(Files.readString(Path.of("..", "pom.xml")));
    assertThat(m.find()).as("the parent pom's version").isTrue();
    return m.group(1);
  }

  /**
   * {@code --version} given to {@code command} (a subcommand's name, or "" for the top one) of
   * the picocli command {@code main}: it succeeds and prints "tenace" and the build's version.
   */
  public static void assertSaidBy(Object main, String command) throws IOException {
    StringWriter out = new StringWriter();
    CommandLine cl = new CommandLine(main);
    cl.setOut(new PrintWriter(out, true));
    // picocli ignores an unknown word beside --version: make sure the command is there.
    assertThat(command.isEmpty() || cl.getSubcommands().containsKey(command))
        .as("%s is a subcommand", command).isTrue();
    int exit = command.isEmpty() ? cl.execute("--version") : cl.execute(command, "--version");
    assertThat(exit).isZero();
    assertThat(out.toString().strip()).isEqualTo("tenace " + ofParentPom());
  }
}
