package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.robot.bidding.Showing;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Position;

/**
 * Single-dummy play by sampling: deal the hidden cards at random, consistent with the voids shown
 * and (as far as it can) with what the auction showed, solve each layout double dummy, and pick
 * the card that most often reaches the tricks our side needs (then the most tricks). Runs within
 * a node budget alone, never a clock, and starts each decision with an empty table of positions:
 * the same view gives the same card on a loaded machine and an idle one, whatever the robot's
 * thread solved before. Returns null when it could not look at enough layouts, so the caller falls
 * back to the heuristics.
 */
final class EndgameSearch {
  static final int MIN_SAMPLES = 3;

  private final DoubleDummy solver;
  private final int samples;

  EndgameSearch(DoubleDummy solver, int samples) {
    this.solver = solver;
    this.samples = samples;
  }

  /** The result: the card chosen (or null) and the nodes searched. */
  record Outcome(Card card, long nodes) {}

  Outcome choose(PlayState st, long budget, Card preferred) {
    Random random = new Random(seed(st));
    List<Seat> hidden = hiddenSeats(st);
    List<Card> legal = st.view().legalCards();
    Map<Card, Double> score = new java.util.LinkedHashMap<>();
    for (Card c : legal) {
      score.put(c, 0.0);
    }
    AuctionReading reading = AuctionReading.read(
        st.view().dealer(), st.view().vulnerability(), st.view().auction(), st.view().seat());
    long used = 0;
    int done = 0;
    solver.forget();
    boolean ns = st.player().side() == Seat.NORTH.side();
    int won = st.isDeclaringSide() ? st.declarerTricks() : st.defenderTricks();
    int need = st.isDeclaringSide() ? st.declarerNeeds() : st.defenceNeeds();
    int left = st.cardsLeft(st.current().leader()) + (st.current().isEmpty() ? 0 : 1);
    for (int i = 0; i < samples; i++) {
      Map<Seat, Hand> layout = deal(st, hidden, reading, random);
      if (layout == null) {
        break;
      }
      Map<Card, Integer> values;
      try {
        Position p = new Position(layout, st.trump(), st.current().leader(), st.current().cards());
        values = solver.values(p, legal, budget - used);
        used += solver.nodes();
      } catch (DoubleDummy.BudgetExceeded e) {
        used = budget;
        break;
      }
      for (Map.Entry<Card, Integer> e : values.entrySet()) {
        int nsTricks = e.getValue();
        int ours = ns ? nsTricks : left - nsTricks;
        score.merge(e.getKey(), ours + (ours >= need ? 3.0 : 0.0), Double::sum);
      }
      done++;
    }
    if (done < MIN_SAMPLES) {
      return new Outcome(null, used);
    }
    double best = Collections.max(score.values());
    if (preferred != null && score.get(preferred) >= best - 1e-9) {
      return new Outcome(preferred, used);
    }
    Card pick = null;
    for (Card c : legal) {
      if (score.get(c) >= best - 1e-9 && (pick == null || c.rank().compareTo(pick.rank()) < 0)) {
        pick = c;
      }
    }
    return new Outcome(pick, used);
  }

  private static long seed(PlayState st) {
    long h = st.view().hand().bits() * 31 + st.played().bits();
    h = h * 31 + st.view().seat().ordinal();
    return h ^ (h >>> 17);
  }

  static List<Seat> hiddenSeats(PlayState st) {
    List<Seat> out = new ArrayList<>();
    for (Seat s : Seat.values()) {
      if (st.visible(s) == null) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * One layout of the hidden cards: each hidden seat gets as many as it holds, never a card of a
   * suit it showed out of; the first tries also keep each seat near what its calls showed.
   */
  static Map<Seat, Hand> deal(PlayState st, List<Seat> hidden, AuctionReading reading, Random random) {
    List<Card> cards = new ArrayList<>(st.unseen().cards());
    for (int attempt = 0; attempt < 40; attempt++) {
      Collections.shuffle(cards, random);
      Map<Seat, Hand> layout = tryDeal(st, hidden, cards, random);
      if (layout == null) {
        continue;
      }
      if (attempt < 30 && !plausible(st, hidden, layout, reading)) {
        continue;
      }
      return withVisible(st, hidden, layout);
    }
    return null;
  }

  /** A dealt {@code layout} of the hidden seats, completed with the seats the robot sees. */
  static Map<Seat, Hand> withVisible(PlayState st, List<Seat> hidden, Map<Seat, Hand> layout) {
    for (Seat s : Seat.values()) {
      if (!hidden.contains(s)) {
        layout.put(s, st.visible(s));
      }
    }
    return layout;
  }

  static Map<Seat, Hand> tryDeal(PlayState st, List<Seat> hidden, List<Card> cards, Random random) {
    Map<Seat, Hand> layout = new EnumMap<>(Seat.class);
    int[] room = new int[4];
    for (Seat s : hidden) {
      layout.put(s, Hand.EMPTY);
      room[s.ordinal()] = st.cardsLeft(s);
    }
    // Cards that fit fewer seats first; among the seats that may hold a card, one at random in
    // proportion to the room it has left.
    List<Card> order = new ArrayList<>(cards);
    order.sort((a, b) -> Integer.compare(eligible(st, hidden, a), eligible(st, hidden, b)));
    for (Card c : order) {
      int total = 0;
      for (Seat s : hidden) {
        if (!st.isVoid(s, c.suit())) {
          total += room[s.ordinal()];
        }
      }
      if (total == 0) {
        return null;
      }
      int r = random.nextInt(total);
      Seat pick = null;
      for (Seat s : hidden) {
        if (!st.isVoid(s, c.suit())) {
          r -= room[s.ordinal()];
          if (r < 0) {
            pick = s;
            break;
          }
        }
      }
      layout.put(pick, layout.get(pick).with(c));
      room[pick.ordinal()]--;
    }
    return layout;
  }

  private static int eligible(PlayState st, List<Seat> hidden, Card c) {
    int n = 0;
    for (Seat s : hidden) {
      if (!st.isVoid(s, c.suit())) {
        n++;
      }
    }
    return n;
  }

  /** Each hidden seat's whole hand (cards held plus played) within two points of its shown range. */
  private static boolean plausible(PlayState st, List<Seat> hidden, Map<Seat, Hand> layout, AuctionReading reading) {
    for (Seat s : hidden) {
      Hand whole = layout.get(s).union(st.playedBy(s));
      Showing shown = reading.shown(s);
      int hcp = whole.highCardPoints();
      if (hcp < shown.minPoints() - 2 || hcp > shown.maxPoints() + 2) {
        return false;
      }
      for (Suit suit : Suit.values()) {
        if (whole.length(suit) < shown.minLength(suit) - 1) {
          return false;
        }
      }
    }
    return true;
  }
}
