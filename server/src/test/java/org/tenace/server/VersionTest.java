package org.tenace.server;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.testing.ProjectVersion;

/** Every server command answers --version, not only the top one, with the build's version. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "server", "replay"})
  void everyCommandSaysTheBuildsVersion(String command) throws IOException {
    ProjectVersion.assertSaidBy(new Main(), command);
  }
}
