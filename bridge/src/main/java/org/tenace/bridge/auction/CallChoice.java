package org.tenace.bridge.auction;

import java.util.Objects;

/**
 * A seat's call, a person's or a robot's, alerted with an explanation when it is conventional
 * (self-alerting online; a robot explains what its house system means by it).
 */
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
