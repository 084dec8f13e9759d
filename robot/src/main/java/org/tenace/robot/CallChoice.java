package org.tenace.robot;

import java.util.Objects;
import org.tenace.bridge.auction.Call;

/** A robot's call, alerted with a short explanation when the house system gives it a conventional meaning. */
public record CallChoice(Call call, boolean alert, String explanation) {

  public CallChoice {
    Objects.requireNonNull(call, "call");
    explanation = explanation == null ? "" : explanation;
    if (alert && explanation.isBlank()) {
      throw new IllegalArgumentException("an alerted call needs an explanation: " + call);
    }
  }

  public static CallChoice natural(Call call) {
    return new CallChoice(call, false, "");
  }

  public static CallChoice alerted(Call call, String explanation) {
    return new CallChoice(call, true, explanation);
  }
}
