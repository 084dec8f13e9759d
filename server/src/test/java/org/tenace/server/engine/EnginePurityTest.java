package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine is pure rules: java.* (never java.sql), the scoring vocabulary, the solver (pure
 * itself, on the vocabulary alone: SolverPurityTest) and itself.
 */
class EnginePurityTest {
  @Test
  void engineSourcesImportNoProtoNoSqlNoFramework() throws IOException {
    Path dir = Path.of("src/main/java/org/tenace/server/engine");
    assertThat(dir).isDirectory();
    List<String> bad;
    try (Stream<Path> files = Files.walk(dir)) {
      bad = files.filter(p -> p.toString().endsWith(".java")).flatMap(p -> {
        try {
          return Files.readAllLines(p).stream()
              .filter(l -> l.startsWith("import "))
              .filter(l -> !l.matches("import (static )?(java\\.(?!sql\\.)|org\\.tenace\\.scoring\\."
                  + "|org\\.tenace\\.solver\\.|org\\.tenace\\.server\\.engine\\.)[.\\w*]*;"))
              .map(l -> p.getFileName() + ": " + l);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).toList();
    }
    assertThat(bad).isEmpty();
  }
}
