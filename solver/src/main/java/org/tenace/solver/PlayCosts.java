package org.tenace.solver;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;
import org.tenace.scoring.record.PlayedCard;
import org.tenace.scoring.record.TrickOrder;

/**
 * The double-dummy cost of each card of a play, as analysis tools show it: after each card, the
 * tricks declarer's side takes with best play from there (tricks won so far included), so that a
 * card that changes it is seen to give tricks away.
 */
public final class PlayCosts {
  private PlayCosts() {}

  /**
   * The cost of each card of {@code play} (in the order played, each with its seat) from the
   * starting {@code hands}, {@code strain} the contract's, within {@code nodeBudget} nodes a
   * card.
   *
   * @throws IllegalArgumentException if a card is not in its seat's hand (the play cannot be
   *     followed)
   * @throws DoubleDummy.BudgetExceeded if a position takes more than the budget
   */
  public static List<CardCost> of(DoubleDummy solver, Map<Seat, Hand> hands, Strain strain,
      Seat declarer, List<PlayedCard> play, long nodeBudget) {
    Map<Seat, Hand> left = new EnumMap<>(hands);
    List<Card> trick = new ArrayList<>(4);
    Seat leader = play.isEmpty() ? declarer.lho() : play.get(0).seat();
    int won = 0; // tricks declarer's side has won
    int before = won + solve(solver, left, strain, leader, trick, declarer, nodeBudget);
    List<CardCost> out = new ArrayList<>(play.size());
    for (PlayedCard pc : play) {
      Seat seat = pc.seat();
      Hand h = left.get(seat);
      if (!h.contains(pc.card())) {
        throw new IllegalArgumentException(seat + " does not hold " + pc.card());
      }
      if (trick.isEmpty()) {
        leader = seat;
      } else if (seat != leader.next(trick.size())) {
        throw new IllegalArgumentException(pc.card() + " is played out of turn by " + seat);
      }
      left.put(seat, h.without(pc.card()));
      trick.add(pc.card());
      if (trick.size() == 4) {
        Seat winner = leader.next(TrickOrder.winningIndex(trick, strain));
        if (winner.side() == declarer.side()) {
          won++;
        }
        leader = winner;
        trick.clear();
      }
      int after = won + solve(solver, left, strain, leader, trick, declarer, nodeBudget);
      out.add(new CardCost(seat, pc.card(), before, after, seat.side() == declarer.side()));
      before = after;
    }
    return out;
  }

  /** Declarer's side's tricks from the position, the trick in progress included. */
  private static int solve(DoubleDummy solver, Map<Seat, Hand> hands, Strain strain, Seat leader,
      List<Card> trick, Seat declarer, long nodeBudget) {
    if (hands.values().stream().allMatch(Hand::isEmpty)) {
      return 0;
    }
    Position p = new Position(hands, strain.trumpOrNull(), leader, trick);
    int ns = solver.tricksForNorthSouth(p, nodeBudget);
    int remaining = hands.get(leader).size() + (trick.isEmpty() ? 0 : 1);
    return declarer.side() == Side.NS ? ns : remaining - ns;
  }
}
