package org.tenace.robot;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.play.CardPlayer;
import org.tenace.scoring.board.Board;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;

class ExploreTest {
  @Test
  void explore() {
    Bidder bidder = new Bidder();
    CardPlayer player = new CardPlayer();
    long[] nodes = new long[2];
    Robot strict = new Robot() {
      public CallChoice chooseCall(CallView v) { return bidder.decide(v); }
      public Card chooseCard(CardView v) {
        CardPlayer.Decision d = player.decide(v);
        if (d.fellBack()) throw new AssertionError("fell back: " + v);
        nodes[0] += d.nodes(); nodes[1] = Math.max(nodes[1], d.nodes());
        return d.card();
      }
    };
    Referee ref = new Referee(strict);
    Random r = new Random(Long.getLong("seed", 1));
    int n = Integer.getInteger("deals", 30);
    int made = 0, played = 0;
    long t0 = System.currentTimeMillis();
    for (int i = 1; i <= n; i++) {
      Deal d = Referee.randomDeal(r);
      Board b = Board.of(i);
      var res = ref.play(d, b);
      if (!res.passedOut()) { played++; if (res.declarerTricks() >= res.contract().get().tricksNeeded()) made++; }
      boolean failed = !res.passedOut() && res.declarerTricks() < res.contract().get().tricksNeeded();
      int hcp = res.passedOut() ? 0 : d.hand(res.contract().get().declarer()).highCardPoints() + d.hand(res.contract().get().dummy()).highCardPoints();
      if (Boolean.getBoolean("verbose") || (Boolean.getBoolean("failures") && failed)) {
        StringBuilder sb = new StringBuilder();
        for (Seat s : Seat.values()) sb.append(s).append(' ').append(d.hand(s)).append("  ");
        sb.append("\n  ").append(b.dealer()).append(": ");
        for (AuctionCall c : res.calls()) sb.append(c.call()).append(c.alert() ? "!" : "").append(' ');
        sb.append(" => ").append(res.contract().map(Object::toString).orElse("passed out")).append(" tricks ").append(res.declarerTricks()).append(" hcp ").append(hcp);
        System.out.println(sb);
      }
    }
    System.out.printf("%d deals, %d played, %d made, %d ms, nodes total %d max %d%n", n, played, made,
        System.currentTimeMillis() - t0, nodes[0], nodes[1]);
  }
}
