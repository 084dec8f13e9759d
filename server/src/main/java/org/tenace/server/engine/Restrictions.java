package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * What restrains the players now: bars on calls, lead penalties for the play, lead restrictions
 * declarer chose, and penalty cards on the table. In the order a player reads them.
 */
public record Restrictions(List<Bar> bars, List<LeadPenalty> leadPenalties,
    List<LeadRestriction> leadRestrictions, List<PenaltyCard> penaltyCards) {

  /** A seat's bar on its calls (Laws 23, 26-32, 36, 37). */
  public record Bar(Seat seat, Restriction restriction) {
    public Bar {
      Require.nonNull("seat restriction", seat, restriction);
    }
  }

  /** A card left face up (Law 50): major, or minor (a single card below an honour, 50B). */
  public record PenaltyCard(Seat seat, Card card, boolean major) {
    public PenaltyCard {
      Require.nonNull("seat card", seat, card);
    }
  }

  public Restrictions {
    bars = List.copyOf(bars);
    leadPenalties = List.copyOf(leadPenalties);
    leadRestrictions = List.copyOf(leadRestrictions);
    penaltyCards = List.copyOf(penaltyCards);
  }

  /** The restrictions of board state {@code s}; bars end with the auction. */
  static Restrictions of(DealState s) {
    List<Bar> bars = new ArrayList<>();
    if (!s.isOver() && s instanceof DealState.Auctioning) {
      for (Map.Entry<Seat, Restriction> e : s.auction().restrictions().entrySet()) {
        bars.add(new Bar(e.getKey(), e.getValue()));
      }
    }
    List<LeadRestriction> lead = new ArrayList<>();
    List<PenaltyCard> cards = new ArrayList<>();
    s.playIfStarted().ifPresentOrElse(p -> {
      lead.addAll(p.restrictions());
      for (Card c : p.penaltyCards().cards()) {
        cards.add(new PenaltyCard(p.deal().holder(c), c, true));
      }
    }, () -> {
      for (Map.Entry<Seat, Set<Card>> e : s.auction().penaltyCards().entrySet()) {
        for (Card c : e.getValue()) {
          cards.add(new PenaltyCard(e.getKey(), c, c.rank().isHonour()));
        }
      }
    });
    return new Restrictions(bars, s.auction().leadPenalties(), lead, cards);
  }
}
