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
    MALFORMED,
    TOKEN_MISSING, TOKEN_INVALID,
    /** The director seated a substitute in the token's seat: the token is void. */
    SEAT_REPLACED,
    NOT_YOUR_SEAT, WRONG_TABLE, NOT_DIRECTOR, KIBITZING_NOT_ALLOWED,
    TABLE_NOT_FOUND, RULING_NOT_FOUND,
    SEAT_TAKEN,
    STALE_VERSION,
    SHUTTING_DOWN, CLAIM_SEARCH_BUSY,
    CREATE_KEY_REQUIRED, TOO_MANY_TABLES, TOO_MANY_TABLES_FOR_CLIENT,
    NO_BOARD, BOARD_NOT_COMPLETE, TABLE_CLOSED,
    /** Another server of a cluster owns the table; {@link #movedTo()} says where. */
    TABLE_MOVED
  }

  private final Reason reason;
  private final String field;
  private final long version;
  private String movedTo = "";

  public TableException(Reason reason, String detail) {
    this(reason, detail, "");
  }

  /** {@code field}: the request field at fault, for MALFORMED. */
  public TableException(Reason reason, String detail, String field) {
    this(reason, detail, field, -1);
  }

  private TableException(Reason reason, String detail, String field, long version) {
    super(reason.name() + ": " + detail, null, false, false);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.field = Objects.requireNonNull(field, "field");
    this.version = version;
  }

  /** A command whose claim search the game kept overtaking ({@link SearchFirst}). */
  static TableException overtaken(long current) {
    return new TableException(Reason.STALE_VERSION, "the game moved on while the claim was "
        + "judged: version " + current + "; look at the table again and resend", "", current);
  }

  /** STALE_VERSION, carrying the table's current version for the client. */
  public static TableException stale(long current, long seen) {
    return new TableException(Reason.STALE_VERSION,
        "the table has moved on: version " + current + ", you saw " + seen, "", current);
  }

  /**
   * TABLE_MOVED: table {@code id} is served by the server at {@code address} (HOST:PORT; empty
   * while no live server owns it, and another takes it over when its owner's lease expires).
   */
  public static TableException moved(String id, String address) {
    return moved("table " + Quote.of(id), "is played on", address);
  }

  /**
   * TABLE_MOVED for a session: session {@code id} is run by the server at {@code address} (empty
   * while no live server runs it); a client follows it as it follows a table.
   */
  public static TableException sessionMoved(String id, String address) {
    return moved("session " + Quote.of(id), "is run by", address);
  }

  /** TABLE_MOVED: {@code what} {@code served} the server at {@code address}. */
  private static TableException moved(String what, String served, String address) {
    TableException e = new TableException(Reason.TABLE_MOVED, address.isEmpty()
        ? what + " is between servers; try again in a few seconds"
        : what + " " + served + " the server at " + address);
    e.movedTo = address;
    return e;
  }

  /** For TABLE_MOVED, the owner's address (may be empty); else empty. */
  public String movedTo() {
    return movedTo;
  }

  public Reason reason() {
    return reason;
  }

  public String field() {
    return field;
  }

  /** The table's version, for STALE_VERSION; -1 otherwise. */
  public long version() {
    return version;
  }
}
