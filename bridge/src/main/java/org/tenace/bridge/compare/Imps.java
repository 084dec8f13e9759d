package org.tenace.bridge.compare;

/** The IMP scale of Law 78B: a difference in points to International Match Points. */
public final class Imps {
  /** The largest difference, in points, of each IMP value 0..23; 4000 and more is 24. */
  private static final int[] UPPER = {
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
  };

  private Imps() {}

  /**
   * The IMPs for a difference in points, with its sign: {@code of(430) == 10}, {@code of(-430) ==
   * -10}. Differences are multiples of 10 in practice; any other value falls in the band whose
   * upper bound it does not exceed.
   */
  public static int of(int difference) {
    int d = Math.abs(difference);
    int imps = 0;
    while (imps < UPPER.length && d > UPPER[imps]) {
      imps++;
    }
    return difference < 0 ? -imps : imps;
  }

  /** The largest difference that still scores {@code imps} (0..23); 24 has no upper bound. */
  public static int upperBound(int imps) {
    if (imps < 0 || imps >= UPPER.length) {
      throw new IllegalArgumentException("the bands with an upper bound are 0..23 IMPs, not " + imps);
    }
    return UPPER[imps];
  }
}
