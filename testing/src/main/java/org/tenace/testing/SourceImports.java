package org.tenace.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The imports of a package's sources, for the tests that keep a package pure. */
public final class SourceImports {
  private SourceImports() {}

  /**
   * Each import of the .java files under {@code dir} (a module's main sources, which must be
   * there) that does not match {@code allowed} (a regular expression over the whole line), as
   * "File.java: import ...".
   */
  public static List<String> notMatching(Path dir, String allowed) throws IOException {
    assertThat(dir).isDirectory();
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).flatMap(p -> {
        try {
          return Files.readAllLines(p).stream()
              .filter(l -> l.startsWith("import "))
              .filter(l -> !l.matches(allowed))
              .map(l -> p.getFileName() + ": " + l);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).toList();
    }
  }
}
