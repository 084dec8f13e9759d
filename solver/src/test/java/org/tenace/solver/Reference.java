package org.tenace.solver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;
import org.tenace.scoring.card.Suit;

/**
 * The reference for small endings: every legal card tried at every turn, no pruning, no cards
 * taken as equivalent; only positions at the start of a trick are remembered, as they are.
 */
final class Reference {
  private final Suit trump;
  private final Side counted;
  private final Predicate<Seat> wantsMore;
  private final Map<List<Long>, Integer> memo = new HashMap<>();

  private Reference(Suit trump, Side counted, Predicate<Seat> wantsMore) {
    this.trump = trump;
    this.counted = counted;
    this.wantsMore = wantsMore;
  }

  /** North-South's tricks when each side plays for its own tricks. */
  static int bestPlay(Position p) {
    return new Reference(p.trump(), Side.NS, s -> s.side() == Side.NS).solve(p);
  }

  /** The cards the seat to play may play: a card of the suit led if it has one. */
  static List<Card> legal(Hand hand, List<Card> trick) {
    if (!trick.isEmpty() && hand.hasSuit(trick.get(0).suit())) {
      return hand.suit(trick.get(0).suit()).cards();
    }
    return hand.cards();
  }

  /** Four random hands of {@code cards} each. */
  static Map<Seat, Hand> randomHands(Random r, int cards) {
    List<Card> deck = new ArrayList<>();
    for (int i = 0; i < 52; i++) {
      deck.add(Card.of(i));
    }
    Collections.shuffle(deck, r);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, Hand.of(deck.subList(s.ordinal() * cards, (s.ordinal() + 1) * cards)));
    }
    return hands;
  }

  /** A random ending: {@code cards} a hand, then {@code played} random legal cards to the trick. */
  static Position randomEnding(Random r, int cards, Suit trump, Seat leader, int played) {
    Map<Seat, Hand> hands = randomHands(r, cards);
    List<Card> trick = new ArrayList<>();
    for (int i = 0; i < played; i++) {
      Seat p = leader.next(i);
      List<Card> legal = legal(hands.get(p), trick);
      Card c = legal.get(r.nextInt(legal.size()));
      hands.put(p, hands.get(p).without(c));
      trick.add(c);
    }
    return new Position(hands, trump, leader, trick);
  }

  private int solve(Position p) {
    Hand[] hands = new Hand[4];
    for (Seat s : Seat.values()) {
      hands[s.ordinal()] = p.hands().get(s);
    }
    return solve(hands, p.leader(), p.trick());
  }

  private int solve(Hand[] hands, Seat leader, List<Card> trick) {
    if (trick.size() == 4) {
      Seat w = winner(leader, trick);
      return (w.side() == counted ? 1 : 0) + solve(hands, w, List.of());
    }
    List<Long> key = null;
    if (trick.isEmpty()) {
      if (hands[leader.ordinal()].isEmpty()) {
        return 0;
      }
      key = List.of(hands[0].bits(), hands[1].bits(), hands[2].bits(), hands[3].bits(),
          (long) leader.ordinal());
      Integer known = memo.get(key);
      if (known != null) {
        return known;
      }
    }
    Seat p = leader.next(trick.size());
    boolean more = wantsMore.test(p);
    int best = more ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    for (Card c : legal(hands[p.ordinal()], trick)) {
      Hand[] next = hands.clone();
      next[p.ordinal()] = hands[p.ordinal()].without(c);
      List<Card> t = new ArrayList<>(trick);
      t.add(c);
      int v = solve(next, leader, t);
      best = more ? Math.max(best, v) : Math.min(best, v);
    }
    if (key != null) {
      memo.put(key, best);
    }
    return best;
  }

  /** The highest trump, else the highest card of the suit led (Law 44). */
  private Seat winner(Seat leader, List<Card> trick) {
    int best = 0;
    for (int i = 1; i < 4; i++) {
      Card c = trick.get(i);
      Card b = trick.get(best);
      if (c.suit() == b.suit() ? c.rank().compareTo(b.rank()) > 0 : c.suit() == trump) {
        best = i;
      }
    }
    return leader.next(best);
  }
}
