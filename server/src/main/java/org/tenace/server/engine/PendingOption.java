package org.tenace.server.engine;

import java.util.Objects;
import org.tenace.bridge.card.Seat;

/**
 * An option the Laws give a player over an irregular call (Laws 25B, 27, 29): {@code holder} may
 * accept it (by calling, or with {@code accept}) or refuse it. The description says what each
 * answer does.
 */
public record PendingOption(String law, Seat holder, Seat offender, Utterance call,
    String description, Irregularity.Kind irregular, int callIndex) {
  public PendingOption {
    Objects.requireNonNull(law, "law");
    Objects.requireNonNull(irregular, "irregular");
    if (callIndex < 0) {
      throw new IllegalArgumentException("callIndex >= 0: " + callIndex);
    }
    Objects.requireNonNull(holder, "holder");
    Objects.requireNonNull(offender, "offender");
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(description, "description");
  }

  /** The irregular call this option is about. */
  public Irregularity irregularity() {
    return new Irregularity(irregular, law, offender, java.util.OptionalInt.of(callIndex),
        java.util.Optional.empty(), description);
  }
}
