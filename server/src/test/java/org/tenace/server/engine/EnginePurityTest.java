package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.tenace.testing.SourceImports;

/**
 * The engine is pure rules: java.* (never java.sql), the scoring vocabulary, the solver (pure
 * itself, on the vocabulary alone: SolverPurityTest) and itself.
 */
class EnginePurityTest {
  @Test
  void engineSourcesImportNoProtoNoSqlNoFramework() throws IOException {
    assertThat(SourceImports.notMatching(Path.of("src/main/java/org/tenace/server/engine"),
        "import (static )?(java\\.(?!sql\\.)|org\\.tenace\\.bridge\\."
            + "|org\\.tenace\\.solver\\.|org\\.tenace\\.server\\.engine\\.)[.\\w*]*;")).isEmpty();
  }
}
