package org.tenace.cli.play;

import java.util.ArrayList;
import java.util.List;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.Contract;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.Rubber;
import org.tenace.proto.v1.RubberScoreSheet;
import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SheetEntry;
import org.tenace.proto.v1.Side;
import org.tenace.proto.v1.TableSnapshot;

/**
 * The scores under the table on the {@link Screen}: a board's result, and the running score (the
 * duplicate sheet's latest boards with the total, or the current rubber's sheet above and below
 * the line), each from the viewer's side. Drawn with the screen's symbols and style.
 */
final class ScoreLines {
  private final Screen screen;

  ScoreLines(Screen screen) {
    this.screen = screen;
  }

  /** Whether the viewer sits East-West: scores are then shown from East-West's side. */
  static boolean eastWest(TableSnapshot s) {
    Seat me = s.getViewer().getSeat();
    return me == Seat.SEAT_EAST || me == Seat.SEAT_WEST;
  }

  /** "NS +420", "EW -50": a North-South score from the viewer's side, named. */
  static String sideScore(int ns, boolean ew) {
    return (ew ? "EW " : "NS ") + signed(ew ? -ns : ns);
  }

  AttributedString result(BoardResult r, boolean ew) {
    AttributedStringBuilder a = new AttributedStringBuilder();
    a.append("Result: ", screen.bold());
    if (!r.hasContract()) {
      a.append("passed out, 0");
      return a.toAttributedString();
    }
    Contract k = r.getContract();
    int over = r.getTricks() - 6 - k.getLevel();
    a.append(screen.contract(k)).append(" by ").append(Screen.seatName(k.getDeclarer()))
        .append(", ")
        .append(String.valueOf(r.getTricks())).append(" tricks (")
        .append(over == 0 ? "=" : (over > 0 ? "+" : "") + over).append(")")
        .append(r.getClaimed() ? ", claimed" : "").append(": ");
    a.append(sideScore(r.getScoreNorthSouth(), ew), screen.bold());
    if (r.hasImpsNorthSouth()) {
      a.append(", " + sideScore(r.getImpsNorthSouth(), ew) + " IMPs");
    }
    if (r.hasMatchpointPercentNorthSouth()) {
      a.append(String.format(", %s %.1f%%", ew ? "EW" : "NS",
          percent(r.getMatchpointPercentNorthSouth(), ew)));
    }
    return Screen.cut(a.toAttributedString());
  }

  private static double percent(double ns, boolean ew) {
    return ew ? 100 - ns : ns;
  }

  void runningScore(Canvas c, RunningScore rs, boolean ew) {
    switch (rs.getSheetCase()) {
      case DUPLICATE -> duplicate(c, rs.getDuplicate(), ew);
      case RUBBER -> rubber(c, rs.getRubber(), "Rubber");
      case CHICAGO -> rubber(c, rs.getChicago(), "Chicago");
      default -> { }
    }
  }

  private void duplicate(Canvas c, DuplicateScoreSheet d, boolean ew) {
    if (d.getBoardsCount() == 0) {
      return;
    }
    int sign = ew ? -1 : 1;
    String side = ew ? "EW" : "NS";
    List<String> cells = new ArrayList<>();
    int total = 0;
    for (BoardResult r : d.getBoardsList()) {
      cells.add(r.getBoardNumber() + ": " + signed(sign * r.getScoreNorthSouth()));
      total += sign * r.getScoreNorthSouth();
    }
    String tail = "  total " + side + " " + signed(total)
        + (d.hasImpsNorthSouth() ? ", " + signed(sign * d.getImpsNorthSouth()) + " IMPs" : "")
        + (d.hasMatchpointPercentNorthSouth()
            ? String.format(", %.1f%%", percent(d.getMatchpointPercentNorthSouth(), ew)) : "");
    String head = "Score " + side + " by board  ";
    // The latest boards that fit on one line with the total.
    StringBuilder body = new StringBuilder();
    for (int i = cells.size() - 1; i >= 0; i--) {
      String next = cells.get(i) + (body.length() == 0 ? "" : "  ") + body;
      if (head.length() + next.length() + tail.length() + 4 > Screen.WIDTH) {
        body.insert(0, "..  ");
        break;
      }
      body.setLength(0);
      body.append(next);
    }
    c.add(head + body + tail);
  }

  /** The current rubber's sheet: above the line per side, a line, then each game below it. */
  private void rubber(Canvas c, RubberScoreSheet sheet, String kind) {
    if (sheet.getRubbersCount() == 0) {
      return;
    }
    Rubber r = sheet.getRubbers(sheet.getRubbersCount() - 1);
    int aboveNs = 0;
    int aboveEw = 0;
    int maxGame = 0;
    for (SheetEntry e : r.getEntriesList()) {
      if (e.getGame() == 0) {
        if (e.getSide() == Side.SIDE_NORTH_SOUTH) {
          aboveNs += e.getPoints();
        } else {
          aboveEw += e.getPoints();
        }
      }
      maxGame = Math.max(maxGame, e.getGame());
    }
    c.add(String.format("%s %d%s, games NS %d EW %d          NS      EW", kind, r.getNumber(),
        r.getComplete() ? " (complete)" : "", r.getGamesNorthSouth(), r.getGamesEastWest()));
    c.add(String.format("  %-34s%6s  %6s", "above the line", blankZero(aboveNs),
        blankZero(aboveEw)));
    c.add("  " + "-".repeat(50));
    for (int g = 1; g <= maxGame; g++) {
      int ns = 0;
      int ew = 0;
      for (SheetEntry e : r.getEntriesList()) {
        if (e.getGame() == g) {
          if (e.getSide() == Side.SIDE_NORTH_SOUTH) {
            ns += e.getPoints();
          } else {
            ew += e.getPoints();
          }
        }
      }
      c.add(String.format("  %-34s%6s  %6s", "game " + g + " (below the line)", blankZero(ns),
          blankZero(ew)));
    }
    c.add(String.format("  %-34s%6d  %6d", "rubber total", r.getTotalNorthSouth(),
        r.getTotalEastWest()));
    if (sheet.getRubbersCount() > 1) {
      c.add(String.format("  %-34s%6d  %6d", "all rubbers", sheet.getTotalNorthSouth(),
          sheet.getTotalEastWest()));
    }
  }

  private static String signed(int n) {
    return n > 0 ? "+" + n : String.valueOf(n);
  }

  private static String blankZero(int n) {
    return n == 0 ? "" : String.valueOf(n);
  }
}
