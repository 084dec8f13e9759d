package org.tenace.server.session;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.record.HandRecord;

/**
 * One board at one table of one round: who sat there and the hand record (deal, auction, play,
 * contract, result and North-South's score), or the director's adjusted score instead of the
 * result, for a board not played (then the record holds only the deal) or one whose result does
 * not stand: an artificial one (Law 12C2, {@code adjusted}) or an assigned one (Law 12C1,
 * {@code assigned}: a result, a weighted score or a split score), never both; and the procedural
 * penalties (Law 90) the director gave either pair on the board, which come off after it is
 * scored.
 */
public record SessionPlay(int round, int table, int ns, int ew, HandRecord record,
    Optional<Outcome.Adjusted> adjusted, Optional<Assignment> assigned,
    List<Penalty> penalties) {
  public SessionPlay {
    Require.nonNull("record adjusted assigned", record, adjusted, assigned);
    penalties = List.copyOf(penalties);
    for (Penalty p : penalties) {
      if (p.pair() != ns && p.pair() != ew) {
        throw new IllegalArgumentException("a penalty on a board is for one of its two pairs");
      }
    }
    if (record.board().isEmpty()) {
      throw new IllegalArgumentException("a session's play names its board");
    }
    if (adjusted.isPresent() && assigned.isPresent()) {
      throw new IllegalArgumentException("a board has one adjusted score, artificial or assigned");
    }
  }

  /** A board played to its result or given the director's score, without a penalty. */
  public SessionPlay(int round, int table, int ns, int ew, HandRecord record,
      Optional<Outcome.Adjusted> adjusted, Optional<Assignment> assigned) {
    this(round, table, ns, ew, record, adjusted, assigned, List.of());
  }

  /** A board played to its result, or given an artificial score. */
  public SessionPlay(int round, int table, int ns, int ew, HandRecord record,
      Optional<Outcome.Adjusted> adjusted) {
    this(round, table, ns, ew, record, adjusted, Optional.empty());
  }

  /** A board played to its result. */
  public SessionPlay(int round, int table, int ns, int ew, HandRecord record) {
    this(round, table, ns, ew, record, Optional.empty(), Optional.empty());
  }

  public int board() {
    return record.board().get().number();
  }

  /** True when the director's score (artificial or assigned) stands in place of the result. */
  public boolean ruled() {
    return adjusted.isPresent() || assigned.isPresent();
  }

  /** The same board with the director's artificial score in place of its result. */
  public SessionPlay adjusted(Outcome.Adjusted score) {
    return new SessionPlay(round, table, ns, ew, record, Optional.of(score), Optional.empty(),
        penalties);
  }

  /** The same board with the director's assigned score in place of its result. */
  public SessionPlay assigned(Assignment score) {
    return new SessionPlay(round, table, ns, ew, record, Optional.empty(), Optional.of(score),
        penalties);
  }

  /** The same board with one more procedural penalty (Law 90). */
  public SessionPlay penalized(Penalty penalty) {
    List<Penalty> next = new java.util.ArrayList<>(penalties);
    next.add(penalty);
    return new SessionPlay(round, table, ns, ew, record, adjusted, assigned, next);
  }

  /** The penalties of {@code pair} on this board, in the points {@code top} makes of them. */
  public org.tenace.bridge.compare.Fraction penalty(int pair,
      org.tenace.bridge.compare.Fraction top) {
    org.tenace.bridge.compare.Fraction sum = org.tenace.bridge.compare.Fraction.ZERO;
    for (Penalty p : penalties) {
      if (p.pair() == pair) {
        sum = sum.plus(p.points(top));
      }
    }
    return sum;
  }

  /** What the director gave, as {@code A+/A-} or {@code 4S= by N}; empty for a result. */
  public String ruling() {
    return adjusted.map(a -> a.ns().symbol() + "/" + a.ew().symbol())
        .or(() -> assigned.map(Assignment::toString)).orElse("");
  }
}
