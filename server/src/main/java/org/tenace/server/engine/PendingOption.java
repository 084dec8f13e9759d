package org.tenace.server.engine;

import java.util.Objects;
import org.tenace.scoring.card.Seat;

/**
 * An option the Laws give a player over an irregular call (Laws 25B, 27, 29): {@code holder} may
 * accept it (by calling, or with {@code accept}) or refuse it. The description says what each
 * answer does.
 */
public record PendingOption(String law, Seat holder, Seat offender, Utterance call,
    String description, Irregular irregular, int callIndex) {
  /** What the offender did. */
  public enum Irregular {
    /** Laws 27: a bid not higher than the last one. */
    INSUFFICIENT_BID,
    /** Laws 28-32: a call by the wrong player. */
    OUT_OF_ROTATION,
    /** Law 25B: a call changed after it was made. */
    CHANGE_OF_CALL
  }

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
}
