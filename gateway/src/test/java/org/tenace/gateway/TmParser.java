package org.tenace.gateway;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The independent grammar: the npm package table-master-parser (pinned in .ci/run, installed
 * into .ci/node), run with node over every line a test's connections sent. It is a tool from
 * outside Maven: where it (or node) is missing, {@link #check} skips that check alone, after the
 * test's own assertions, with one line naming the command that installs it; under {@code
 * CI=true} a missing tool fails the test instead, so that CI always runs the check.
 *
 * <p>Two lines of the Blue Chip protocol are outside that grammar as published (1.2.10): the
 * host's {@code North ("team") seated} (its rule wants {@code North "team" seated}) and the
 * client's {@code North ready to start} (its rule, seat then "to start", lacks "ready"). Those
 * two, and only those, are rewritten to the parser's spelling before the check; every other
 * line goes to the parser as sent.
 */
final class TmParser {
  private static final Pattern SEATED = Pattern.compile("^(\\w+) \\((\"[^\"]*\")\\) seated$");
  private static final Pattern READY_TO_START = Pattern.compile("^(\\w+) ready to start$");
  private static final Pattern PINNED = Pattern.compile("TABLE_MASTER_PARSER_VERSION=(\\S+)");

  private TmParser() {}

  /**
   * Asserts that the independent grammar takes every one of {@code lines}. Call it last in a
   * test: when the grammar is not installed the test ends here as skipped (aborted), its other
   * assertions already passed; under {@code CI=true} it fails.
   */
  static void check(List<String> lines) throws IOException, InterruptedException {
    Optional<String> missing = missing();
    if (missing.isPresent()) {
      String enable = missing.get() + ": the TM lines' independent grammar check needs it; `"
          + installCommand() + "` (or `bash .ci/run`) installs it";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new AssertionError(enable + ", and under CI=true the check is not skipped");
      }
      Assumptions.abort(enable);
    }
    List<String> refused = refused(lines);
    if (!refused.isEmpty()) {
      throw new AssertionError("the independent grammar refuses " + refused.size()
          + " line(s): " + refused.subList(0, Math.min(20, refused.size())));
    }
  }

  /** What is missing to run the grammar (node, or the package in .ci/node), if anything. */
  private static Optional<String> missing() {
    if (modules().isEmpty()) {
      return Optional.of("table-master-parser is not installed in .ci/node");
    }
    try {
      Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      if (p.waitFor() != 0) {
        return Optional.of("node does not run");
      }
    } catch (IOException e) {
      return Optional.of("node is not installed");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("node did not answer");
    }
    return Optional.empty();
  }

  /** The npm line that installs the version .ci/run pins. */
  private static String installCommand() {
    String version = "";
    Path run = root().resolve(".ci").resolve("run");
    try {
      Matcher m = PINNED.matcher(Files.readString(run));
      if (m.find()) {
        version = "@" + m.group(1);
      }
    } catch (IOException e) {
      // no .ci/run to read the pinned version from: name the package alone
    }
    return "npm install --prefix .ci/node table-master-parser" + version;
  }

  /** The repository's root: the module's parent when the tests run in client-cli. */
  private static Path root() {
    Path here = Paths.get("").toAbsolutePath();
    return Files.isDirectory(here.resolve(".ci")) || here.getParent() == null ? here
        : here.getParent();
  }

  private static Optional<Path> modules() {
    Path modules = root().resolve(".ci").resolve("node").resolve("node_modules");
    return Files.isDirectory(modules.resolve("table-master-parser")) ? Optional.of(modules)
        : Optional.empty();
  }

  /** The lines the parser refuses (after the two rewrites); empty when all parse. */
  private static List<String> refused(List<String> lines) throws IOException, InterruptedException {
    Path modules = modules().orElseThrow(() -> new AssertionError(
        "table-master-parser is not installed in .ci/node: " + installCommand()));
    Path script = Files.createTempFile("check-lines", ".js");
    try (var in = TmParser.class.getResourceAsStream("/tm/check-lines.js")) {
      Files.write(script, in.readAllBytes());
    }
    List<String> rewritten = new ArrayList<>();
    for (String l : lines) {
      String s = SEATED.matcher(l).replaceAll("$1 $2 seated");
      rewritten.add(READY_TO_START.matcher(s).replaceAll("$1 to start"));
    }
    Process node;
    try {
      node = new ProcessBuilder("node", script.toString(), modules.toString())
          .redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new AssertionError("node is not installed: the TM lines cannot be checked", e);
    }
    try (OutputStream out = node.getOutputStream()) {
      out.write((String.join("\n", rewritten) + "\n").getBytes(StandardCharsets.US_ASCII));
    }
    String answer = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!node.waitFor(60, TimeUnit.SECONDS) || node.exitValue() != 0) {
      throw new AssertionError("node failed: " + answer);
    }
    Files.deleteIfExists(script);
    List<String> bad = new ArrayList<>();
    String[] results = answer.split("\n");
    if (results.length != lines.size()) {
      throw new AssertionError("node answered " + results.length + " lines for " + lines.size()
          + ": " + answer.substring(0, Math.min(2000, answer.length())));
    }
    for (String r : results) {
      if (!r.equals("ok")) {
        bad.add(r);
      }
    }
    return bad;
  }
}
