package org.tenace.bridge.pbn;

import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * A PBN {@code Score} tag (section 4.2.1), in points: {@code "NS 620"} (from North-South's point of
 * view), {@code "EW -200"}, both, or a plain {@code "-300"}, which is the declarer's score.
 */
public record PbnScore(OptionalInt declarer, OptionalInt ns, OptionalInt ew) {

  public PbnScore {
    Require.nonNull("declarer ns ew", declarer, ns, ew);
    if (declarer.isPresent() == (ns.isPresent() || ew.isPresent())) {
      throw new IllegalArgumentException("a score is declarer's or a side's, not both");
    }
  }

  /** North-South's score. */
  public static PbnScore ofNs(int points) {
    return new PbnScore(OptionalInt.empty(), OptionalInt.of(points), OptionalInt.empty());
  }

  /** Parses the five forms, numbers with an optional sign ({@code "NS +550"}). */
  public static PbnScore parse(String text) {
    Sided s = Sided.parse(text, "score");
    return new PbnScore(s.plain(), s.ns(), s.ew());
  }

  /**
   * North-South's points: the NS value, or minus the EW value, or the declarer's score seen from
   * the declarer's side (which needs the declarer).
   */
  public OptionalInt nsPoints(Optional<Seat> declarerSeat) {
    if (ns.isPresent()) {
      return ns;
    }
    if (ew.isPresent()) {
      return OptionalInt.of(-ew.getAsInt());
    }
    if (declarerSeat.isEmpty()) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(declarerSeat.get().side() == Side.NS
        ? declarer.getAsInt() : -declarer.getAsInt());
  }

  public String toPbn() {
    return new Sided(declarer, ns, ew).toPbn();
  }

  @Override
  public String toString() {
    return toPbn();
  }
}
