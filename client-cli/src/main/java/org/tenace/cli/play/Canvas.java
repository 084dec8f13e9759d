package org.tenace.cli.play;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;

/** A screen of fixed width built from pieces placed at (row, column); rows grow as needed. */
final class Canvas {
  private final int width;
  private final List<TreeMap<Integer, AttributedString>> rows = new ArrayList<>();

  Canvas(int width) {
    this.width = width;
  }

  int height() {
    return rows.size();
  }

  /** Places {@code text} at {@code row, col}; what would pass the right edge is cut. */
  void put(int row, int col, AttributedString text) {
    while (rows.size() <= row) {
      rows.add(new TreeMap<>());
    }
    int room = width - col;
    if (room <= 0) {
      return;
    }
    rows.get(row).put(col, text.columnLength() > room ? text.columnSubSequence(0, room) : text);
  }

  void put(int row, int col, String text) {
    put(row, col, new AttributedString(text));
  }

  /** Adds a line below everything so far. */
  void add(AttributedString line) {
    put(rows.size(), 0, line);
  }

  void add(String line) {
    add(new AttributedString(line));
  }

  List<AttributedString> lines() {
    List<AttributedString> out = new ArrayList<>();
    for (TreeMap<Integer, AttributedString> row : rows) {
      AttributedStringBuilder b = new AttributedStringBuilder();
      for (var piece : row.entrySet()) {
        int at = piece.getKey();
        if (b.columnLength() > at) {
          continue; // overlaps the piece before: keep the earlier one
        }
        while (b.columnLength() < at) {
          b.append(' ');
        }
        b.append(piece.getValue());
      }
      out.add(b.toAttributedString());
    }
    return out;
  }
}
