package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Cross-IMPs (IMPs across the field): each played score is IMPed (Law 78B) against every other
 * played score of the board. {@link Form#SUM} adds the comparisons up (Ruter's IMP_NS column);
 * {@link Form#AVERAGE} divides the sum by the number of comparisons (BBO's IMP pairs).
 *
 * <p>A row with an assigned score (Law 12C1(c)) is compared like a played one, each side on its
 * own weighted list, as {@link Matchpoints} does: a weighted score earns the weighted sum of the
 * IMPs of its parts. Rows with an artificial score are not compared and do not count as comparisons for the
 * played rows. Each of their sides scores a fixed number of IMPs per comparison (Avg+ that many,
 * Avg- its negative, Avg 0) for each of the n results compared: n times it for the sum, the value
 * itself for the average. How much Avg+ is worth is the organiser's choice: {@link #LAW_12C2}
 * takes Law 12C2's +3 IMPs for every comparison; Ruter awards half that ({@link #RUTER}: an Avg+
 * row of impcross.pbn board 15, against 39 played results, scores 58.5).
 */
public final class CrossImps {
  /** Avg+ worth +3 IMPs a comparison, Law 12C2's figure for a board at IMPs. */
  public static final Fraction LAW_12C2 = Fraction.of(3);
  /** Avg+ worth +1.5 IMPs a comparison, as Ruter scores it. */
  public static final Fraction RUTER = Fraction.of(3, 2);

  /** Sum or average of the comparisons. */
  public enum Form { SUM, AVERAGE }

  private CrossImps() {}

  /** Cross-IMPs with artificial scores worth {@link #LAW_12C2}. */
  public static ImpBoard score(Traveller traveller, Form form) {
    return score(traveller, form, LAW_12C2);
  }

  /**
   * Cross-IMPs, with Avg+ worth {@code averagePlusPerComparison} IMPs a comparison (Avg- the
   * negative, Avg nothing).
   */
  public static ImpBoard score(
      Traveller traveller, Form form, Fraction averagePlusPerComparison) {
    List<Traveller.Row> all = traveller.rows();
    int rows = all.size();
    int n = traveller.compared();
    List<RowPoints> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      Traveller.Row row = all.get(i);
      TableResult mine = row.result();
      if (mine instanceof TableResult.Adjusted a) {
        out.add(new RowPoints(row, artificial(a.ns(), form, n, averagePlusPerComparison),
            artificial(a.ew(), form, n, averagePlusPerComparison)));
        continue;
      }
      Fraction ns = Fraction.ZERO;
      Fraction ew = Fraction.ZERO;
      for (int j = 0; j < rows; j++) {
        TableResult other = all.get(j).result();
        if (j != i && other.isCompared()) {
          ns = ns.plus(Weighing.imps(mine.nsShares(), other.nsShares()));
          ew = ew.plus(Weighing.imps(other.ewShares(), mine.ewShares()));
        }
      }
      if (form == Form.AVERAGE && n >= 2) {
        ns = ns.dividedBy(n - 1);
        ew = ew.dividedBy(n - 1);
      }
      out.add(new RowPoints(row, ns, ew));
    }
    return new ImpBoard(out, OptionalInt.empty());
  }

  private static Fraction artificial(Artificial score, Form form, int plays, Fraction plus) {
    Fraction each = plus.times(Integer.signum(score.imps()));
    return form == Form.SUM ? each.times(plays) : each;
  }
}
