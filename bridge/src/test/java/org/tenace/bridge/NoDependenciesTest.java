package org.tenace.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The bridge module is shared with every client: it depends on nothing but the JDK. */
class NoDependenciesTest {
  private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?([\\w.]+)",
      Pattern.MULTILINE);

  @Test
  void scoringImportsOnlyTheJdkAndItself() throws IOException {
    List<String> offending = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = IMPORT.matcher(Files.readString(f));
        while (m.find()) {
          String imported = m.group(2);
          if (!imported.startsWith("java.") || imported.startsWith("java.sql")) {
            if (!imported.startsWith("org.tenace.bridge.")) {
              offending.add(f + ": " + imported);
            }
          }
        }
      }
    }
    assertThat(offending).isEmpty();
  }
}
