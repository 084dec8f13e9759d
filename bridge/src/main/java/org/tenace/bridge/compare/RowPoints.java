package org.tenace.bridge.compare;

import java.util.Objects;

/** The points one traveller row earned: matchpoints or IMPs, to each side, exact. */
public record RowPoints(Traveller.Row row, Fraction ns, Fraction ew) {
  public RowPoints {
    Objects.requireNonNull(row, "row");
    Objects.requireNonNull(ns, "ns");
    Objects.requireNonNull(ew, "ew");
  }
}
