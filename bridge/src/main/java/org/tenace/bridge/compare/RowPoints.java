package org.tenace.bridge.compare;

import org.tenace.bridge.check.Require;

/** The points one traveller row earned: matchpoints or IMPs, to each side, exact. */
public record RowPoints(Traveller.Row row, Fraction ns, Fraction ew) {
  public RowPoints {
    Require.nonNull("row ns ew", row, ns, ew);
  }
}
