package org.tenace.server.engine;

import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * An option the Laws give a player over an irregular call (Laws 25B, 27, 29): {@code holder} may
 * accept it (by calling, or with {@code accept}) or refuse it. The description says what each
 * answer does.
 */
public record PendingOption(String law, Seat holder, Seat offender, Utterance call,
    String description, Irregularity.Kind irregular, int callIndex) {
  public PendingOption {
    Require.nonNull("law irregular", law, irregular);
    if (callIndex < 0) {
      throw new IllegalArgumentException("callIndex >= 0: " + callIndex);
    }
    Require.nonNull("holder offender call description", holder, offender, call, description);
  }

  /** The irregular call this option is about. */
  public Irregularity irregularity() {
    return new Irregularity(irregular, law, offender, java.util.OptionalInt.of(callIndex),
        java.util.Optional.empty(), description);
  }
}
