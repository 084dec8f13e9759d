package org.tenace.robot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;

/**
 * A trick, finished or in progress: the seat that led and the cards in the order played (the
 * {@code i}-th card by {@code leader.next(i)}); a finished trick has four cards and a winner.
 */
public record Trick(Seat leader, List<Card> cards) {

  public Trick {
    Objects.requireNonNull(leader, "leader");
    cards = List.copyOf(Objects.requireNonNull(cards, "cards"));
    if (cards.size() > 4) {
      throw new IllegalArgumentException("a trick has at most four cards: " + cards);
    }
    if (new HashSet<>(cards).size() != cards.size()) {
      throw new IllegalArgumentException("a card played twice in one trick: " + cards);
    }
  }

  public static Trick start(Seat leader) {
    return new Trick(leader, List.of());
  }

  public boolean isComplete() {
    return cards.size() == 4;
  }

  public boolean isEmpty() {
    return cards.isEmpty();
  }

  /** The seat that played the {@code i}-th card. */
  public Seat playerOf(int i) {
    return leader.next(i);
  }

  /** The seat whose turn it is in an unfinished trick. */
  public Seat turn() {
    return leader.next(cards.size());
  }

  /** The card led, if any. */
  public Card led() {
    if (cards.isEmpty()) {
      throw new IllegalStateException("nothing led yet");
    }
    return cards.get(0);
  }

  /** The card this seat played to the trick, or null. */
  public Card cardOf(Seat seat) {
    int i = leader.distanceTo(seat);
    return i < cards.size() ? cards.get(i) : null;
  }

  /** The index of the card winning so far ({@link TrickWinner}, Law 44). */
  public int winningIndex(Suit trump) {
    if (cards.isEmpty()) {
      throw new IllegalStateException("nothing led yet");
    }
    return TrickWinner.index(cards, trump);
  }

  /** The seat winning so far. */
  public Seat winner(Suit trump) {
    return playerOf(winningIndex(trump));
  }

  public Trick then(Card card) {
    if (isComplete()) {
      throw new IllegalStateException("the trick is complete: " + cards);
    }
    var next = new ArrayList<>(cards);
    next.add(card);
    return new Trick(leader, next);
  }
}
