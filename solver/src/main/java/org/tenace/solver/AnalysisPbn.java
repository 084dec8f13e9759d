package org.tenace.solver;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.pbn.PbnGame;
import org.tenace.scoring.pbn.PbnTable;

/**
 * Double-dummy analysis written into a PBN game, the one way every hand record Tenace writes
 * carries it ({@code tenace analyse}, a session's records):
 *
 * <ul>
 *   <li>{@code [OptimumResultTable]} (PBN 2.1 section 5.7), the tricks of every declarer in every
 *       strain, in the columns of the standard's example;
 *   <li>{@code [OptimumScore "NS 620"]} (section 4.2.7), par as DDS's {@code DealerPar} gives it;
 *   <li>{@code [OptimumContract "4SX E 9"]}: PBN 2.1 has no tag for the par contract, so it is
 *       the one Ruter writes, in Ruter's form (contract, declarer, declarer's tricks), for the
 *       first par contract; every par contract, in DDS's notation ({@code 4S*-EW-1}), follows as
 *       commentary ({@code {par 4S*-EW-1,5C*-EW-1}});
 *   <li>{@code [PlayCostTable "Seat;Card;Tricks\2R;Cost\2R"]}, a supplemental table (section 5)
 *       with one row a card in the order played, like the PlayTimeTable: who played it,
 *       declarer's double-dummy tricks after it, and the tricks it gave away.
 * </ul>
 */
public final class AnalysisPbn {
  /** The OptimumResultTable's columns, as PBN 2.1's example writes them. */
  public static final String TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R";
  /** The PlayCostTable's columns: one row a card, in the order played. */
  public static final String COST_HEADER = "Seat;Card;Tricks\\2R;Cost\\2R";
  private static final Seat[] DECLARERS = {Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST};
  private static final Strain[] DENOMINATIONS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };

  private AnalysisPbn() {}

  /** The game with its deal's table, par score and par contract (the dealer North if unknown). */
  public static PbnGame withTable(PbnGame g, DdTable table) {
    PbnTable t = PbnTable.of(TABLE_HEADER);
    for (Seat d : DECLARERS) {
      for (Strain s : DENOMINATIONS) {
        t = t.withRow(String.valueOf(d.letter()), s.symbol(), Integer.toString(table.tricks(s, d)));
      }
    }
    Vulnerability v = g.vulnerability().orElse(Vulnerability.NONE);
    ParResult par = Par.dealer(table, v, g.dealer().orElse(Seat.NORTH));
    PbnGame out = g.withTable("OptimumResultTable", t).withTag("OptimumScore", "NS " + par.score());
    Map<String, List<String>> comments = new HashMap<>(out.comments());
    if (par.contracts().isEmpty()) {
      out = out.withTag("OptimumContract", "Pass");
      comments.remove("OptimumContract");
    } else {
      ParContract first = par.contracts().get(0);
      out = out.withTag("OptimumContract", first.level() + first.strain().symbol()
          + (first.doubled() ? "X" : "") + " " + first.declarers().get(0).letter() + " "
          + first.tricks());
      comments.put("OptimumContract", List.of("par " + par.contractsText()));
    }
    return new PbnGame(out.tags(), out.auction(), out.play(), out.tables(), comments);
  }

  /** The game with the cost of each card of its play (unchanged when there is none). */
  public static PbnGame withCosts(PbnGame g, List<CardCost> costs) {
    if (costs.isEmpty()) {
      return g;
    }
    PbnTable t = PbnTable.of(COST_HEADER);
    for (CardCost c : costs) {
      t = t.withRow(String.valueOf(c.seat().letter()), c.card().toString(),
          Integer.toString(c.after()), Integer.toString(c.cost()));
    }
    return g.withTable("PlayCostTable", t);
  }
}
