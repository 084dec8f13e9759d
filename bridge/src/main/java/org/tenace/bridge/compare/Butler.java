package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * Butler scoring: each played score is IMPed (Law 78B) against the board's datum, the mean of the
 * played scores with the extremes left out, rounded to the nearest 10.
 *
 * <p>The rule used here, stated because scorers differ on it:
 * <ul>
 *   <li>From each end, {@link #dropsFromEachEnd(int) drop} one score when there are 3 to 19 played
 *       scores, a tenth of them (rounded down) from 20 up, none with fewer than 3. One from each
 *       end matches Ruter (butler.pbn board 1: +50, -50, -100 give a datum of -50) and the clubs
 *       that describe their Butler as "one highest and one lowest score taken out"; the tenth
 *       follows the "top and bottom 10%" some clubs use for large fields.
 *   <li>The mean is rounded to the nearest multiple of 10, halves away from zero (+25 to +30, -25 to
 *       -30), so that the datum seen from East-West is exactly the negative of North-South's.
 * </ul>
 * Rows with an artificial score take no part in the datum; each side gets its Law 12C2 IMPs
 * (Avg+ +3, Avg 0, Avg- -3). Rows with an assigned score (Law 12C1(c)) take no part in the datum
 * either, which is of scores obtained at the table; each side is IMPed against it on its own
 * weighted list (the weighted sum of its parts' IMPs), and gets 0 when no table played the board.
 */
public final class Butler {

  private Butler() {}

  /** Butler IMPs for every row, with the datum (empty when no table played the board). */
  public static ImpBoard score(Traveller traveller) {
    int[] played = traveller.playedScores();
    return score(traveller,
        played.length == 0 ? OptionalInt.empty() : OptionalInt.of(datum(played)));
  }

  /** Butler IMPs for every row against a datum worked out otherwise (a median, say). */
  public static ImpBoard score(Traveller traveller, int datum) {
    return score(traveller, OptionalInt.of(datum));
  }

  private static ImpBoard score(Traveller traveller, OptionalInt datum) {
    List<RowPoints> out = new ArrayList<>(traveller.rows().size());
    for (Traveller.Row row : traveller.rows()) {
      if (row.result() instanceof TableResult.Played p) {
        Fraction ns = Fraction.of(Imps.of(p.ns() - datum.getAsInt()));
        out.add(new RowPoints(row, ns, ns.negate()));
      } else if (row.result() instanceof TableResult.Assigned a) {
        Fraction ns = Fraction.ZERO;
        Fraction ew = Fraction.ZERO;
        if (datum.isPresent()) {
          List<TableResult.Share> at = List.of(new TableResult.Share(100, datum.getAsInt()));
          ns = Weighing.imps(a.ns(), at);
          ew = Weighing.imps(at, a.ew());
        }
        out.add(new RowPoints(row, ns, ew));
      } else {
        TableResult.Adjusted a = (TableResult.Adjusted) row.result();
        out.add(new RowPoints(row, Fraction.of(a.ns().imps()), Fraction.of(a.ew().imps())));
      }
    }
    return new ImpBoard(out, datum);
  }

  /** The datum of these North-South scores by the rule above. */
  public static int datum(int... scores) {
    return datum(scores, dropsFromEachEnd(scores.length));
  }

  /**
   * The mean of {@code scores} without the {@code drop} highest and {@code drop} lowest, rounded
   * to the nearest 10, halves away from zero.
   */
  public static int datum(int[] scores, int drop) {
    if (drop < 0 || scores.length - 2 * drop < 1) {
      throw new IllegalArgumentException("cannot drop " + drop + " scores from each end of "
          + scores.length + ": at least one must remain");
    }
    int[] sorted = scores.clone();
    Arrays.sort(sorted);
    long sum = 0;
    for (int i = drop; i < sorted.length - drop; i++) {
      sum += sorted[i];
    }
    int kept = sorted.length - 2 * drop;
    return Fraction.of(sum, 10L * kept).round(0).intValueExact() * 10;
  }

  /** How many scores leave the datum from each end: 0 below 3, 1 up to 19, then a tenth. */
  public static int dropsFromEachEnd(int count) {
    return count < 3 ? 0 : Math.max(1, count / 10);
  }
}
