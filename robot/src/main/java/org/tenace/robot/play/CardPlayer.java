package org.tenace.robot.play;

import java.util.Objects;
import org.tenace.robot.CardView;
import org.tenace.scoring.card.Card;
import org.tenace.solver.DoubleDummy;

/**
 * Chooses a card for a seat: the opening lead by the lead rules, then the classic heuristics
 * (declarer's plan, defence, following), and in the ending — once each hand has at most
 * {@code endgameCards} cards — a sampled double-dummy search within a node budget. Never answers
 * outside the legal cards.
 */
public final class CardPlayer {

  /**
   * A card, the double-dummy nodes searched to choose it (zero for the heuristics alone), and
   * whether the heuristics failed and the first legal card was played instead.
   */
  public record Decision(Card card, long nodes, boolean fellBack) {
    public Decision {
      Objects.requireNonNull(card, "card");
    }
  }

  /** Each hand's cards at which the sampled search takes over. */
  public static final int ENDGAME_CARDS = 8;
  /** Layouts sampled per decision. */
  public static final int SAMPLES = 12;
  /** Nodes per decision: at most about 60 ms of search on these machines. */
  public static final long NODE_BUDGET = 300_000;

  private final int endgameCards;
  private final long nodeBudget;
  private final ThreadLocal<EndgameSearch> search;

  public CardPlayer() {
    this(ENDGAME_CARDS, SAMPLES, NODE_BUDGET);
  }

  public CardPlayer(int endgameCards, int samples, long nodeBudget) {
    if (endgameCards < 0 || endgameCards > 13 || samples < 1 || nodeBudget < 0) {
      throw new IllegalArgumentException("endgame cards 0..13, samples >= 1, budget >= 0: "
          + endgameCards + ", " + samples + ", " + nodeBudget);
    }
    this.endgameCards = endgameCards;
    this.nodeBudget = nodeBudget;
    this.search = ThreadLocal.withInitial(() -> new EndgameSearch(new DoubleDummy(16), samples));
  }

  /** The card for this view; always one of {@code view.legalCards()}. */
  public Decision decide(CardView view) {
    if (view.legalCards().size() == 1) {
      return new Decision(view.legalCards().get(0), 0, false);
    }
    Card heuristic;
    boolean fellBack = false;
    try {
      heuristic = heuristic(view);
    } catch (RuntimeException e) {
      heuristic = null;
    }
    if (heuristic == null) {
      heuristic = view.legalCards().get(0);
      fellBack = true;
    } else if (!view.legalCards().contains(heuristic)) {
      heuristic = nearestLegal(view.legalCards(), heuristic);
    }
    if (view.isOpeningLead() || view.dummy().isEmpty() || nodeBudget == 0
        || view.playingHand().size() > endgameCards) {
      return new Decision(heuristic, 0, fellBack);
    }
    EndgameSearch.Outcome outcome;
    try {
      outcome = search.get().choose(PlayState.of(view), nodeBudget, heuristic);
    } catch (RuntimeException e) {
      return new Decision(heuristic, 0, true);
    }
    Card card = outcome.card() != null && view.legalCards().contains(outcome.card())
        ? outcome.card() : heuristic;
    return new Decision(card, outcome.nodes(), fellBack);
  }

  /**
   * When the server allows fewer cards than the rules of play would (a lead penalty), the legal
   * card nearest to the one wanted: same suit and closest rank, else the lowest.
   */
  static Card nearestLegal(java.util.List<Card> legal, Card wanted) {
    Card best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Card c : legal) {
      int d = c.suit() == wanted.suit()
          ? Math.abs(c.rank().ordinal() - wanted.rank().ordinal())
          : 100 + c.rank().ordinal();
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    return best;
  }

  /** The heuristic card, before any search. */
  static Card heuristic(CardView view) {
    if (view.isOpeningLead()) {
      return OpeningLead.choose(view);
    }
    PlayState st = PlayState.of(view);
    if (!view.current().isEmpty()) {
      return Following.play(st);
    }
    return st.isDeclaringSide() ? DeclarerLead.play(st) : DefenderLead.play(st);
  }
}
