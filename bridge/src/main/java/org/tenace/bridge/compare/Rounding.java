package org.tenace.bridge.compare;

import java.math.BigDecimal;

/**
 * Rounding for display, in the forms results files use; always from the exact value, halves away
 * from zero. Ruter prints matchpoints to one decimal (33.875 as 33.9, 28.25 as 28.3) and board
 * percentages as whole numbers, each from the exact Neuberg value (sm1.pbn, all 1,188 rows).
 */
public final class Rounding {

  private Rounding() {}

  /** Matchpoints as Ruter prints them: one decimal. */
  public static BigDecimal matchpoints(Fraction mp) {
    return mp.round(1);
  }

  /** A board percentage as Ruter prints it: a whole number. */
  public static BigDecimal percentage(Fraction percent) {
    return percent.round(0);
  }

  /** A session percentage or a BBO board percentage: two decimals. */
  public static BigDecimal percentageTwoDecimals(Fraction percent) {
    return percent.round(2);
  }
}
