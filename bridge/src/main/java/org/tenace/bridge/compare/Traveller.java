package org.tenace.bridge.compare;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.check.Require;

/**
 * One board's results, a row per table that had it: who sat North-South and East-West, and the
 * result. Every method in this package takes a traveller in and gives points out row by row, in
 * the same order.
 */
public record Traveller(List<Traveller.Row> rows) {

  /** One table's result: the pairs' ids (any text unique in the session) and the result. */
  public record Row(String nsPair, String ewPair, TableResult result) {
    public Row {
      Require.nonNull("nsPair ewPair result", nsPair, ewPair, result);
    }

    public boolean isPlayed() {
      return result instanceof TableResult.Played;
    }
  }

  public Traveller {
    rows = List.copyOf(rows);
  }

  public static Traveller of(Row... rows) {
    return new Traveller(List.of(rows));
  }

  /** A traveller of played boards only, from North-South's scores (pairs named by row). */
  public static Traveller ofScores(int... nsScores) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < nsScores.length; i++) {
      rows.add(new Row("NS" + (i + 1), "EW" + (i + 1), new TableResult.Played(nsScores[i])));
    }
    return new Traveller(rows);
  }

  /** How many tables played the board to a score of their own (no adjustment). */
  public int plays() {
    return (int) rows.stream().filter(Row::isPlayed).count();
  }

  /**
   * How many results the board is scored across: the rows played or given an assigned score
   * (Law 12C1(c)), not the artificial ones (Law 12C2).
   */
  public int compared() {
    return (int) rows.stream().filter(r -> r.result().isCompared()).count();
  }

  /** North-South's scores at the tables that played the board, in row order. */
  public int[] playedScores() {
    return rows.stream().filter(Row::isPlayed)
        .mapToInt(r -> ((TableResult.Played) r.result()).ns()).toArray();
  }
}
