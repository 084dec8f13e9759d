package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.tenace.robot.Scoring;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.robot.bidding.BidRule;
import org.tenace.robot.bidding.HandEvaluation;
import org.tenace.robot.bidding.Showing;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.compare.Imps;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Position;

/**
 * Card play by sampling, as the strongest robots play: deal the cards this seat cannot see many
 * times, each layout consistent with what is known (the cards played, the suits a hand showed
 * out of, the lengths and points the auction showed as the house system reads it, and partner's
 * attitude signals as the house robots give them), solve each
 * layout double dummy, and play the card whose results are best on average for the form of
 * scoring: at IMPs each result is scored as IMPs against the contract just made (making or beating
 * the contract weighs most), at matchpoints as tricks.
 *
 * <p>The work is counted, never timed: {@code samples} layouts, up to four times as many while no
 * card is clearly best, and at most {@code budget} solver nodes a decision (a layout that would
 * need more than its share is left out), from a random source seeded by the view and the table's
 * seed, with an emptied table of positions. The same view gives the same card on any machine,
 * loaded or idle. Returns null when no layout could be solved, so the caller falls back to the
 * heuristics.
 */
final class SampledSearch {
  /** Tries at dealing a layout that fits the auction exactly, then loosely, then only the play. */
  static final int STRICT_TRIES = 200;
  static final int LOOSE_TRIES = 100;

  /** How many times the first layouts a decision may deal while the choice stays unclear. */
  static final int MORE_WHEN_UNCLEAR = 4;
  /** Standard errors by which the best card must lead each other for the choice to be clear. */
  static final double CLEAR = 2.0;

  private final DoubleDummy solver;
  private final int samples;
  private final int maxSamples;
  private final long budget;
  private final Scoring scoring;
  private final long tableSeed;

  SampledSearch(DoubleDummy solver, int samples, long budget, Scoring scoring, long tableSeed) {
    this.solver = solver;
    this.samples = samples;
    this.maxSamples = MORE_WHEN_UNCLEAR * samples;
    this.budget = budget;
    this.scoring = scoring;
    this.tableSeed = tableSeed;
  }

  /** The card chosen (null: none), the nodes searched and the layouts solved. */
  record Outcome(Card card, long nodes, int layouts) {}

  Outcome choose(PlayState st, Card preferred) {
    List<Card> legal = st.view().legalCards();
    List<List<Card>> groups = equivalents(st, legal);
    if (groups.size() == 1) {
      return new Outcome(within(groups.get(0), preferred, st), 0, 0);
    }
    Random random = new Random(seed(st));
    List<Seat> hidden = EndgameSearch.hiddenSeats(st);
    AuctionReading reading = AuctionReading.read(
        st.view().dealer(), st.view().vulnerability(), st.view().auction(), st.view().seat());
    List<Card> candidates = new ArrayList<>();
    for (List<Card> g : groups) {
      candidates.add(g.get(0));
    }
    double[] total = new double[groups.size()];
    List<double[]> rows = new ArrayList<>();
    solver.forget();
    Seat declarer = st.declarer();
    boolean declarerNs = declarer.side() == Seat.NORTH.side();
    boolean vulnerable = st.view().vulnerability().isVulnerable(declarer);
    Contract contract = st.contract();
    int made = DuplicateScore.of(contract, contract.tricksNeeded(), vulnerable);
    int left = st.cardsLeft(st.current().leader()) + (st.current().isEmpty() ? 0 : 1);
    long used = 0;
    long share = Math.max(1, 3 * budget / samples);
    int done = 0;
    List<Signals.Signal> signals = Signals.read(st);
    // The first layouts always; more, up to the most, while no card is clearly best and the
    // nodes last (a clear choice stops there, a close one is looked at on more layouts).
    for (int tries = 0; done < maxSamples && tries < 2 * maxSamples && used < budget; tries++) {
      if (done >= samples && clear(rows)) {
        break;
      }
      Map<Seat, Hand> layout = deal(st, hidden, reading, signals, random);
      if (layout == null) {
        break;
      }
      Map<Card, Integer> values;
      try {
        Position p = new Position(layout, st.trump(), st.current().leader(), st.current().cards());
        values = solver.values(p, candidates, Math.min(share, budget - used));
        used += solver.nodes();
      } catch (DoubleDummy.BudgetExceeded e) {
        used += Math.min(share, budget - used);
        continue;
      }
      double[] row = new double[candidates.size()];
      for (int i = 0; i < candidates.size(); i++) {
        int ns = values.get(candidates.get(i));
        int tricks = st.declarerTricks() + (declarerNs ? ns : left - ns);
        double u = scoring == Scoring.IMPS
            ? Imps.of(DuplicateScore.of(contract, tricks, vulnerable) - made) + tricks / 1000.0
            : tricks + DuplicateScore.of(contract, tricks, vulnerable) / 100_000.0;
        row[i] = st.isDeclaringSide() ? u : -u;
        total[i] += row[i];
      }
      rows.add(row);
      done++;
    }
    if (done == 0) {
      return new Outcome(null, used, 0);
    }
    double best = Double.NEGATIVE_INFINITY;
    for (double t : total) {
      best = Math.max(best, t);
    }
    int pick = -1;
    for (int i = 0; i < groups.size(); i++) {
      if (total[i] >= best - 1e-9 && preferred != null && groups.get(i).contains(preferred)) {
        pick = i;
      }
    }
    for (int i = 0; i < groups.size() && pick < 0; i++) {
      if (total[i] >= best - 1e-9) {
        pick = i;
      }
    }
    return new Outcome(within(groups.get(pick), preferred, st), used, done);
  }

  /**
   * Whether the layouts so far make one card clearly best: over the layouts, its result less each
   * other card's (paired, layout by layout) averages more than {@link #CLEAR} standard errors of
   * that mean, or the two cards did the same on every layout.
   */
  static boolean clear(List<double[]> rows) {
    int n = rows.size();
    if (n < 2) {
      return false;
    }
    int cards = rows.get(0).length;
    double[] total = new double[cards];
    for (double[] r : rows) {
      for (int i = 0; i < cards; i++) {
        total[i] += r[i];
      }
    }
    int best = 0;
    for (int i = 1; i < cards; i++) {
      if (total[i] > total[best]) {
        best = i;
      }
    }
    for (int i = 0; i < cards; i++) {
      if (i == best) {
        continue;
      }
      double mean = (total[best] - total[i]) / n;
      double squares = 0;
      for (double[] r : rows) {
        double d = r[best] - r[i] - mean;
        squares += d * d;
      }
      double se = Math.sqrt(squares / (n - 1) / n);
      if (se > 1e-9 && mean < CLEAR * se) {
        return false;
      }
    }
    return true;
  }

  /** The card to play of a group of equals: the heuristic's if among them, the top to lead, else the lowest. */
  private static Card within(List<Card> group, Card preferred, PlayState st) {
    if (preferred != null && group.contains(preferred)) {
      return preferred;
    }
    return st.current().isEmpty() ? group.get(0) : group.get(group.size() - 1);
  }

  /**
   * The legal cards in groups of equals, each from its highest: cards of one suit of the hand to
   * play between which every card is in the same hand or played to an earlier trick win the same
   * tricks in every layout. A card of the trick in progress parts them (the jack and the nine
   * are not equals over a ten just played: the jack beats it). Groups by suit, lowest group of a
   * suit last; the solver needs one card of each.
   */
  static List<List<Card>> equivalents(PlayState st, List<Card> legal) {
    Hand hand = st.hand();
    Hand played = st.played().minus(Hand.of(st.current().cards()));
    List<List<Card>> out = new ArrayList<>();
    for (Suit suit : Suit.values()) {
      List<Card> cards = new ArrayList<>();
      for (Card c : legal) {
        if (c.suit() == suit) {
          cards.add(c);
        }
      }
      cards.sort(Collections.reverseOrder((a, b) -> a.rank().compareTo(b.rank())));
      List<Card> group = null;
      Card last = null;
      for (Card c : cards) {
        boolean joins = last != null;
        for (int r = c.rank().ordinal() + 1; joins && r < last.rank().ordinal(); r++) {
          Card between = Card.of(suit, Rank.of(r));
          if (!played.contains(between) && !hand.contains(between)) {
            joins = false;
          }
        }
        if (!joins) {
          group = new ArrayList<>();
          out.add(group);
        }
        group.add(c);
        last = c;
      }
    }
    return out;
  }

  private long seed(PlayState st) {
    long h = st.view().hand().bits() * 31 + st.played().bits();
    h = h * 31 + st.view().seat().ordinal();
    h = h * 31 + st.current().cards().size();
    h ^= tableSeed * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 17);
  }

  /** {@link #deal(PlayState, List, AuctionReading, List, Random)} with no signals read. */
  static Map<Seat, Hand> deal(PlayState st, List<Seat> hidden, AuctionReading reading,
      Random random) {
    return deal(st, hidden, reading, List.of(), random);
  }

  /**
   * One layout of the hidden cards, never a card of a suit its seat showed out of: the first tries
   * must fit what each hidden seat's calls showed (points and lengths), the next ones within two
   * points and a card of it, both partner's attitude signals ({@link Signals}); the last ones only
   * the play.
   */
  static Map<Seat, Hand> deal(PlayState st, List<Seat> hidden, AuctionReading reading,
      List<Signals.Signal> signals, Random random) {
    List<Card> cards = new ArrayList<>(st.unseen().cards());
    int tries = STRICT_TRIES + LOOSE_TRIES + 20;
    for (int attempt = 0; attempt < tries; attempt++) {
      Collections.shuffle(cards, random);
      Map<Seat, Hand> layout = EndgameSearch.tryDeal(st, hidden, cards, random);
      if (layout == null) {
        continue;
      }
      int slack = attempt < STRICT_TRIES ? 0 : attempt < STRICT_TRIES + LOOSE_TRIES ? 1 : -1;
      if (slack >= 0 && !fits(st, hidden, layout, reading, slack)) {
        continue;
      }
      if (slack >= 0 && !Signals.fit(signals, layout)) {
        continue;
      }
      return EndgameSearch.withVisible(st, hidden, layout);
    }
    return null;
  }

  /**
   * Each hidden seat's whole hand (held and played) within what it showed: exactly ({@code slack}
   * 0), each of its calls as the house system reads it, the points counted as that call counts
   * them (high cards, with length, or with shortness for a raise), its suit lengths and a balanced
   * shape where shown; else high-card points within two of its range and each length within one.
   */
  static boolean fits(PlayState st, List<Seat> hidden, Map<Seat, Hand> layout,
      AuctionReading reading, int slack) {
    if (slack == 0) {
      return fitsCalls(st, hidden, layout, reading);
    }
    for (Seat s : hidden) {
      Hand whole = layout.get(s).union(st.playedBy(s));
      Showing shown = reading.shown(s);
      int hcp = whole.highCardPoints();
      if (hcp < shown.minPoints() - 2 * slack || hcp > shown.maxPoints() + 2 * slack) {
        return false;
      }
      for (Suit suit : Suit.values()) {
        int n = whole.length(suit);
        if (n < shown.minLength(suit) - slack || n > shown.maxLength(suit) + slack) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether each hidden seat's whole hand could have made each of its calls by the rule the house
   * system reads it by ({@link BidRule#matches}: its range in the rule's own count of points and
   * the rule's test), with the suit lengths and the balanced shape its calls showed together.
   */
  private static boolean fitsCalls(PlayState st, List<Seat> hidden, Map<Seat, Hand> layout,
      AuctionReading reading) {
    for (Seat s : hidden) {
      Hand whole = layout.get(s).union(st.playedBy(s));
      HandEvaluation hand = HandEvaluation.of(whole);
      Showing shown = reading.shown(s);
      for (Suit suit : Suit.values()) {
        int n = whole.length(suit);
        if (n < shown.minLength(suit) || n > shown.maxLength(suit)) {
          return false;
        }
      }
      if (shown.isBalanced() && !hand.isBalanced()) {
        return false;
      }
      for (AuctionReading.Entry e : reading.entries()) {
        if (e.seat() == s && !e.rule().matches(hand)) {
          return false;
        }
      }
    }
    return true;
  }
}
