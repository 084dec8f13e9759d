package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The solver is pure computation on the card vocabulary (java.util, scoring's cards, and for the
 * table and par the strains and vulnerability, plain values too, as is the Duration of a time
 * limit), so that the engine and the robot's strategy, both pure, may use it.
 */
class SolverPurityTest {
  @Test
  void solverSourcesImportOnlyJavaUtilAndTheCards() throws IOException {
    Path dir = Path.of("src/main/java/org/tenace/solver");
    List<String> bad;
    try (Stream<Path> files = Files.walk(dir)) {
      bad = files.filter(p -> p.toString().endsWith(".java")).flatMap(p -> {
        try {
          return Files.readAllLines(p).stream()
              .filter(l -> l.startsWith("import "))
              .filter(l -> !l.matches(
                  "import (static )?(java\\.util\\.|org\\.tenace\\.scoring\\.card\\.)[.\\w*]*;"
                  + "|import org\\.tenace\\.scoring\\.(auction\\.Strain|board\\.Vulnerability);"
                  + "|import java\\.time\\.Duration;"))
              .map(l -> p.getFileName() + ": " + l);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).toList();
    }
    assertThat(bad).isEmpty();
  }
}
