package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;

/** Test helper: builds the view of the seat to play after some cards, from a full deal. */
class PlayDebugTest {
  static CardView view(String pbn, String contract, String cards) {
    Deal deal = Deal.parsePbn(pbn);
    Contract c = Contract.parse(contract);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(c.openingLeader());
    for (String t : cards.trim().isEmpty() ? new String[0] : cards.trim().split("\\s+")) {
      Card card = Card.parse(t);
      Seat p = current.turn();
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
    List<Card> legal = Referee.legal(hands.get(player), current);
    List<AuctionCall> auction = List.of(AuctionCall.of(c.declarer(), c.bid()), AuctionCall.of(c.declarer().next(), Call.PASS),
        AuctionCall.of(c.declarer().next(2), Call.PASS), AuctionCall.of(c.declarer().next(3), Call.PASS));
    return new CardView(actor, c.declarer(), Vulnerability.NONE, auction, c, player, hands.get(actor),
        faced ? Optional.of(hands.get(c.dummy())) : Optional.empty(), done, current, legal);
  }

  @Test
  void debug() {
    String pbn = System.getProperty("pbn", "N:AJ972.KJ3.T96.93 64.82.AJ.AKQT875 KQT3.T9764.85.J4 85.AQ5.KQ7432.62");
    CardView v = view(pbn, System.getProperty("contract", "5D W"), System.getProperty("cards", "DT DJ D5 D2 DA D8 D3 D6 CA C4 C2 C3"));
    System.out.println("to play " + v.playsFor() + " legal " + v.legalCards() + " heuristic " + CardPlayer.heuristic(v)
        + " decision " + new CardPlayer().decide(v));
  }
}
