package org.tenace.cli.score;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.tenace.scoring.card.Side;
import org.tenace.scoring.compare.Butler;
import org.tenace.scoring.compare.CrossImps;
import org.tenace.scoring.compare.Fraction;
import org.tenace.scoring.compare.ImpBoard;
import org.tenace.scoring.compare.Imps;
import org.tenace.scoring.compare.MatchpointBoard;
import org.tenace.scoring.compare.Matchpoints;
import org.tenace.scoring.compare.Ranking;
import org.tenace.scoring.compare.RowPoints;
import org.tenace.scoring.compare.Standing;
import org.tenace.scoring.compare.TableResult;
import org.tenace.scoring.compare.Traveller;

/**
 * Scores every board of a results file by one method (Law 78) and ranks the pairs or players.
 *
 * <p>Conventions, stated because scorers differ on them:
 * <ul>
 *   <li>At matchpoints a board played fewer times than the most-played board of the file is
 *       factored up with Neuberg's formula; adjusted rows count as tables that should have
 *       played, byes do not (Ruter's practice).
 *   <li>An artificial score at cross-IMPs is worth Ruter's 1.5 IMPs a comparison on a
 *       ScoreTable board, Law 12C2's 3 on others.
 *   <li>A pair (or player) with a bye on a board scores its own average over the boards it
 *       played: its IMPs per board, or its percentage of the board's top (Ruter's Butler
 *       files).
 *   <li>The Butler datum drops the extremes as the Scoring tag says ({@code Butler-2}: the
 *       highest and the lowest; {@code Butler}: none, PBN 2.1 section 3.4.12), or by
 *       {@link Butler#dropsFromEachEnd} when it says nothing; {@code Median} takes the median.
 * </ul>
 */
final class EventScorer {

  private EventScorer() {}

  /**
   * The points of one row: to North-South and East-West for a play, or to each present pair or
   * player for a bye.
   */
  record ScoredRow(TableRow row, Optional<Fraction> ns, Optional<Fraction> ew,
      Map<String, Fraction> bye) {
    ScoredRow {
      Objects.requireNonNull(row, "row");
      Objects.requireNonNull(ns, "ns");
      Objects.requireNonNull(ew, "ew");
      bye = Map.copyOf(bye);
    }

    /** The points of one side, or of the pair or player on it at a bye. */
    Optional<Fraction> points(Side side, Optional<String> who) {
      if (row.outcome() instanceof Outcome.Bye) {
        return who.map(bye::get);
      }
      return side == Side.NS ? ns : ew;
    }
  }

  /** One board scored: its rows, its top at matchpoints, its datum at Butler. */
  record ScoredBoard(BoardResults board, List<ScoredRow> rows, Optional<Fraction> top,
      OptionalInt datum) {
    ScoredBoard {
      Objects.requireNonNull(board, "board");
      rows = List.copyOf(rows);
      Objects.requireNonNull(top, "top");
      Objects.requireNonNull(datum, "datum");
    }

    /** Matchpoints as a percentage of the top; 50 when the top is 0. */
    Fraction percentage(Fraction points) {
      Fraction t = top.orElseThrow(() -> new IllegalStateException("not matchpoints"));
      return t.signum() == 0 ? Fraction.of(50) : points.times(Fraction.HUNDRED).dividedBy(t);
    }
  }

  /** A whole file scored: the boards, the ranking, and each participant's board count. */
  record ScoredEvent(Method method, List<ScoredBoard> boards, List<Standing> ranking) {
    ScoredEvent {
      Objects.requireNonNull(method, "method");
      boards = List.copyOf(boards);
      ranking = List.copyOf(ranking);
    }

    Optional<Standing> standing(String participant) {
      return ranking.stream().filter(s -> s.pair().equals(participant)).findFirst();
    }

    /** A standing's figure as the session's score: its total, or its mean per board. */
    Fraction sessionScore(Standing s) {
      return method.isAveraged() && s.boards() > 0 ? s.total().dividedBy(s.boards()) : s.total();
    }
  }

  /** Scores {@code file} by {@code method}. */
  static ScoredEvent score(ResultsFile file, Method method) {
    int expected = Math.max(1, file.boards().stream().mapToInt(b -> b.plays().size()).max()
        .orElse(1));
    Map<String, Tally> tallies = new LinkedHashMap<>();
    List<List<ScoredRow>> rowsByBoard = new ArrayList<>();
    List<Optional<Fraction>> tops = new ArrayList<>();
    List<OptionalInt> datums = new ArrayList<>();
    for (BoardResults board : file.boards()) {
      List<TableRow> plays = board.plays();
      Traveller traveller = traveller(plays);
      List<RowPoints> points;
      Optional<Fraction> top = Optional.empty();
      OptionalInt datum = OptionalInt.empty();
      switch (method) {
        case MP, MP_ACBL -> {
          MatchpointBoard mb = Matchpoints.score(traveller, method == Method.MP_ACBL
              ? Matchpoints.Units.ACBL : Matchpoints.Units.EUROPEAN, expected);
          points = mb.rows();
          top = Optional.of(mb.top());
        }
        case IMP_CROSS -> points = CrossImps.score(traveller, CrossImps.Form.SUM,
            avgPlus(board)).rows();
        case IMP_CROSS_AVG -> points = CrossImps.score(traveller, CrossImps.Form.AVERAGE,
            avgPlus(board)).rows();
        case IMP_CROSS_PER_SCORE -> points = perScore(traveller, avgPlus(board));
        case BUTLER -> {
          ImpBoard ib = butler(traveller, file.scoring());
          points = ib.rows();
          datum = ib.datum();
        }
        default -> throw new AssertionError(method);
      }
      List<ScoredRow> scored = new ArrayList<>();
      int p = 0;
      for (TableRow row : board.rows()) {
        if (!row.isPlay()) {
          scored.add(null); // a bye: scored once every play is known
          continue;
        }
        RowPoints rp = points.get(p++);
        scored.add(new ScoredRow(row, Optional.of(rp.ns()), Optional.of(rp.ew()), Map.of()));
        for (String who : row.ns()) {
          tally(tallies, who).play(rp.ns(), top);
        }
        for (String who : row.ew()) {
          tally(tallies, who).play(rp.ew(), top);
        }
      }
      rowsByBoard.add(scored);
      tops.add(top);
      datums.add(datum);
    }

    List<ScoredBoard> boards = new ArrayList<>();
    for (int b = 0; b < file.boards().size(); b++) {
      BoardResults board = file.boards().get(b);
      List<ScoredRow> scored = rowsByBoard.get(b);
      Optional<Fraction> top = tops.get(b);
      for (int i = 0; i < scored.size(); i++) {
        if (scored.get(i) != null) {
          continue;
        }
        TableRow row = board.rows().get(i);
        Map<String, Fraction> bye = new LinkedHashMap<>();
        for (String who : concat(row.ns(), row.ew())) {
          Fraction avg = tally(tallies, who).average(top);
          bye.put(who, avg);
        }
        bye.forEach((who, pts) -> tally(tallies, who).bye(pts, top));
        scored.set(i, new ScoredRow(row, Optional.empty(), Optional.empty(), bye));
      }
      boards.add(new ScoredBoard(board, scored, top, datums.get(b)));
    }

    List<Standing> unranked = new ArrayList<>();
    tallies.forEach((who, t) -> unranked.add(new Standing(1, 1, who, t.boards, t.total,
        method.isMatchpoints() ? Optional.of(t.tops.signum() == 0 ? Fraction.of(50)
            : t.total.times(Fraction.HUNDRED).dividedBy(t.tops)) : Optional.empty())));
    List<Standing> ranking = Ranking.within(unranked, tallies.keySet());
    return new ScoredEvent(method, boards, ranking);
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
      } else {
        throw new AssertionError("a bye is not a play");
      }
      rows.add(new Traveller.Row("ns" + i, "ew" + i, result));
    }
    return new Traveller(rows);
  }

  private static Fraction avgPlus(BoardResults board) {
    return board.fromScoreTable() ? CrossImps.RUTER : CrossImps.LAW_12C2;
  }

  /** PBN's Cross1: the summed cross-IMPs divided by the number of scores. */
  private static List<RowPoints> perScore(Traveller t, Fraction avgPlus) {
    List<RowPoints> sum = CrossImps.score(t, CrossImps.Form.SUM, avgPlus).rows();
    List<RowPoints> avg = CrossImps.score(t, CrossImps.Form.AVERAGE, avgPlus).rows();
    int n = Math.max(1, t.plays());
    List<RowPoints> out = new ArrayList<>();
    for (int i = 0; i < sum.size(); i++) {
      RowPoints r = sum.get(i);
      out.add(r.row().isPlayed()
          ? new RowPoints(r.row(), r.ns().dividedBy(n), r.ew().dividedBy(n)) : avg.get(i));
    }
    return out;
  }

  private static ImpBoard butler(Traveller t, Set<String> scoring) {
    boolean told = scoring.stream().anyMatch(s -> s.startsWith("BUTLER"));
    boolean median = scoring.contains("MEDIAN");
    if (!told && !median) {
      return Butler.score(t);
    }
    int[] played = t.playedScores();
    if (played.length == 0) {
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
      boolean dropExtremes = scoring.stream().anyMatch(s -> s.startsWith("BUTLER-"));
      datum = Butler.datum(played, dropExtremes && played.length >= 3 ? 1 : 0);
    }
    List<RowPoints> rows = new ArrayList<>();
    for (RowPoints r : Butler.score(t).rows()) {
      if (r.row().result() instanceof TableResult.Played p) {
        Fraction ns = Fraction.of(Imps.of(p.ns() - datum));
        rows.add(new RowPoints(r.row(), ns, ns.negate()));
      } else {
        rows.add(r);
      }
    }
    return new ImpBoard(rows, OptionalInt.of(datum));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static Tally tally(Map<String, Tally> tallies, String who) {
    return tallies.computeIfAbsent(who, k -> new Tally());
  }

  /** Running sums for one pair or player. */
  private static final class Tally {
    int boards;
    Fraction total = Fraction.ZERO;
    Fraction tops = Fraction.ZERO;
    int played;
    Fraction playedTotal = Fraction.ZERO;
    Fraction playedTops = Fraction.ZERO;

    void play(Fraction points, Optional<Fraction> top) {
      played++;
      playedTotal = playedTotal.plus(points);
      playedTops = playedTops.plus(top.orElse(Fraction.ZERO));
      bye(points, top);
    }

    void bye(Fraction points, Optional<Fraction> top) {
      boards++;
      total = total.plus(points);
      tops = tops.plus(top.orElse(Fraction.ZERO));
    }

    /** The average over the boards played: per board in IMPs, of this top at matchpoints. */
    Fraction average(Optional<Fraction> top) {
      if (top.isPresent()) {
        return playedTops.signum() == 0 ? top.get().dividedBy(2)
            : top.get().times(playedTotal).dividedBy(playedTops);
      }
      return played == 0 ? Fraction.ZERO : playedTotal.dividedBy(played);
    }
  }
}
