package org.tenace.client;

import java.util.Objects;
import org.tenace.bridge.auction.Call;

/** A player's call, alerted with an explanation when it is conventional (self-alerting online). */
public record CallAnswer(Call call, boolean alert, String explanation) {

  public CallAnswer {
    Objects.requireNonNull(call, "call");
    explanation = explanation == null ? "" : explanation;
    if (alert && explanation.isBlank()) {
      throw new IllegalArgumentException("an alerted call needs an explanation: " + call);
    }
  }

  public static CallAnswer natural(Call call) {
    return new CallAnswer(call, false, "");
  }

  public static CallAnswer alerted(Call call, String explanation) {
    return new CallAnswer(call, true, explanation);
  }
}
