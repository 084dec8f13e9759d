package org.tenace.bridge.lin;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Call;

/** A LIN call ({@code mb}): the call, whether it was alerted ({@code !}), its {@code an} text. */
public record LinCall(Call call, boolean alert, Optional<String> explanation) {

  public LinCall {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(explanation, "explanation");
    explanation.ifPresent(e -> LinRecord.checkText("explanation", e));
  }

  public static LinCall of(Call call) {
    return new LinCall(call, false, Optional.empty());
  }
}
