package org.tenace.movement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks a movement and tells how its comparisons are balanced. A movement is refused, with an
 * {@link IllegalArgumentException} naming the round, table, pair or board, unless:
 *
 * <ul>
 *   <li>its rounds are numbered 1, 2, ...; in each its tables are distinct, among 1 to {@code
 *       tables}, seat two different pairs among 1 to {@code pairs}, and play {@code
 *       boardsPerRound} distinct boards among 1 to {@code boards()};
 *   <li>in each round every pair has exactly one seat or is on a bye (one seat, so all its boards
 *       of the round are against one pair);
 *   <li>no pair plays a board twice;
 *   <li>every board is played as many times as designed;
 *   <li>in a teams movement, the two rooms of each match play the same boards.
 * </ul>
 *
 * <p>A result is compared with the results of the same board in the same direction: a North-South
 * pair's with the other North-South pairs', within the field or, for teams, within its match.
 */
public final class MovementValidator {

  private MovementValidator() {}

  /**
   * How one pair's results are compared.
   *
   * @param boards the boards the pair plays
   * @param comparisons over those boards, the number of other results each is compared with
   * @param rivals the number of different pairs it is compared with at least once
   */
  public record PairBalance(int pair, int boards, int comparisons, int rivals) {}

  /** What a director wants to know of a sound movement: each pair's comparisons. */
  public record Report(List<PairBalance> pairs) {
    public Report {
      pairs = List.copyOf(pairs);
    }

    /** Whether every pair that plays is compared as many times as every other. */
    public boolean balanced() {
      return pairs.stream().filter(p -> p.boards() > 0).map(PairBalance::comparisons).distinct()
          .count() <= 1;
    }
  }

  /** One board played once: where, and by whom. */
  private record Play(int round, int table, int ns, int ew) {
    String where() {
      return "round " + round + ", table " + table;
    }
  }

  /**
   * Checks {@code movement} and reports each pair's comparisons.
   *
   * @throws IllegalArgumentException the first fault found, naming where it is
   */
  public static Report validate(Movement movement) {
    Map<Integer, List<Play>> plays = new TreeMap<>();
    int expected = 1;
    for (Movement.Round round : movement.rounds()) {
      if (round.number() != expected) {
        throw new IllegalArgumentException(
            "round " + expected + " is numbered " + round.number());
      }
      checkRound(movement, round, plays);
      expected++;
    }
    Map<Integer, Map<Integer, Play>> byPair = new HashMap<>();
    plays.forEach((board, list) -> {
      for (Play play : list) {
        for (int pair : new int[] {play.ns(), play.ew()}) {
          Play before = byPair.computeIfAbsent(pair, p -> new HashMap<>()).putIfAbsent(board, play);
          if (before != null) {
            throw new IllegalArgumentException("pair " + pair + " plays board " + board
                + " twice: " + before.where() + " and " + play.where());
          }
        }
      }
    });
    movement.designedPlays().forEach((board, designed) -> {
      int played = plays.getOrDefault(board, List.of()).size();
      if (played != designed) {
        throw new IllegalArgumentException("board " + board + " is played " + played
            + " times, not " + designed + " as designed");
      }
    });
    return balance(movement, plays);
  }

  private static void checkRound(Movement movement, Movement.Round round,
      Map<Integer, List<Play>> plays) {
    String inRound = "round " + round.number();
    Map<Integer, String> seat = new HashMap<>();
    Map<Integer, List<Integer>> boardsAt = new HashMap<>();
    for (Movement.Table table : round.tables()) {
      String at = inRound + ", table " + table.number();
      if (table.number() < 1 || table.number() > movement.tables()) {
        throw new IllegalArgumentException(
            at + " is not one of tables 1 to " + movement.tables());
      }
      if (boardsAt.put(table.number(), table.boards()) != null) {
        throw new IllegalArgumentException(at + " is listed twice");
      }
      if (table.ns() == table.ew()) {
        throw new IllegalArgumentException(
            at + ": pair " + table.ns() + " sits both North-South and East-West");
      }
      for (int pair : new int[] {table.ns(), table.ew()}) {
        take(movement, seat, pair, "table " + table.number(), inRound);
      }
      if (table.boards().size() != movement.boardsPerRound()
          || Set.copyOf(table.boards()).size() != table.boards().size()) {
        throw new IllegalArgumentException(at + " plays boards " + table.boards() + ", not "
            + movement.boardsPerRound() + " different boards");
      }
      for (int board : table.boards()) {
        if (!movement.designedPlays().containsKey(board)) {
          throw new IllegalArgumentException(
              at + ": board " + board + " is not one of boards 1 to " + movement.boards());
        }
        plays.computeIfAbsent(board, b -> new ArrayList<>())
            .add(new Play(round.number(), table.number(), table.ns(), table.ew()));
      }
    }
    for (int pair : round.byes()) {
      take(movement, seat, pair, "the bye", inRound);
    }
    for (int pair = 1; pair <= movement.pairs(); pair++) {
      if (!seat.containsKey(pair)) {
        throw new IllegalArgumentException(
            inRound + ": pair " + pair + " has no seat and is not on a bye");
      }
    }
    if (movement.comparison() == Movement.Comparison.MATCH) {
      for (int open = 1; open <= movement.tables(); open += 2) {
        List<Integer> closed = boardsAt.get(open + 1);
        if (boardsAt.containsKey(open) && !boardsAt.get(open).equals(closed)) {
          throw new IllegalArgumentException(inRound + ": tables " + open + " and " + (open + 1)
              + " (match " + (open + 1) / 2 + ") play different boards");
        }
      }
    }
  }

  /** Gives {@code pair} its one place in the round, or says where it already sits. */
  private static void take(Movement movement, Map<Integer, String> seat, int pair, String place,
      String inRound) {
    if (pair < 1 || pair > movement.pairs()) {
      throw new IllegalArgumentException(
          inRound + ": pair " + pair + " is not one of pairs 1 to " + movement.pairs());
    }
    String before = seat.putIfAbsent(pair, place);
    if (before != null) {
      throw new IllegalArgumentException(
          inRound + ": pair " + pair + " sits twice (" + before + " and " + place + ")");
    }
  }

  private static Report balance(Movement movement, Map<Integer, List<Play>> plays) {
    int[] boards = new int[movement.pairs() + 1];
    int[] comparisons = new int[movement.pairs() + 1];
    List<Set<Integer>> rivals = new ArrayList<>();
    for (int pair = 0; pair <= movement.pairs(); pair++) {
      rivals.add(new TreeSet<>());
    }
    for (List<Play> board : plays.values()) {
      for (Play play : board) {
        boards[play.ns()]++;
        boards[play.ew()]++;
        for (Play other : board) {
          if (other != play && compared(movement, play, other)) {
            comparisons[play.ns()]++;
            comparisons[play.ew()]++;
            rivals.get(play.ns()).add(other.ns());
            rivals.get(play.ew()).add(other.ew());
          }
        }
      }
    }
    List<PairBalance> pairs = new ArrayList<>();
    for (int pair = 1; pair <= movement.pairs(); pair++) {
      pairs.add(new PairBalance(pair, boards[pair], comparisons[pair], rivals.get(pair).size()));
    }
    return new Report(pairs);
  }

  /** Teams compare the two rooms of a match; pairs compare the whole field. */
  private static boolean compared(Movement movement, Play a, Play b) {
    return movement.comparison() == Movement.Comparison.FIELD
        || a.round() == b.round() && (a.table() + 1) / 2 == (b.table() + 1) / 2;
  }
}
