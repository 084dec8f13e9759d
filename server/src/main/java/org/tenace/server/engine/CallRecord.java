package org.tenace.server.engine;

import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * One call as it was made, in the order made, for replaying and for clients: who said what, its
 * alert, what became of it, the Law applied (empty for an ordinary call) and, for a call that was
 * cancelled or withdrawn, the side for which it is unauthorized information (Law 16C).
 */
public record CallRecord(
    int index, Seat seat, Utterance said, Alert alert, CallStatus status, String law,
    Optional<Side> uiFor) {

  public CallRecord {
    if (index < 0) {
      throw new IllegalArgumentException("index >= 0: " + index);
    }
    Require.nonNull("seat said alert status law uiFor", seat, said, alert, status, law, uiFor);
  }

  CallRecord with(CallStatus newStatus, String newLaw, Optional<Side> newUiFor) {
    return new CallRecord(index, seat, said, alert, newStatus, newLaw, newUiFor);
  }

  /**
   * The record as {@code viewer} may see it online: a self-alert is never shown to the caller's
   * partner (Laws 20 and 40).
   */
  public CallRecord visibleTo(Seat viewer) {
    if (alert.alerted() && viewer == seat.partner()) {
      return new CallRecord(index, seat, said, Alert.NONE, status, law, uiFor);
    }
    return this;
  }

  @Override
  public String toString() {
    return seat + ":" + said + alert + (status == CallStatus.STANDS ? "" : " " + status)
        + (law.isEmpty() ? "" : " (" + law + ")");
  }
}
