package org.tenace.cli.common;

import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.Standing;

/**
 * Results in the words every command prints them in: a board's in one line, as {@code tenace
 * bot} and {@code tenace tm} print it when the board is over, and a pair's place in a ranking.
 */
public final class ResultLines {
  private ResultLines() {}

  /** {@code board 7: 4S by N, 10 tricks, N-S +620}, or passed out. */
  public static String describe(BoardResult r) {
    String head = "board " + r.getBoardNumber() + ": ";
    if (!r.hasContract()) {
      return head + "passed out";
    }
    var c = r.getContract();
    String strain = switch (c.getStrain()) {
      case STRAIN_CLUBS -> "C";
      case STRAIN_DIAMONDS -> "D";
      case STRAIN_HEARTS -> "H";
      case STRAIN_SPADES -> "S";
      default -> "NT";
    };
    String doubling = switch (c.getDoubling()) {
      case DOUBLING_DOUBLED -> "X";
      case DOUBLING_REDOUBLED -> "XX";
      default -> "";
    };
    int ns = r.getScoreNorthSouth();
    return head + c.getLevel() + strain + doubling + " by "
        + c.getDeclarer().name().substring(5, 6) + ", " + r.getTricks() + " tricks, N-S "
        + (ns > 0 ? "+" : "") + ns;
  }

  /** The place as tenace score writes it: "3", or "2-3" for a tie (the rank, from older servers). */
  public static String place(Standing s) {
    return s.getPlace().isEmpty() ? Integer.toString(s.getRank()) : s.getPlace();
  }
}
