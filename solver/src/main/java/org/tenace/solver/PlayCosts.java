package org.tenace.solver;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;

/**
 * The double-dummy cost of each card of a play, as analysis tools show it: after each card, the
 * tricks declarer's side takes with best play from there (tricks won so far included), so that a
 * card that changes it is seen to give tricks away.
 */
public final class PlayCosts {
  private PlayCosts() {}

  /**
   * The cost of each card of {@code play} (in the order played, {@code openingLeader} leading
   * the first trick and the winner of each the next) from the starting {@code hands}, {@code
   * strain} the contract's, within {@code nodeBudget} nodes a card.
   *
   * @throws IllegalArgumentException if a card is not in the hand of the seat whose turn it is
   *     (the play cannot be followed)
   * @throws DoubleDummy.BudgetExceeded if a position takes more than the budget
   */
  public static List<CardCost> of(DoubleDummy solver, Map<Seat, Hand> hands, Strain strain,
      Seat declarer, Seat openingLeader, List<Card> play, long nodeBudget) {
    Map<Seat, Hand> left = new EnumMap<>(hands);
    List<Card> trick = new ArrayList<>(4);
    Seat leader = openingLeader;
    Suit trump = strain.trumpOrNull();
    int won = 0; // tricks declarer's side has won
    int before = won + solve(solver, left, trump, leader, trick, declarer, nodeBudget);
    List<CardCost> out = new ArrayList<>(play.size());
    for (Card card : play) {
      Seat seat = leader.next(trick.size());
      Hand h = left.get(seat);
      if (!h.contains(card)) {
        throw new IllegalArgumentException(seat + " does not hold " + card);
      }
      left.put(seat, h.without(card));
      trick.add(card);
      if (trick.size() == 4) {
        Seat winner = leader.next(TrickWinner.index(trick, trump));
        if (winner.side() == declarer.side()) {
          won++;
        }
        leader = winner;
        trick.clear();
      }
      int after = won + solve(solver, left, trump, leader, trick, declarer, nodeBudget);
      out.add(new CardCost(seat, card, before, after, seat.side() == declarer.side()));
      before = after;
    }
    return out;
  }

  /** Declarer's side's tricks from the position, the trick in progress included. */
  private static int solve(DoubleDummy solver, Map<Seat, Hand> hands, Suit trump, Seat leader,
      List<Card> trick, Seat declarer, long nodeBudget) {
    if (hands.values().stream().allMatch(Hand::isEmpty)) {
      return 0;
    }
    Position p = new Position(hands, trump, leader, trick);
    int ns = solver.tricksForNorthSouth(p, nodeBudget);
    int remaining = hands.get(leader).size() + (trick.isEmpty() ? 0 : 1);
    return declarer.side() == Side.NS ? ns : remaining - ns;
  }
}
