package org.tenace.bridge.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The WBF 20-point continuous Victory Point scale (2013) for a team match of a given number of
 * boards. Source: "The New WBF IMP to VP Scales", Technical Report of the WBF Scoring Panel
 * (Bavin, Bethe, Bramley, Buchen, 2013).
 *
 * <p>For an IMP margin I in a match of N boards, with the blitz margin X = 15 √N and τ = (√5 -
 * 1) / 2, the winner scores V = 10 + 10 (1 - τ^(3I/X)) / (1 - τ³), capped at 20, rounded to two
 * decimals; the loser scores 20 - V. The rounded scale is then made concave as the report asks
 * (no IMP worth more than the one before): wherever the rounded gain of one IMP exceeds the gain
 * of the previous one, the lower VP is raised by 0.01, until none does.
 */
public final class VictoryPoints {
  private static final BigDecimal TWENTY = BigDecimal.valueOf(20).setScale(2);
  private static final double TAU_CUBED = Math.pow((Math.sqrt(5) - 1) / 2, 3);

  private VictoryPoints() {}

  /** The VPs of the team whose IMP margin is {@code margin} (negative when it lost). */
  public static BigDecimal wbf(int margin, int boards) {
    List<BigDecimal> scale = wbfScale(boards);
    int won = Math.abs(margin);
    BigDecimal vp = won < scale.size() ? scale.get(won) : TWENTY;
    return margin < 0 ? TWENTY.subtract(vp) : vp;
  }

  /** The blitz margin 15 √N: from this many IMPs the winner scores 20. */
  public static double blitz(int boards) {
    if (boards < 1) {
      throw new IllegalArgumentException("a match has at least one board, not " + boards);
    }
    return 15 * Math.sqrt(boards);
  }

  /** The winner's VPs for margins 0, 1, ... up to the first margin that scores 20. */
  public static List<BigDecimal> wbfScale(int boards) {
    double blitz = blitz(boards);
    int last = (int) Math.ceil(blitz);
    List<BigDecimal> vp = new ArrayList<>(last + 1);
    for (int imps = 0; imps <= last; imps++) {
      double v = 10 + 10 * (1 - Math.pow(TAU_CUBED, imps / blitz)) / (1 - TAU_CUBED);
      vp.add(BigDecimal.valueOf(Math.min(20, v)).setScale(2, RoundingMode.HALF_UP));
    }
    makeConcave(vp);
    return List.copyOf(vp);
  }

  /** Raises by 0.01 the VP before the first IMP that gains more than its predecessor, until none. */
  private static void makeConcave(List<BigDecimal> vp) {
    BigDecimal cent = new BigDecimal("0.01");
    for (int i = 2; i < vp.size(); ) {
      BigDecimal gain = vp.get(i).subtract(vp.get(i - 1));
      BigDecimal previous = vp.get(i - 1).subtract(vp.get(i - 2));
      if (gain.compareTo(previous) > 0) {
        vp.set(i - 1, vp.get(i - 1).add(cent));
        i = 2; // a raise can break concavity further back
      } else {
        i++;
      }
    }
  }
}
