package org.tenace.server.engine;

import org.tenace.bridge.check.Require;

/**
 * Why an action is refused, as a value: {@code check} methods return it so the reason is never
 * lost, and {@link #exception()} turns it into the exception a transition throws.
 */
public record Refusal(Violation violation, String detail) {
  public Refusal {
    Require.nonNull("violation detail", violation, detail);
  }

  /** {@code INSUFFICIENT_BID: 1C after 1C; lowest is 1D}. */
  public String message() {
    return violation.name() + ": " + detail;
  }

  public RuleViolationException exception() {
    return new RuleViolationException(violation, detail);
  }

  @Override
  public String toString() {
    return message();
  }
}
