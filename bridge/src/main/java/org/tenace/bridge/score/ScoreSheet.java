package org.tenace.bridge.score;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.card.Side;

/**
 * A rubber or Chicago score sheet as a client renders it: every {@link Entry} in the order it
 * was written, queried per side and per line. Immutable; {@link #with} returns a new sheet.
 */
public record ScoreSheet(List<Entry> entries) {
  public static final ScoreSheet EMPTY = new ScoreSheet(List.of());

  public ScoreSheet {
    entries = List.copyOf(entries);
  }

  public ScoreSheet with(List<Entry> more) {
    List<Entry> all = new ArrayList<>(entries);
    all.addAll(more);
    return new ScoreSheet(all);
  }

  /** The side's entries above the line, in order. */
  public List<Entry> above(Side side) {
    return entries.stream()
        .filter(e -> e.side() == side && e.line() == Entry.Line.ABOVE).toList();
  }

  /** The side's entries below the line (trick points), in order; group them by game. */
  public List<Entry> below(Side side) {
    return entries.stream()
        .filter(e -> e.side() == side && e.line() == Entry.Line.BELOW).toList();
  }

  /** The side's trick points below the line in one game. */
  public int belowInGame(Side side, int game) {
    return below(side).stream().filter(e -> e.game() == game).mapToInt(Entry::points).sum();
  }

  /** Everything the side scored, above and below. */
  public int total(Side side) {
    return entries.stream().filter(e -> e.side() == side).mapToInt(Entry::points).sum();
  }
}
