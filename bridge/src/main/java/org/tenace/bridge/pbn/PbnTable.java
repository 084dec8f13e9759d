package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.bridge.check.Require;

/**
 * A PBN table section (sections 5.2-5.10: ScoreTable, TotalScoreTable, OptimumResultTable and
 * any other): the columns named in the tag value, then rows of elements. An element is kept as
 * written without quotes; {@code -} (irrelevant) and {@code ""} read as no value through
 * {@link Row#get}.
 */
public record PbnTable(List<Column> columns, List<List<String>> cells) {

  /** Which way a column is sorted: {@code +} highest first, {@code -} lowest first. */
  public enum Order { NONE, DESCENDING, ASCENDING }

  /** How an element is padded to the column's width: {@code L} after it, {@code R} before it. */
  public enum Alignment { NONE, LEFT, RIGHT }

  /** One column of the header: {@code -Rank\3R} is Rank, ascending, width 3, right-aligned. */
  public record Column(String name, Order order, int width, Alignment alignment) {
    private static final Pattern HEADER =
        Pattern.compile("([+-]?)(.*?)(?:\\\\(\\d+)([LRlr]?))?");

    public Column {
      Require.nonNull("name order alignment", name, order, alignment);
      if (name.indexOf(';') >= 0) {
        throw new IllegalArgumentException("a column name cannot hold ';': " + name);
      }
      PbnGame.checkValue("column", name);
      if (width < 0 || width > 255) {
        throw new IllegalArgumentException("column width 0..255: " + width);
      }
      if (width == 0 && alignment != Alignment.NONE) {
        throw new IllegalArgumentException("an alignment needs a width: " + name);
      }
    }

    /** A column with no order, width or alignment. */
    public static Column of(String name) {
      return new Column(name, Order.NONE, 0, Alignment.NONE);
    }

    /** Parses one column name token of a table's tag value (section 3.2). */
    public static Column parse(String token) {
      Matcher m = HEADER.matcher(token.strip());
      if (!m.matches()) {
        throw new AssertionError("the pattern matches any text");
      }
      Order order = switch (m.group(1)) {
        case "+" -> Order.DESCENDING;
        case "-" -> Order.ASCENDING;
        default -> Order.NONE;
      };
      int width = 0;
      Alignment alignment = Alignment.NONE;
      if (m.group(3) != null) {
        try {
          width = Integer.parseInt(m.group(3));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("column width too large: '" + token + "'");
        }
        alignment = switch (m.group(4).toUpperCase()) {
          case "L" -> Alignment.LEFT;
          case "R" -> Alignment.RIGHT;
          default -> Alignment.NONE;
        };
        if (width == 0) {
          alignment = Alignment.NONE;
        }
      }
      return new Column(m.group(2).strip(), order, width, alignment);
    }

    /** The column name token, as written in the tag value. */
    public String header() {
      String prefix = switch (order) {
        case DESCENDING -> "+";
        case ASCENDING -> "-";
        case NONE -> "";
      };
      String suffix = width == 0 ? "" : "\\" + width + switch (alignment) {
        case LEFT -> "L";
        case RIGHT -> "R";
        case NONE -> "";
      };
      return prefix + name + suffix;
    }
  }

  public PbnTable {
    columns = List.copyOf(columns);
    List<List<String>> copy = new ArrayList<>(cells.size());
    for (List<String> row : cells) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException("a row of this table has " + columns.size()
            + " elements, not " + row.size() + ": " + row);
      }
      for (String v : row) {
        PbnGame.checkValue("table element", v);
      }
      copy.add(List.copyOf(row));
    }
    cells = Collections.unmodifiableList(copy);
  }

  /** A table with no rows yet, from its tag value ({@code "Table\2R;Round\2R;..."}). */
  public static PbnTable of(String header) {
    return new PbnTable(parseHeader(header), List.of());
  }

  /** The columns of a table's tag value, separated by {@code ;}. */
  public static List<Column> parseHeader(String header) {
    if (header.isBlank()) {
      return List.of();
    }
    return Arrays.stream(header.split(";", -1)).map(Column::parse).toList();
  }

  /** The tag value that describes the columns. */
  public String header() {
    return String.join(";", columns.stream().map(Column::header).toList());
  }

  /** This table with one more row; {@code -} for an irrelevant element. */
  public PbnTable withRow(String... values) {
    return withRow(List.of(values));
  }

  /** This table with one more row; {@code -} for an irrelevant element. */
  public PbnTable withRow(List<String> values) {
    List<List<String>> more = new ArrayList<>(cells);
    more.add(values);
    return new PbnTable(columns, more);
  }

  /** The index of the column with this name (case-sensitive, as tag names are). */
  public OptionalInt columnIndex(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(name)) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  public boolean hasColumn(String name) {
    return columnIndex(name).isPresent();
  }

  /** The rows, each readable by column name. */
  public List<Row> rows() {
    List<Row> out = new ArrayList<>(cells.size());
    for (int i = 0; i < cells.size(); i++) {
      out.add(new Row(this, i));
    }
    return Collections.unmodifiableList(out);
  }

  /** One row of a table, read by column name. */
  public static final class Row {
    private final PbnTable table;
    private final int index;

    private Row(PbnTable table, int index) {
      this.table = table;
      this.index = index;
    }

    /** The row's position in the table, from 0. */
    public int index() {
      return index;
    }

    /**
     * The element in this column; empty when the table has no such column or the element is
     * {@code -} (irrelevant) or {@code ""}.
     */
    public Optional<String> get(String column) {
      OptionalInt i = table.columnIndex(column);
      if (i.isEmpty()) {
        return Optional.empty();
      }
      String v = table.cells.get(index).get(i.getAsInt());
      return v.equals("-") || v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    /** The element in column {@code i} as written (without quotes). */
    public String raw(int i) {
      return table.cells.get(index).get(i);
    }

    /** All the elements as written, in column order. */
    public List<String> values() {
      return table.cells.get(index);
    }

    @Override
    public String toString() {
      return values().toString();
    }
  }
}
