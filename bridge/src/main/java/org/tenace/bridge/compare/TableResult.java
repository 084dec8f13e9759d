package org.tenace.bridge.compare;

import java.util.List;
import org.tenace.bridge.check.Require;

/**
 * What one table's row of a traveller carries: the score North-South obtained, an artificial
 * adjusted score for each side when the board could not be played (Law 12C2), or a score the
 * director assigned in place of the one obtained (Law 12C1(c)).
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
      Require.nonNull("ns ew", ns, ew);
    }
  }

  /**
   * One part of an assigned score: {@code percent} of the weight on the North-South score
   * {@code ns}. A plain assigned result ({@code 4S= by N}) is one share of 100%.
   */
  record Share(int percent, int ns) {
    public Share {
      if (percent < 1 || percent > 100) {
        throw new IllegalArgumentException("a share of a weighted score is 1 to 100%, not "
            + percent + "%");
      }
      if (ns % 10 != 0) {
        throw new IllegalArgumentException("bridge scores are multiples of 10, not " + ns);
      }
    }
  }

  /**
   * A score the director assigned (Law 12C1(c)), to each side a weighted list of North-South
   * scores whose percentages add up to 100. The two sides get the same list unless the score is
   * split (the two sides' adjustments need not balance): then each side is scored on its own
   * list, and the row's two sides need not add up to the top. Other tables' North-South pairs are
   * compared with the North-South list, their East-West pairs with the East-West list.
   */
  record Assigned(List<Share> ns, List<Share> ew) implements TableResult {
    public Assigned {
      ns = checked(ns, "North-South");
      ew = checked(ew, "East-West");
    }

    private static List<Share> checked(List<Share> shares, String side) {
      List<Share> copy = List.copyOf(shares);
      int total = copy.stream().mapToInt(Share::percent).sum();
      if (copy.isEmpty() || total != 100) {
        throw new IllegalArgumentException("the weights of " + side
            + "'s assigned score add up to " + total + "%, not 100%");
      }
      return copy;
    }
  }

  static TableResult played(int ns) {
    return new Played(ns);
  }

  static TableResult adjusted(Artificial ns, Artificial ew) {
    return new Adjusted(ns, ew);
  }

  /** A plain assigned result, North-South's score {@code ns}, the same for both sides. */
  static TableResult assigned(int ns) {
    return weighted(List.of(new Share(100, ns)));
  }

  /** A weighted score, the same for both sides (60% of 4S= + 40% of 4S-1). */
  static TableResult weighted(List<Share> shares) {
    return new Assigned(shares, shares);
  }

  /** A split score: each side its own weighted list. */
  static TableResult split(List<Share> ns, List<Share> ew) {
    return new Assigned(ns, ew);
  }

  /**
   * The North-South scores this result is compared with for the North-South side, weighted: one
   * share of 100% for a played board; empty for an artificial score, which is not compared.
   */
  default List<Share> nsShares() {
    if (this instanceof Played p) {
      return List.of(new Share(100, p.ns()));
    }
    return this instanceof Assigned a ? a.ns() : List.of();
  }

  /** Likewise for the East-West side. */
  default List<Share> ewShares() {
    if (this instanceof Played p) {
      return List.of(new Share(100, p.ns()));
    }
    return this instanceof Assigned a ? a.ew() : List.of();
  }

  /** Whether the result is compared with the others (played or assigned, not artificial). */
  default boolean isCompared() {
    return !(this instanceof Adjusted);
  }
}
