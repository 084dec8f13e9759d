package org.tenace.cli.tm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The independent grammar: the npm package table-master-parser (pinned in .ci/run, installed
 * into .ci/node), run with node over every line a test's connections sent. Missing node or a
 * missing package fails the test: CI installs both.
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

  private TmParser() {}

  /** The lines the parser refuses (after the two rewrites); empty when all parse. */
  static List<String> refused(List<String> lines) throws IOException, InterruptedException {
    Path root = Paths.get("").toAbsolutePath();
    Path modules = root.resolveSibling(".ci").resolve("node").resolve("node_modules");
    if (!Files.isDirectory(modules.resolve("table-master-parser"))) {
      modules = root.resolve(".ci").resolve("node").resolve("node_modules");
    }
    if (!Files.isDirectory(modules.resolve("table-master-parser"))) {
      throw new AssertionError("table-master-parser is not installed in .ci/node: run .ci/run "
          + "(or its npm install line) first");
    }
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
