package org.tenace.server.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.server.engine.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace replay FILE...}: plays every record that has an auction through the rules engine
 * and prints each disagreement, then {@code replayed N boards, M disagree, K incomplete}.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = {
        "Plays every hand record (PBN or LIN) that has an auction through the rules engine, in "
            + "online mode (or laws mode with --laws): every call and card must be legal, and "
            + "contract, declarer, tricks (a claim counts: LIN mc, PBN Result of a play that "
            + "stops before 52 cards) and score must agree with the record. Each disagreement "
            + "is printed as 'file:line: board: what: record ...; engine ...'. A play that stops "
            + "with no claim counts as incomplete.",
        "PBN irregularities (^I ^S ^R ^L): laws mode accepts them as the record says; online "
            + "mode refuses them, and a board whose marked call or card is refused for the "
            + "reason the mark gives is incomplete, not a disagreement."},
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:every record agrees with the engine", "1:some record disagrees",
        "2:a file cannot be read"})
public final class ReplayCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "PBN or LIN files")
  List<Path> files = new ArrayList<>();

  @Option(names = "--laws", description = "laws mode: irregularities are accepted and rectified")
  boolean laws;

  @Option(names = {"-v", "--verbose"},
      description = "also say why each incomplete board is incomplete")
  boolean verbose;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Mode mode = laws ? Mode.LAWS : Mode.ONLINE;
    Tally tally = new Tally();
    boolean unreadable = false;
    for (Path file : files) {
      String name = file.toString();
      RecordFiles.Loaded loaded;
      try {
        loaded = RecordFiles.read(file, name);
      } catch (IOException | RuntimeException e) {
        err.println(name + ": cannot read the file: " + reason(e));
        unreadable = true;
        continue;
      }
      for (Diagnostic d : loaded.diagnostics()) {
        err.println(d + " (warning)");
      }
      for (ReplayRecord rec : loaded.records()) {
        if (!BoardReplay.hasAuction(rec)) {
          tally.skipped++;
          continue;
        }
        BoardReplay.Verdict v = BoardReplay.replay(rec, mode);
        tally.add(v);
        v.disagreements().forEach(out::println);
        if (verbose && v.isIncomplete()) {
          out.println(rec.where() + ": incomplete: " + v.incomplete().get());
        }
      }
    }
    if (verbose && tally.skipped > 0) {
      out.println(tally.skipped + " records with no auction not replayed");
    }
    out.println(tally.line());
    out.flush();
    err.flush();
    return unreadable ? 2 : tally.disagree > 0 ? 1 : 0;
  }

  private static String reason(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  /** The counts of the closing line. */
  static final class Tally {
    int replayed;
    int disagree;
    int incomplete;
    int skipped;

    void add(BoardReplay.Verdict v) {
      replayed++;
      if (v.disagrees()) {
        disagree++;
      } else if (v.isIncomplete()) {
        incomplete++;
      }
    }

    String line() {
      return "replayed " + replayed + " boards, " + disagree + " disagree, " + incomplete
          + " incomplete";
    }
  }
}
