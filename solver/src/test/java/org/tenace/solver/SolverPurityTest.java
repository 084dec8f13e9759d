package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.tenace.testing.SourceImports;

/**
 * The solver is pure computation on the card vocabulary (java.util, bridge's cards, and for the
 * table and par the strains and vulnerability, plain values too, as is the Duration of a time
 * limit), so that the engine and the robot's strategy, both pure, may use it.
 */
class SolverPurityTest {
  @Test
  void solverSourcesImportOnlyJavaUtilAndTheCards() throws IOException {
    assertThat(SourceImports.notMatching(Path.of("src/main/java/org/tenace/solver"),
        "import (static )?(java\\.util\\.|org\\.tenace\\.bridge\\.card\\.)[.\\w*]*;"
            + "|import org\\.tenace\\.bridge\\.(auction\\.Strain|board\\.Vulnerability);"
            + "|import java\\.time\\.Duration;")).isEmpty();
  }
}
