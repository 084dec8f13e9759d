package org.tenace.bridge.event;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.Fraction;

/**
 * One board of a results file: its number, its conditions and every table's result.
 *
 * @param number the board number, when the file gives one
 * @param dealer the dealer, when known
 * @param vulnerability the vulnerability, when known
 * @param rows the tables that had the board, in file order
 * @param checkedOnly rows whose recorded figures are checked but which are not part of the
 *     traveller (a record's own result when the board also has a ScoreTable holding it)
 * @param avgPlus what an Avg+ is worth a comparison when the board is scored in IMPs: Law
 *     12C2(c)'s 3 ({@link CrossImps#LAW_12C2}) in a team match and by default, Ruter's 1.5
 *     ({@link CrossImps#RUTER}) where the results are a field's ScoreTable (or a session's
 *     export read as one), so that a file checks against the convention it was scored by
 * @param butlerDatum true when the ScoreTable has a ButlerDatum column: its IMPs are Butler's
 * @param line the line the board's record starts on
 */
public record BoardResults(OptionalInt number, Optional<Seat> dealer,
    Optional<Vulnerability> vulnerability, List<TableRow> rows, List<TableRow> checkedOnly,
    Fraction avgPlus, boolean butlerDatum, int line) {

  public BoardResults {
    Require.nonNull("number dealer vulnerability avgPlus", number, dealer, vulnerability, avgPlus);
    rows = List.copyOf(rows);
    checkedOnly = List.copyOf(checkedOnly);
  }

  /** The board number as printed, or {@code ?}. */
  public String label() {
    return number.isPresent() ? Integer.toString(number.getAsInt()) : "?";
  }

  /** The rows compared with one another: not the byes. */
  public List<TableRow> plays() {
    return rows.stream().filter(TableRow::isPlay).toList();
  }
}
