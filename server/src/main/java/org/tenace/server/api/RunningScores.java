package org.tenace.server.api;

import java.util.ArrayList;
import java.util.List;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.RunningScore;
import org.tenace.server.table.Scorecard;

/**
 * One table's running score as its messages carry it, rendered once per scorecard (a board), not
 * once per viewer class and message, and a duplicate sheet's lines rendered once each: every
 * BoardCompleted carries the whole sheet, so rendering it afresh cost a table that had played n
 * boards n lines per viewer class per board (at a bench table that plays thousands of boards,
 * a fifth of the server's CPU). The sheet itself is still sent whole. Callers hold the table's
 * lock, as {@link Presenter}'s do.
 */
final class RunningScores {
  /** The scorecard last rendered (by identity: a table's scorecard is a new value per board). */
  private Scorecard card;
  private RunningScore rendered;
  /** The duplicate lines rendered so far, and what each became. */
  private List<Scorecard.BoardLine> lines = List.of();
  private ArrayList<org.tenace.proto.v1.BoardResult> results = new ArrayList<>();

  RunningScore of(Scorecard c) {
    if (c != card) {
      rendered = c instanceof Scorecard.Duplicate d ? duplicate(d.boards())
          : Presenter.runningScore(c);
      card = c;
    }
    return rendered;
  }

  /**
   * Forgets what was rendered (some 100 bytes a board): a table nobody watches renders nothing,
   * and thousands of them kept their sheets. The next watcher's snapshot renders it again.
   */
  void clear() {
    card = null;
    rendered = null;
    lines = List.of();
    results = new ArrayList<>();
  }

  /** Boards whose lines are kept rendered (tests). */
  int linesKept() {
    return results.size();
  }

  private RunningScore duplicate(List<Scorecard.BoardLine> now) {
    int kept = 0;
    // A sheet grows by a line a board; anything else (a table rebuilt, an undone board) starts
    // again. Lines are compared by identity: the scorecard keeps the same line objects.
    if (now.size() >= lines.size()) {
      kept = lines.size();
      for (int i = 0; i < kept; i++) {
        if (now.get(i) != lines.get(i)) {
          kept = 0;
          break;
        }
      }
    }
    results.subList(kept, results.size()).clear();
    for (int i = kept; i < now.size(); i++) {
      results.add(Presenter.boardResult(now.get(i)));
    }
    lines = now;
    return RunningScore.newBuilder()
        .setDuplicate(DuplicateScoreSheet.newBuilder().addAllBoards(results)).build();
  }
}
