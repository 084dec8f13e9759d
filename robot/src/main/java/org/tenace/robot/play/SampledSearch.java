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
  /** Hands drawn for one seat, when a layout is dealt seat by seat, before the layout is begun again. */
  static final int HAND_TRIES = 500;
  /** Layouts begun seat by seat, exactly and then loosely, before the play alone binds. */
  static final int SEAT_ATTEMPTS = 4;
  /** Tries at a layout that keeps only to the play. */
  static final int PLAY_TRIES = 20;

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
    Dealer dealer = new Dealer(st, hidden, reading, Signals.read(st), random);
    // The first layouts always; more, up to the most, while no card is clearly best and the
    // nodes last (a clear choice stops there, a close one is looked at on more layouts).
    for (int tries = 0; done < maxSamples && tries < 2 * maxSamples && used < budget; tries++) {
      if (done >= samples && clear(rows)) {
        break;
      }
      Map<Seat, Hand> layout = dealer.next();
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
   * One layout of the hidden cards, never a card of a suit its seat showed out of, dealt seat by
   * seat ({@link #dealBySeat}): first so that each hidden seat fits what its calls showed exactly,
   * else within two points and a card of it, both with partner's attitude signals
   * ({@link Signals}); else only the play.
   */
  static Map<Seat, Hand> deal(PlayState st, List<Seat> hidden, AuctionReading reading,
      List<Signals.Signal> signals, Random random) {
    return new Dealer(st, hidden, reading, signals, random).next();
  }

  /**
   * The layouts of one decision, as {@link #deal} deals them; once no layout fits exactly (the
   * calls as read admit no hand of the cards left), or none loosely, the decision's later layouts
   * do not try that fit again, so an auction no layout fits costs its tries once, not at each
   * layout.
   */
  static final class Dealer {
    private final PlayState st;
    private final List<Seat> hidden;
    private final AuctionReading reading;
    private final List<Signals.Signal> signals;
    private final Random random;
    private int slack;

    Dealer(PlayState st, List<Seat> hidden, AuctionReading reading,
        List<Signals.Signal> signals, Random random) {
      this.st = st;
      this.hidden = hidden;
      this.reading = reading;
      this.signals = signals;
      this.random = random;
    }

    /** The next layout, or null when none keeps even to the play. */
    Map<Seat, Hand> next() {
      for (; slack <= 1; slack++) {
        Map<Seat, Hand> layout = dealBySeat(st, hidden, reading, signals, slack, random);
        if (layout != null) {
          return EndgameSearch.withVisible(st, hidden, layout);
        }
      }
      List<Card> cards = new ArrayList<>(st.unseen().cards());
      for (int attempt = 0; attempt < PLAY_TRIES; attempt++) {
        Collections.shuffle(cards, random);
        Map<Seat, Hand> layout = EndgameSearch.tryDeal(st, hidden, cards, random);
        if (layout != null) {
          return EndgameSearch.withVisible(st, hidden, layout);
        }
      }
      return null;
    }
  }

  /**
   * A layout dealt one hidden seat at a time, the seat that showed the narrowest range of points
   * first: that seat's hand is drawn from the cards it may hold (those only it may hold always,
   * the rest at random) until it fits what the seat showed ({@link #fitsSeat}) and its signals,
   * at most {@link #HAND_TRIES} times, then the next seat's from what is left; the last two seats
   * are drawn together, the next to last kept only when the rest fits the last one too (with two
   * hidden hands, as after the opening lead, that is plain rejection of the layouts that do not
   * fit). A seat's fit does not depend on the others', so this finds layouts that fit an auction
   * of several calls where dealing all three hidden hands of an opening lead at once and keeping
   * those that fit every seat, within a few hundred tries, seldom did (3, 6 and 13 layouts of 30
   * on three leads of the bench's seed 3; the rest fell back to a looser fit or the play alone).
   * Null when {@link #SEAT_ATTEMPTS} layouts begun so all failed.
   */
  static Map<Seat, Hand> dealBySeat(PlayState st, List<Seat> hidden, AuctionReading reading,
      List<Signals.Signal> signals, int slack, Random random) {
    List<Seat> order = new ArrayList<>(hidden);
    order.sort(java.util.Comparator.comparingInt(
        (Seat s) -> reading.shown(s).maxPoints() - reading.shown(s).minPoints())
        .thenComparing(Seat::ordinal));
    for (int attempt = 0; attempt < SEAT_ATTEMPTS; attempt++) {
      Hand pool = st.unseen();
      Map<Seat, Hand> layout = new java.util.EnumMap<>(Seat.class);
      boolean dealt = true;
      for (int i = 0; i < order.size() && dealt; i++) {
        Seat s = order.get(i);
        List<Seat> later = order.subList(i + 1, order.size());
        Hand may = Hand.EMPTY;
        Hand must = Hand.EMPTY;
        for (Card c : pool.cards()) {
          if (st.isVoid(s, c.suit())) {
            continue;
          }
          may = may.with(c);
          boolean elsewhere = false;
          for (Seat o : later) {
            elsewhere |= !st.isVoid(o, c.suit());
          }
          if (!elsewhere) {
            must = must.with(c);
          }
        }
        int n = st.cardsLeft(s);
        if (may.size() < n || must.size() > n || (later.isEmpty() && may.size() != pool.size())) {
          dealt = false;
          break;
        }
        Hand hand = null;
        List<Card> free = new ArrayList<>(may.minus(must).cards());
        for (int t = 0; t < (later.isEmpty() ? 1 : HAND_TRIES) && hand == null; t++) {
          Hand h = must;
          for (int k = 0; h.size() < n; k++) {
            // A partial shuffle: the first n - |must| cards of free, drawn at random.
            int j = k + random.nextInt(free.size() - k);
            Collections.swap(free, k, j);
            h = h.with(free.get(k));
          }
          if (fits(st, s, h, reading, signals, slack)
              && (later.size() != 1 || fits(st, later.get(0), pool.minus(h), reading, signals, slack))) {
            hand = h;
          }
        }
        if (hand == null) {
          dealt = false;
        } else {
          layout.put(s, hand);
          pool = pool.minus(hand);
        }
      }
      if (dealt) {
        return layout;
      }
    }
    return null;
  }

  /** Whether {@code s} holding {@code held} fits what it showed and the signals it gave. */
  private static boolean fits(PlayState st, Seat s, Hand held, AuctionReading reading,
      List<Signals.Signal> signals, int slack) {
    return fitsSeat(st, s, held, reading, slack) && Signals.fit(signals, Map.of(s, held));
  }

  /**
   * Whether each hidden seat's whole hand (held and played) is within what it showed: exactly
   * ({@code slack} 0), else within two high-card points and a card of it ({@link #fitsSeat}).
   */
  static boolean fits(PlayState st, List<Seat> hidden, Map<Seat, Hand> layout,
      AuctionReading reading, int slack) {
    for (Seat s : hidden) {
      if (!fitsSeat(st, s, layout.get(s), reading, slack)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a hidden seat holding {@code held} (its whole hand with the cards it played) is
   * within what it showed: exactly ({@code slack} 0), each of its calls as the house system reads
   * it, the points counted as that call counts them (high cards, with length, or with shortness
   * for a raise), its suit lengths and a balanced shape where shown; else high-card points within
   * two of its range and each length within one.
   */
  static boolean fitsSeat(PlayState st, Seat s, Hand held, AuctionReading reading, int slack) {
    Hand whole = held.union(st.playedBy(s));
    Showing shown = reading.shown(s);
    if (slack == 0) {
      return fitsCalls(s, whole, shown, reading);
    }
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
    return true;
  }

  /**
   * Whether a seat's whole hand could have made each of its calls by the rule the house system
   * reads it by ({@link BidRule#matches}: its range in the rule's own count of points and the
   * rule's test), with the suit lengths and the balanced shape its calls showed together.
   */
  private static boolean fitsCalls(Seat s, Hand whole, Showing shown, AuctionReading reading) {
    for (Suit suit : Suit.values()) {
      int n = whole.length(suit);
      if (n < shown.minLength(suit) || n > shown.maxLength(suit)) {
        return false;
      }
    }
    HandEvaluation hand = HandEvaluation.of(whole);
    if (shown.isBalanced() && !hand.isBalanced()) {
      return false;
    }
    for (AuctionReading.Entry e : reading.entries()) {
      if (e.seat() == s && !e.rule().matches(hand)) {
        return false;
      }
    }
    return true;
  }
}
