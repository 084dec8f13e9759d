package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tenace.robot.Trick;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * What the opening lead says about the leader's hand, as the house leads (docs/robot-system.md
 * §10, on the system card): the card led is the one {@link LeadCard} leads from the leader's cards
 * in that suit (top of a sequence, fourth best, the top of a doubleton, ...), and against a suit
 * contract the leader did not lead low away from an ace. The strong robots lead only such cards
 * ({@link #leads}), so declarer and the leader's partner may read them; a person need not lead so,
 * which is why the sampler keeps to the lead in most of its layouts, not all.
 */
final class LeadReading {
  private LeadReading() {}

  /** The opening lead: who led which card, against a suit contract or at notrump. */
  record Lead(Seat leader, Card card, boolean suitContract) {}

  /** The opening lead when this seat is not the leader and the lead is made, else null. */
  static Lead read(PlayState st) {
    Seat leader = st.contract().openingLeader();
    if (st.view().seat() == leader) {
      return null;
    }
    List<Trick> tricks = st.view().tricks();
    Trick first = tricks.isEmpty() ? st.current() : tricks.get(0);
    if (first.isEmpty() || first.leader() != leader) {
      return null;
    }
    return new Lead(leader, first.cards().get(0), st.trump() != null);
  }

  /**
   * Whether the leader's hand in {@code layout} (null: the leader is in view) leads as the house
   * leads: its cards of the suit led, with those it played since, give the card led.
   */
  static boolean fit(Lead lead, PlayState st, Map<Seat, Hand> layout) {
    if (lead == null || layout.get(lead.leader()) == null) {
      return true;
    }
    Suit suit = lead.card().suit();
    Hand holding = layout.get(lead.leader()).suit(suit).union(st.playedBy(lead.leader()).suit(suit));
    return agreed(holding, lead.suitContract()) && LeadCard.from(holding, lead.suitContract())
        .equals(lead.card());
  }

  /**
   * The cards the house may lead from {@code hand}: from each suit {@link LeadCard}'s card, but
   * against a suit contract not a suit it would lead low from away from its ace while another
   * suit is left.
   */
  static List<Card> leads(Hand hand, boolean suitContract) {
    List<Card> out = new ArrayList<>();
    List<Card> away = new ArrayList<>();
    for (int i = 3; i >= 0; i--) {
      Hand holding = hand.suit(Suit.of(i));
      if (holding.size() > 0) {
        (agreed(holding, suitContract) ? out : away).add(LeadCard.from(holding, suitContract));
      }
    }
    return out.isEmpty() ? away : out;
  }

  /** Whether the house leads from this suit: against a suit, not low away from its ace. */
  private static boolean agreed(Hand holding, boolean suitContract) {
    Card ace = Card.of(holding.cards().get(0).suit(), Rank.ACE);
    return !suitContract || !holding.contains(ace) || LeadCard.from(holding, true).equals(ace);
  }
}
