package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Rankings of the pairs over a session, best first. Every pair named in a traveller row is
 * ranked, on the exact totals; pairs with equal totals share a place. In a Mitchell, where
 * North-South and East-West are ranked apart, rank each direction's pairs with {@link #within}.
 */
public final class Ranking {

  private Ranking() {}

  /**
   * At matchpoints: each pair's total, and its percentage of the sum of the tops of the boards it
   * scored on; ranked by percentage, so that pairs who played fewer boards are ranked fairly.
   */
  public static List<Standing> matchpoints(Collection<MatchpointBoard> boards) {
    Map<String, Tally> tallies = new LinkedHashMap<>();
    for (MatchpointBoard board : boards) {
      for (RowPoints r : board.rows()) {
        add(tallies, r.row().nsPair(), r.ns(), board.top());
        add(tallies, r.row().ewPair(), r.ew(), board.top());
      }
    }
    return place(Tally.standings(tallies, true), s -> s.percentage().orElseThrow());
  }

  /** At IMPs (cross-IMPs or Butler): each pair's total IMPs, ranked by total. */
  public static List<Standing> imps(Collection<ImpBoard> boards) {
    Map<String, Tally> tallies = new LinkedHashMap<>();
    for (ImpBoard board : boards) {
      for (RowPoints r : board.rows()) {
        add(tallies, r.row().nsPair(), r.ns(), Fraction.ZERO);
        add(tallies, r.row().ewPair(), r.ew(), Fraction.ZERO);
      }
    }
    return place(Tally.standings(tallies, false), Standing::total);
  }

  /** The standings of {@code pairs} only, placed again among themselves. */
  public static List<Standing> within(List<Standing> standings, Set<String> pairs) {
    List<Standing> kept = standings.stream().filter(s -> pairs.contains(s.pair())).toList();
    boolean matchpoints = kept.stream().anyMatch(s -> s.percentage().isPresent());
    return place(kept, matchpoints ? s -> s.percentage().orElseThrow() : Standing::total);
  }

  private static List<Standing> place(List<Standing> standings, Function<Standing, Fraction> key) {
    List<Standing> sorted = new ArrayList<>(standings);
    sorted.sort(Comparator.comparing(key).reversed()); // stable: ties keep their first order
    List<Standing> out = new ArrayList<>(sorted.size());
    for (int i = 0; i < sorted.size(); ) {
      int j = i;
      Fraction k = key.apply(sorted.get(i));
      while (j < sorted.size() && key.apply(sorted.get(j)).compareTo(k) == 0) {
        j++;
      }
      for (int m = i; m < j; m++) {
        Standing s = sorted.get(m);
        out.add(new Standing(i + 1, j, s.pair(), s.boards(), s.total(), s.percentage()));
      }
      i = j;
    }
    return List.copyOf(out);
  }

  private static void add(Map<String, Tally> tallies, String pair, Fraction points,
      Fraction top) {
    tallies.put(pair, tallies.getOrDefault(pair, Tally.NONE).plus(points, top));
  }
}
