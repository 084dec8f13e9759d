package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The robot's strategy is pure Java: it imports only java.*, the scoring vocabulary, the solver
 * (pure itself: SolverPurityTest) and itself. The edge that speaks to a table (the seat adapter
 * here, over the client library) is apart, and the strategy does not import it.
 */
class PurePackagesTest {

  @Test
  void strategyImportsOnlyJavaScoringSolverAndRobot() throws IOException {
    Path main = Path.of("src/main/java/org/tenace/robot");
    List<String> offending = new ArrayList<>();
    int files = 0;
    try (Stream<Path> paths = Files.walk(main)) {
      for (Path p : paths.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.startsWith(main.resolve("seat")))
          .toList()) {
        files++;
        for (String line : Files.readAllLines(p)) {
          String t = line.strip().replace("import static ", "import ");
          if (t.startsWith("import ") && !(t.startsWith("import java.")
              || t.startsWith("import org.tenace.bridge.") || t.startsWith("import org.tenace.solver.")
              || t.startsWith("import org.tenace.robot."))
              || t.startsWith("import org.tenace.client.")
              || t.startsWith("import org.tenace.robot.seat.")) {
            offending.add(p.getFileName() + ": " + t);
          }
        }
      }
    }
    assertThat(files).isGreaterThan(10);
    assertThat(offending).isEmpty();
  }
}
