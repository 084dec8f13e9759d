package org.tenace.scoring.compare;

import java.util.Objects;

/**
 * What one table's row of a traveller carries: the score North-South obtained, or an artificial
 * adjusted score for each side when the board could not be played (Law 12C2).
 */
public sealed interface TableResult {

  /** A board played (or passed out, which is a score of 0): North-South's score, signed. */
  record Played(int ns) implements TableResult {
    public Played {
      if (ns % 10 != 0) {
        throw new IllegalArgumentException("bridge scores are multiples of 10, not " + ns);
      }
    }
  }

  /** An artificial score to each side; they need not balance (Avg+ to both is common). */
  record Adjusted(Artificial ns, Artificial ew) implements TableResult {
    public Adjusted {
      Objects.requireNonNull(ns, "ns");
      Objects.requireNonNull(ew, "ew");
    }
  }

  static TableResult played(int ns) {
    return new Played(ns);
  }

  static TableResult adjusted(Artificial ns, Artificial ew) {
    return new Adjusted(ns, ew);
  }
}
