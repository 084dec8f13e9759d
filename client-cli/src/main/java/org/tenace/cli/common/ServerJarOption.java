package org.tenace.cli.common;

import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The hidden {@code --server-jar} of the commands that start a server of their own (play, host,
 * bench): the tests give the jar they built; without it, the jar {@link LocalServer#serverJar()}
 * finds.
 */
public final class ServerJarOption {
  @Option(names = "--server-jar", hidden = true,
      description = "the server jar (default: beside this one, or $TENACE_SERVER_JAR)")
  Path serverJar;

  /** The jar given, else the one beside this one or in $TENACE_SERVER_JAR. */
  public Path jar() throws IOException {
    return serverJar != null ? serverJar : LocalServer.serverJar();
  }
}
