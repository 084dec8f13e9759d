package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tenace.server.engine.Violation;
import org.tenace.server.table.TableException;

/**
 * The edges translate and the core decides: rules that the compiler cannot enforce, checked on
 * the sources of the server's packages (as EnginePurityTest does for the engine).
 */
class PackageRulesTest {
  private static final Path ROOT = Path.of("src/main/java/org/tenace/server");

  /** The table's single-writer lock stays in the table package (Table.atomically). */
  @Test
  void noLockBlockOutsideTheTableAndTheStore() {
    assertThat(lines(Pattern.compile("synchronized\\s*\\("), "api", "replay")).isEmpty();
    // The store's blocks guard its own connection, journal and append order, never a table.
    assertThat(lines(Pattern.compile("synchronized\\s*\\((?!appendLock\\)|connection\\)|this\\))"),
        "store")).isEmpty();
  }

  /** A Law is the engine's to name: the edges and the table pass on what the engine says. */
  @Test
  void noLawNumberOutsideTheEngine() {
    Pattern law = Pattern.compile("\"\\d{2}[A-H]?(\\d[a-z]?)?\"");
    assertThat(lines(law, "engine")).isNotEmpty(); // the pattern finds them where they belong
    assertThat(lines(law, "api", "table")).isEmpty();
  }

  /** Refusing under the Laws is the engine's: the api maps refusals to statuses, makes none. */
  @Test
  void theApiRefusesNothingUnderTheLaws() {
    assertThat(lines(Pattern.compile("new RuleViolationException|Violation\\.[A-Z]"), "api"))
        .isEmpty();
  }

  /**
   * The table refuses under its own policy only (whether undo is allowed, and who answers it);
   * every rule of the game, such as which cards a hand holds or which mode has options, is the
   * engine's.
   */
  @Test
  void theTableRefusesOnlyUnderItsOwnPolicy() {
    Pattern named = Pattern.compile("Violation\\.([A-Z_]+)");
    Set<String> used = lines(named, "table").stream()
        .flatMap(l -> named.matcher(l).results().map(m -> m.group(1))).collect(Collectors.toSet());
    assertThat(used).isNotEmpty().isSubsetOf(
        "UNDO_NOT_ALLOWED", "NO_UNDO_PENDING", "NOT_ENTITLED", "DECISION_PENDING");
  }

  /** One vocabulary: a refusal's name means one thing, whether the rules or the table refuse. */
  @Test
  void noRefusalIsNamedTwice() {
    Set<String> rules = Stream.of(Violation.values()).map(Enum::name).collect(Collectors.toSet());
    assertThat(Stream.of(TableException.Reason.values()).map(Enum::name))
        .isNotEmpty().doesNotContainAnyElementsOf(rules);
  }

  /** The api maps each enum by name (ProtoMapper's switches): wire numbers never follow order. */
  @Test
  void noOrdinalInTheApi() {
    assertThat(lines(Pattern.compile("\\.ordinal\\(\\)"), "api")).isEmpty();
  }

  /** Lines of the packages' sources matching {@code p}, as {@code File.java:line: text}. */
  static List<String> lines(Pattern p, String... packages) {
    return Stream.of(packages).map(ROOT::resolve).peek(d -> assertThat(d).isDirectory())
        .flatMap(PackageRulesTest::sources).flatMap(f -> {
          List<String> text = read(f);
          return IntStream.range(0, text.size())
              .filter(i -> p.matcher(text.get(i)).find())
              .mapToObj(i -> f.getFileName() + ":" + (i + 1) + ": " + text.get(i).strip());
        }).toList();
  }

  private static Stream<Path> sources(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> read(Path f) {
    try {
      return Files.readAllLines(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
