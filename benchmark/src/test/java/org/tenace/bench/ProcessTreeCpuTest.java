package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The CPU of the database's processes, from /proc. */
class ProcessTreeCpuTest {
  @Test
  void readsTheFieldsAfterACommandNameWithSpacesAndParentheses() {
    String line = "4242 (postgres: a (b) c) S 17 4242 4242 0 -1 4194560 2750 0 0 0 "
        + "31 7 5 2 20 0 1 0 123 0 0";

    assertThat(ProcessTreeCpu.parse(line)).containsExactly(17, 31, 7, 5, 2);
  }

  @Test
  void thisProcessHasSpentSomeCpu() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here (not Linux)");

    assertThat(ProcessTreeCpu.nanos(ProcessHandle.current().pid())).isPositive();
  }
}
