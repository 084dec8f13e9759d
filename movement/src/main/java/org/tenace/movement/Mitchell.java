package org.tenace.movement;

import java.util.ArrayList;
import java.util.List;

/**
 * The Mitchell movement, for 3 tables and more: North-South pairs 1 to N stay at tables 1 to N;
 * East-West pairs N+1 to 2N start at tables 1 to N (pair N+t at table t) and move up one table
 * each round (N to 1); board sets 1 to N start at tables 1 to N and move down one table (1 to N).
 *
 * <p>With an odd number of tables that is all: in N rounds every East-West pair meets every
 * North-South pair and plays every set once. With an even number, moving both ways would bring a
 * pair back to boards it has played after N/2 rounds, so either
 *
 * <ul>
 *   <li>{@link EvenTables#SKIP}: the East-West pairs skip a table (move up two) after half the
 *       rounds. By default N-1 rounds are played; an N-th would bring each East-West pair back to
 *       the North-South pair it started against (the "revenge round"), and each never meets the
 *       pair it skipped; or
 *   <li>{@link EvenTables#RELAY}: a relay and a bye stand. Tables 1 and N share (relay) one board
 *       set and a bye stand between tables N/2 and N/2+1 holds another (set N in round 1, when
 *       each other table t has set t); the sets travel N, N-1, ..., N/2+1, bye stand, N/2, ...,
 *       2, then the relay. All N rounds are played: every pair meets every pair of the other
 *       line, and every set is played N times.
 * </ul>
 *
 * <p>An arrow switch makes the event one field with one winner: in the last quarter of the
 * rounds (at least the last one) every table's pairs change direction, so that each pair's
 * results are compared with pairs of both lines.
 */
public final class Mitchell {

  /** What to do with an even number of tables. */
  public enum EvenTables { SKIP, RELAY }

  private Mitchell() {}

  /**
   * A Mitchell of {@code tables} tables.
   *
   * @param rounds the rounds to play, or 0 for the movement's own (N; N-1 for a skip)
   * @throws IllegalArgumentException when no such Mitchell exists, saying why
   */
  public static Movement of(int tables, int rounds, int boardsPerRound, EvenTables even,
      boolean arrowSwitch) {
    if (tables < 3) {
      throw new IllegalArgumentException(
          "a Mitchell needs at least 3 tables, not " + tables + " (use a Howell)");
    }
    if (boardsPerRound < 1) {
      throw new IllegalArgumentException("a round has at least one board, not " + boardsPerRound);
    }
    boolean odd = tables % 2 == 1;
    boolean relay = !odd && even == EvenTables.RELAY;
    int full = odd || relay ? tables : tables - 1;
    int played = rounds == 0 ? full : rounds;
    if (relay && played != tables) {
      throw new IllegalArgumentException("a relay and bye stand Mitchell plays all " + tables
          + " rounds, not " + played + " (use the skip to play fewer)");
    }
    if (played < 1 || played > tables) {
      throw new IllegalArgumentException(
          "a Mitchell of " + tables + " tables plays 1 to " + tables + " rounds, not " + played);
    }
    int switched = arrowSwitch ? Math.max(1, played / 4) : 0;
    List<Movement.Round> schedule = new ArrayList<>();
    for (int r = 1; r <= played; r++) {
      List<Movement.Table> sittings = new ArrayList<>();
      for (int t = 1; t <= tables; t++) {
        int set = relay ? relaySet(tables, t, r) : wrap(t + r - 1, tables);
        int start = wrap(t - eastWestMoves(tables, r, odd || relay), tables);
        Movement.Table table = new Movement.Table(t, t, tables + start,
            Movement.run((set - 1) * boardsPerRound + 1, boardsPerRound));
        sittings.add(r > played - switched ? table.switched() : table);
      }
      schedule.add(new Movement.Round(r, sittings, List.of()));
    }
    // A skip's every round, and a curtailed odd Mitchell's, plays every set once; a relay's
    // sets each meet the relay (two plays) and the bye stand (none) once in N rounds.
    int plays = relay ? tables : played;
    String kind = odd ? "" : relay ? " with a relay and bye stand" : " with a skip";
    return new Movement("Mitchell, " + tables + " tables" + kind + (arrowSwitch
        ? ", arrow-switched" : ""), tables, 2 * tables, boardsPerRound,
        Movement.Comparison.FIELD, Movement.uniform(tables * boardsPerRound, plays), schedule);
  }

  /** How many tables the East-West pairs have moved up before round r: one more after a skip. */
  private static int eastWestMoves(int tables, int round, boolean noSkip) {
    return noSkip || round <= tables / 2 ? round - 1 : round;
  }

  /**
   * The set at table t in round r of a relay Mitchell. The sets' path is a cycle of N places:
   * place 0 is the relay (tables 1 and N), places 1 to N/2-1 are tables N-1 down to N/2+1, place
   * N/2 the bye stand, places N/2+1 to N-1 tables N/2 down to 2. In round 1 each table t below N
   * has set t and the bye stand set N; each round every set moves on one place.
   */
  private static int relaySet(int tables, int table, int round) {
    int place = table == 1 || table == tables ? 0
        : table > tables / 2 ? tables - table : tables + 1 - table;
    int start = Math.floorMod(place - (round - 1), tables);
    int half = tables / 2;
    return start == 0 ? 1 : start < half ? tables - start : start == half ? tables
        : tables + 1 - start;
  }

  /** n brought into 1..size. */
  private static int wrap(int n, int size) {
    return Math.floorMod(n - 1, size) + 1;
  }
}
