package org.tenace.scoring.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Cross-IMPs (IMPs across the field): each played score is IMPed (Law 78B) against every other
 * played score of the board. {@link Form#SUM} adds the comparisons up (Ruter's IMP_NS column);
 * {@link Form#AVERAGE} divides the sum by the number of comparisons (BBO's IMP pairs).
 *
 * <p>Rows with an artificial score are not compared and do not count as comparisons for the
 * played rows. Each of their sides scores a fixed number of IMPs per comparison (Avg+ that many,
 * Avg- its negative, Avg 0) for each of the n played results: n times it for the sum, the value
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
    int[] played = traveller.playedScores();
    int n = played.length;
    List<RowPoints> out = new ArrayList<>(traveller.rows().size());
    for (Traveller.Row row : traveller.rows()) {
      if (row.result() instanceof TableResult.Played p) {
        long sum = 0;
        for (int other : played) {
          sum += Imps.of(p.ns() - other); // itself: 0 IMPs
        }
        Fraction ns = form == Form.SUM || n < 2 ? Fraction.of(sum) : Fraction.of(sum, n - 1);
        out.add(new RowPoints(row, ns, ns.negate()));
      } else {
        TableResult.Adjusted a = (TableResult.Adjusted) row.result();
        out.add(new RowPoints(row, artificial(a.ns(), form, n, averagePlusPerComparison),
            artificial(a.ew(), form, n, averagePlusPerComparison)));
      }
    }
    return new ImpBoard(out, OptionalInt.empty());
  }

  private static Fraction artificial(Artificial score, Form form, int plays, Fraction plus) {
    Fraction each = plus.times(Integer.signum(score.imps()));
    return form == Form.SUM ? each.times(plays) : each;
  }
}
