package org.tenace.solver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/**
 * The reference for small endings: every legal card tried at every turn, no pruning, no cards
 * taken as equivalent; only positions at the start of a trick are remembered, as they are.
 */
final class Reference {
  private static final long SUIT = (1L << 13) - 1;

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

  /** The fewest tricks {@code side} wins when every hand plays to give it as few as it can. */
  static int leastTricks(Position p, Side side) {
    return new Reference(p.trump(), side, s -> false).solve(p);
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
    long[] hands = new long[4];
    for (Seat s : Seat.values()) {
      hands[s.ordinal()] = p.hands().get(s).bits();
    }
    int[] trick = new int[4];
    for (int i = 0; i < p.trick().size(); i++) {
      trick[i] = p.trick().get(i).index();
    }
    return solve(hands, p.leader().ordinal(), trick, p.trick().size());
  }

  /** Seats are ordinals, cards {@link Card#index()}: suit times 13 plus rank, two lowest. */
  private int solve(long[] hands, int leader, int[] trick, int played) {
    if (played == 4) {
      int w = winner(leader, trick);
      return ((w & 1) == counted.ordinal() ? 1 : 0) + solve(hands, w, new int[4], 0);
    }
    List<Long> key = null;
    if (played == 0) {
      if (hands[leader] == 0) {
        return 0;
      }
      key = List.of(hands[0], hands[1], hands[2], hands[3], (long) leader);
      Integer known = memo.get(key);
      if (known != null) {
        return known;
      }
    }
    int p = (leader + played) & 3;
    long legal = hands[p];
    if (played > 0 && (legal & SUIT << (trick[0] / 13 * 13)) != 0) {
      legal &= SUIT << (trick[0] / 13 * 13);
    }
    boolean more = wantsMore.test(Seat.of(p));
    int best = more ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    for (int c = 0; c < 52; c++) {
      if ((legal & 1L << c) == 0) {
        continue;
      }
      hands[p] &= ~(1L << c);
      trick[played] = c;
      int v = solve(hands, leader, trick, played + 1);
      hands[p] |= 1L << c;
      best = more ? Math.max(best, v) : Math.min(best, v);
    }
    if (key != null) {
      memo.put(key, best);
    }
    return best;
  }

  /** The highest trump, else the highest card of the suit led (Law 44). */
  private int winner(int leader, int[] trick) {
    int best = 0;
    for (int i = 1; i < 4; i++) {
      int c = trick[i];
      int b = trick[best];
      if (c / 13 == b / 13 ? c > b : trump != null && c / 13 == trump.ordinal()) {
        best = i;
      }
    }
    return (leader + best) & 3;
  }
}
