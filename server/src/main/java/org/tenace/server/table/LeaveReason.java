package org.tenace.server.table;

/**
 * Why a token's holder left the table: the edges tell its holder in words (the terminal, the
 * browser) and keep the code in the stream's status.
 */
public enum LeaveReason {
  /** The holder gave the seat up (or stopped watching). */
  LEFT,
  /**
   * The session's director seated someone else in the seat: a substitute, a person or a robot,
   * or robots for the whole pair.
   */
  REPLACED
}
