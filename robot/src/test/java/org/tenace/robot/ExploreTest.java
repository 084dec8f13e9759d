package org.tenace.robot;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.bidding.Bidder;
import org.tenace.scoring.board.Board;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;

class ExploreTest {
  @Test
  void explore() {
    Bidder bidder = new Bidder();
    Robot strict = new Robot() {
      public CallChoice chooseCall(CallView v) { return bidder.decide(v); }
      public Card chooseCard(CardView v) { return v.legalCards().get(0); }
    };
    Referee ref = new Referee(strict);
    Random r = new Random(Long.getLong("seed", 1));
    int n = Integer.getInteger("deals", 30);
    for (int i = 1; i <= n; i++) {
      Deal d = Referee.randomDeal(r);
      Board b = Board.of(i);
      var calls = ref.auction(d, b.dealer(), b.vulnerability());
      StringBuilder sb = new StringBuilder();
      for (Seat s : Seat.values()) sb.append(s).append(' ').append(d.hand(s)).append(" hcp=").append(d.hand(s).highCardPoints()).append("  ");
      sb.append("\n  dealer ").append(b.dealer()).append(' ').append(b.vulnerability()).append(": ");
      for (AuctionCall c : calls) sb.append(c.call()).append(c.alert() ? "!" : "").append(' ');
      sb.append(" => ").append(Referee.contract(b.dealer(), calls).map(Object::toString).orElse("passed out"));
      System.out.println(sb);
    }
  }
}
