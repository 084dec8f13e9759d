package org.tenace.bridge.event;

import java.util.List;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.Fraction;

/**
 * One table's line of a board's traveller: the table, who sat North-South and East-West (one
 * pair id each, or two players each at an individual event), the outcome and the figures the
 * file records for it.
 *
 * @param section the section the table belongs to; empty when the event has one
 * @param table the table as printed (with its section letter in a multi-section event)
 * @param ns the pair or the two players (North, South) who sat North-South; empty if unknown
 * @param ew the pair or the two players (East, West) who sat East-West; empty if unknown
 * @param outcome what happened
 * @param recorded the figures the file gives for this table
 * @param line the line of the file the table's result is on
 * @param nsPenalty the points the director took from North-South on this board as a procedural
 *     penalty (Law 90), in the event's own points (matchpoints or IMPs): taken from their total
 *     after the board is scored, the comparisons and the opponents' points unchanged; 0 for none
 * @param ewPenalty the same for East-West
 */
public record TableRow(String section, String table, List<String> ns, List<String> ew, Outcome outcome,
    List<Recorded> recorded, int line, Fraction nsPenalty, Fraction ewPenalty) {

  public TableRow {
    Require.nonNull("section table outcome nsPenalty ewPenalty",
        section, table, outcome, nsPenalty, ewPenalty);
    ns = List.copyOf(ns);
    ew = List.copyOf(ew);
    recorded = List.copyOf(recorded);
  }

  /** A row without a procedural penalty. */
  public TableRow(String section, String table, List<String> ns, List<String> ew,
      Outcome outcome, List<Recorded> recorded, int line) {
    this(section, table, ns, ew, outcome, recorded, line, Fraction.ZERO, Fraction.ZERO);
  }

  /** True for a row compared with the others: played, passed out or adjusted, not a bye. */
  public boolean isPlay() {
    return !(outcome instanceof Outcome.Bye);
  }
}
