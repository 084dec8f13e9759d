package org.tenace.server.engine;

import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * A failure to follow suit recorded in laws mode (Law 61): known to the engine at once, told to no
 * one until attention is drawn or the board ends.
 *
 * @param trick 1-13
 * @param offender the hand that revoked (dummy's hand when declarer revoked from it)
 * @param led the suit led, which the offender held
 * @param card the card played instead
 * @param faced the offender failed to play a card faced on the table (dummy, a penalty card, a
 *     hand faced for a claim): Law 64B3, no trick transfer
 * @param established Law 63A: the offending side has played to a later trick or made or agreed to
 *     a claim
 * @param corrected Law 62: withdrawn and replaced before it was established
 */
public record Revoke(
    int trick, Seat offender, Suit led, Card card, boolean faced, boolean established,
    boolean corrected) {
  public Revoke {
    Require.nonNull("offender led card", offender, led, card);
  }

  Revoke establish() {
    return new Revoke(trick, offender, led, card, faced, true, corrected);
  }

  Revoke correct() {
    return new Revoke(trick, offender, led, card, faced, established, true);
  }
}
