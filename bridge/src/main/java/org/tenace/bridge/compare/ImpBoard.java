package org.tenace.bridge.compare;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A board scored at IMPs: each row's IMPs (NS and EW), and, when Butler-scored, the datum as a
 * North-South score.
 */
public record ImpBoard(List<RowPoints> rows, OptionalInt datum) {

  public ImpBoard {
    rows = List.copyOf(rows);
    Objects.requireNonNull(datum, "datum");
  }
}
