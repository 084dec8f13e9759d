package org.tenace.solver;

import java.util.Arrays;
import java.util.Objects;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Seat;

/**
 * The double-dummy table of a deal: for each strain and each declarer, the tricks declarer's side
 * takes with best play, the opening lead made by declarer's left-hand opponent.
 */
public final class DdTable {
  private final byte[] tricks; // [strain ordinal * 4 + declarer ordinal]

  private DdTable(byte[] tricks) {
    this.tricks = tricks;
  }

  /** A table from its 20 entries, strains in {@link Strain} order, declarers in {@link Seat} order. */
  public static DdTable of(int[] tricksByStrainThenDeclarer) {
    Objects.requireNonNull(tricksByStrainThenDeclarer, "tricks");
    if (tricksByStrainThenDeclarer.length != 20) {
      throw new IllegalArgumentException("a table has 20 entries: " + tricksByStrainThenDeclarer.length);
    }
    byte[] t = new byte[20];
    for (int i = 0; i < 20; i++) {
      int v = tricksByStrainThenDeclarer[i];
      if (v < 0 || v > 13) {
        throw new IllegalArgumentException("tricks 0..13: " + v);
      }
      t[i] = (byte) v;
    }
    return new DdTable(t);
  }

  /** The tricks {@code declarer}'s side takes in {@code strain}. */
  public int tricks(Strain strain, Seat declarer) {
    return tricks[strain.ordinal() * 4 + declarer.ordinal()];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DdTable t && Arrays.equals(t.tricks, tricks);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(tricks);
  }

  /** One line a strain (C, D, H, S, NT), the tricks for N, E, S, W. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Strain s : Strain.values()) {
      sb.append(s.symbol());
      for (Seat d : Seat.values()) {
        sb.append(' ').append(tricks(s, d));
      }
      sb.append(s == Strain.NO_TRUMP ? "" : "; ");
    }
    return sb.toString();
  }
}
