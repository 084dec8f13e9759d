package org.tenace.bridge.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * An exact rational number, always in lowest terms with a positive denominator. Matchpoints come
 * in halves, Neuberg factors such as 18/17 and averaged cross-IMPs never end in decimals: keeping
 * them exact until they are shown means totals and ties are never disturbed by rounding.
 */
public record Fraction(long numerator, long denominator) implements Comparable<Fraction> {
  public static final Fraction ZERO = new Fraction(0, 1);
  public static final Fraction ONE = new Fraction(1, 1);
  public static final Fraction HUNDRED = new Fraction(100, 1);

  public Fraction {
    if (denominator <= 0) {
      throw new IllegalArgumentException("a fraction's denominator must be positive, not "
          + denominator + " (use of(n, d) to normalise)");
    }
    if (gcd(numerator, denominator) != 1) {
      throw new IllegalArgumentException(numerator + "/" + denominator
          + " is not in lowest terms (use of(n, d) to normalise)");
    }
  }

  public static Fraction of(long whole) {
    return new Fraction(whole, 1);
  }

  /** {@code numerator / denominator}, reduced; refuses a zero denominator. */
  public static Fraction of(long numerator, long denominator) {
    if (denominator == 0) {
      throw new ArithmeticException("division by zero: " + numerator + "/0");
    }
    if (denominator < 0) {
      numerator = Math.negateExact(numerator);
      denominator = Math.negateExact(denominator);
    }
    long g = gcd(numerator, denominator);
    return new Fraction(numerator / g, denominator / g);
  }

  public Fraction plus(Fraction o) {
    long g = gcd(denominator, o.denominator);
    long d = Math.multiplyExact(denominator / g, o.denominator);
    long n = Math.addExact(
        Math.multiplyExact(numerator, o.denominator / g), Math.multiplyExact(o.numerator, denominator / g));
    return of(n, d);
  }

  public Fraction plus(long whole) {
    return plus(of(whole));
  }

  public Fraction minus(Fraction o) {
    return plus(o.negate());
  }

  public Fraction minus(long whole) {
    return plus(of(Math.negateExact(whole)));
  }

  public Fraction negate() {
    return new Fraction(Math.negateExact(numerator), denominator);
  }

  public Fraction times(Fraction o) {
    // cross-reduce first so that the products stay small
    long g1 = gcd(numerator, o.denominator);
    long g2 = gcd(o.numerator, denominator);
    return of(Math.multiplyExact(numerator / g1, o.numerator / g2),
        Math.multiplyExact(denominator / g2, o.denominator / g1));
  }

  public Fraction times(long whole) {
    return times(of(whole));
  }

  public Fraction dividedBy(Fraction o) {
    if (o.numerator == 0) {
      throw new ArithmeticException("division by zero: " + this + " / 0");
    }
    return times(of(o.denominator, o.numerator));
  }

  public Fraction dividedBy(long whole) {
    return dividedBy(of(whole));
  }

  public int signum() {
    return Long.signum(numerator);
  }

  public boolean isWhole() {
    return denominator == 1;
  }

  /** Rounded to {@code decimals} places, halves away from zero (as Ruter and BBO round). */
  public BigDecimal round(int decimals) {
    return BigDecimal.valueOf(numerator)
        .divide(BigDecimal.valueOf(denominator), decimals, RoundingMode.HALF_UP);
  }

  public double doubleValue() {
    return (double) numerator / denominator;
  }

  @Override
  public int compareTo(Fraction o) {
    // a/b ? c/d  <=>  a*d ? c*b, with positive denominators; exact in 128 bits
    return compareProducts(numerator, o.denominator, o.numerator, denominator);
  }

  /** {@code 3}, {@code -1/2}, {@code 271/8}. */
  @Override
  public String toString() {
    return denominator == 1 ? Long.toString(numerator) : numerator + "/" + denominator;
  }

  private static int compareProducts(long a, long b, long c, long d) {
    long hi1 = Math.multiplyHigh(a, b);
    long lo1 = a * b;
    long hi2 = Math.multiplyHigh(c, d);
    long lo2 = c * d;
    if (hi1 != hi2) {
      return Long.compare(hi1, hi2);
    }
    return Long.compareUnsigned(lo1, lo2);
  }

  private static long gcd(long a, long b) {
    a = Math.abs(a);
    b = Math.abs(b);
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a == 0 ? 1 : a;
  }
}
