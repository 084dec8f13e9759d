package org.tenace.scoring.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * Matchpoints (Law 78A): each played score earns 2 units for every played score it beats and 1
 * for every one it ties, so the top on a board played n times is 2(n-1) (PBN's "MP1"). The ACBL
 * form halves every figure: 1 per score beaten, ½ per tie, top n-1.
 *
 * <p>Rows with an artificial score are not compared: they get their percentage (60/50/40) of the
 * top. When fewer tables played the board than {@code expectedPlays} (the rows of the board,
 * artificial ones included, or the most-played board of the session), the played rows are
 * factored up with Neuberg's formula, MP' = (MP + 1) N / n - 1 in 2/1 units, where n tables played
 * it and N should have; the top is then 2(N-1). Ruter does exactly this.
 */
public final class Matchpoints {

  /** How matchpoints are counted. */
  public enum Units {
    /** 2 per score beaten, 1 per tie; top 2(n-1). The European form and PBN's MP1. */
    EUROPEAN,
    /** 1 per score beaten, ½ per tie; top n-1. The ACBL form. */
    ACBL
  }

  private Matchpoints() {}

  /** Scores a board expected to be played as many times as it has rows. */
  public static MatchpointBoard score(Traveller traveller, Units units) {
    return score(traveller, units, traveller.rows().size());
  }

  /**
   * Scores a board that should have been played {@code expectedPlays} times (N for Neuberg). It
   * may not be fewer than the traveller's rows.
   */
  public static MatchpointBoard score(Traveller traveller, Units units, int expectedPlays) {
    int rows = traveller.rows().size();
    if (expectedPlays < rows) {
      throw new IllegalArgumentException("the board has " + rows + " results but was expected "
          + expectedPlays + " times: expected plays must be at least the number of results");
    }
    int[] played = traveller.playedScores();
    int n = played.length;
    long top = 2L * Math.max(expectedPlays - 1, 0);
    List<RowPoints> out = new ArrayList<>(rows);
    for (Traveller.Row row : traveller.rows()) {
      Fraction ns;
      Fraction ew;
      if (row.result() instanceof TableResult.Played p) {
        long raw = 0;
        for (int other : played) {
          raw += Integer.compare(p.ns(), other) + 1; // 2 beaten, 1 tie, 0 lost
        }
        raw -= 1; // the row compared with itself, a tie
        ns = neuberg(Fraction.of(raw), n, expectedPlays);
        ew = neuberg(Fraction.of(2L * (n - 1) - raw), n, expectedPlays);
      } else {
        TableResult.Adjusted a = (TableResult.Adjusted) row.result();
        ns = Fraction.of(top * a.ns().percent(), 100);
        ew = Fraction.of(top * a.ew().percent(), 100);
      }
      out.add(units == Units.ACBL
          ? new RowPoints(row, ns.dividedBy(2), ew.dividedBy(2))
          : new RowPoints(row, ns, ew));
    }
    Fraction topInUnits = units == Units.ACBL ? Fraction.of(top, 2) : Fraction.of(top);
    return new MatchpointBoard(out, topInUnits);
  }

  /**
   * Scores every board of a session, each against the most-played board: N is the largest
   * number of rows of any traveller, as Ruter counts it.
   */
  public static List<MatchpointBoard> session(List<Traveller> boards, Units units) {
    int most = boards.stream().mapToInt(t -> t.rows().size()).max().orElse(0);
    return boards.stream().map(t -> score(t, units, most)).toList();
  }

  /**
   * Neuberg's formula in 2/1 units: matchpoints {@code mp} earned against {@code plays - 1} other
   * scores, scaled to {@code expectedPlays - 1}: (mp + 1) N / n - 1. Unchanged when n = N.
   */
  public static Fraction neuberg(Fraction mp, int plays, int expectedPlays) {
    if (plays < 1 || plays > expectedPlays) {
      throw new IllegalArgumentException("Neuberg needs 1 <= plays <= expected plays, not "
          + plays + " of " + expectedPlays);
    }
    if (plays == expectedPlays) {
      return mp;
    }
    return mp.plus(1).times(Fraction.of(expectedPlays, plays)).minus(1);
  }
}
