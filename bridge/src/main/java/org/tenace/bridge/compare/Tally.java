package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.bridge.check.Require;

/**
 * What a pair (or a player) has scored so far in a session: the boards it scored on, its total,
 * and the sum of those boards' tops (at matchpoints; zero at IMPs), of which its percentage is
 * the share. Every ranking sums its pairs in these.
 */
public record Tally(int boards, Fraction total, Fraction tops) {
  /** Nothing scored yet. */
  public static final Tally NONE = new Tally(0, Fraction.ZERO, Fraction.ZERO);

  public Tally {
    if (boards < 0) {
      throw new IllegalArgumentException("boards: 0 or more, not " + boards);
    }
    Require.nonNull("total tops", total, tops);
  }

  /** One board more, on which it scored {@code points} of {@code top} (zero at IMPs). */
  public Tally plus(Fraction points, Fraction top) {
    return new Tally(boards + 1, total.plus(points), tops.plus(top));
  }

  /** {@code points} off the total (a penalty), on no board of its own. */
  public Tally minus(Fraction points) {
    return new Tally(boards, total.minus(points), tops);
  }

  /** The total as a percentage of the tops; 50 before any board had a top. */
  public Fraction percentage() {
    return tops.signum() == 0 ? Fraction.of(50)
        : total.times(Fraction.HUNDRED).dividedBy(tops);
  }

  /** {@code who}'s line, not yet placed; with its percentage at matchpoints. */
  public Standing standing(String who, boolean matchpoints) {
    return new Standing(1, 1, who, boards, total,
        matchpoints ? Optional.of(percentage()) : Optional.empty());
  }

  /** The lines of every pair of {@code tallies}, in its order, not yet placed. */
  public static List<Standing> standings(Map<String, Tally> tallies, boolean matchpoints) {
    List<Standing> out = new ArrayList<>(tallies.size());
    tallies.forEach((who, t) -> out.add(t.standing(who, matchpoints)));
    return out;
  }
}
