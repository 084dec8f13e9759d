package org.tenace.cli.analyse;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnTable;

/**
 * The analysis of {@code tenace analyse --format text}: for each board its double-dummy table,
 * par, and the play trick by trick with what each card gave away, read from the analysed game
 * (so the text says exactly what the PBN holds).
 */
final class AnalysisText {
  private static final Seat[] DECLARERS = {Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST};
  private static final String[] STRAINS = {"NT", "S", "H", "D", "C"};

  private AnalysisText() {}

  static String of(List<PbnGame> games) {
    StringBuilder sb = new StringBuilder();
    for (PbnGame g : games) {
      if (sb.length() > 0) {
        sb.append('\n');
      }
      board(sb, g);
    }
    return sb.toString();
  }

  private static void board(StringBuilder sb, PbnGame g) {
    sb.append("Board ").append(g.tag("Board").orElse("?"));
    g.dealer().ifPresent(d -> sb.append(", dealer ").append(d.letter()));
    g.vulnerability().ifPresent(v -> sb.append(", vulnerable ").append(v.pbn()));
    sb.append('\n');
    g.deal().map(PbnDeal::toString).ifPresent(d -> sb.append("  Deal ").append(d).append('\n'));
    Optional<PbnTable> table = g.table("OptimumResultTable");
    if (table.isEmpty()) {
      sb.append("  Not analysed (the deal is not complete, or it was not solved).\n");
      return;
    }
    sb.append("  Double dummy   NT  S  H  D  C\n");
    for (Seat d : DECLARERS) {
      sb.append(String.format("  %-13s", d.word()));
      for (String s : STRAINS) {
        sb.append(String.format("%3s", tricks(table.get(), String.valueOf(d.letter()), s)));
      }
      sb.append('\n');
    }
    sb.append("  Par ").append(g.tag("OptimumScore").orElse("?"));
    List<String> par = g.comments().getOrDefault("OptimumContract", List.of());
    par.forEach(p -> sb.append(", ").append(p));
    sb.append('\n');
    g.table("PlayCostTable").ifPresent(costs -> play(sb, g, costs));
  }

  private static String tricks(PbnTable t, String declarer, String strain) {
    for (PbnTable.Row r : t.rows()) {
      if (r.get("Declarer").orElse("").equals(declarer)
          && r.get("Denomination").orElse("").equals(strain)) {
        return r.get("Result").orElse("?");
      }
    }
    return "?";
  }

  /** The play trick by trick: each card, what it gave away, declarer's tricks after the trick. */
  private static void play(StringBuilder sb, PbnGame g, PbnTable costs) {
    sb.append("  Play");
    g.contract().ifPresent(c -> sb.append(" (").append(c.toPbn()));
    g.declarer().ifPresent(d -> sb.append(" by ").append(d.letter()));
    g.contract().ifPresent(c -> sb.append(')'));
    sb.append(": declarer's double-dummy tricks after each trick; (-n) a card that gave n away\n");
    List<PbnTable.Row> rows = costs.rows();
    for (int i = 0; i < rows.size(); i += 4) {
      sb.append(String.format("  %2d.", i / 4 + 1));
      String after = "";
      for (PbnTable.Row r : rows.subList(i, Math.min(i + 4, rows.size()))) {
        sb.append("  ").append(r.get("Seat").orElse("?")).append(' ').append(r.get("Card").orElse("?"));
        int cost = r.get("Cost").filter(v -> v.matches("[0-9]{1,2}")).map(Integer::parseInt)
            .orElse(0);
        sb.append(cost != 0 ? String.format(" (-%d)", cost) : "     ");
        after = r.get("Tricks").orElse("?");
      }
      sb.append("  ").append(after).append('\n');
    }
  }
}
