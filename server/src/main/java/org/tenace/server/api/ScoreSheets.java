package org.tenace.server.api;

import java.util.ArrayList;
import java.util.List;
import org.tenace.proto.v1.DuplicateScoreChange;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.RubberScoreChange;
import org.tenace.proto.v1.RubberScoreSheet;
import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.RunningScoreChange;
import org.tenace.proto.v1.SheetEntry;
import org.tenace.proto.v1.SheetEntryKind;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.score.Entry;
import org.tenace.server.table.Scorecard;

/**
 * A table's score sheets as its messages carry them: the whole running score (a duplicate sheet
 * of board lines, or the rubbers of a rubber or Chicago card with their totals) for snapshots,
 * and what one board added to it for BoardCompleted. The same for every viewer: nothing on a
 * sheet is hidden. {@link RunningScores} keeps a table's current one.
 */
final class ScoreSheets {
  private ScoreSheets() {}

  /** A duplicate sheet with no board: shared, as thousands of tables waiting for play show it. */
  private static final RunningScore NO_DUPLICATE_BOARD = RunningScore.newBuilder()
      .setDuplicate(DuplicateScoreSheet.getDefaultInstance()).build();

  /** The whole running score of {@code card}, for snapshots; {@link RunningScores} keeps it. */
  static RunningScore runningScore(Scorecard card) {
    if (card instanceof Scorecard.Duplicate && card.boards().isEmpty()) {
      return NO_DUPLICATE_BOARD;
    }
    if (card instanceof Scorecard.RubberCard || card instanceof Scorecard.ChicagoCard) {
      List<org.tenace.proto.v1.Rubber> rubbers = rubbers(card);
      int[] totals = totals(card);
      RubberScoreSheet sheet = RubberScoreSheet.newBuilder().addAllRubbers(rubbers)
          .setTotalNorthSouth(totals[0]).setTotalEastWest(totals[1]).build();
      return card instanceof Scorecard.RubberCard
          ? RunningScore.newBuilder().setRubber(sheet).build()
          : RunningScore.newBuilder().setChicago(sheet).build();
    }
    DuplicateScoreSheet.Builder d = DuplicateScoreSheet.newBuilder();
    for (Scorecard.BoardLine line : card.boards()) {
      d.addBoards(boardResult(line));
    }
    return RunningScore.newBuilder().setDuplicate(d).build();
  }

  /**
   * What the last board of {@code card} added to its running score, for BoardCompleted: the
   * board's line, or the rubber it was dealt in (and the next one, when it ended that one) with
   * the sheet's totals. Applied to the sheet before the board it gives {@link #runningScore}.
   */
  static RunningScoreChange runningScoreChange(Scorecard card) {
    if (card.boards().isEmpty()) {
      return RunningScoreChange.getDefaultInstance(); // no board scored: nothing to add
    }
    RunningScoreChange.Builder b = RunningScoreChange.newBuilder()
        .setBoardsCompleted(card.boards().size());
    if (card instanceof Scorecard.RubberCard || card instanceof Scorecard.ChicagoCard) {
      int[] totals = totals(card);
      RubberScoreChange change = RubberScoreChange.newBuilder().addAllRubbers(changed(card))
          .setTotalNorthSouth(totals[0]).setTotalEastWest(totals[1]).build();
      return card instanceof Scorecard.RubberCard
          ? b.setRubber(change).build() : b.setChicago(change).build();
    }
    List<Scorecard.BoardLine> lines = card.boards();
    return b.setDuplicate(DuplicateScoreChange.newBuilder()
        .setBoard(boardResult(lines.get(lines.size() - 1)))).build();
  }

  /** Every rubber (Chicago round) on a rubber or Chicago card, numbered from 1. */
  private static List<org.tenace.proto.v1.Rubber> rubbers(Scorecard card) {
    List<org.tenace.proto.v1.Rubber> out = new ArrayList<>();
    if (card instanceof Scorecard.RubberCard rc) {
      for (org.tenace.bridge.score.Rubber r : rc.finished()) {
        out.add(rubber(out.size() + 1, r, true));
      }
      out.add(rubber(out.size() + 1, rc.current(), false));
    } else if (card instanceof Scorecard.ChicagoCard cc) {
      for (org.tenace.bridge.score.Chicago c : cc.finished()) {
        out.add(rubber(out.size() + 1, c.sheet(), 0, 0, true));
      }
      out.add(rubber(out.size() + 1, cc.current().sheet(), 0, 0, false));
    }
    return out;
  }

  /** The rubbers of {@link #rubbers} that the card's last board wrote in or began. */
  private static List<org.tenace.proto.v1.Rubber> changed(Scorecard card) {
    List<org.tenace.proto.v1.Rubber> out = new ArrayList<>(2);
    if (card instanceof Scorecard.RubberCard rc) {
      int n = rc.finished().size();
      if (rc.lastBoardEndedRubber()) {
        out.add(rubber(n, rc.finished().get(n - 1), true));
      }
      out.add(rubber(n + 1, rc.current(), false));
    } else if (card instanceof Scorecard.ChicagoCard cc) {
      int n = cc.finished().size();
      if (cc.lastBoardEndedRound()) {
        out.add(rubber(n, cc.finished().get(n - 1).sheet(), 0, 0, true));
      }
      out.add(rubber(n + 1, cc.current().sheet(), 0, 0, false));
    }
    return out;
  }

  /** North-South's and East-West's totals over every rubber on a rubber or Chicago card. */
  private static int[] totals(Scorecard card) {
    List<org.tenace.bridge.score.ScoreSheet> sheets = new ArrayList<>();
    if (card instanceof Scorecard.RubberCard rc) {
      rc.finished().forEach(r -> sheets.add(r.sheet()));
      sheets.add(rc.current().sheet());
    } else if (card instanceof Scorecard.ChicagoCard cc) {
      cc.finished().forEach(c -> sheets.add(c.sheet()));
      sheets.add(cc.current().sheet());
    }
    int[] totals = new int[2];
    for (org.tenace.bridge.score.ScoreSheet sheet : sheets) {
      totals[0] += sheet.total(Side.NS);
      totals[1] += sheet.total(Side.EW);
    }
    return totals;
  }

  private static org.tenace.proto.v1.Rubber rubber(int number, org.tenace.bridge.score.Rubber r,
      boolean complete) {
    return rubber(number, r.sheet(), r.gamesWon(Side.NS), r.gamesWon(Side.EW), complete);
  }

  /** One line of a duplicate sheet. */
  static org.tenace.proto.v1.BoardResult boardResult(Scorecard.BoardLine line) {
    org.tenace.proto.v1.BoardResult.Builder b = org.tenace.proto.v1.BoardResult.newBuilder()
        .setBoardNumber(line.number()).setTricks(line.result().declarerTricks())
        .setScoreNorthSouth(line.result().nsScore());
    line.result().contract().ifPresent(c -> b.setContract(ProtoMapper.toProto(c)));
    return b.build();
  }

  private static org.tenace.proto.v1.Rubber rubber(int number,
      org.tenace.bridge.score.ScoreSheet sheet, int gamesNs, int gamesEw, boolean complete) {
    org.tenace.proto.v1.Rubber.Builder b = org.tenace.proto.v1.Rubber.newBuilder()
        .setNumber(number).setGamesNorthSouth(gamesNs).setGamesEastWest(gamesEw)
        .setComplete(complete).setTotalNorthSouth(sheet.total(Side.NS))
        .setTotalEastWest(sheet.total(Side.EW));
    for (Entry e : sheet.entries()) {
      b.addEntries(SheetEntry.newBuilder().setBoardNumber(e.deal())
          .setSide(ProtoMapper.toProto(e.side())).setKind(kind(e.kind())).setPoints(e.points())
          .setGame(e.game()));
    }
    return b.build();
  }

  private static SheetEntryKind kind(Entry.Kind k) {
    switch (k) {
      case TRICK_POINTS: return SheetEntryKind.SHEET_ENTRY_KIND_CONTRACT_POINTS;
      case OVERTRICKS: return SheetEntryKind.SHEET_ENTRY_KIND_OVERTRICKS;
      case INSULT: return SheetEntryKind.SHEET_ENTRY_KIND_INSULT;
      case SLAM_BONUS: return SheetEntryKind.SHEET_ENTRY_KIND_SLAM_BONUS;
      case UNDERTRICKS: return SheetEntryKind.SHEET_ENTRY_KIND_UNDERTRICKS;
      case HONOURS: return SheetEntryKind.SHEET_ENTRY_KIND_HONOURS;
      case RUBBER_BONUS: return SheetEntryKind.SHEET_ENTRY_KIND_RUBBER_BONUS;
      case GAME_BONUS: return SheetEntryKind.SHEET_ENTRY_KIND_GAME_BONUS;
      case PART_SCORE_BONUS: return SheetEntryKind.SHEET_ENTRY_KIND_PART_SCORE_BONUS;
      default: return SheetEntryKind.SHEET_ENTRY_KIND_UNFINISHED_RUBBER;
    }
  }
}
