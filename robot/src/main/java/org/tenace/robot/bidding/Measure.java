package org.tenace.robot.bidding;

import org.tenace.bridge.card.Suit;

/** Which count of a hand's strength a rule's point range is compared with. */
public enum Measure {
  /** High-card points: for notrump bids. */
  HCP,
  /** High-card points plus length: for opening and overcalling. */
  POINTS,
  /** High-card points plus shortness, for raising the rule's suit. */
  SUPPORT;

  int of(HandEvaluation hand, Suit suit) {
    return switch (this) {
      case HCP -> hand.hcp();
      case POINTS -> hand.points();
      case SUPPORT -> suit == null ? hand.points() : hand.supportPoints(suit);
    };
  }
}
