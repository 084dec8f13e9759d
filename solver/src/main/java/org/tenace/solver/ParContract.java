package org.tenace.solver;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * A par contract: the contract, who may declare it (one seat, or both of a side when either takes
 * the same tricks) and the tricks declarer takes double dummy. A doubled par contract is a
 * sacrifice: it goes down.
 *
 * @param level 1 to 7
 * @param strain the denomination
 * @param doubled whether it is a doubled sacrifice
 * @param declarers one seat, or both seats of one side, in seat order (N before S, E before W)
 * @param tricks the tricks declarer takes, 0 to 13
 */
public record ParContract(int level, Strain strain, boolean doubled, List<Seat> declarers,
    int tricks) {

  public ParContract {
    Objects.requireNonNull(strain, "strain");
    declarers = List.copyOf(declarers);
    if (level < 1 || level > 7) {
      throw new IllegalArgumentException("level 1..7: " + level);
    }
    if (tricks < 0 || tricks > 13) {
      throw new IllegalArgumentException("tricks 0..13: " + tricks);
    }
    if (declarers.isEmpty() || declarers.size() > 2
        || declarers.size() == 2 && declarers.get(1) != declarers.get(0).partner()
        || declarers.size() == 2 && declarers.get(0).ordinal() > declarers.get(1).ordinal()) {
      throw new IllegalArgumentException("one seat or one side declares: " + declarers);
    }
  }

  /** The side that declares. */
  public Side side() {
    return declarers.get(0).side();
  }

  /** Tricks over the contract (positive) or under it (negative). */
  public int result() {
    return tricks - level - 6;
  }

  /** The declarers as DDS writes them: {@code N}, {@code NS}, {@code EW}. */
  public String seats() {
    StringBuilder sb = new StringBuilder();
    declarers.forEach(s -> sb.append(s.letter()));
    return sb.toString();
  }

  /** The strain's letter as DDS writes it: {@code N} for notrump. */
  private String letter() {
    return strain == Strain.NO_TRUMP ? "N" : strain.symbol();
  }

  /**
   * The contract as DDS's {@code DealerPar} writes it: {@code 3N-NS+1} (3NT by either of
   * North-South, making an overtrick), {@code 4S*-EW-1} (4S doubled by East-West, one down).
   */
  @Override
  public String toString() {
    int r = result();
    return level + letter() + (doubled ? "*-" : "-") + seats()
        + (r == 0 ? "" : (r > 0 ? "+" : "") + r);
  }

  /**
   * The contract as Ruter's {@code OptimumContract} tag writes it: contract (X when doubled),
   * the first declarer, declarer's tricks ({@code 4SX E 9}).
   */
  public String ruter() {
    return level + strain.symbol() + (doubled ? "X" : "") + " " + declarers.get(0).letter() + " "
        + tricks;
  }

  /**
   * The contract as DDS's {@code Par} writes it: every level that scores the par, {@code NS 345N}
   * (3NT, 4NT or 5NT by North-South), or a sacrifice's level, {@code EW 4Sx}.
   */
  public String levels() {
    StringBuilder sb = new StringBuilder(seats()).append(' ');
    if (doubled) {
      return sb.append(level).append(letter()).append('x').toString();
    }
    for (int l = level; l <= tricks - 6; l++) {
      sb.append(l);
    }
    return sb.append(letter()).toString();
  }
}
