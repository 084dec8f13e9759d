package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.play.CardPlayer;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * The robot decides within a bounded amount of work, counted (not timed): search nodes for a
 * card, rules built for a call. The positions are the hardest for each: endings at the search's
 * full width, a search over the whole hand, and the longest auctions.
 */
class BoundedWorkTest {

  /** Deals a random deal and plays random legal cards until each hand holds {@code left}. */
  static CardView position(Random r, String contract, int left) {
    Deal deal = Referee.randomDeal(r);
    Contract c = Contract.parse(contract);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(c.openingLeader());
    while (done.size() < 13 - left) {
      Seat p = current.turn();
      List<Card> legal = Referee.legalCards(hands.get(p), current);
      Card card = legal.get(r.nextInt(legal.size()));
      hands.put(p, hands.get(p).without(card));
      current = current.then(card);
      if (current.isComplete()) {
        done.add(current);
        current = Trick.start(current.winner(c.strain().trumpOrNull()));
      }
    }
    Seat p = current.turn();
    Seat actor = p == c.dummy() ? c.declarer() : p;
    List<AuctionCall> auction = List.of(AuctionCall.of(c.declarer(), c.bid()),
        AuctionCall.of(c.declarer().next(), Call.PASS), AuctionCall.of(c.declarer().next(2), Call.PASS),
        AuctionCall.of(c.declarer().next(3), Call.PASS));
    return new CardView(actor, c.declarer(), Vulnerability.NONE, auction, c, p, hands.get(actor),
        Optional.of(hands.get(c.dummy())), done, current, Referee.legalCards(hands.get(p), current));
  }

  @Test
  void theEndingSearchNeverGoesPastItsNodeBudget() {
    Random r = new Random(42);
    CardPlayer player = new CardPlayer();
    long most = 0;
    int searched = 0;
    for (int i = 0; i < 40; i++) {
      CardView view = position(r, i % 2 == 0 ? "3NT S" : "4S S", CardPlayer.ENDGAME_CARDS);
      CardPlayer.Decision d = player.decide(view);
      assertThat(view.legalCards()).contains(d.card());
      assertThat(d.nodes()).isLessThanOrEqualTo(CardPlayer.NODE_BUDGET);
      most = Math.max(most, d.nodes());
      searched += d.nodes() > 0 ? 1 : 0;
    }
    assertThat(searched).as("endings that were searched").isGreaterThan(20);
    assertThat(most).as("the hardest ending used the budget").isGreaterThan(CardPlayer.NODE_BUDGET / 10);
  }

  @Test
  void aSearchOverTheWholeHandStopsAtItsBudgetAndStillPlaysALegalCard() {
    Random r = new Random(7);
    long budget = 50_000;
    CardPlayer everywhere = new CardPlayer(13, 50, budget);
    for (int i = 0; i < 10; i++) {
      CardView view = position(r, "3NT S", 12);
      CardPlayer.Decision d = everywhere.decide(view);
      assertThat(d.nodes()).isLessThanOrEqualTo(budget);
      assertThat(view.legalCards()).contains(d.card());
    }
  }

  @Test
  void theBidderBuildsABoundedNumberOfRulesPerCall() {
    Random r = new Random(3);
    Bidder bidder = new Bidder();
    for (int i = 0; i < 200; i++) {
      Deal deal = Referee.randomDeal(r);
      List<AuctionCall> calls = new ArrayList<>();
      int length = 10 + r.nextInt(30);
      for (int k = 0; k < length && !Referee.complete(calls); k++) {
        Seat s = Seat.NORTH.next(calls.size());
        List<Call> legal = Referee.legalCalls(s, calls);
        // Mostly passes and cheap bids: long auctions.
        Call c = r.nextInt(2) == 0 ? Call.PASS : legal.get(Math.min(legal.size() - 1, 1 + r.nextInt(3)));
        calls.add(AuctionCall.of(s, c));
      }
      if (Referee.complete(calls)) {
        continue;
      }
      Seat seat = Seat.NORTH.next(calls.size());
      CallView view = new CallView(seat, deal.hand(seat), Seat.NORTH, Vulnerability.NONE, calls,
          Referee.legalCalls(seat, calls));
      assertThat(bidder.rulesBuilt(view))
          .isLessThanOrEqualTo((calls.size() + 1) * Bidder.MAX_RULES_PER_TURN);
      assertThat(view.legalCalls()).contains(bidder.decide(view).call());
    }
  }
}
