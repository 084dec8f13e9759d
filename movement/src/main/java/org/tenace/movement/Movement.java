package org.tenace.movement;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * A movement: for each round, which pair sits North-South and which East-West at each table, the
 * boards they play, and the pairs on a bye.
 *
 * <p>Pairs are numbered 1 to {@code pairs} across the whole field, whatever their direction (a
 * Mitchell's North-South pairs are 1 to N and its East-West pairs N+1 to 2N); a table entry names
 * the pair actually sitting North-South, so an arrow-switched round shows the East-West line's
 * pair in the North-South column. Boards are numbered 1 to {@code boards()}.
 *
 * @param name what a director calls it, e.g. "Mitchell, 7 tables"
 * @param tables the number of tables
 * @param pairs the number of pairs (in a teams movement team t is pairs 2t-1 and 2t)
 * @param boardsPerRound the boards each table plays in a round
 * @param comparison which plays of a board are compared with each other
 * @param designedPlays how many times the design plays each board, by board number
 * @param rounds the rounds, in order, numbered from 1
 */
public record Movement(String name, int tables, int pairs, int boardsPerRound,
    Comparison comparison, SortedMap<Integer, Integer> designedPlays, List<Round> rounds) {

  /** Which plays of a board are compared: the scoring the movement is made for. */
  public enum Comparison {
    /** Pairs: each result with every other result on the board (matchpoints, cross-IMPs). */
    FIELD,
    /**
     * Teams: each result with the other room of its match only; tables 2m-1 and 2m of a round
     * are match m's two rooms.
     */
    MATCH
  }

  /** One round: every table's sitting and the pairs that sit out. */
  public record Round(int number, List<Table> tables, List<Integer> byes) {
    public Round {
      tables = List.copyOf(tables);
      byes = List.copyOf(byes);
    }
  }

  /** One table in one round: who sits North-South and East-West, and the boards they play. */
  public record Table(int number, int ns, int ew, List<Integer> boards) {
    public Table {
      boards = List.copyOf(boards);
    }

    /** The same table with North-South and East-West exchanged (an arrow switch). */
    Table switched() {
      return new Table(number, ew, ns, boards);
    }
  }

  public Movement {
    designedPlays = Collections.unmodifiableSortedMap(new TreeMap<>(designedPlays));
    rounds = List.copyOf(rounds);
  }

  /** The number of boards in play, numbered 1 to this. */
  public int boards() {
    return designedPlays.size();
  }

  /** Every board played the same number of times: {@code plays} each for boards 1 to n. */
  static SortedMap<Integer, Integer> uniform(int boards, int plays) {
    SortedMap<Integer, Integer> designed = new TreeMap<>();
    for (int b = 1; b <= boards; b++) {
      designed.put(b, plays);
    }
    return designed;
  }

  /** Boards {@code first} to {@code first + count - 1}. */
  static List<Integer> run(int first, int count) {
    return IntStream.range(first, first + count).boxed().toList();
  }
}
