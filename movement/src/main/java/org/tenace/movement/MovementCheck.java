package org.tenace.movement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Checks the rounds of a movement still to be played, after some have been, and explains every
 * defect in words: which round, which table, which pair, which board. Where {@link
 * MovementValidator} refuses a movement at its first fault, this lists them all, for a director
 * looking at a repaired movement before the next round starts.
 *
 * <p>A round already played is history: the pairs that met there and the boards each pair played
 * (at a table where neither pair was absent) count against the rounds to come. A round to come
 * must seat every pair that is there once (or give it a bye), seat none that is absent, number
 * its tables among the movement's, give each table as many different boards as a round has, and
 * then, beyond what makes a round playable at all, it should have no pair meet a pair it has met
 * before and no pair play a board it has played before.
 */
public final class MovementCheck {

  private MovementCheck() {}

  /** What is wrong with a round. */
  public enum Kind {
    /** The round cannot be played as written: a seat, a table or a board is wrong. */
    SEATING,
    /** Two pairs meet again. */
    MEETS_AGAIN,
    /** A pair plays a board again. */
    BOARD_AGAIN
  }

  /** One defect of a round to come, in words. */
  public record Defect(int round, Kind kind, String words) {
    @Override
    public String toString() {
      return words;
    }
  }

  /**
   * The defects of {@code movement}'s rounds after round {@code played}, with rounds 1 to {@code
   * played} taken as played.
   *
   * @param absent the rounds each pair misses, by pair: at a played round its table was not
   *     played; in a round to come it must not be seated
   */
  public static List<Defect> remaining(Movement movement, int played,
      Map<Integer, ? extends Set<Integer>> absent) {
    if (played < 0 || played > movement.rounds().size()) {
      throw new IllegalArgumentException("rounds played: 0 to " + movement.rounds().size()
          + ", not " + played);
    }
    History history = new History();
    for (Movement.Round round : movement.rounds().subList(0, played)) {
      for (Movement.Table t : round.tables()) {
        if (!away(absent, t.ns(), round.number()) && !away(absent, t.ew(), round.number())) {
          history.add(round.number(), t);
        }
      }
    }
    List<Defect> out = new ArrayList<>();
    int expected = played + 1;
    for (Movement.Round round : movement.rounds().subList(played, movement.rounds().size())) {
      if (round.number() != expected) {
        out.add(new Defect(expected, Kind.SEATING,
            "round " + expected + " is numbered " + round.number()));
      }
      check(movement, round, absent, history, out);
      expected++;
    }
    return out;
  }

  /** The defects of every round of {@code movement}, none played yet and no pair absent. */
  public static List<Defect> all(Movement movement) {
    return remaining(movement, 0, Map.of());
  }

  private static void check(Movement movement, Movement.Round round,
      Map<Integer, ? extends Set<Integer>> absent, History history, List<Defect> out) {
    int r = round.number();
    String inRound = "round " + r;
    Map<Integer, String> seat = new HashMap<>();
    Set<Integer> numbers = new TreeSet<>();
    for (Movement.Table t : round.tables()) {
      String at = inRound + ", table " + t.number();
      if (t.number() < 1 || t.number() > movement.tables()) {
        out.add(new Defect(r, Kind.SEATING,
            at + " is not one of tables 1 to " + movement.tables()));
      }
      if (!numbers.add(t.number())) {
        out.add(new Defect(r, Kind.SEATING, at + " is listed twice"));
      }
      if (t.ns() == t.ew()) {
        out.add(new Defect(r, Kind.SEATING,
            at + ": pair " + t.ns() + " sits both North-South and East-West"));
      }
      for (int pair : new int[] {t.ns(), t.ew()}) {
        take(movement, seat, pair, "table " + t.number(), inRound, out, r);
        if (away(absent, pair, r)) {
          out.add(new Defect(r, Kind.SEATING, at + ": pair " + pair
              + " is seated but is not there in round " + r));
        }
      }
      if (t.boards().size() != movement.boardsPerRound()
          || Set.copyOf(t.boards()).size() != t.boards().size()) {
        out.add(new Defect(r, Kind.SEATING, at + " plays boards " + t.boards() + ", not "
            + movement.boardsPerRound() + " different boards"));
      }
      for (int board : t.boards()) {
        if (!movement.designedPlays().containsKey(board)) {
          out.add(new Defect(r, Kind.SEATING,
              at + ": board " + board + " is not one of boards 1 to " + movement.boards()));
        }
      }
      if (t.ns() != t.ew()) {
        history.met(t.ns(), t.ew()).ifPresent(before -> out.add(new Defect(r,
            Kind.MEETS_AGAIN, at + ": pairs " + t.ns() + " and " + t.ew() + " met in "
            + before + " already")));
        for (int pair : new int[] {t.ns(), t.ew()}) {
          for (int board : t.boards()) {
            history.played(pair, board).ifPresent(before -> out.add(new Defect(r,
                Kind.BOARD_AGAIN, at + ": pair " + pair + " plays board " + board
                + " again (it played it in " + before + ")")));
          }
        }
      }
    }
    for (int pair : round.byes()) {
      take(movement, seat, pair, "the bye", inRound, out, r);
    }
    for (int pair = 1; pair <= movement.pairs(); pair++) {
      if (!seat.containsKey(pair)) {
        out.add(new Defect(r, Kind.SEATING,
            inRound + ": pair " + pair + " has no seat and is not on a bye"));
      }
    }
    for (Movement.Table t : round.tables()) {
      history.add(r, t);
    }
  }

  private static void take(Movement movement, Map<Integer, String> seat, int pair,
      String place, String inRound, List<Defect> out, int r) {
    if (pair < 1 || pair > movement.pairs()) {
      out.add(new Defect(r, Kind.SEATING,
          inRound + ": pair " + pair + " is not one of pairs 1 to " + movement.pairs()));
      return;
    }
    String before = seat.putIfAbsent(pair, place);
    if (before != null) {
      out.add(new Defect(r, Kind.SEATING,
          inRound + ": pair " + pair + " sits twice (" + before + " and " + place + ")"));
    }
  }

  static boolean away(Map<Integer, ? extends Set<Integer>> absent, int pair, int round) {
    Set<Integer> rounds = absent.get(pair);
    return rounds != null && rounds.contains(round);
  }

  /** Who met whom and who played which board, and where: "round 2, table 3". */
  static final class History {
    private final Map<Integer, Map<Integer, String>> met = new HashMap<>();
    private final Map<Integer, Map<Integer, String>> boards = new HashMap<>();
    private final Map<Integer, Integer> plays = new HashMap<>();
    private final Map<Integer, Integer> rounds = new HashMap<>();

    void add(int round, Movement.Table t) {
      String where = "round " + round + ", table " + t.number();
      met.computeIfAbsent(t.ns(), k -> new HashMap<>()).putIfAbsent(t.ew(), where);
      met.computeIfAbsent(t.ew(), k -> new HashMap<>()).putIfAbsent(t.ns(), where);
      for (int pair : new int[] {t.ns(), t.ew()}) {
        rounds.merge(pair, 1, Integer::sum);
        for (int b : t.boards()) {
          boards.computeIfAbsent(pair, k -> new HashMap<>()).putIfAbsent(b, where);
        }
      }
      for (int b : t.boards()) {
        plays.merge(b, 1, Integer::sum);
      }
    }

    java.util.Optional<String> met(int a, int b) {
      return java.util.Optional.ofNullable(met.getOrDefault(a, Map.of()).get(b));
    }

    java.util.Optional<String> played(int pair, int board) {
      return java.util.Optional.ofNullable(boards.getOrDefault(pair, Map.of()).get(board));
    }

    /** How many times {@code board} has been played. */
    int plays(int board) {
      return plays.getOrDefault(board, 0);
    }

    /** How many rounds {@code pair} has played. */
    int rounds(int pair) {
      return rounds.getOrDefault(pair, 0);
    }

    SortedSet<Integer> opponents(int pair) {
      return Collections.unmodifiableSortedSet(
          new TreeSet<>(met.getOrDefault(pair, Map.of()).keySet()));
    }
  }
}
