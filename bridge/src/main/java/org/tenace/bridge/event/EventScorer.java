package org.tenace.bridge.event;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.Butler;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.ImpBoard;
import org.tenace.bridge.compare.Imps;
import org.tenace.bridge.compare.MatchpointBoard;
import org.tenace.bridge.compare.Matchpoints;
import org.tenace.bridge.compare.Ranking;
import org.tenace.bridge.compare.RowPoints;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.compare.TableResult;
import org.tenace.bridge.compare.Tally;
import org.tenace.bridge.compare.Traveller;

/**
 * Scores every board of a results file by one method (Law 78) and ranks the pairs or players.
 *
 * <p>Conventions, stated because scorers differ on them:
 * <ul>
 *   <li>At matchpoints a board played fewer times than the most-played board of the file is
 *       factored up with Neuberg's formula; adjusted rows count as tables that should have
 *       played, byes do not (Ruter's practice).
 *   <li>An artificial score at cross-IMPs is worth Ruter's 1.5 IMPs a comparison on a
 *       ScoreTable board, Law 12C2's 3 on others and on every board of a team match (a
 *       Competition tag of {@code Teams}): Law 12C2(c)'s 3 IMPs in an IMP contest.
 *   <li>A pair (or player) with a bye on a board scores its own average over the boards it
 *       played: its IMPs per board, or its percentage of the board's top (Ruter's Butler
 *       files).
 *   <li>A procedural penalty (Law 90) on a row is taken from its pair's total after the board
 *       is scored: the board's points, the opponents' and the comparisons stay as they are,
 *       and a bye's average is worked out without it.
 *   <li>The Butler datum leaves out the extremes: {@code Butler-2} the highest and the lowest
 *       score, a plain {@code Butler} (or none) as {@link Butler#dropsFromEachEnd} says;
 *       {@code Median} takes the median. PBN 2.1 section 3.4.12 glosses plain Butler as the
 *       average of all scores, but Ruter's Butler exports leave the extremes out (+50, -50,
 *       -100 give a datum of -50), as the usual Butler datum does.
 * </ul>
 */
public final class EventScorer {

  private EventScorer() {}

  /**
   * The points of one row: to North-South and East-West for a play, or to each present pair or
   * player for a bye; the top it is out of at matchpoints, the datum at Butler.
   */
  public record ScoredRow(TableRow row, Optional<Fraction> ns, Optional<Fraction> ew,
      Map<String, Fraction> bye, Optional<Fraction> top, OptionalInt datum) {
    public ScoredRow {
      Require.nonNull("row ns ew top datum", row, ns, ew, top, datum);
      bye = Map.copyOf(bye);
    }

    /** The points of one side, or of the pair or player on it at a bye. */
    public Optional<Fraction> points(Side side, Optional<String> who) {
      if (row.outcome() instanceof Outcome.Bye) {
        return who.map(bye::get);
      }
      return side == Side.NS ? ns : ew;
    }

    /** Matchpoints as a percentage of the top; 50 when the top is 0. */
    public Fraction percentage(Fraction points) {
      Fraction t = top.orElseThrow(() -> new IllegalStateException("not matchpoints"));
      return t.signum() == 0 ? Fraction.of(50) : points.times(Fraction.HUNDRED).dividedBy(t);
    }
  }

  /** One board scored, row by row. */
  public record ScoredBoard(BoardResults board, List<ScoredRow> rows) {
    public ScoredBoard {
      Objects.requireNonNull(board, "board");
      rows = List.copyOf(rows);
    }

    /** The Butler datum of each field (the board, or each section), in row order. */
    public Map<String, Integer> datums() {
      Map<String, Integer> out = new LinkedHashMap<>();
      for (ScoredRow r : rows) {
        r.datum().ifPresent(d -> out.putIfAbsent(r.row().section(), d));
      }
      return out;
    }
  }

  /** A whole file scored: the boards and the ranking. */
  public record ScoredEvent(Method method, boolean sectionsApart, List<ScoredBoard> boards,
      List<Standing> ranking) {
    public ScoredEvent {
      Objects.requireNonNull(method, "method");
      boards = List.copyOf(boards);
      ranking = List.copyOf(ranking);
    }

    public Optional<Standing> standing(String participant) {
      return ranking.stream().filter(s -> s.pair().equals(participant)).findFirst();
    }

    /** A standing's figure as the session's score: its total, or its mean per board. */
    public Fraction sessionScore(Standing s) {
      return method.isAveraged() && s.boards() > 0 ? s.total().dividedBy(s.boards()) : s.total();
    }
  }

  /** Scores {@code file} by {@code method}, each board across the whole field. */
  public static ScoredEvent score(ResultsFile file, Method method) {
    return score(file, method, false);
  }

  /**
   * Scores {@code file} by {@code method}; with {@code sectionsApart} each section of a board
   * is a field of its own (its own top, its own Neuberg factor, its own datum).
   */
  public static ScoredEvent score(ResultsFile file, Method method, boolean sectionsApart) {
    Map<String, Integer> expected = new LinkedHashMap<>();
    for (BoardResults board : file.boards()) {
      fields(board, sectionsApart).forEach((field, rows) ->
          expected.merge(field, rows.size(), Math::max));
    }
    int most = expected.values().stream().max(Integer::compare).orElse(1);
    Map<String, Sums> tallies = new LinkedHashMap<>();
    List<ScoredRow[]> rowsByBoard = new ArrayList<>();
    for (BoardResults board : file.boards()) {
      ScoredRow[] scored = new ScoredRow[board.rows().size()];
      for (Map.Entry<String, List<Integer>> field : fields(board, sectionsApart).entrySet()) {
        List<Integer> indices = field.getValue();
        List<TableRow> plays = indices.stream().map(board.rows()::get).toList();
        Traveller traveller = traveller(plays);
        List<RowPoints> points;
        Optional<Fraction> top = Optional.empty();
        OptionalInt datum = OptionalInt.empty();
        switch (method) {
          case MP, MP_ACBL -> {
            MatchpointBoard mb = Matchpoints.score(traveller, method == Method.MP_ACBL
                ? Matchpoints.Units.ACBL : Matchpoints.Units.EUROPEAN,
                Math.max(1, expected.get(field.getKey())));
            points = mb.rows();
            top = Optional.of(mb.top());
          }
          case IMP_CROSS -> points = CrossImps.score(traveller, CrossImps.Form.SUM,
              board.avgPlus()).rows();
          case IMP_CROSS_AVG -> points = CrossImps.score(traveller, CrossImps.Form.AVERAGE,
              board.avgPlus()).rows();
          case IMP_CROSS_PER_SCORE -> points = perScore(traveller, board.avgPlus());
          case BUTLER -> {
            ImpBoard ib = butler(traveller, file.scoring());
            points = ib.rows();
            datum = ib.datum();
          }
          default -> throw new AssertionError(method);
        }
        for (int p = 0; p < plays.size(); p++) {
          TableRow row = plays.get(p);
          RowPoints rp = points.get(p);
          scored[indices.get(p)] = new ScoredRow(row, Optional.of(rp.ns()),
              Optional.of(rp.ew()), Map.of(), top, datum);
          for (String who : row.ns()) {
            tally(tallies, who).play(rp.ns(), top);
            tally(tallies, who).penalize(row.nsPenalty());
          }
          for (String who : row.ew()) {
            tally(tallies, who).play(rp.ew(), top);
            tally(tallies, who).penalize(row.ewPenalty());
          }
        }
      }
      rowsByBoard.add(scored);
    }

    // Byes last: each present pair or player gets its average over the boards it played.
    List<ScoredBoard> boards = new ArrayList<>();
    for (int b = 0; b < file.boards().size(); b++) {
      BoardResults board = file.boards().get(b);
      ScoredRow[] scored = rowsByBoard.get(b);
      for (int i = 0; i < scored.length; i++) {
        if (scored[i] != null) {
          continue;
        }
        TableRow row = board.rows().get(i);
        Optional<Fraction> top = method.isMatchpoints() ? Optional.of(topOf(method,
            expected.getOrDefault(sectionsApart ? row.section() : "", most))) : Optional.empty();
        Map<String, Fraction> bye = new LinkedHashMap<>();
        for (String who : concat(row.ns(), row.ew())) {
          bye.put(who, tally(tallies, who).average(top));
        }
        bye.forEach((who, pts) -> tally(tallies, who).bye(pts, top));
        scored[i] = new ScoredRow(row, Optional.empty(), Optional.empty(), bye, top,
            OptionalInt.empty());
      }
      boards.add(new ScoredBoard(board, List.of(scored)));
    }

    List<Standing> unranked = new ArrayList<>();
    tallies.forEach((who, t) -> unranked.add(t.all.standing(who, method.isMatchpoints())));
    List<Standing> ranking = Ranking.within(unranked, tallies.keySet());
    return new ScoredEvent(method, sectionsApart, boards, ranking);
  }

  /**
   * The fields a board's plays are compared within, all of them or each section's, as indices
   * into its rows (copies of a row by Multiplicity are equal records: indices tell them apart).
   */
  private static Map<String, List<Integer>> fields(BoardResults board, boolean apart) {
    Map<String, List<Integer>> out = new LinkedHashMap<>();
    for (int i = 0; i < board.rows().size(); i++) {
      TableRow row = board.rows().get(i);
      if (row.isPlay()) {
        out.computeIfAbsent(apart ? row.section() : "", k -> new ArrayList<>()).add(i);
      }
    }
    return out;
  }

  /** The top of a board expected to be played {@code plays} times. */
  private static Fraction topOf(Method method, int plays) {
    long top = 2L * Math.max(plays - 1, 0);
    return method == Method.MP_ACBL ? Fraction.of(top, 2) : Fraction.of(top);
  }

  private static Traveller traveller(List<TableRow> plays) {
    List<Traveller.Row> rows = new ArrayList<>();
    for (int i = 0; i < plays.size(); i++) {
      Outcome o = plays.get(i).outcome();
      TableResult result;
      if (o instanceof Outcome.Played p) {
        result = new TableResult.Played(p.nsScore());
      } else if (o instanceof Outcome.Adjusted a) {
        result = new TableResult.Adjusted(a.ns(), a.ew());
      } else if (o instanceof Outcome.Assigned a) {
        result = a.score();
      } else {
        throw new AssertionError("a bye is not a play");
      }
      rows.add(new Traveller.Row("ns" + i, "ew" + i, result));
    }
    return new Traveller(rows);
  }


  /** PBN's Cross1: the summed cross-IMPs divided by the number of scores. */
  private static List<RowPoints> perScore(Traveller t, Fraction avgPlus) {
    List<RowPoints> sum = CrossImps.score(t, CrossImps.Form.SUM, avgPlus).rows();
    List<RowPoints> avg = CrossImps.score(t, CrossImps.Form.AVERAGE, avgPlus).rows();
    int n = Math.max(1, t.compared());
    List<RowPoints> out = new ArrayList<>();
    for (int i = 0; i < sum.size(); i++) {
      RowPoints r = sum.get(i);
      out.add(r.row().result().isCompared()
          ? new RowPoints(r.row(), r.ns().dividedBy(n), r.ew().dividedBy(n)) : avg.get(i));
    }
    return out;
  }

  private static ImpBoard butler(Traveller t, Set<String> scoring) {
    boolean median = scoring.contains("MEDIAN");
    boolean twoExtremes = scoring.stream().anyMatch(s -> s.startsWith("BUTLER-"));
    int[] played = t.playedScores();
    if ((!median && !twoExtremes) || played.length == 0) {
      return Butler.score(t);
    }
    int datum;
    if (median) {
      int[] sorted = played.clone();
      Arrays.sort(sorted);
      int m = sorted.length / 2;
      long sum = sorted.length % 2 == 1 ? 2L * sorted[m] : (long) sorted[m - 1] + sorted[m];
      datum = Fraction.of(sum, 20).round(0).intValueExact() * 10;
    } else {
      datum = Butler.datum(played, played.length >= 3 ? 1 : 0);
    }
    return Butler.score(t, datum);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static Sums tally(Map<String, Sums> tallies, String who) {
    return tallies.computeIfAbsent(who, k -> new Sums());
  }

  /** One pair's or player's tallies: of every board (byes and penalties in), and of its play. */
  private static final class Sums {
    Tally all = Tally.NONE;
    Tally played = Tally.NONE;

    void play(Fraction points, Optional<Fraction> top) {
      played = played.plus(points, top.orElse(Fraction.ZERO));
      bye(points, top);
    }

    /**
     * A procedural penalty (Law 90): off the total, after the board is scored; not off the
     * average a bye is given, which is the pair's play.
     */
    void penalize(Fraction points) {
      all = all.minus(points);
    }

    void bye(Fraction points, Optional<Fraction> top) {
      all = all.plus(points, top.orElse(Fraction.ZERO));
    }

    /** The average over the boards played: per board in IMPs, of this top at matchpoints. */
    Fraction average(Optional<Fraction> top) {
      if (top.isPresent()) {
        return played.tops().signum() == 0 ? top.get().dividedBy(2)
            : top.get().times(played.total()).dividedBy(played.tops());
      }
      return played.boards() == 0 ? Fraction.ZERO : played.total().dividedBy(played.boards());
    }
  }
}
