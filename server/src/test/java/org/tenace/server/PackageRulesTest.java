package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
    assertThat(lines(Pattern.compile("synchronized\\s*\\("), "api", "application", "replay"))
        .isEmpty();
    // The store's blocks guard its own connection, journal, append order, flushes and leases,
    // never a table.
    assertThat(lines(Pattern.compile("synchronized\\s*\\((?!appendLock\\)|connection\\)|this\\)"
        + "|forceLock\\)|leaseLock\\)|flushLock\\))"),
        "store")).isEmpty();
  }

  /** A Law is the engine's to name: the edges and the table pass on what the engine says. */
  @Test
  void noLawNumberOutsideTheEngine() {
    Pattern law = Pattern.compile("\"\\d{2}[A-H]?(\\d[a-z]?)?\"");
    assertThat(lines(law, "engine")).isNotEmpty(); // the pattern finds them where they belong
    assertThat(lines(law, "api", "application", "table")).isEmpty();
  }

  /**
   * Refusing under the Laws is the engine's: the api maps refusals to statuses, the application
   * passes them on, neither makes one.
   */
  @Test
  void theApiRefusesNothingUnderTheLaws() {
    assertThat(lines(Pattern.compile("new RuleViolationException|Violation\\.[A-Z]"), "api",
        "application")).isEmpty();
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

  /**
   * The table shell (holders, tokens, request ids, versions, the log-first commit, listeners) is
   * the same for every game: it imports nothing of the engine or of a game, and its code names no
   * game's type. A game is what extends it (four-player Table, TwoPlayerTable), never the reverse.
   */
  @Test
  void theShellKnowsNoGame() {
    Path shell = ROOT.resolve("table/TableShell.java");
    List<String> imports = read(shell).stream().filter(l -> l.startsWith("import "))
        .map(l -> l.substring("import ".length(), l.length() - 1)).toList();
    assertThat(imports).isNotEmpty().allSatisfy(i -> assertThat(i).matches(
        "java\\..*|org\\.slf4j\\..*|org\\.tenace\\.bridge\\.(card\\.Seat|check\\.Require)"
            + "|org\\.tenace\\.server\\.table\\.(Holder|Role|Limits|TableException(\\..*)?)"));
    assertThat(gameTypesNamed(code(String.join("\n", read(shell))))).isEmpty();
    // Nor do the shell's own types, which every game shares.
    for (String own : List.of("Holder", "Role", "Limits", "TableException")) {
      assertThat(gameTypesNamed(code(String.join("\n", read(ROOT.resolve("table/" + own
          + ".java")))))).as(own).isEmpty();
    }
    // The check sees a game where there is one.
    assertThat(gameTypesNamed(code("abstract class S { TableEvent e; /** Table */ }")))
        .containsExactly("TableEvent");
  }

  /**
   * The application (tables, sessions, analyses, claim searches) speaks no wire format: no type of
   * the public API (bridge.v1), of the store's records (tenace.store.v1), of gRPC or protobuf, and
   * nothing of the transport that maps them. A second transport (the web port's, another
   * protocol) or a second store then needs no change here.
   */
  @Test
  void theApplicationSeesNoProtoNorTransport() {
    Pattern wire = Pattern.compile("\\b(org\\.tenace\\.proto"
        + "|org\\.tenace\\.server\\.store\\.proto|io\\.grpc|com\\.google\\.protobuf|com\\.google\\.rpc|org\\.tenace\\.server\\.api)\\.");
    assertThat(lines(wire, "api")).isNotEmpty(); // the pattern finds them where they belong
    assertThat(lines(wire, "application")).isEmpty();
  }

  /**
   * No package of any module depends on itself through others: each module's packages form
   * layers (server: engine and session under table, table under application, application under
   * the transport; client-cli: the commands over what they share, in common).
   */
  @Test
  void noPackageCycleInAnyModule() {
    Map<String, List<List<String>>> cycles = new TreeMap<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).forEach(m ->
          cycles.put(m.getFileName().toString(), packageCycles(m.resolve("src/main/java"))));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(cycles).containsKeys("client-cli", "server"); // the check sees the modules
    assertThat(cycles.entrySet()).allSatisfy(e -> assertThat(e.getValue())
        .as("the package cycles of " + e.getKey()).isEmpty());
  }

  /** The check finds a cycle through three packages, and none where the references are layered. */
  @Test
  void packageCyclesAreFound() {
    Map<String, Set<String>> layered = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of());
    assertThat(cycles(layered)).isEmpty();
    Map<String, Set<String>> cyclic = Map.of("a", Set.of("b"), "b", Set.of("c"),
        "c", Set.of("a"), "d", Set.of("a"));
    assertThat(cycles(cyclic)).containsExactly(List.of("a", "b", "c"));
  }

  /**
   * The server's packages stand in layers, and a package names only those below it (or its own
   * subpackages): the engine and the store at the bottom, the session over the engine, the table
   * over both, the application (and replay) over the table, the transport over the application,
   * and the server's commands over everything. No cycle is not enough: a table that named its
   * session, with nothing naming back, would be a layer upside down.
   */
  @Test
  void theServersPackagesAreLayered() {
    Map<String, Set<String>> refs = packageReferences(Path.of("src/main/java"));
    assertThat(refs.keySet()).contains(LAYERED + ".engine", LAYERED + ".api"); // it sees them
    assertThat(upwardReferences(refs)).isEmpty();
    // The check sees a reference upwards where there is one, and none among a layer's own.
    assertThat(upwardReferences(Map.of(
        LAYERED + ".table", Set.of(LAYERED + ".session", LAYERED + ".engine.honeymoon"),
        LAYERED + ".table.twoplayer", Set.of(LAYERED + ".table"),
        LAYERED + ".session", Set.of(LAYERED + ".table"))))
        .containsExactly(LAYERED + ".session -> " + LAYERED + ".table");
  }

  private static final String LAYERED = "org.tenace.server";

  /** Each top-level package of the server with its layer; the server's own commands are top. */
  private static final Map<String, Integer> LAYERS = Map.of(
      "engine", 0, "store", 0, "session", 1, "table", 2, "application", 3, "replay", 3,
      "api", 4, "", 5);

  /** The references of {@code refs} from a package to one not below it, as {@code a -> b}. */
  static List<String> upwardReferences(Map<String, Set<String>> refs) {
    List<String> out = new ArrayList<>();
    refs.forEach((from, tos) -> tos.forEach(to -> {
      String a = topLevel(from);
      String b = topLevel(to);
      if (!a.equals(b) && layer(b) >= layer(a)) {
        out.add(from + " -> " + to);
      }
    }));
    return out.stream().sorted().toList();
  }

  private static String topLevel(String pkg) {
    assertThat(pkg).startsWith(LAYERED);
    String rest = pkg.substring(LAYERED.length());
    return rest.isEmpty() ? "" : rest.substring(1).split("\\.")[0];
  }

  private static int layer(String topLevel) {
    Integer l = LAYERS.get(topLevel);
    assertThat(l).as("the layer of package %s (a new package needs one)", topLevel).isNotNull();
    return l;
  }

  /** A wildcard import names its package as a class's import does, for cycles and layers. */
  @Test
  void wildcardImportsAreReferences(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("a"));
    Files.createDirectories(dir.resolve("b"));
    Files.writeString(dir.resolve("a/A.java"),
        "package org.tenace.a;\nimport org.tenace.b.*;\nclass A { B b; }\n");
    Files.writeString(dir.resolve("b/B.java"),
        "package org.tenace.b;\nimport static org.tenace.a.A.*;\nclass B {}\n");
    assertThat(packageReferences(dir)).containsEntry("org.tenace.a", Set.of("org.tenace.b"))
        .containsEntry("org.tenace.b", Set.of("org.tenace.a"));
    assertThat(packageCycles(dir)).containsExactly(List.of("org.tenace.a", "org.tenace.b"));
  }

  /** The cycles among the packages of the sources under {@code sources}, each sorted. */
  static List<List<String>> packageCycles(Path sources) {
    return cycles(packageReferences(sources));
  }

  /**
   * The packages of the sources under {@code sources}, each with the others of them its code
   * names (by a qualified name or an import, a wildcard one included).
   */
  static Map<String, Set<String>> packageReferences(Path sources) {
    Map<String, String> codeByFile = new TreeMap<>();
    sources(sources).forEach(f -> codeByFile.put(f.toString(), code(String.join("\n", read(f)))));
    Pattern pkg = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    Map<String, String> packageOf = new TreeMap<>();
    codeByFile.forEach((f, c) -> packageOf.put(f, pkg.matcher(c).results().findFirst()
        .orElseThrow(() -> new AssertionError(f + " has no package")).group(1)));
    Set<String> packages = Set.copyOf(packageOf.values());
    Map<String, Set<String>> refs = new TreeMap<>();
    Pattern named = Pattern.compile("\\b(org\\.tenace(?:\\.[a-z]\\w*)+)\\.(?:[A-Z]|\\*)");
    codeByFile.forEach((f, c) -> {
      String from = packageOf.get(f);
      Set<String> to = refs.computeIfAbsent(from, k -> new java.util.TreeSet<>());
      named.matcher(c).results().map(m -> m.group(1))
          .filter(p -> packages.contains(p) && !p.equals(from)).forEach(to::add);
    });
    return refs;
  }

  /** The strongly connected groups of more than one package (Tarjan's), each sorted. */
  static List<List<String>> cycles(Map<String, Set<String>> refs) {
    Map<String, Integer> index = new java.util.HashMap<>();
    Map<String, Integer> low = new java.util.HashMap<>();
    java.util.Deque<String> stack = new java.util.ArrayDeque<>();
    List<List<String>> out = new ArrayList<>();
    for (String v : new java.util.TreeSet<>(refs.keySet())) {
      if (!index.containsKey(v)) {
        connect(v, refs, index, low, stack, out);
      }
    }
    return out.stream().sorted(java.util.Comparator.comparing(c -> c.get(0))).toList();
  }

  private static void connect(String v, Map<String, Set<String>> refs, Map<String, Integer> index,
      Map<String, Integer> low, java.util.Deque<String> stack, List<List<String>> out) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    for (String w : refs.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, refs, index, low, stack, out);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      List<String> group = new ArrayList<>();
      String w;
      do {
        w = stack.pop();
        group.add(w);
      } while (!w.equals(v));
      if (group.size() > 1) {
        out.add(group.stream().sorted().toList());
      }
    }
  }

  /** The names of a game's types that {@code code} uses. */
  private static List<String> gameTypesNamed(String code) {
    return Pattern.compile("\\b(Table|TableEvent|TableSettings|TableListener|EventSink|DealState"
            + "|BoardAction|BoardEvent|Scorecard|DealSource|TwoPlayer\\w*|engine)\\b")
        .matcher(code).results().map(m -> m.group(1)).toList();
  }

  /** The api maps each enum by name (ProtoMapper's switches): wire numbers never follow order. */
  @Test
  void noOrdinalInTheApi() {
    assertThat(lines(Pattern.compile("\\.ordinal\\(\\)"), "api", "application")).isEmpty();
  }

  /**
   * No two engine classes name each other: of two that work together, one is the other's helper
   * or value (Play delegates to Claiming, Claims, Penalties and Revokes, over a PlayStatus;
   * Auction to AuctionDraft, which turns one AuctionState into the next and hands each
   * irregularity to its Law's rectifier over the DraftState it extends). A cycle of two is where a
   * split went wrong. Two known ones stay, named: DealState offers as its own methods what
   * BoardEvents and Restrictions read of a board state.
   */
  @Test
  void noTwoEngineClassesReferToEachOther() {
    Map<String, String> engine = new TreeMap<>();
    sources(ROOT.resolve("engine")).forEach(f -> engine.put(
        f.getFileName().toString().replace(".java", ""), code(String.join("\n", read(f)))));
    assertThat(engine).containsKeys("Play", "Claims", "Claiming", "PlayStatus", "Penalties",
        "Revokes", "Auction", "AuctionDraft", "AuctionState", "DraftState", "ChangeOfCall",
        "InsufficientBid", "OutOfRotation", "InadmissibleCalls");
    assertThat(mutualReferences(engine))
        .containsExactly("BoardEvents <-> DealState", "DealState <-> Restrictions");
  }

  /** The check finds a cycle where there is one, and not in comments or strings. */
  @Test
  void mutualReferencesAreFoundInCodeOnly() {
    Map<String, String> classes = Map.of(
        "Play", code("final class Play { Claims claims; PlayOption o; }"),
        "Claims", code("final class Claims { Play from(Play p) { return p; } }"),
        "PlayOption", code("record PlayOption(String law) {}"),
        "Auction", code("/** Built by an AuctionDraft. */ final class Auction {\n"
            + "  String s = \"AuctionDraft\"; char q = '\"'; AuctionDraft d; }"),
        "AuctionDraft", code("final class AuctionDraft { // never an Auction\n int n; }"));
    assertThat(mutualReferences(classes)).containsExactly("Claims <-> Play");
  }

  /** The pairs of classes whose code names each other, as {@code A <-> B}, A before B. */
  static List<String> mutualReferences(Map<String, String> codeByClass) {
    List<String> classes = codeByClass.keySet().stream().sorted().toList();
    List<String> out = new ArrayList<>();
    for (String a : classes) {
      for (String b : classes) {
        if (a.compareTo(b) < 0 && names(codeByClass.get(a), b) && names(codeByClass.get(b), a)) {
          out.add(a + " <-> " + b);
        }
      }
    }
    return out;
  }

  private static boolean names(String code, String simpleName) {
    return Pattern.compile("\\b" + simpleName + "\\b").matcher(code).find();
  }

  /** Java source without its comments and with its string and char literals emptied. */
  static String code(String src) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < src.length()) {
      char c = src.charAt(i);
      if (src.startsWith("//", i)) {
        int end = src.indexOf('\n', i);
        i = end < 0 ? src.length() : end;
      } else if (src.startsWith("/*", i)) {
        i = src.indexOf("*/", i + 2) + 2;
      } else if (src.startsWith("\"\"\"", i)) {
        i = src.indexOf("\"\"\"", i + 3) + 3;
        out.append("\"\"");
      } else if (c == '"' || c == '\'') {
        i++;
        while (src.charAt(i) != c) {
          i += src.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
        out.append(c).append(c);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
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
