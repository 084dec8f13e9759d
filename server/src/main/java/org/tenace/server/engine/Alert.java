package org.tenace.server.engine;

import java.util.Objects;

/**
 * The alert that goes with a call (Laws 20, 40): whether it was alerted and its explanation. Online
 * it is a self-alert, shown to the opponents and never to partner; in laws mode partner alerts.
 */
public record Alert(boolean alerted, String explanation) {
  public static final Alert NONE = new Alert(false, "");

  public Alert {
    Objects.requireNonNull(explanation, "explanation");
    if (!alerted && !explanation.isEmpty()) {
      throw new IllegalArgumentException("an explanation needs an alert: '" + explanation + "'");
    }
  }

  /** An alerted call with its explanation (which may be empty until asked for). */
  public static Alert of(String explanation) {
    return new Alert(true, explanation);
  }

  @Override
  public String toString() {
    return alerted ? "!" + (explanation.isEmpty() ? "" : "(" + explanation + ")") : "";
  }
}
