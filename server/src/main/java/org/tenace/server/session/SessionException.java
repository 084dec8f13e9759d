package org.tenace.server.session;

import java.util.Objects;

/** A session request refused; the reason picks the gRPC status and goes first in the message. */
public final class SessionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why. */
  public enum Reason {
    /** A request field out of range or unreadable (INVALID_ARGUMENT). */
    MALFORMED,
    /** No token, or one this session never gave (UNAUTHENTICATED). */
    TOKEN_INVALID,
    /** A player's token asking for the director's request (PERMISSION_DENIED). */
    NOT_DIRECTOR,
    /** No such session (NOT_FOUND). */
    SESSION_NOT_FOUND,
    /** The pair is someone else's (ALREADY_EXISTS). */
    PAIR_TAKEN,
    /** Not at this moment of the session (FAILED_PRECONDITION). */
    WRONG_STATE
  }

  private final Reason reason;

  public SessionException(Reason reason, String detail) {
    super(reason.name() + ": " + detail, null, false, false);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  public Reason reason() {
    return reason;
  }
}
