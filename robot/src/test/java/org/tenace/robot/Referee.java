package org.tenace.robot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * A test-only referee: deals, runs the auction and the play for four robots with the plain rules
 * (legal calls per Laws 18-19, following suit, trick winner per Law 44), and checks that every
 * call and card a robot returns is one it was offered. Not the server's engine.
 */
final class Referee {
  static final int MAX_CALLS = 320;

  /** What happened at the table. */
  record Result(Deal deal, Board board, List<AuctionCall> calls, Optional<Contract> contract,
      int declarerTricks, List<Trick> tricks) {
    boolean passedOut() {
      return contract.isEmpty();
    }
  }

  /** A robot returned something it was not offered, or the auction would not end. */
  static final class RefereeException extends RuntimeException {
    RefereeException(String message) {
      super(message);
    }
  }

  private final Map<Seat, Robot> robots;

  Referee(Map<Seat, Robot> robots) {
    this.robots = robots;
  }

  Referee(Robot robot) {
    this(Map.of(Seat.NORTH, robot, Seat.EAST, robot, Seat.SOUTH, robot, Seat.WEST, robot));
  }

  static Deal randomDeal(Random random) {
    List<Card> deck = new ArrayList<>();
    for (int i = 0; i < 52; i++) {
      deck.add(Card.of(i));
    }
    Collections.shuffle(deck, random);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, Hand.of(deck.subList(s.ordinal() * 13, s.ordinal() * 13 + 13)));
    }
    return Deal.of(hands);
  }

  Result play(Deal deal, Board board) {
    List<AuctionCall> calls = auction(deal, board.dealer(), board.vulnerability());
    Optional<Contract> contract = contract(board.dealer(), calls);
    if (contract.isEmpty()) {
      return new Result(deal, board, calls, contract, 0, List.of());
    }
    List<Trick> tricks = cardPlay(deal, board, calls, contract.get());
    int won = 0;
    Suit trump = contract.get().strain().trumpOrNull();
    for (Trick t : tricks) {
      if (t.winner(trump).side() == contract.get().declarer().side()) {
        won++;
      }
    }
    return new Result(deal, board, calls, contract, won, tricks);
  }

  List<AuctionCall> auction(Deal deal, Seat dealer, Vulnerability vul) {
    List<AuctionCall> calls = new ArrayList<>();
    while (!complete(calls)) {
      if (calls.size() >= MAX_CALLS) {
        throw new RefereeException("the auction did not end: " + calls);
      }
      Seat seat = dealer.next(calls.size());
      List<Call> legal = legalCalls(seat, calls);
      CallView view = new CallView(seat, deal.hand(seat), dealer, vul, asSeenBy(seat, calls), legal);
      CallChoice choice = robots.get(seat).chooseCall(view);
      if (!legal.contains(choice.call())) {
        throw new RefereeException(seat + " made an illegal call " + choice.call() + " after " + calls);
      }
      calls.add(new AuctionCall(seat, choice.call(), choice.alert(), choice.explanation()));
    }
    return calls;
  }

  /** Online self-alerts: the opponents see them, partner never does. */
  static List<AuctionCall> asSeenBy(Seat viewer, List<AuctionCall> calls) {
    List<AuctionCall> out = new ArrayList<>();
    for (AuctionCall c : calls) {
      out.add(c.seat().side() == viewer.side() && c.seat() != viewer
          ? AuctionCall.of(c.seat(), c.call()) : c);
    }
    return out;
  }

  static boolean complete(List<AuctionCall> calls) {
    int n = calls.size();
    return n >= 4 && calls.subList(n - 3, n).stream().allMatch(c -> c.call() == Call.PASS);
  }

  static List<Call> legalCalls(Seat seat, List<AuctionCall> calls) {
    List<Call> out = new ArrayList<>();
    out.add(Call.PASS);
    Bid last = null;
    AuctionCall lastAction = null;
    for (AuctionCall c : calls) {
      if (c.call() instanceof Bid b) {
        last = b;
      }
      if (c.call() != Call.PASS) {
        lastAction = c;
      }
    }
    if (lastAction != null && lastAction.seat().side() != seat.side()) {
      if (lastAction.call() instanceof Bid) {
        out.add(Call.DOUBLE);
      } else if (lastAction.call() == Call.DOUBLE) {
        out.add(Call.REDOUBLE);
      }
    }
    for (int r = last == null ? 0 : last.rank() + 1; r < 35; r++) {
      out.add(Bid.ofRank(r));
    }
    return out;
  }

  static Optional<Contract> contract(Seat dealer, List<AuctionCall> calls) {
    Bid last = null;
    Seat lastBidder = null;
    Doubling doubling = Doubling.UNDOUBLED;
    for (AuctionCall c : calls) {
      if (c.call() instanceof Bid b) {
        last = b;
        lastBidder = c.seat();
        doubling = Doubling.UNDOUBLED;
      } else if (c.call() == Call.DOUBLE) {
        doubling = Doubling.DOUBLED;
      } else if (c.call() == Call.REDOUBLE) {
        doubling = Doubling.REDOUBLED;
      }
    }
    if (last == null) {
      return Optional.empty();
    }
    for (AuctionCall c : calls) {
      if (c.call() instanceof Bid b && b.strain() == last.strain() && c.seat().side() == lastBidder.side()) {
        return Optional.of(new Contract(last, doubling, c.seat()));
      }
    }
    throw new AssertionError("the last bidder bid the strain");
  }

  private List<Trick> cardPlay(Deal deal, Board board, List<AuctionCall> calls, Contract contract) {
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    Suit trump = contract.strain().trumpOrNull();
    Seat dummy = contract.dummy();
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(contract.openingLeader());
    while (done.size() < 13) {
      Seat player = current.turn();
      Seat actor = player == dummy ? contract.declarer() : player;
      boolean dummyFaced = !done.isEmpty() || !current.isEmpty();
      Hand hand = hands.get(player);
      List<Card> legal = legalCards(hand, current);
      CardView view = new CardView(actor, board.dealer(), board.vulnerability(), asSeenBy(actor, calls),
          contract, player, hands.get(actor), dummyFaced ? Optional.of(hands.get(dummy)) : Optional.empty(),
          done, current, legal);
      Card card = robots.get(actor).chooseCard(view);
      if (!legal.contains(card)) {
        throw new RefereeException(actor + " played " + card + " for " + player + ", not among " + legal);
      }
      hands.put(player, hand.without(card));
      current = current.then(card);
      if (current.isComplete()) {
        done.add(current);
        current = Trick.start(current.winner(trump));
      }
    }
    return done;
  }

  static List<Card> legalCards(Hand hand, Trick current) {
    if (!current.isEmpty() && hand.hasSuit(current.led().suit())) {
      return hand.suit(current.led().suit()).cards();
    }
    return hand.cards();
  }
}
