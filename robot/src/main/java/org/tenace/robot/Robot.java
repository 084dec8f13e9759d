package org.tenace.robot;

import org.tenace.bridge.auction.CallChoice;
import org.tenace.bridge.card.Card;

/**
 * A player that is a program. It sees only its seat's view and always answers with one of the
 * legal calls or cards it was given.
 */
public interface Robot {

  /** A call from {@code view.legalCalls()}, alerted and explained if conventional. */
  CallChoice chooseCall(CallView view);

  /** A card from {@code view.legalCards()}. */
  Card chooseCard(CardView view);
}
