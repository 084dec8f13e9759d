package org.tenace.movement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The Howell movement for 2 to 8 tables: 2N pairs, and in a complete Howell 2N-1 rounds in which
 * every pair meets every other pair once and plays every board set once.
 *
 * <p>The rounds come from the circle method over the residues modulo m = 2N-1, pair x+1 for
 * residue x: pair 2N stays North-South at table 1 and meets pair r+1 in round r+1 (r from 0);
 * pairs r+k and r-k meet at table k+1 (k = 1 to N-1), r+k North-South. Each pair other than 2N
 * thus sits North-South in N-1 rounds and East-West in N, as evenly as the stationary pair allows.
 *
 * <p>Table k+1 plays set r + c(k) in round r (modulo m), for offsets c chosen once so that each
 * pair plays each set exactly once: the sets {c(0)} and {c(k) - k, c(k) + k} must cover every
 * residue (a starter in design-theory terms). When the offsets are also distinct every table
 * plays its own set each round (a strong starter), as for 4, 6, 7 and 8 tables. None exists for
 * 2, 3 and 5 tables, so tables share a set (relay it, or play duplicated copies): with 2 tables
 * both play the round's set, as the usual 2-table Howell does; with 3 all three must; with 5,
 * two of them.
 *
 * <p>With fewer rounds than 2N-1 (a three-quarter Howell) the first rounds of the complete one are
 * played; the sets those rounds use are numbered in the order they are first played, and some
 * are played more often than others, which the designed plays say.
 */
public final class Howell {

  private Howell() {}

  /**
   * A Howell of {@code tables} tables.
   *
   * @param rounds the rounds to play, or 0 for the complete Howell's 2N-1
   * @throws IllegalArgumentException when no such Howell exists, saying why
   */
  public static Movement of(int tables, int rounds, int boardsPerRound) {
    if (tables < 2 || tables > 8) {
      throw new IllegalArgumentException("a Howell is for 2 to 8 tables, not " + tables);
    }
    if (boardsPerRound < 1) {
      throw new IllegalArgumentException("a round has at least one board, not " + boardsPerRound);
    }
    int m = 2 * tables - 1;
    int played = rounds == 0 ? m : rounds;
    if (played < 1 || played > m) {
      throw new IllegalArgumentException(
          "a Howell of " + tables + " tables plays 1 to " + m + " rounds, not " + played);
    }
    int[] offset = offsets(tables);
    // Sets numbered in the order of first play: a three-quarter Howell's boards run from 1.
    Map<Integer, Integer> setNumber = new LinkedHashMap<>();
    List<Movement.Round> schedule = new ArrayList<>();
    for (int r = 0; r < played; r++) {
      List<Movement.Table> sittings = new ArrayList<>();
      for (int k = 0; k < tables; k++) {
        int ns = k == 0 ? 2 * tables : Math.floorMod(r + k, m) + 1;
        int ew = Math.floorMod(r - k, m) + 1;
        int set = setNumber.computeIfAbsent(Math.floorMod(r + offset[k], m),
            s -> setNumber.size() + 1);
        sittings.add(new Movement.Table(k + 1, ns, ew,
            Movement.run((set - 1) * boardsPerRound + 1, boardsPerRound)));
      }
      schedule.add(new Movement.Round(r + 1, sittings, List.of()));
    }
    // By design, residue s is played at table k+1 in round s - c(k): in the first rounds or not.
    SortedMap<Integer, Integer> designed = new TreeMap<>();
    setNumber.forEach((residue, set) -> {
      int plays = 0;
      for (int c : offset) {
        plays += Math.floorMod(residue - c, m) < played ? 1 : 0;
      }
      for (int b = 1; b <= boardsPerRound; b++) {
        designed.put((set - 1) * boardsPerRound + b, plays);
      }
    });
    String kind = played == m ? "Howell" : "Howell (" + played + " of " + m + " rounds)";
    return new Movement(kind + ", " + tables + " tables", tables, 2 * tables, boardsPerRound,
        Movement.Comparison.FIELD, designed, schedule);
  }

  /**
   * The offsets c(0) = 0, c(1), ..., c(N-1) of the tables' sets: the first in lexicographic order
   * whose sets c(k) ± k cover every residue once, with as few repeated offsets (shared sets) as
   * can be.
   */
  static int[] offsets(int tables) {
    int m = 2 * tables - 1;
    for (int shared = 0; shared < tables; shared++) {
      int[] c = new int[tables];
      boolean[] covered = new boolean[m];
      covered[0] = true;
      if (search(c, 1, covered, shared)) {
        return c;
      }
    }
    throw new IllegalStateException("no Howell offsets for " + tables + " tables");
  }

  private static boolean search(int[] c, int k, boolean[] covered, int shared) {
    int m = covered.length;
    if (k == c.length) {
      return true;
    }
    for (int v = 0; v < m; v++) {
      int low = Math.floorMod(v - k, m);
      int high = Math.floorMod(v + k, m);
      int repeats = 0;
      for (int j = 0; j < k; j++) {
        if (c[j] == v) {
          repeats = 1;
        }
      }
      if (covered[low] || covered[high] || sharedCount(c, k) + repeats > shared) {
        continue;
      }
      covered[low] = true;
      covered[high] = true;
      c[k] = v;
      if (search(c, k + 1, covered, shared)) {
        return true;
      }
      covered[low] = false;
      covered[high] = false;
    }
    return false;
  }

  /** How many of c(0) to c(k-1) repeat an earlier offset. */
  private static int sharedCount(int[] c, int k) {
    int count = 0;
    for (int i = 1; i < k; i++) {
      for (int j = 0; j < i; j++) {
        if (c[j] == c[i]) {
          count++;
          break;
        }
      }
    }
    return count;
  }
}
