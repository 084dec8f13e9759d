package org.tenace.server.replay;

import org.tenace.bridge.check.Require;

/**
 * Something a record and the rules engine disagree on.
 *
 * @param where the file, line and board: {@code file.pbn:120: board 3}
 * @param what what is compared: {@code illegal call}, {@code contract}, {@code tricks}, ...
 * @param record what the record says
 * @param engine what the engine says
 */
public record Disagreement(String where, String what, String record, String engine) {
  public Disagreement {
    Require.nonNull("where what record engine", where, what, record, engine);
  }

  /** {@code file.pbn:120: board 3: contract: record 4S; engine 4H}. */
  @Override
  public String toString() {
    return where + ": " + what + ": record " + record + "; engine " + engine;
  }
}
