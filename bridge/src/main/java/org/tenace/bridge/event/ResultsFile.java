package org.tenace.bridge.event;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.check.Require;

/**
 * A results file as scored: its boards with every table's result, a team event's matches, the
 * final ranking the file records (a TotalScoreTable), the Scoring modifiers and the names of the
 * pairs, players or teams.
 *
 * @param name the file name as the user gave it
 * @param title the event's name
 * @param boards the boards in file order
 * @param matches a team event's matches, where the file records them (it then holds no board)
 * @param totals the lines of the file's TotalScoreTable, if it has one with pair, player or team
 *     ids
 * @param scoring the fields of the Scoring tag, upper case ({@code MP1}, {@code BUTLER-2})
 * @param columnMethod the method the ScoreTable columns name (MP_NS: matchpoints, IMP_NS:
 *     cross-IMPs, ButlerDatum: Butler), if they name one
 * @param scoringMethod the method the Scoring tag names, if it names one
 * @param names display names by pair, player or team id
 * @param individual true when the participants are players, not pairs
 */
public record ResultsFile(String name, Optional<String> title, List<BoardResults> boards,
    List<TeamMatch> matches, List<TotalLine> totals, Set<String> scoring, Optional<Method> columnMethod,
    Optional<Method> scoringMethod, Map<String, String> names, boolean individual) {

  public ResultsFile {
    Require.nonNull("name title columnMethod scoringMethod",
        name, title, columnMethod, scoringMethod);
    boards = List.copyOf(boards);
    matches = List.copyOf(matches);
    totals = List.copyOf(totals);
    scoring = Set.copyOf(scoring);
    names = Map.copyOf(names);
  }

  /**
   * One line of a TotalScoreTable: the pair or player and the columns as written.
   *
   * @param participant the pair or player id, as the ScoreTables name it
   * @param values the elements by column name
   * @param line the line of the file
   */
  public record TotalLine(String participant, Map<String, String> values, int line) {
    public TotalLine {
      Objects.requireNonNull(participant, "participant");
      values = Map.copyOf(values);
    }

    /** The element of {@code column}, if the line has one. */
    public Optional<String> get(String column) {
      return Optional.ofNullable(values.get(column));
    }
  }

  /**
   * The method the file itself scores by: the ScoreTable columns first (MP_NS, ButlerDatum,
   * IMP_NS refined by the Scoring tag's Cross1 or Cross2), then the Scoring tag, then
   * matchpoints.
   */
  public Method method() {
    if (columnMethod.isPresent()) {
      Method m = columnMethod.get();
      if (m == Method.IMP_CROSS && scoringMethod.filter(Method::isAveraged).isPresent()) {
        return scoringMethod.get();
      }
      if (m == Method.MP && scoringMethod.orElse(Method.MP) == Method.MP_ACBL) {
        return Method.MP_ACBL;
      }
      return m;
    }
    return scoringMethod.orElse(Method.MP);
  }
}
