package org.tenace.cli.score;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table for a terminal: a header line, aligned columns two spaces apart, and, when
 * the whole is wider than the page, the widest shrinkable columns cut short with {@code ..}.
 */
final class TextTable {
  /** How a column is aligned. */
  enum Align { LEFT, RIGHT }

  /** A column: its header, alignment and whether it may be cut to fit the page. */
  record Column(String header, Align align, boolean shrinkable) {
    static Column left(String header) {
      return new Column(header, Align.LEFT, false);
    }

    static Column right(String header) {
      return new Column(header, Align.RIGHT, false);
    }

    static Column shrinkable(String header) {
      return new Column(header, Align.LEFT, true);
    }
  }

  private static final String GAP = "  ";
  private static final String CUT = "..";

  private final List<Column> columns;
  private final List<List<String>> rows = new ArrayList<>();

  TextTable(List<Column> columns) {
    this.columns = List.copyOf(columns);
  }

  TextTable row(List<String> cells) {
    if (cells.size() != columns.size()) {
      throw new IllegalArgumentException(
          "a row has " + columns.size() + " cells, not " + cells.size());
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** The table as lines no wider than {@code width} (unless even cut columns do not fit). */
  List<String> render(int width) {
    int n = columns.size();
    int[] w = new int[n];
    for (int c = 0; c < n; c++) {
      w[c] = columns.get(c).header().length();
      for (List<String> r : rows) {
        w[c] = Math.max(w[c], r.get(c).length());
      }
    }
    int total = GAP.length() * (n - 1);
    for (int x : w) {
      total += x;
    }
    while (total > width) {
      int widest = -1;
      for (int c = 0; c < n; c++) {
        int floor = Math.max(columns.get(c).header().length(), CUT.length() + 1);
        if (columns.get(c).shrinkable() && w[c] > floor && (widest < 0 || w[c] > w[widest])) {
          widest = c;
        }
      }
      if (widest < 0) {
        break;
      }
      w[widest]--;
      total--;
    }
    List<String> out = new ArrayList<>();
    out.add(line(columns.stream().map(Column::header).toList(), w));
    for (List<String> r : rows) {
      out.add(line(r, w));
    }
    return out;
  }

  private String line(List<String> cells, int[] w) {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        sb.append(GAP);
      }
      String cell = cells.get(c);
      if (cell.length() > w[c]) {
        cell = cell.substring(0, w[c] - CUT.length()) + CUT;
      }
      String pad = " ".repeat(w[c] - cell.length());
      sb.append(columns.get(c).align() == Align.RIGHT ? pad + cell : cell + pad);
    }
    return sb.toString().stripTrailing();
  }
}
