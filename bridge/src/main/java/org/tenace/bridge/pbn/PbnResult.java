package org.tenace.bridge.pbn;

import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * A PBN {@code Result} tag (section 3.4.15): tricks won by the declarer, or by a side, or by both
 * sides; {@code irregular} is the caret that marks a result the players agreed on although it
 * differs from the tricks actually won.
 */
public record PbnResult(boolean irregular, OptionalInt declarer, OptionalInt ns, OptionalInt ew) {

  public PbnResult {
    Require.nonNull("declarer ns ew", declarer, ns, ew);
    if (declarer.isPresent() == (ns.isPresent() || ew.isPresent())) {
      throw new IllegalArgumentException("a result gives declarer's tricks or a side's, not both");
    }
    for (OptionalInt n : new OptionalInt[] {declarer, ns, ew}) {
      if (n.isPresent() && (n.getAsInt() < 0 || n.getAsInt() > 13)) {
        throw new IllegalArgumentException("tricks 0..13: " + n.getAsInt());
      }
    }
    if (ns.isPresent() && ew.isPresent() && ns.getAsInt() + ew.getAsInt() > 13) {
      throw new IllegalArgumentException(
          "NS " + ns.getAsInt() + " and EW " + ew.getAsInt() + " make more than 13 tricks");
    }
  }

  /** Tricks won by the declarer. */
  public static PbnResult of(int tricks) {
    return new PbnResult(false, OptionalInt.of(tricks), OptionalInt.empty(), OptionalInt.empty());
  }

  /** Parses {@code 9}, {@code NS 9}, {@code EW 4}, {@code NS 9 EW 4}, maybe after {@code ^}. */
  public static PbnResult parse(String text) {
    String t = text.strip();
    boolean irregular = t.startsWith("^");
    Sided s = Sided.parse(irregular ? t.substring(1) : t, "result");
    return new PbnResult(irregular, s.plain(), s.ns(), s.ew());
  }

  /**
   * Tricks won by the declaring side: given directly, or by the declarer's side, or 13 less
   * those of the defenders.
   */
  public OptionalInt tricks(Optional<Seat> declarerSeat) {
    if (declarer.isPresent()) {
      return declarer;
    }
    if (declarerSeat.isEmpty()) {
      return OptionalInt.empty();
    }
    Side side = declarerSeat.get().side();
    OptionalInt mine = side == Side.NS ? ns : ew;
    OptionalInt theirs = side == Side.NS ? ew : ns;
    if (mine.isPresent()) {
      return mine;
    }
    return OptionalInt.of(13 - theirs.getAsInt());
  }

  /** The export form, declarer's tricks, when the declarer's side's tricks are given. */
  public PbnResult normalized(Optional<Seat> declarerSeat) {
    if (declarer.isPresent() || declarerSeat.isEmpty()) {
      return this;
    }
    OptionalInt mine = declarerSeat.get().side() == Side.NS ? ns : ew;
    return mine.isPresent()
        ? new PbnResult(irregular, mine, OptionalInt.empty(), OptionalInt.empty())
        : this;
  }

  public String toPbn() {
    return (irregular ? "^" : "")
        + new Sided(declarer, ns, ew).toPbn();
  }

  @Override
  public String toString() {
    return toPbn();
  }
}
