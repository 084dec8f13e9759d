package org.tenace.cli.score;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.bridge.event.EventScorer;
import org.tenace.bridge.event.Method;
import org.tenace.bridge.event.ResultsFile;
import org.tenace.bridge.record.Diagnostic;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace score FILE.pbn...}: prints each board's traveller and the final ranking of each
 * results file, or one CSV line per result, or ({@code --check}) every figure the file records
 * that is not what Tenace works out.
 *
 * <p>Exit status: 0; 1 when {@code --check} finds a disagreement; 2 when a file cannot be read
 * or holds no PBN game at all.
 * Problems inside a file (a bad deal, an impossible contract, a truncated table) are reported on
 * the error stream as {@code file:line: reason} and the rest of the file is used.
 */
@Command(name = "score", mixinStandardHelpOptions = true,
    description = {"Score results files (PBN): each board's traveller and the final ranking.",
        "The method comes from the file (its Scoring tag, its ScoreTable columns) unless "
            + "--method names one."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "1:--check found figures that disagree",
        "2:a file could not be read or holds no PBN game, or the command line is wrong"})
public final class ScoreCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "PBN results files.")
  private List<String> files = new ArrayList<>();

  @Option(names = "--method", paramLabel = "METHOD", converter = MethodConverter.class,
      description = "mp, mp-acbl, imp-cross, imp-cross-avg or butler (default: the file's).")
  private Method method;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (travellers and ranking) or csv (one line per result).")
  private String format;

  @Option(names = "--check", description = "Compare every score, matchpoint, percentage, "
      + "IMP and total the file records with ours; print each that differs.")
  private boolean check;

  /** Turns a {@code --method} value into a {@link Method}, naming the choices on error. */
  static final class MethodConverter implements ITypeConverter<Method> {
    @Override
    public Method convert(String value) {
      try {
        return Method.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean csv;
    switch (format.strip().toLowerCase()) {
      case "csv" -> csv = true;
      case "text" -> csv = false;
      default -> {
        err.println("tenace: score: unknown format '" + format + "': text or csv");
        err.flush();
        return 2;
      }
    }
    boolean unreadable = false;
    boolean read = false;
    int checked = 0;
    int disagree = 0;
    boolean first = true;
    if (csv && !check) {
      out.print(Reports.CSV_HEADER + "\n");
    }
    for (String name : files) {
      Optional<byte[]> bytes = bytes(name, err);
      if (bytes.isEmpty()) {
        unreadable = true;
        continue;
      }
      Optional<String> notPbn = notPbn(name, bytes.get());
      if (notPbn.isPresent()) {
        err.println(name + ": " + notPbn.get());
        err.flush();
        unreadable = true;
        continue;
      }
      try {
        EventReader.Read events = EventReader.read(bytes.get(), name);
        if (events.games() == 0) {
          // Not PBN at all (a README, a pom, a text quoting a tag or two): one line, not a
          // warning for each of its lines.
          err.println(name + ": not a PBN results file: it holds no board (no game with a "
              + "[Board] or [Deal] tag); score reads PBN results files");
          err.flush();
          unreadable = true;
          continue;
        }
        read = true;
        events.diagnostics().forEach(d -> err.println(d));
        ResultsFile file = events.event();
        if (check) {
          List<Diagnostic> problems = new ArrayList<>();
          Checker.Result r = Checker.check(file, problems::add);
          problems.forEach(d -> err.println(d));
          r.disagreements().forEach(d -> out.println(d));
          checked += r.checked();
          disagree += r.disagreements().size();
        } else {
          EventScorer.ScoredEvent scored = EventScorer.score(file,
              method != null ? method : file.method(), Checker.sectionsApart(file));
          if (csv) {
            Reports.csv(scored, out);
          } else {
            if (!first) {
              out.println();
            }
            Reports.text(file, scored, out);
          }
        }
        first = false;
      } catch (RuntimeException | StackOverflowError e) {
        // A safety net: whatever slipped past the checks costs this file, not the others.
        err.println(name + ": cannot score this file: " + e);
        unreadable = true;
      }
      out.flush();
      err.flush();
    }
    if (check && read) {
      // Nothing read, nothing checked: no "0 values, 0 disagree" that reads as a pass.
      out.println("checked " + checked + " values, " + disagree + " disagree");
    }
    out.flush();
    err.flush();
    return unreadable ? 2 : check && disagree > 0 ? 1 : 0;
  }

  /**
   * Why a file is not PBN at all, said once, rather than a warning for each of its lines: a
   * binary file (PBN is text: one in a hundred bytes a control character or NUL, where a damaged
   * PBN file has a few), or a LIN file (BBO's hand records: by its name, or its {@code pn|},
   * {@code md|} fields).
   */
  static Optional<String> notPbn(String name, byte[] bytes) {
    int controls = 0;
    int scanned = Math.min(bytes.length, 64 * 1024);
    for (int i = 0; i < scanned; i++) {
      int b = bytes[i] & 0xff;
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
        controls++;
      }
    }
    if (controls > 8 && controls * 100 > scanned) {
      return Optional.of("not a PBN file: it is binary (" + controls + " control characters "
          + "in its first " + scanned + " bytes); score reads PBN results files, which are text");
    }
    String head = new String(bytes, 0, Math.min(bytes.length, 4096),
        java.nio.charset.StandardCharsets.ISO_8859_1).stripLeading();
    if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".lin")
        || java.util.regex.Pattern.compile("^(pn|qx|md|vg|st|rs|ah)\\|").matcher(head).find()) {
      return Optional.of("a LIN file (BBO's hand records), not PBN results: score reads PBN "
          + "results files; ./tenace replay reads LIN");
    }
    return Optional.empty();
  }

  private static Optional<byte[]> bytes(String name, PrintWriter err) {
    try {
      Path path = Path.of(name);
      if (Files.isDirectory(path)) {
        err.println(name + ": cannot read: it is a directory");
        return Optional.empty();
      }
      return Optional.of(Files.readAllBytes(path));
    } catch (NoSuchFileException e) {
      err.println(name + ": cannot read: no such file");
    } catch (IOException | InvalidPathException | SecurityException | OutOfMemoryError e) {
      err.println(name + ": cannot read: " + e.getMessage());
    }
    return Optional.empty();
  }
}
