package org.tenace.robot.play;

import java.util.List;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;

/**
 * Which card to lead from a suit, by standard leads: the top of three touching cards or of a near
 * sequence (KQ10, QJ9, J108), the top of an interior sequence (AQJ → Q, KJ10 → J, A/K/Q109 → 10),
 * otherwise fourth best. Shorter suits: a singleton, the top of a doubleton, low from three to an
 * honour, top from three small. Against a suit contract one addition that no §5 example touches:
 * from ace-king the ace. (Underleading an ace is avoided when the suit is chosen, not here: from a
 * chosen suit the card is §5's, so AQ9532 still leads the 5.)
 */
public final class LeadCard {
  private LeadCard() {}

  /** The card to lead from {@code suit} (all the cards held in one suit). */
  public static Card from(Hand suit, boolean suitContract) {
    List<Card> cards = suit.sortedForDisplay(); // highest first
    if (cards.isEmpty()) {
      throw new IllegalArgumentException("no cards to lead from");
    }
    int n = cards.size();
    if (n <= 2) {
      return cards.get(0);
    }
    int r0 = rank(cards, 0);
    int r1 = rank(cards, 1);
    int r2 = rank(cards, 2);
    int ten = Rank.TEN.ordinal();
    boolean topTouching = r1 == r0 - 1;
    if (topTouching && r2 == r1 - 1 && r0 >= ten) {
      return cards.get(0); // KQJ, QJ10, J109, 1098
    }
    if (topTouching && r2 == r1 - 2 && r0 >= ten) {
      return cards.get(0); // KQ10, QJ9, J108, AKJ
    }
    if (r0 >= Rank.QUEEN.ordinal() && r1 <= r0 - 2 && r1 >= ten && r2 == r1 - 1) {
      return cards.get(1); // AQJ, KJ10, AJ10, A109, K109, Q109
    }
    if (suitContract && r0 == Rank.ACE.ordinal() && r1 == Rank.KING.ordinal()) {
      return cards.get(0); // AK: the ace
    }
    if (n >= 4) {
      return cards.get(3);
    }
    return r0 >= Rank.JACK.ordinal() ? cards.get(2) : cards.get(0);
  }

  private static int rank(List<Card> cards, int i) {
    return cards.get(i).rank().ordinal();
  }
}
