package org.tenace.bridge.compare;

import java.util.List;
import java.util.Objects;

/**
 * A board scored at matchpoints: each row's points (NS and EW) and the top they are out of.
 * Percentages are exact; round them for display with {@link Rounding}.
 */
public record MatchpointBoard(List<RowPoints> rows, Fraction top) {

  public MatchpointBoard {
    rows = List.copyOf(rows);
    Objects.requireNonNull(top, "top");
  }

  /** {@code points} as a percentage of the top; 50 when the top is 0 (a board played once). */
  public Fraction percentage(Fraction points) {
    return top.signum() == 0 ? Fraction.of(50) : points.times(Fraction.HUNDRED).dividedBy(top);
  }

  public Fraction nsPercentage(int row) {
    return percentage(rows.get(row).ns());
  }

  public Fraction ewPercentage(int row) {
    return percentage(rows.get(row).ew());
  }
}
