package org.tenace.bridge.event;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.tenace.bridge.event.EventScorer.ScoredEvent;
import org.tenace.bridge.event.EventScorer.ScoredRow;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.record.Diagnostic;

/**
 * Compares every figure a results file records with ours: scores (Score tags in all their forms,
 * ScoreTable Score_NS/Score_EW) with Law 77, matchpoints and percentages with the file's
 * matchpoints, IMP columns with summed cross-IMPs (Ruter's IMP_NS) or, on a board with a datum,
 * with Butler IMPs, the datum itself, and the TotalScoreTable's totals. A team event's file of
 * matches has no board to work out: its matches' IMPs are checked against their segments', and
 * each team's total of victory points against its matches'. Each figure is compared at the
 * precision the file prints it, rounded halves away from zero as Ruter does.
 *
 * <p>A total is compared only when the file's board count for that pair (NrBoards, or
 * NrBoardsSession for the Session columns) is the number of boards it has in this file: a later
 * session's file carries totals over boards that are not in it. So with a team's total: only
 * when its number of rounds (NrRounds) is the number of its matches in the file.
 */
public final class Checker {

  private Checker() {}

  /** One figure that is not what we work out. */
  public record Disagreement(String file, String board, String table, String field, String fileValue,
      String ours) {
    @Override
    public String toString() {
      return String.join(", ", file, board, table, field, fileValue, ours);
    }
  }

  /** How many figures were compared, and those that differ. */
  public record Result(int checked, List<Disagreement> disagreements) {
    public Result {
      disagreements = List.copyOf(disagreements);
    }
  }

  /**
   * Checks one file; a figure that is not a number is reported to {@code problems}. A file with
   * sections is compared across the field or within each section, whichever its figures show.
   */
  public static Result check(ResultsFile file, Consumer<Diagnostic> problems) {
    List<Diagnostic> acrossProblems = new ArrayList<>();
    Result across = new Run(file, acrossProblems::add, false).run();
    if (hasSections(file)) {
      List<Diagnostic> apartProblems = new ArrayList<>();
      Result apart = new Run(file, apartProblems::add, true).run();
      if (apart.disagreements().size() < across.disagreements().size()) {
        apartProblems.forEach(problems);
        return apart;
      }
    }
    acrossProblems.forEach(problems);
    return across;
  }

  /**
   * True when a file with sections scores each section as a field of its own: when fewer of its
   * figures disagree with that reading than with the whole field's (Ruter can do either).
   */
  public static boolean sectionsApart(ResultsFile file) {
    return hasSections(file) && new Run(file, d -> { }, true).run().disagreements().size()
        < new Run(file, d -> { }, false).run().disagreements().size();
  }

  private static boolean hasSections(ResultsFile file) {
    return file.boards().stream().flatMap(b -> b.rows().stream()).map(TableRow::section)
        .distinct().count() > 1;
  }

  private static final class Run {
    private final ResultsFile file;
    private final Consumer<Diagnostic> problems;
    private final boolean sectionsApart;
    private final Map<Method, ScoredEvent> scored = new EnumMap<>(Method.class);
    private final List<Disagreement> out = new ArrayList<>();
    private List<TeamStanding> teams; // the teams' ranking, worked out once a check
    private int checked;

    Run(ResultsFile file, Consumer<Diagnostic> problems, boolean sectionsApart) {
      this.file = file;
      this.problems = problems;
      this.sectionsApart = sectionsApart;
    }

    private ScoredEvent scored(Method m) {
      return scored.computeIfAbsent(m, k -> EventScorer.score(file, k, sectionsApart));
    }

    private Method matchpoints() {
      return file.method() == Method.MP_ACBL ? Method.MP_ACBL : Method.MP;
    }

    private Method imps() {
      return file.method().isMatchpoints() ? Method.IMP_CROSS : file.method();
    }

    Result run() {
      for (int b = 0; b < file.boards().size(); b++) {
        BoardResults board = file.boards().get(b);
        for (int r = 0; r < board.rows().size(); r++) {
          TableRow row = board.rows().get(r);
          for (Recorded rec : row.recorded()) {
            figure(b, r, board, row, rec);
          }
        }
        for (TableRow row : board.checkedOnly()) {
          for (Recorded rec : row.recorded()) {
            score(board, row, rec);
          }
        }
      }
      for (TeamMatch m : file.matches()) {
        match(m);
      }
      totals();
      return new Result(checked, out);
    }

    private void figure(int b, int r, BoardResults board, TableRow row, Recorded rec) {
      switch (rec.kind()) {
        case SCORE_COLUMN, SCORE_TAG -> score(board, row, rec);
        case MATCHPOINTS -> {
          ScoredRow s = scored(matchpoints()).boards().get(b).rows().get(r);
          s.points(rec.side(), rec.participant())
              .ifPresent(p -> number(board, row.table(), rec, p));
        }
        case PERCENTAGE -> {
          ScoredRow s = scored(matchpoints()).boards().get(b).rows().get(r);
          s.points(rec.side(), rec.participant())
              .ifPresent(p -> number(board, row.table(), rec, s.percentage(p)));
        }
        case IMPS -> {
          Method m = board.butlerDatum() ? Method.BUTLER : Method.IMP_CROSS;
          scored(m).boards().get(b).rows().get(r).points(rec.side(), rec.participant())
              .ifPresent(p -> number(board, row.table(), rec, p));
        }
        case DATUM -> {
          OptionalInt datum = scored(Method.BUTLER).boards().get(b).rows().get(r).datum();
          if (datum.isPresent()) {
            number(board, row.table(), rec, Fraction.of(datum.getAsInt()));
          }
        }
        default -> throw new AssertionError(rec.kind());
      }
    }

    private void score(BoardResults board, TableRow row, Recorded rec) {
      if (!(row.outcome() instanceof Outcome.Played p) || p.computed().isEmpty()
          || rec.nsPoints().isEmpty()) {
        return; // nothing of ours to compare with
      }
      int ours = p.computed().getAsInt();
      checked++;
      if (rec.nsPoints().getAsInt() != ours) {
        String shown = switch (rec.kind()) {
          case SCORE_TAG -> "NS " + ours;
          default -> Integer.toString(rec.side() == Side.NS ? ours : -ours);
        };
        out.add(new Disagreement(file.name(), board.label(), row.table(), rec.field(),
            rec.text(), shown));
      }
    }

    private void number(BoardResults board, String table, Recorded rec, Fraction ours) {
      compare(board.label(), table, rec.field(), rec.text(), rec.line(), ours);
    }

    private void compare(String board, String table, String field, String text, int line,
        Fraction ours) {
      Optional<BigDecimal> theirs = decimal(text);
      if (theirs.isEmpty()) {
        problems.accept(new Diagnostic(file.name(), Math.max(1, line), (board.equals("total")
            ? "TotalScoreTable, " + table : "board " + board + ", table " + table) + ": "
            + field + " '" + text + "' is not a number: not checked"));
        return;
      }
      checked++;
      BigDecimal mine = ours.round(Math.max(0, theirs.get().scale()));
      if (mine.compareTo(theirs.get()) != 0) {
        out.add(new Disagreement(file.name(), board, table, field, text, mine.toPlainString()));
      }
    }

    /** A match's IMPs are its segments' together. */
    private void match(TeamMatch m) {
      if (m.total().isEmpty() || m.segments().isEmpty()) {
        return;
      }
      int home = m.segments().stream().mapToInt(TeamMatch.Segment::home).sum();
      int away = m.segments().stream().mapToInt(TeamMatch.Segment::away).sum();
      checked++;
      TeamMatch.Segment total = m.total().get();
      if (total.home() != home || total.away() != away) {
        out.add(new Disagreement(file.name(), "round " + m.round(), m.table(), "MatchDetails",
            total.home() + "-" + total.away(), home + "-" + away));
      }
    }

    /** A team's victory points are its matches' together. */
    private void teamTotal(ResultsFile.TotalLine line) {
      Optional<String> text = line.get("TotalScoreVP");
      List<TeamMatch> played = file.matches().stream().filter(TeamMatch::played)
          .filter(m -> m.home().equals(line.participant()) || m.away().equals(line.participant()))
          .toList();
      Optional<String> rounds = line.get("NrRounds");
      if (text.isEmpty() || played.isEmpty()
          || rounds.isPresent() && !rounds.get().strip().equals(Integer.toString(played.size()))
          || played.stream().anyMatch(m -> m.vp(line.participant()).isEmpty())) {
        return; // no total, or one over matches this file does not have
      }
      BigDecimal vp = played.stream().map(m -> m.vp(line.participant()).orElseThrow())
          .reduce(BigDecimal.ZERO, BigDecimal::add);
      Optional<BigDecimal> theirs = decimal(text.get());
      if (theirs.isEmpty()) {
        problems.accept(new Diagnostic(file.name(), Math.max(1, line.line()), "TotalScoreTable, "
            + line.participant() + ": TotalScoreVP '" + text.get() + "' is not a number: not"
            + " checked"));
        return;
      }
      checked++;
      BigDecimal ours = vp.setScale(Math.max(0, theirs.get().scale()), RoundingMode.HALF_UP);
      if (ours.compareTo(theirs.get()) != 0) {
        out.add(new Disagreement(file.name(), "total", line.participant(), "TotalScoreVP",
            text.get(), ours.toPlainString()));
      }
      Optional<String> rank = line.get("Rank");
      if (teams == null) {
        teams = TeamStanding.ranking(file.matches());
      }
      Optional<TeamStanding> standing = teams.stream()
          .filter(t -> t.team().equals(line.participant())).findFirst();
      if (rank.isPresent() && standing.isPresent()) {
        checked++;
        if (!rank.get().strip().equals(Integer.toString(standing.get().place()))) {
          out.add(new Disagreement(file.name(), "total", line.participant(), "Rank",
              rank.get(), Integer.toString(standing.get().place())));
        }
      }
    }

    private void totals() {
      for (ResultsFile.TotalLine line : file.totals()) {
        teamTotal(line);
        group(line, "NrBoards", List.of("TotalScoreMP", "TotalMP", "TotalPercentage", "MeanMP",
            "MeanPercentage", "TotalScoreIMP", "TotalIMP", "MeanIMP"));
        group(line, "NrBoardsSession", List.of("SessionScoreMP", "SessionPercentage",
            "SessionScoreIMP"));
      }
    }

    /** Compares the columns of one total line that the board count column {@code count} covers. */
    private void group(ResultsFile.TotalLine line, String countColumn, List<String> columns) {
      if (columns.stream().noneMatch(c -> line.get(c).isPresent())) {
        return;
      }
      for (String column : columns) {
        Optional<String> text = line.get(column);
        if (text.isEmpty()) {
          continue;
        }
        boolean mp = column.endsWith("Percentage")
            || (column.endsWith("MP") && !column.endsWith("IMP"));
        ScoredEvent event = scored(mp ? matchpoints() : imps());
        Optional<Standing> s = event.standing(line.participant());
        if (s.isEmpty()) {
          continue; // a pair with no result in this file
        }
        Optional<String> boards = line.get(countColumn);
        int count = s.get().boards();
        if (boards.isPresent() && !boards.get().strip().equals(Integer.toString(count))) {
          continue; // the total covers boards this file does not have
        }
        Fraction ours;
        if (column.endsWith("Percentage")) {
          ours = s.get().percentage().orElseThrow();
        } else if (column.startsWith("Mean")) {
          ours = count == 0 ? Fraction.ZERO : s.get().total().dividedBy(count);
        } else {
          ours = event.sessionScore(s.get());
        }
        compare("total", line.participant(), column, text.get(), line.line(), ours);
      }
    }

    private static Optional<BigDecimal> decimal(String text) {
      String t = text.strip();
      if (t.startsWith("+")) {
        t = t.substring(1);
      }
      try {
        return Optional.of(new BigDecimal(t));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }
}
