package org.tenace.bridge.auction;

import java.util.Objects;
import java.util.Optional;

/** A bid (Law 18A): a level from 1 to 7 and a strain. The 35 instances are interned. */
public record Bid(int level, Strain strain) implements Call, Comparable<Bid> {
  private static final Bid[] ALL = new Bid[35];

  static {
    for (int i = 0; i < 35; i++) {
      ALL[i] = new Bid(i / 5 + 1, Strain.of(i % 5));
    }
  }

  public Bid {
    if (level < 1 || level > 7) {
      throw new IllegalArgumentException("levels are 1..7: " + level);
    }
    Objects.requireNonNull(strain, "strain");
  }

  public static Bid of(int level, Strain strain) {
    if (level < 1 || level > 7) {
      throw new IllegalArgumentException("levels are 1..7: " + level);
    }
    return ALL[(level - 1) * 5 + strain.ordinal()];
  }

  /** The bid of this {@link #rank()}, 0 (1C) to 34 (7NT). */
  public static Bid ofRank(int rank) {
    if (rank < 0 || rank > 34) {
      throw new IllegalArgumentException("bid rank 0..34: " + rank);
    }
    return ALL[rank];
  }

  /** {@code 1C}, {@code 3N}, {@code 3NT}, {@code 4♠}, in either case. */
  public static Bid parse(String text) {
    String t = text.strip();
    if (t.length() < 2 || !Character.isDigit(t.charAt(0))) {
      throw new IllegalArgumentException("not a call: '" + text + "'");
    }
    int level = t.charAt(0) - '0';
    if (level < 1 || level > 7 || (t.length() > 2 && Character.isDigit(t.charAt(1)))) {
      throw new IllegalArgumentException("levels are 1..7: '" + text + "'");
    }
    return of(level, Strain.parse(t.substring(1)));
  }

  /** 0 for 1C up to 34 for 7NT: the order of Law 18C. */
  public int rank() {
    return (level - 1) * 5 + strain.ordinal();
  }

  /** The next higher bid, empty after 7NT. */
  public Optional<Bid> next() {
    int r = rank();
    return r == 34 ? Optional.empty() : Optional.of(ALL[r + 1]);
  }

  /** The lowest bid of this strain that is higher than {@code other}. */
  public static Bid lowestAbove(Bid other, Strain strain) {
    int level = strain.compareTo(other.strain) > 0 ? other.level : other.level + 1;
    return of(level, strain);
  }

  @Override
  public int compareTo(Bid o) {
    return Integer.compare(rank(), o.rank());
  }

  @Override
  public String toString() {
    return level + strain.symbol();
  }
}
