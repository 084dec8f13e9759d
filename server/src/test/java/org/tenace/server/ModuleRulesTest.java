package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The client side's modules show its products: the terminal client (client-cli), the Table
 * Manager gateway (gateway) and the benchmark (benchmark), each a jar of its own. Checked on the
 * sources and poms of the modules beside this one, as PackageRulesTest checks the packages.
 */
class ModuleRulesTest {
  private static final Path MODULES = Path.of("..");

  /** Each module's code is in its own packages: the gateway's and the benchmark's nowhere else. */
  @Test
  void theGatewayAndTheBenchmarkLiveInTheirOwnPackages() {
    assertThat(packagesOf("gateway")).containsOnly("org.tenace.gateway");
    assertThat(packagesOf("benchmark")).containsOnly("org.tenace.bench");
    assertThat(packagesOf("client-cli")).allMatch(p -> p.startsWith("org.tenace.cli"));
  }

  /** Dependencies point one way: benchmark over gateway over client-cli, never back. */
  @Test
  void theTerminalClientKnowsNeitherTheGatewayNorTheBenchmark() {
    Pattern gatewayOrBench = Pattern.compile("\\borg\\.tenace\\.(gateway|bench)\\.");
    assertThat(lines("benchmark", Pattern.compile("\\borg\\.tenace\\.gateway\\.")))
        .isNotEmpty(); // the pattern finds them where they belong
    assertThat(lines("client-cli", gatewayOrBench)).isEmpty();
    assertThat(lines("gateway", Pattern.compile("\\borg\\.tenace\\.bench\\."))).isEmpty();
  }

  /** What only the benchmark measures with (HdrHistogram) is in its jar alone. */
  @Test
  void onlyTheBenchmarkHasHdrHistogram() throws IOException {
    Pattern hdr = Pattern.compile("\\borg\\.HdrHistogram\\.");
    assertThat(lines("benchmark", hdr)).isNotEmpty();
    for (String module : List.of("client-cli", "gateway", "client", "robot")) {
      assertThat(lines(module, hdr)).as(module).isEmpty();
      assertThat(Files.readString(MODULES.resolve(module).resolve("pom.xml")))
          .as(module + "/pom.xml").doesNotContain("HdrHistogram");
    }
    assertThat(Files.readString(MODULES.resolve("benchmark/pom.xml"))).contains("HdrHistogram");
  }

  /**
   * One launcher starts {@code tenace server} as a child process (client-cli's LocalServer): play,
   * host, tm and bench all start theirs through it.
   */
  @Test
  void oneLauncherStartsTheLocalServer() {
    Pattern launches = Pattern.compile("\"--parent-pid\"");
    List<String> found = Stream.of("client-cli", "gateway", "benchmark")
        .flatMap(m -> lines(m, launches).stream()).toList();
    assertThat(found).hasSize(1).allMatch(l -> l.contains("LocalServer.java"));
  }

  /** The new modules are seen by the package-cycle check, and have no cycle. */
  @Test
  void theNewModulesHaveNoPackageCycle() {
    for (String module : List.of("gateway", "benchmark")) {
      Path sources = MODULES.resolve(module).resolve("src/main/java");
      assertThat(sources).isDirectory();
      assertThat(PackageRulesTest.packageCycles(sources)).as(module).isEmpty();
    }
  }

  /** The packages of a module's main sources. */
  private static List<String> packagesOf(String module) {
    Pattern pkg = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    return sources(module).map(f -> pkg.matcher(read(f)).results().findFirst()
        .map(m -> m.group(1)).orElse("(none) " + f)).distinct().toList();
  }

  /** FILE:LINE: text of each line of a module's main sources that {@code p} finds. */
  private static List<String> lines(String module, Pattern p) {
    return sources(module).flatMap(f -> {
      List<String> all = read(f).lines().toList();
      return java.util.stream.IntStream.range(0, all.size())
          .filter(i -> p.matcher(all.get(i)).find())
          .mapToObj(i -> f + ":" + (i + 1) + ": " + all.get(i).strip());
    }).toList();
  }

  private static Stream<Path> sources(String module) {
    Path dir = MODULES.resolve(module).resolve("src/main/java");
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path f) {
    try {
      return Files.readString(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
