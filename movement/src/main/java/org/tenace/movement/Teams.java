package org.tenace.movement;

import java.util.ArrayList;
import java.util.List;

/**
 * Team movements: a match between two teams, or a round robin in which every team meets every
 * other once. Team t is pairs 2t-1 and 2t; in each match the home team's pair 2t-1 sits
 * North-South in the open room (table 2m-1) and its pair 2t East-West in the closed room (table
 * 2m), the visitors the other way round, so each board's two results of a match are compared
 * (IMPs) between teammates' opponents.
 *
 * <p>A match may be played in several segments, one round each. The round robin's matches come
 * from the circle method (team T, or the bye when T is odd, stays; the others turn; team 1 is at
 * home in the first match), and every match of a round plays the same boards, as duplicated
 * boards allow: round r plays boards (r-1)B+1 to rB at every table.
 */
public final class Teams {

  private Teams() {}

  /**
   * Every team against every other, each match in {@code segments} rounds of {@code
   * boardsPerRound} boards; two teams make a single match.
   *
   * @throws IllegalArgumentException when no such movement exists, saying why
   */
  public static Movement roundRobin(int teams, int segments, int boardsPerRound) {
    if (teams < 2) {
      throw new IllegalArgumentException("a teams movement needs at least 2 teams, not " + teams);
    }
    if (segments < 1) {
      throw new IllegalArgumentException("a match has at least one segment, not " + segments);
    }
    if (boardsPerRound < 1) {
      throw new IllegalArgumentException("a round has at least one board, not " + boardsPerRound);
    }
    int even = teams + teams % 2; // with an odd number, team `even` is the bye
    int m = even - 1;
    int matches = teams / 2;
    List<Movement.Round> schedule = new ArrayList<>();
    for (int r = 0; r < m; r++) {
      List<int[]> pairings = new ArrayList<>();
      pairings.add(new int[] {Math.floorMod(r, m) + 1, even});
      for (int k = 1; k < even / 2; k++) {
        pairings.add(new int[] {Math.floorMod(r + k, m) + 1, Math.floorMod(r - k, m) + 1});
      }
      List<int[]> played = pairings.stream().filter(p -> p[0] <= teams && p[1] <= teams)
          .toList();
      List<Integer> byes = pairings.stream().filter(p -> p[0] > teams || p[1] > teams)
          .map(p -> p[0] > teams ? p[1] : p[0]).flatMap(t -> List.of(2 * t - 1, 2 * t).stream())
          .toList();
      for (int s = 0; s < segments; s++) {
        int round = r * segments + s + 1;
        List<Integer> boards = Movement.run((round - 1) * boardsPerRound + 1, boardsPerRound);
        List<Movement.Table> tables = new ArrayList<>();
        for (int i = 0; i < played.size(); i++) {
          int home = played.get(i)[0];
          int away = played.get(i)[1];
          tables.add(new Movement.Table(2 * i + 1, 2 * home - 1, 2 * away, boards));
          tables.add(new Movement.Table(2 * i + 2, 2 * away - 1, 2 * home, boards));
        }
        schedule.add(new Movement.Round(round, tables, byes));
      }
    }
    String name = teams == 2 ? "Teams match" : "Teams round robin, " + teams + " teams";
    return new Movement(name, 2 * matches, 2 * teams, boardsPerRound,
        Movement.Comparison.MATCH,
        Movement.uniform(schedule.size() * boardsPerRound, 2 * matches), schedule);
  }
}
