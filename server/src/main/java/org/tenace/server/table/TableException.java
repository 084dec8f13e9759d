package org.tenace.server.table;

import java.util.Objects;

/**
 * A request the table refuses for a reason outside the Laws: who is asking, which table, which
 * version. The rules' own refusals are {@code RuleViolationException}s. The reason's name goes
 * first in the message, as the violations' do.
 */
public final class TableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why; each reason has one gRPC status (see the api's StatusMapper and errors.proto). */
  public enum Reason {
    MALFORMED, BID_ABOVE_SEVEN,
    TOKEN_MISSING, TOKEN_INVALID,
    NOT_YOUR_SEAT, WRONG_TABLE, NOT_DIRECTOR, KIBITZING_NOT_ALLOWED,
    TABLE_NOT_FOUND, RULING_NOT_FOUND,
    SEAT_TAKEN,
    STALE_VERSION,
    SHUTTING_DOWN,
    NO_BOARD, BOARD_NOT_COMPLETE, TABLE_CLOSED
  }

  private final Reason reason;
  private final String field;

  public TableException(Reason reason, String detail) {
    this(reason, detail, "");
  }

  /** {@code field}: the request field at fault, for MALFORMED. */
  public TableException(Reason reason, String detail, String field) {
    super(reason.name() + ": " + detail, null, false, false);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.field = Objects.requireNonNull(field, "field");
  }

  public Reason reason() {
    return reason;
  }

  public String field() {
    return field;
  }
}
