package org.tenace.server.session;

import java.util.Objects;
import java.util.Optional;
import org.tenace.scoring.event.Outcome;
import org.tenace.scoring.record.HandRecord;

/**
 * One board at one table of one round: who sat there and the hand record (deal, auction, play,
 * contract, result and North-South's score), or the director's artificial adjusted score (Law
 * 12C2) instead of the result, for a board not played (then the record holds only the deal) or
 * one whose result does not stand.
 */
public record SessionPlay(int round, int table, int ns, int ew, HandRecord record,
    Optional<Outcome.Adjusted> adjusted) {
  public SessionPlay {
    Objects.requireNonNull(record, "record");
    Objects.requireNonNull(adjusted, "adjusted");
    if (record.board().isEmpty()) {
      throw new IllegalArgumentException("a session's play names its board");
    }
  }

  /** A board played to its result. */
  public SessionPlay(int round, int table, int ns, int ew, HandRecord record) {
    this(round, table, ns, ew, record, Optional.empty());
  }

  public int board() {
    return record.board().get().number();
  }

  /** The same board with the director's adjusted score in place of its result. */
  public SessionPlay adjusted(Outcome.Adjusted score) {
    return new SessionPlay(round, table, ns, ew, record, Optional.of(score));
  }
}
