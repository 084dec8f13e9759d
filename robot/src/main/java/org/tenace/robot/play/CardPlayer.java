package org.tenace.robot.play;

import java.util.Objects;
import org.tenace.robot.CardView;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.bridge.card.Card;
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

  /**
   * Layouts sampled per decision at {@link RobotLevel#STRONG}; up to four times as many while the
   * choice stays close, within the same nodes.
   */
  public static final int STRONG_SAMPLES = 24;
  /** Nodes per decision at {@link RobotLevel#STRONG}: most decisions need far fewer. */
  public static final long STRONG_NODE_BUDGET = 3_000_000;

  private final int endgameCards;
  private final long nodeBudget;
  private final ThreadLocal<EndgameSearch> search;
  /** The sampler of every card at the strong level, else null. */
  private final ThreadLocal<SampledSearch> sampled;

  public CardPlayer() {
    this(ENDGAME_CARDS, SAMPLES, NODE_BUDGET);
  }

  /**
   * A player at {@code level}, playing for {@code scoring}; {@code tableSeed} varies the strong
   * level's layouts from table to table (the same seed, the same cards).
   */
  public static CardPlayer of(RobotLevel level, Scoring scoring, long tableSeed) {
    return of(level, scoring, tableSeed, STRONG_SAMPLES, STRONG_NODE_BUDGET);
  }

  /** {@link #of(RobotLevel, Scoring, long)} with the strong level's samples and nodes given. */
  public static CardPlayer of(RobotLevel level, Scoring scoring, long tableSeed, int samples,
      long nodeBudget) {
    if (level == RobotLevel.FAST) {
      return new CardPlayer();
    }
    return new CardPlayer(samples, nodeBudget, scoring, tableSeed);
  }

  private CardPlayer(int samples, long nodeBudget, Scoring scoring, long tableSeed) {
    if (samples < 1 || nodeBudget < 1) {
      throw new IllegalArgumentException("samples >= 1, budget >= 1: " + samples + ", " + nodeBudget);
    }
    this.endgameCards = 13;
    this.nodeBudget = nodeBudget;
    this.search = null;
    this.sampled = ThreadLocal.withInitial(() ->
        new SampledSearch(new DoubleDummy(18), samples, nodeBudget, scoring, tableSeed));
  }

  public CardPlayer(int endgameCards, int samples, long nodeBudget) {
    if (endgameCards < 0 || endgameCards > 13 || samples < 1 || nodeBudget < 0) {
      throw new IllegalArgumentException("endgame cards 0..13, samples >= 1, budget >= 0: "
          + endgameCards + ", " + samples + ", " + nodeBudget);
    }
    this.endgameCards = endgameCards;
    this.nodeBudget = nodeBudget;
    this.search = ThreadLocal.withInitial(() -> new EndgameSearch(new DoubleDummy(16), samples));
    this.sampled = null;
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
    if (sampled != null) {
      SampledSearch.Outcome outcome;
      try {
        outcome = sampled.get().choose(PlayState.of(view), heuristic);
      } catch (RuntimeException e) {
        return new Decision(heuristic, 0, true);
      }
      Card card = outcome.card() != null && view.legalCards().contains(outcome.card())
          ? outcome.card() : heuristic;
      return new Decision(card, outcome.nodes(), fellBack);
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
