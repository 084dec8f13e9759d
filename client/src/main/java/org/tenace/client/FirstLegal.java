package org.tenace.client;

import java.util.List;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A player whose call is the first legal one, made as natural, and whose card is the first legal
 * one; its other answers are {@link Player}'s defaults. The driver answers so for a player that
 * gives no answer in time; tests extend it where only a call or a card matters.
 */
class FirstLegal implements Player {
  @Override
  public CallChoice call(SeatView view, List<Call> legal) {
    return CallChoice.natural(legal.get(0));
  }

  @Override
  public Card card(SeatView view, Seat playsFor, List<Card> legal) {
    return legal.get(0);
  }
}
