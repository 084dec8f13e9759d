package org.tenace.cli.score;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tenace.cli.Main;
import org.tenace.testing.TestResources;
import picocli.CommandLine;

/** Test helpers: run {@code tenace ...} in-process, write PBN snippets and real files to disk. */
public final class Cli {

  private Cli() {}

  /** What a run printed and returned. */
  public record Run(int exit, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    List<String> errLines() {
      return err.lines().toList();
    }

    /** The last line printed on the output stream. */
    String lastLine() {
      List<String> lines = outLines();
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
  }

  /** Runs the client's command line, as {@code tenace} would, capturing both streams. */
  public static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine(false);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  /** Writes PBN text to {@code dir/name} (Latin-1, as Ruter writes) and returns its path. */
  static String write(Path dir, String name, String text) {
    try {
      Path p = dir.resolve(name);
      Files.write(p, text.getBytes(StandardCharsets.ISO_8859_1));
      return p.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies the test resource {@code data/<path>} to {@code dir} and returns its path. */
  static String copy(Path dir, String path) {
    try {
      Path p = dir.resolve(path.replace('/', '_'));
      Files.write(p, resource(path));
      return p.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes of the test resource {@code data/<path>}. */
  static byte[] resource(String path) {
    return TestResources.bytes("data/" + path);
  }

  /** The test resource {@code data/<path>} as text, read as Latin-1 (as {@link #write} writes). */
  static String text(String path) {
    return new String(resource(path), StandardCharsets.ISO_8859_1);
  }

  /** The 1-based line of {@code text} holding {@code fragment} (which must occur once). */
  static int lineOf(String text, String fragment) {
    List<String> lines = text.lines().toList();
    int found = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(fragment)) {
        if (found >= 0) {
          throw new IllegalArgumentException("'" + fragment + "' is on more than one line");
        }
        found = i + 1;
      }
    }
    if (found < 0) {
      throw new IllegalArgumentException("no line holds '" + fragment + "'");
    }
    return found;
  }
}
