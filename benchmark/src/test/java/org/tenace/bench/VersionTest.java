package org.tenace.bench;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.testing.ProjectVersion;

/** The benchmark's jar answers --version as the terminal client's does, with the build's version. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "bench"})
  void theBenchmarkSaysTheBuildsVersion(String command) throws IOException {
    ProjectVersion.assertSaidBy(new Main(), command);
  }
}
