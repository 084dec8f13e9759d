package org.tenace.robot.play;

import java.util.List;
import org.tenace.robot.Trick;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;

/** Test helper: following suit. */
final class Referee {
  static List<Card> legal(Hand hand, Trick current) {
    if (!current.isEmpty() && hand.hasSuit(current.led().suit())) {
      return hand.suit(current.led().suit()).cards();
    }
    return hand.cards();
  }
}
