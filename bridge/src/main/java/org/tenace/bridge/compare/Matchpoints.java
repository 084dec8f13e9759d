package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * Matchpoints (Law 78A): each played score earns 2 units for every played score it beats and 1
 * for every one it ties, so the top on a board played n times is 2(n-1) (PBN's "MP1"). The ACBL
 * form halves every figure: 1 per score beaten, ½ per tie, top n-1.
 *
 * <p>Rows with an artificial score are not compared: they get their percentage (60/50/40) of the
 * top. A row with an assigned score (Law 12C1(c)) is compared like a played one, each of its sides
 * on its own list: a weighted score earns the weighted sum of what each part would earn, and the
 * other tables' North-South pairs are compared with its North-South list, their East-West pairs
 * with its East-West list, so with a split score in the field a row's two sides need not add up
 * to the top. When fewer tables played the board than {@code expectedPlays} (the rows of the board,
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
    List<Traveller.Row> all = traveller.rows();
    int n = traveller.compared();
    long top = 2L * Math.max(expectedPlays - 1, 0);
    List<RowPoints> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      TableResult mine = all.get(i).result();
      Fraction ns;
      Fraction ew;
      if (mine instanceof TableResult.Adjusted a) {
        ns = Fraction.of(top * a.ns().percent(), 100);
        ew = Fraction.of(top * a.ew().percent(), 100);
      } else {
        Fraction rawNs = Fraction.ZERO;
        Fraction rawEw = Fraction.ZERO;
        for (int j = 0; j < rows; j++) {
          TableResult other = all.get(j).result();
          if (j != i && other.isCompared()) {
            rawNs = rawNs.plus(Weighing.matchpoints(mine.nsShares(), other.nsShares()));
            rawEw = rawEw.plus(Weighing.matchpoints(other.ewShares(), mine.ewShares()));
          }
        }
        ns = neuberg(rawNs, n, expectedPlays);
        ew = neuberg(rawEw, n, expectedPlays);
      }
      out.add(units == Units.ACBL
          ? new RowPoints(all.get(i), ns.dividedBy(2), ew.dividedBy(2))
          : new RowPoints(all.get(i), ns, ew));
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
