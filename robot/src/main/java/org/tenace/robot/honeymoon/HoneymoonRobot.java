package org.tenace.robot.honeymoon;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Suit;

/**
 * The house robot for two-player bridge, on what its seat may see. It follows the source
 * document's advice: in the exchange it fights for a turned-up card worth having (a trump or a
 * queen or better) and otherwise loses cheaply, keeping its high cards and trumps for the scored
 * tricks and emptying its short side suits (to ruff later); in the scored phase it wins tricks
 * as cheaply as it can. It bids its longest suit when its cards are worth it. Pure: it sees the
 * seat's hand and the public cards only ({@link Situation}); the seat adapter feeds it.
 */
public final class HoneymoonRobot {
  /**
   * What the robot knows when it plays: its hand, the trump suit, whether the trick is an exchange
   * trick (and then the turned-up card it is for), and the card led to it, if any.
   */
  public record Situation(Hand hand, Optional<Suit> trump, boolean exchange,
      Optional<Card> turnedUp, Optional<Card> led) {}
  private static final Comparator<Card> BY_RANK = Comparator.comparing(Card::rank);

  /** A call from {@code legal} (pass first, then the bids above the last) for {@code hand}. */
  public Call call(Hand hand, List<Call> legal) {
    Suit longest = longest(hand);
    int strength = hand.highCardPoints() + Math.max(0, hand.length(longest) - 4);
    if (strength < 11) {
      return Call.Other.PASS;
    }
    int ceiling = Math.min(7, 1 + (strength - 11) / 4);
    Strain strain = hand.length(longest) >= 5 || !balanced(hand)
        ? Strain.of(longest) : Strain.NO_TRUMP;
    for (Call c : legal) {
      if (c instanceof Bid b && b.strain() == strain && b.level() <= ceiling) {
        return b;
      }
    }
    return Call.Other.PASS;
  }

  /** A card from {@code legal}. */
  public Card card(Situation s, List<Card> legal) {
    boolean want = !s.exchange() || s.turnedUp().filter(c -> worth(c, s.trump())).isPresent();
    if (s.led().isEmpty()) {
      return lead(s.hand(), legal, s.trump(), want, s.exchange());
    }
    return follow(s.hand(), legal, s.led().get(), s.trump(), want, s.exchange());
  }

  /** A turned-up card worth winning a trick for: a trump, or a queen or better. */
  static boolean worth(Card c, Optional<Suit> trump) {
    return trump.filter(t -> t == c.suit()).isPresent() || c.rank().compareTo(Rank.QUEEN) >= 0;
  }

  private static Card lead(Hand hand, List<Card> legal, Optional<Suit> trump, boolean want,
      boolean exchange) {
    if (!exchange) {
      // Scored tricks: cash a top card (an ace), else lead low from the longest suit.
      Optional<Card> ace = legal.stream().filter(c -> c.rank() == Rank.ACE)
          .filter(c -> trump.isEmpty() || c.suit() != trump.get()).findFirst();
      if (ace.isPresent()) {
        return ace.get();
      }
      Suit longest = longest(hand);
      return legal.stream().filter(c -> c.suit() == longest).min(BY_RANK)
          .orElse(legal.get(0));
    }
    // Exchange: play from the shortest side suit, to empty it; high if the card is wanted.
    List<Card> side = legal.stream().filter(c -> trump.isEmpty() || c.suit() != trump.get())
        .toList();
    List<Card> pool = side.isEmpty() ? legal : side;
    Suit shortest = pool.stream().map(Card::suit).min(Comparator.comparingInt(hand::length))
        .orElseThrow();
    List<Card> suit = pool.stream().filter(c -> c.suit() == shortest).toList();
    if (want) {
      // Its top card: a chance to win, spent from a suit that is going anyway.
      return suit.stream().max(BY_RANK).orElseThrow();
    }
    return suit.stream().min(BY_RANK).orElseThrow();
  }

  private static Card follow(Hand hand, List<Card> legal, Card led, Optional<Suit> trump,
      boolean want, boolean exchange) {
    boolean canFollow = legal.get(0).suit() == led.suit()
        && legal.stream().allMatch(c -> c.suit() == led.suit());
    if (canFollow) {
      Optional<Card> cheapestWinner = legal.stream()
          .filter(c -> c.rank().compareTo(led.rank()) > 0).min(BY_RANK);
      if (want && cheapestWinner.isPresent()) {
        return cheapestWinner.get();
      }
      return legal.stream().min(BY_RANK).orElseThrow();
    }
    List<Card> trumps = trump.map(t -> legal.stream().filter(c -> c.suit() == t).toList())
        .orElse(List.of());
    if (want && !trumps.isEmpty()) {
      return trumps.stream().min(BY_RANK).orElseThrow();
    }
    // Discard: the lowest card of the shortest side suit (never a trump when avoidable).
    List<Card> side = legal.stream().filter(c -> trump.isEmpty() || c.suit() != trump.get())
        .toList();
    List<Card> pool = side.isEmpty() ? legal : side;
    Suit shortest = pool.stream().map(Card::suit).min(Comparator.comparingInt(hand::length))
        .orElseThrow();
    return pool.stream().filter(c -> c.suit() == shortest).min(BY_RANK).orElseThrow();
  }

  private static Suit longest(Hand hand) {
    Suit best = Suit.SPADES;
    for (Suit s : List.of(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)) {
      if (hand.length(s) > hand.length(best)) {
        best = s;
      }
    }
    return best;
  }

  private static boolean balanced(Hand hand) {
    int singletons = 0;
    for (Suit s : Suit.values()) {
      if (hand.length(s) == 0) {
        return false;
      }
      if (hand.length(s) == 1) {
        singletons++;
      }
    }
    return singletons == 0;
  }
}
