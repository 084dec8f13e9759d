package org.tenace.bridge.pbn;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntBiFunction;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Seat;

/**
 * A deal's double-dummy analysis written into a PBN game, the one way every hand record Tenace
 * writes carries it ({@code tenace analyse}, a session's records):
 *
 * <ul>
 *   <li>{@code [OptimumResultTable]} (PBN 2.1 section 5.7), the tricks of every declarer in every
 *       strain, in the columns of the standard's example;
 *   <li>{@code [OptimumScore "NS 620"]} (section 4.2.7), the par score;
 *   <li>{@code [OptimumContract "4SX E 9"]}: PBN 2.1 has no tag for the par contract, so it is
 *       the one Ruter writes, in Ruter's form (contract, declarer, declarer's tricks); every par
 *       contract, in DDS's notation, follows as commentary ({@code {par 4S*-EW-1,5C*-EW-1}}).
 * </ul>
 */
public final class PbnOptimum {
  /** The OptimumResultTable's columns, as PBN 2.1's example writes them. */
  public static final String TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R";
  private static final Seat[] DECLARERS = {Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST};
  private static final Strain[] DENOMINATIONS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };

  private PbnOptimum() {}

  /**
   * The game with its deal's table ({@code tricks} of each declarer in each strain), North-South's
   * par score, the par contract in Ruter's form ({@code Pass} when passed out) and every par
   * contract in DDS's notation (none when passed out).
   */
  public static PbnGame with(PbnGame g, ToIntBiFunction<Seat, Strain> tricks, int nsParScore,
      String optimumContract, List<String> parContracts) {
    PbnTable t = PbnTable.of(TABLE_HEADER);
    for (Seat d : DECLARERS) {
      for (Strain s : DENOMINATIONS) {
        t = t.withRow(String.valueOf(d.letter()), s.symbol(),
            Integer.toString(tricks.applyAsInt(d, s)));
      }
    }
    PbnGame out = g.withTable("OptimumResultTable", t).withTag("OptimumScore", "NS " + nsParScore)
        .withTag("OptimumContract", optimumContract);
    Map<String, List<String>> comments = new HashMap<>(out.comments());
    if (parContracts.isEmpty()) {
      comments.remove("OptimumContract");
    } else {
      comments.put("OptimumContract", List.of("par " + String.join(",", parContracts)));
    }
    return new PbnGame(out.tags(), out.auction(), out.play(), out.tables(), comments);
  }
}
