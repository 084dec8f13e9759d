package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keeps the rules pure, so they test alone and serve any adapter: the engine imports only the
 * JDK's core, the bridge vocabulary and the solver (pure itself), never gRPC, protobuf or JDBC.
 */
class PureCoreTest {
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?([\\w.]+)",
      Pattern.MULTILINE);
  private static final List<String> ALLOWED = List.of("java.", "org.tenace.bridge.",
      "org.tenace.solver.", "org.tenace.server.engine.");

  @ParameterizedTest
  @ValueSource(strings = {"engine"})
  void pureCoreImportsNoProtoNoSql(String pkg) throws IOException {
    Path root = Path.of("src/main/java/org/tenace/server", pkg);
    List<String> offending = new ArrayList<>();
    if (Files.isDirectory(root)) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = IMPORT.matcher(Files.readString(f));
          while (m.find()) {
            String imported = m.group(2);
            boolean ok = ALLOWED.stream().anyMatch(imported::startsWith)
                && !imported.startsWith("java.sql") && !imported.startsWith("java.rmi");
            if (!ok) {
              offending.add(root.relativize(f) + ": " + imported);
            }
          }
        }
      }
    }
    assertThat(offending).as("imports outside the pure core in %s", pkg).isEmpty();
  }
}
