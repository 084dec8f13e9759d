package org.tenace.bridge.record;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * One call of a recorded auction: who made it, the call, whether it was alerted, its
 * explanation (a LIN {@code an} or a PBN note) and the irregularities the table accepted.
 */
public record RecordedCall(
    Seat seat, Call call, boolean alert, Optional<String> explanation,
    Set<Irregularity> irregularities) {

  public RecordedCall {
    Require.nonNull("seat call explanation", seat, call, explanation);
    irregularities = Set.copyOf(irregularities);
    for (Irregularity i : irregularities) {
      if (!i.ofCall()) {
        throw new IllegalArgumentException(i + " marks a card, not a call");
      }
    }
    if (irregularities.contains(Irregularity.INSUFFICIENT_BID)
        && !(call instanceof org.tenace.bridge.auction.Bid)) {
      throw new IllegalArgumentException("only a bid can be insufficient: " + call);
    }
  }

  /** A regular call, not alerted. */
  public static RecordedCall of(Seat seat, Call call) {
    return new RecordedCall(seat, call, false, Optional.empty(), Set.of());
  }

  /** An alerted call with its explanation (empty when none was given). */
  public static RecordedCall alerted(Seat seat, Call call, String explanation) {
    return new RecordedCall(seat, call, true,
        explanation.isEmpty() ? Optional.empty() : Optional.of(explanation), Set.of());
  }

  /** This call with one more irregularity. */
  public RecordedCall with(Irregularity irregularity) {
    EnumSet<Irregularity> all = EnumSet.of(irregularity);
    all.addAll(irregularities);
    return new RecordedCall(seat, call, alert, explanation, all);
  }

  public boolean has(Irregularity irregularity) {
    return irregularities.contains(irregularity);
  }

  @Override
  public String toString() {
    return seat + ":" + call + (alert ? "!" : "");
  }
}
