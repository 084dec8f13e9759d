package org.tenace.robot.bidding;

import java.util.Arrays;
import java.util.Objects;
import org.tenace.bridge.card.Suit;

/**
 * What a call shows, or what a seat has shown over the auction: a range of points and a range of
 * length in each suit. Immutable; {@link #and} narrows one by another.
 */
public final class Showing {
  public static final int MAX_POINTS = 40;
  public static final Showing ANY = new Showing(0, MAX_POINTS, new int[4], new int[] {13, 13, 13, 13}, false);

  private final int minPoints;
  private final int maxPoints;
  private final int[] minLength;
  private final int[] maxLength;
  private final boolean balanced;

  private Showing(int minPoints, int maxPoints, int[] minLength, int[] maxLength, boolean balanced) {
    this.minPoints = minPoints;
    this.maxPoints = maxPoints;
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.balanced = balanced;
  }

  /** Points from {@code min} to {@code max}, any shape. */
  public static Showing points(int min, int max) {
    return ANY.withPoints(min, max);
  }

  public Showing withPoints(int min, int max) {
    return new Showing(Math.max(0, min), Math.min(MAX_POINTS, max), minLength, maxLength, balanced);
  }

  public Showing atLeast(Suit suit, int n) {
    int[] min = minLength.clone();
    min[suit.ordinal()] = Math.max(min[suit.ordinal()], n);
    return new Showing(minPoints, maxPoints, min, maxLength, balanced);
  }

  public Showing atMost(Suit suit, int n) {
    int[] max = maxLength.clone();
    max[suit.ordinal()] = Math.min(max[suit.ordinal()], n);
    return new Showing(minPoints, maxPoints, minLength, max, balanced);
  }

  public Showing balanced() {
    return new Showing(minPoints, maxPoints, minLength, maxLength, true);
  }

  public int minPoints() {
    return minPoints;
  }

  public int maxPoints() {
    return maxPoints;
  }

  public int minLength(Suit suit) {
    return minLength[suit.ordinal()];
  }

  public int maxLength(Suit suit) {
    return maxLength[suit.ordinal()];
  }

  public boolean isBalanced() {
    return balanced;
  }

  /** Whether a hand with {@code points} fits this showing. */
  public boolean admits(HandEvaluation hand, int points) {
    if (points < minPoints || points > maxPoints) {
      return false;
    }
    for (Suit s : Suit.values()) {
      int n = hand.length(s);
      if (n < minLength[s.ordinal()] || n > maxLength[s.ordinal()]) {
        return false;
      }
    }
    return !balanced || hand.isBalanced();
  }

  /**
   * Both showings at once. Where they contradict (a later call that the earlier one ruled out,
   * as happens in odd auctions), the later call, {@code newer}, wins.
   */
  public Showing and(Showing newer) {
    int lo = Math.max(minPoints, newer.minPoints);
    int hi = Math.min(maxPoints, newer.maxPoints);
    if (lo > hi) {
      lo = newer.minPoints;
      hi = newer.maxPoints;
    }
    int[] min = new int[4];
    int[] max = new int[4];
    for (int i = 0; i < 4; i++) {
      min[i] = Math.max(minLength[i], newer.minLength[i]);
      max[i] = Math.min(maxLength[i], newer.maxLength[i]);
      if (min[i] > max[i]) {
        min[i] = newer.minLength[i];
        max[i] = newer.maxLength[i];
      }
    }
    return new Showing(lo, hi, min, max, balanced || newer.balanced);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Showing s && s.minPoints == minPoints && s.maxPoints == maxPoints
        && Arrays.equals(s.minLength, minLength) && Arrays.equals(s.maxLength, maxLength)
        && s.balanced == balanced;
  }

  @Override
  public int hashCode() {
    return Objects.hash(minPoints, maxPoints, Arrays.hashCode(minLength), Arrays.hashCode(maxLength), balanced);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder().append(minPoints).append('-').append(maxPoints);
    for (int i = 3; i >= 0; i--) {
      if (minLength[i] > 0 || maxLength[i] < 13) {
        sb.append(' ').append(Suit.of(i).letter()).append(minLength[i]).append('-').append(maxLength[i]);
      }
    }
    return balanced ? sb.append(" bal").toString() : sb.toString();
  }
}
