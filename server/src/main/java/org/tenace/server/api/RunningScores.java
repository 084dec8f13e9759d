package org.tenace.server.api;

import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.RunningScoreChange;
import org.tenace.server.table.Scorecard;

/**
 * One table's running score as its messages carry it, rendered once per scorecard (a board), not
 * once per viewer class and message: the change a board made, which every BoardCompleted
 * carries, and the whole sheet, which only snapshots carry (a bench table plays thousands of
 * boards, and sending the whole sheet with each board once took half the server's CPU). Only
 * the current scorecard's are kept. Callers hold the table's lock, as {@link Presenter}'s do.
 */
final class RunningScores {
  /** The scorecard rendered (by identity: a table's scorecard is a new value per board). */
  private Scorecard card;
  private RunningScoreChange change;
  private RunningScore sheet;

  /** The whole sheet of {@code c}, for a snapshot. */
  RunningScore sheet(Scorecard c) {
    at(c);
    if (sheet == null) {
      sheet = ScoreSheets.runningScore(c);
    }
    return sheet;
  }

  /** What the last board of {@code c} added to the sheet, for its BoardCompleted. */
  RunningScoreChange change(Scorecard c) {
    at(c);
    if (change == null) {
      change = ScoreSheets.runningScoreChange(c);
    }
    return change;
  }

  private void at(Scorecard c) {
    if (c != card) {
      card = c;
      change = null;
      sheet = null;
    }
  }

  /**
   * Forgets what was rendered: a table nobody watches renders nothing, and thousands of them
   * kept their sheets. The next watcher's snapshot renders it again.
   */
  void clear() {
    card = null;
    change = null;
    sheet = null;
  }

  /** Whether a sheet is kept rendered (tests). */
  boolean holdsSheet() {
    return sheet != null;
  }
}
