package org.tenace.cli;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.testing.ProjectVersion;

/** Every command answers --version, not only the top one, with the build's version. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "play", "join", "bot", "score", "movement", "host", "results",
      "direct", "analyse"})
  void everyCommandSaysTheBuildsVersion(String command) throws IOException {
    ProjectVersion.assertSaidBy(new Main(), command);
  }
}
