package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/** Test helper: the view of the seat to play after some cards, built from a full deal. */
final class Views {
  private Views() {}

  /** With an auction of just the contract bid and three passes. */
  static CardView after(String pbn, String contract, String cards) {
    Contract c = Contract.parse(contract);
    List<AuctionCall> auction = List.of(AuctionCall.of(c.declarer(), c.bid()),
        AuctionCall.of(c.declarer().next(), Call.PASS), AuctionCall.of(c.declarer().next(2), Call.PASS),
        AuctionCall.of(c.declarer().next(3), Call.PASS));
    return after(pbn, c, c.declarer(), auction, cards);
  }

  /** With a real auction, {@code calls} from {@code dealer}. */
  static CardView after(String pbn, String contract, Seat dealer, String calls, String cards) {
    List<AuctionCall> auction = new ArrayList<>();
    Seat s = dealer;
    for (String t : calls.trim().split("\\s+")) {
      auction.add(AuctionCall.of(s, Call.parse(t)));
      s = s.next();
    }
    return after(pbn, Contract.parse(contract), dealer, auction, cards);
  }

  private static CardView after(String pbn, Contract c, Seat dealer, List<AuctionCall> auction, String cards) {
    Deal deal = Deal.parsePbn(pbn);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(c.openingLeader());
    for (String t : cards.trim().isEmpty() ? new String[0] : cards.trim().split("\\s+")) {
      Card card = Card.parse(t);
      Seat p = current.turn();
      if (!hands.get(p).contains(card)) {
        throw new IllegalArgumentException(p + " does not hold " + card);
      }
      hands.put(p, hands.get(p).without(card));
      current = current.then(card);
      if (current.isComplete()) {
        done.add(current);
        current = Trick.start(current.winner(c.strain().trumpOrNull()));
      }
    }
    Seat player = current.turn();
    Seat actor = player == c.dummy() ? c.declarer() : player;
    boolean faced = !done.isEmpty() || !current.isEmpty();
    return new CardView(actor, dealer, Vulnerability.NONE, auction, c, player, hands.get(actor),
        faced ? Optional.of(hands.get(c.dummy())) : Optional.empty(), done, current,
        Referee.legal(hands.get(player), current));
  }
}
