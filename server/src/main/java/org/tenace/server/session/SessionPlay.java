package org.tenace.server.session;

import java.util.Objects;
import org.tenace.scoring.record.HandRecord;

/**
 * One board played at one table of one round: who sat there and the hand record (deal, auction,
 * play, contract, result and North-South's score).
 */
public record SessionPlay(int round, int table, int ns, int ew, HandRecord record) {
  public SessionPlay {
    Objects.requireNonNull(record, "record");
    if (record.board().isEmpty()) {
      throw new IllegalArgumentException("a session's play names its board");
    }
  }

  public int board() {
    return record.board().get().number();
  }
}
