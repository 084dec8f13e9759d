package org.tenace.gateway;

import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.testing.ProjectVersion;

/** The gateway's jar answers --version as the terminal client's does, with the build's version. */
class VersionTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "tm"})
  void theGatewaySaysTheBuildsVersion(String command) throws IOException {
    ProjectVersion.assertSaidBy(new Main(), command);
  }
}
