package org.tenace.bridge.compare;

/**
 * An artificial adjusted score (Law 12C2), awarded to one side when no result could be obtained:
 * average-plus 60% or +3 IMPs, average 50% or 0, average-minus 40% or -3 IMPs. Each side gets its
 * own, so the two need not balance.
 */
public enum Artificial {
  AVERAGE_PLUS("A+", 60, 3),
  AVERAGE("A", 50, 0),
  AVERAGE_MINUS("A-", 40, -3);

  private final String symbol;
  private final int percent;
  private final int imps;

  Artificial(String symbol, int percent, int imps) {
    this.symbol = symbol;
    this.percent = percent;
    this.imps = imps;
  }

  /** Percentage of the top at matchpoints. */
  public int percent() {
    return percent;
  }

  /** IMPs at IMP scoring (one board of a team match, or a Butler board). */
  public int imps() {
    return imps;
  }

  /** {@code A+}, {@code A}, {@code A-}, as Ruter's ScoreTable writes them. */
  public String symbol() {
    return symbol;
  }

  /** Accepts {@code A+}, {@code A}, {@code A=}, {@code A-} (Ruter, BBO), and the enum names. */
  public static Artificial parse(String text) {
    String t = text.strip().toUpperCase();
    switch (t) {
      case "A+": case "AVG+": case "AVERAGE_PLUS": return AVERAGE_PLUS;
      case "A": case "A=": case "AVG": case "AVERAGE": return AVERAGE;
      case "A-": case "AVG-": case "AVERAGE_MINUS": return AVERAGE_MINUS;
      default: throw new IllegalArgumentException(
          "not an artificial score: '" + text + "' (A+, A or A-)");
    }
  }

  @Override
  public String toString() {
    return symbol;
  }
}
