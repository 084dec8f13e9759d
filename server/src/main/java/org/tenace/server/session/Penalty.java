package org.tenace.server.session;

import java.math.BigDecimal;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.Fraction;

/**
 * A procedural penalty (Law 90) the director gives one pair on one board: so many matchpoints,
 * so many IMPs, or a percentage of the board's top at matchpoints. It comes off the pair's
 * total after the board is scored; it changes neither the board's comparisons nor the
 * opponents' points.
 *
 * @param pair the pair penalised
 * @param unit what {@code amount} counts
 * @param amount how much, more than 0 (two decimals at most)
 */
public record Penalty(int pair, Unit unit, BigDecimal amount) {

  /** What a penalty counts. */
  public enum Unit {
    /** Matchpoints. */
    MATCHPOINTS("MPs"),
    /** IMPs. */
    IMPS("IMPs"),
    /** A percentage of the board's top, at matchpoints (EBU: 10% of a top, 25%, 50%). */
    PERCENT("% of a top");

    private final String words;

    Unit(String words) {
      this.words = words;
    }

    /** How a director says it after the number: "MPs", "IMPs", "% of a top". */
    public String words() {
      return words;
    }
  }

  public Penalty {
    Require.nonNull("unit amount", unit, amount);
    if (amount.signum() <= 0) {
      throw new SessionException(SessionException.Reason.MALFORMED,
          "a penalty takes something off: " + amount.toPlainString() + " is not more than 0");
    }
    if (amount.stripTrailingZeros().scale() > 2) {
      throw new SessionException(SessionException.Reason.MALFORMED,
          "a penalty has two decimals at most, not " + amount.toPlainString());
    }
    if (unit == Unit.PERCENT ? amount.compareTo(BigDecimal.valueOf(100)) > 0
        : amount.compareTo(BigDecimal.valueOf(1000)) > 0) {
      throw new SessionException(SessionException.Reason.MALFORMED, unit == Unit.PERCENT
          ? "a penalty is at most 100% of a top, not " + amount.toPlainString()
          : "a penalty of " + amount.toPlainString() + " " + unit.words() + " is out of range");
    }
    amount = amount.stripTrailingZeros();
    if (amount.scale() < 0) {
      amount = amount.setScale(0);
    }
  }

  /** The points it takes off, in the session's own points: {@code top} is the board's. */
  public Fraction points(Fraction top) {
    Fraction a = Fraction.of(amount.unscaledValue().longValueExact(),
        BigDecimal.TEN.pow(amount.scale()).longValueExact());
    return unit == Unit.PERCENT ? a.times(top).dividedBy(100) : a;
  }

  /** "0.5 MPs", "3 IMPs", "25% of a top". */
  public String words() {
    return amount.toPlainString() + (unit == Unit.PERCENT ? "" : " ") + unit.words();
  }
}
