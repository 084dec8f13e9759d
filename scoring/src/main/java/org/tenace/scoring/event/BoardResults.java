package org.tenace.scoring.event;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Seat;

/**
 * One board of a results file: its number, its conditions and every table's result.
 *
 * @param number the board number, when the file gives one
 * @param dealer the dealer, when known
 * @param vulnerability the vulnerability, when known
 * @param rows the tables that had the board, in file order
 * @param checkedOnly rows whose recorded figures are checked but which are not part of the
 *     traveller (a record's own result when the board also has a ScoreTable holding it)
 * @param fromScoreTable true when the rows come from a ScoreTable (Ruter's convention for an
 *     Avg+ at cross-IMPs applies)
 * @param butlerDatum true when the ScoreTable has a ButlerDatum column: its IMPs are Butler's
 * @param line the line the board's record starts on
 * @param teamMatch true when the board was played in a team match (its record's Competition
 *     tag is {@code Teams}): an artificial score is Law 12C2(c)'s 3 IMPs there, ScoreTable or not
 */
public record BoardResults(OptionalInt number, Optional<Seat> dealer,
    Optional<Vulnerability> vulnerability, List<TableRow> rows, List<TableRow> checkedOnly,
    boolean fromScoreTable, boolean butlerDatum, int line, boolean teamMatch) {

  /** A board not of a team match. */
  public BoardResults(OptionalInt number, Optional<Seat> dealer,
      Optional<Vulnerability> vulnerability, List<TableRow> rows, List<TableRow> checkedOnly,
      boolean fromScoreTable, boolean butlerDatum, int line) {
    this(number, dealer, vulnerability, rows, checkedOnly, fromScoreTable, butlerDatum, line,
        false);
  }

  public BoardResults {
    Objects.requireNonNull(number, "number");
    Objects.requireNonNull(dealer, "dealer");
    Objects.requireNonNull(vulnerability, "vulnerability");
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
