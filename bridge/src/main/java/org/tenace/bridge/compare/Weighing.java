package org.tenace.bridge.compare;

import java.util.List;
import java.util.function.IntBinaryOperator;

/**
 * One result set against another when either may be a weighted score: every pair of shares
 * counts with the product of their weights (EBU and ACBL practice: a weighted score earns the
 * weighted sum of what each of its parts would earn).
 */
final class Weighing {
  private Weighing() {}

  /**
   * Matchpoints (2 a win, 1 a tie) of North-South score {@code mine} against {@code theirs}:
   * higher wins. East-West's are {@code matchpoints(theirs, mine)}.
   */
  static Fraction matchpoints(List<TableResult.Share> mine, List<TableResult.Share> theirs) {
    return weigh(mine, theirs, (a, b) -> Integer.compare(a, b) + 1);
  }

  /** IMPs of North-South score {@code mine} against {@code theirs}. */
  static Fraction imps(List<TableResult.Share> mine, List<TableResult.Share> theirs) {
    return weigh(mine, theirs, (a, b) -> Imps.of(a - b));
  }

  private static Fraction weigh(List<TableResult.Share> mine, List<TableResult.Share> theirs,
      IntBinaryOperator points) {
    long sum = 0;
    for (TableResult.Share a : mine) {
      for (TableResult.Share b : theirs) {
        sum += (long) a.percent() * b.percent() * points.applyAsInt(a.ns(), b.ns());
      }
    }
    return Fraction.of(sum, 10_000);
  }
}
