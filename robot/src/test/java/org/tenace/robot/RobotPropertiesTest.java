package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.play.CardPlayer;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * Whatever the view, the robot answers with one of the calls or cards it was offered, and its
 * system does not fail: random deals, random (odd, even absurd) legal auctions, random states of
 * play, and offered sets narrower than the rules allow (as a lead penalty makes them).
 */
class RobotPropertiesTest {
  private final Bidder bidder = new Bidder();
  private final CardPlayer player = new CardPlayer();

  @Property(tries = 1000)
  void callsAreAlwaysOneOfTheOfferedCalls(@ForAll long seed) {
    Random r = new Random(seed);
    Deal deal = Referee.randomDeal(r);
    Seat dealer = Seat.of(r.nextInt(4));
    Vulnerability vul = Vulnerability.values()[r.nextInt(4)];
    List<AuctionCall> calls = new ArrayList<>();
    int length = r.nextInt(24);
    for (int i = 0; i < length && !Referee.complete(calls); i++) {
      Seat s = dealer.next(calls.size());
      List<Call> legal = Referee.legalCalls(s, calls);
      Call c = r.nextInt(3) == 0 ? Call.PASS : legal.get(r.nextInt(Math.min(legal.size(), 12)));
      boolean alert = c != Call.PASS && r.nextInt(6) == 0;
      calls.add(new AuctionCall(s, c, alert, alert ? "something odd" : ""));
    }
    if (Referee.complete(calls)) {
      return;
    }
    Seat seat = dealer.next(calls.size());
    List<Call> offered = new ArrayList<>(Referee.legalCalls(seat, calls));
    if (r.nextBoolean() && offered.size() > 2) {
      offered.removeIf(c -> c != Call.PASS && r.nextInt(3) == 0); // a narrower offer
    }
    CallView view = new CallView(seat, deal.hand(seat), dealer, vul, Referee.asSeenBy(seat, calls), offered);
    CallChoice strict = bidder.decide(view);
    assertThat(offered).contains(strict.call());
    assertThat(new HouseRobot().chooseCall(view).call()).isIn(offered);
  }

  @Property(tries = 500)
  void cardsAreAlwaysOneOfTheOfferedCards(@ForAll long seed) {
    Random r = new Random(seed);
    Deal deal = Referee.randomDeal(r);
    Contract contract = new Contract(Bid.of(1 + r.nextInt(7), Strain.of(r.nextInt(5))),
        Doubling.values()[r.nextInt(3)], Seat.of(r.nextInt(4)));
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(contract.openingLeader());
    int cards = r.nextInt(52);
    for (int i = 0; i < cards; i++) {
      Seat p = current.turn();
      List<Card> legal = Referee.legalCards(hands.get(p), current);
      Card c = legal.get(r.nextInt(legal.size()));
      hands.put(p, hands.get(p).without(c));
      current = current.then(c);
      if (current.isComplete()) {
        done.add(current);
        current = Trick.start(current.winner(contract.strain().trumpOrNull()));
      }
    }
    Seat p = current.turn();
    Seat actor = p == contract.dummy() ? contract.declarer() : p;
    List<Card> offered = new ArrayList<>(Referee.legalCards(hands.get(p), current));
    if (r.nextInt(4) == 0 && offered.size() > 1) {
      offered.remove(r.nextInt(offered.size())); // a lead penalty narrows the choice
    }
    boolean faced = !done.isEmpty() || !current.isEmpty();
    List<AuctionCall> auction = List.of(AuctionCall.of(contract.declarer(), contract.bid()),
        AuctionCall.of(contract.declarer().next(), Call.PASS),
        AuctionCall.of(contract.declarer().next(2), Call.PASS),
        AuctionCall.of(contract.declarer().next(3), Call.PASS));
    CardView view = new CardView(actor, contract.declarer(), Vulnerability.NONE, auction, contract, p,
        hands.get(actor), faced ? Optional.of(hands.get(contract.dummy())) : Optional.empty(), done,
        current, offered);
    CardPlayer.Decision d = player.decide(view);
    assertThat(offered).contains(d.card());
    assertThat(d.fellBack()).as("the heuristics failed").isFalse();
    assertThat(d.nodes()).isLessThanOrEqualTo(CardPlayer.NODE_BUDGET);
  }
}
