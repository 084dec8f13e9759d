package org.tenace.server.engine;

import java.util.Objects;

/**
 * An action the rules refuse in the current state. The message starts with the violation's name:
 * {@code INSUFFICIENT_BID: 1C after 1C; lowest is 1D}.
 */
public final class RuleViolationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Violation violation;
  private final String detail;

  public RuleViolationException(Violation violation, String detail) {
    super(violation.name() + ": " + detail, null, false, false);
    this.violation = Objects.requireNonNull(violation, "violation");
    this.detail = detail;
  }

  public Violation violation() {
    return violation;
  }

  /** The message without the violation's name: {@code 1C after 1C; lowest is 1D}. */
  public String detail() {
    return detail;
  }
}
