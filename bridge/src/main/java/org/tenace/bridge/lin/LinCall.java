package org.tenace.bridge.lin;

import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.check.Require;

/** A LIN call ({@code mb}): the call, whether it was alerted ({@code !}), its {@code an} text. */
public record LinCall(Call call, boolean alert, Optional<String> explanation) {

  public LinCall {
    Require.nonNull("call explanation", call, explanation);
    explanation.ifPresent(e -> LinRecord.checkText("explanation", e));
  }

  public static LinCall of(Call call) {
    return new LinCall(call, false, Optional.empty());
  }
}
