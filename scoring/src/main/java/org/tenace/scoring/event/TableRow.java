package org.tenace.scoring.event;

import java.util.List;
import java.util.Objects;

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
 */
public record TableRow(String section, String table, List<String> ns, List<String> ew, Outcome outcome,
    List<Recorded> recorded, int line) {

  public TableRow {
    Objects.requireNonNull(section, "section");
    Objects.requireNonNull(table, "table");
    ns = List.copyOf(ns);
    ew = List.copyOf(ew);
    Objects.requireNonNull(outcome, "outcome");
    recorded = List.copyOf(recorded);
  }

  /** True for a row compared with the others: played, passed out or adjusted, not a bye. */
  public boolean isPlay() {
    return !(outcome instanceof Outcome.Bye);
  }
}
