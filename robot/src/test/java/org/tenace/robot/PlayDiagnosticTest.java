package org.tenace.robot;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.play.DoubleDummy;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.board.Board;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;

/** Diagnostic (not an assertion): prints deals where the result differs from double dummy. */
class PlayDiagnosticTest {
  /** Double-dummy tricks for declarer after each trick: a drop is declarer's error, a rise the defence's. */
  @Test
  void attributesTricksLostToEachTrick() {
    int n = Integer.getInteger("diag.trickDeals", 0);
    Referee ref = new Referee(new HouseRobot());
    Random random = new Random(Long.getLong("diag.seed", 5));
    DoubleDummy dd = new DoubleDummy(20);
    int[] declarerLost = new int[14];
    int[] defenceLost = new int[14];
    int solved = 0;
    for (int i = 1; i <= n; i++) {
      Deal deal = Referee.randomDeal(random);
      Referee.Result r = ref.play(deal, Board.of(i));
      if (r.passedOut()) {
        continue;
      }
      Contract c = r.contract().get();
      Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
      for (Seat s : Seat.values()) {
        hands.put(s, deal.hand(s));
      }
      int[] value = new int[14];
      int won = 0;
      try {
        for (int k = 0; k <= 13; k++) {
          Seat leader = k == 0 ? c.openingLeader() : r.tricks().get(k - 1).winner(c.strain().trumpOrNull());
          if (k > 0) {
            Trick t = r.tricks().get(k - 1);
            for (int j = 0; j < 4; j++) {
              hands.put(t.playerOf(j), hands.get(t.playerOf(j)).without(t.cards().get(j)));
            }
            if (t.winner(c.strain().trumpOrNull()).side() == c.declarer().side()) {
              won++;
            }
          }
          int ns = k == 13 ? 0 : dd.tricksForNorthSouth(new DoubleDummy.Position(hands, c.strain().trumpOrNull(),
              Trick.start(leader)), 20_000_000);
          value[k] = won + (c.declarer().side() == Side.NS ? ns : 13 - k - ns);
        }
      } catch (DoubleDummy.BudgetExceeded e) {
        continue;
      }
      solved++;
      boolean early = false;
      for (int k = 2; k <= 6; k++) {
        early |= value[k] < value[k - 1];
      }
      if (early && Boolean.getBoolean("diag.print")) {
        StringBuilder sb = new StringBuilder("deal " + i + " " + deal.toPbn(Seat.NORTH) + "\n");
        for (AuctionCall a : r.calls()) {
          sb.append(a.call()).append(' ');
        }
        sb.append(" => ").append(c).append(" took ").append(r.declarerTricks()).append('\n');
        for (int k = 1; k <= 13; k++) {
          Trick t = r.tricks().get(k - 1);
          sb.append(String.format("  %2d %s: %s won by %s  DD %d -> %d%n", k, t.leader(), t.cards(),
              t.winner(c.strain().trumpOrNull()), value[k - 1], value[k]));
        }
        System.out.println(sb);
      }
      for (int k = 1; k <= 13; k++) {
        int d = value[k] - value[k - 1];
        if (d < 0) {
          declarerLost[k] -= d;
        } else {
          defenceLost[k] += d;
        }
      }
    }
    System.out.println("solved " + solved);
    for (int k = 1; k <= 13; k++) {
      System.out.printf("trick %2d: declarer gave %3d, defence gave %3d%n", k, declarerLost[k], defenceLost[k]);
    }
  }

  @Test
  void printsPlaysThatLoseToDoubleDummy() {
    int n = Integer.getInteger("diag.deals", 0);
    Referee ref = new Referee(new HouseRobot());
    Random random = new Random(Long.getLong("diag.seed", 5));
    DoubleDummy dd = new DoubleDummy(20);
    for (int i = 1; i <= n; i++) {
      Deal deal = Referee.randomDeal(random);
      Referee.Result r = ref.play(deal, Board.of(i));
      if (r.passedOut()) {
        continue;
      }
      Contract c = r.contract().get();
      String filter = System.getProperty("diag.strain", "");
      if (!filter.isEmpty() && !c.strain().symbol().equals(filter)) {
        continue;
      }
      Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
      for (Seat s : Seat.values()) {
        hands.put(s, deal.hand(s));
      }
      int ddTricks;
      try {
        int ns = dd.tricksForNorthSouth(new DoubleDummy.Position(hands, c.strain().trumpOrNull(),
            Trick.start(c.openingLeader())), 20_000_000);
        ddTricks = c.declarer().side() == Side.NS ? ns : 13 - ns;
      } catch (DoubleDummy.BudgetExceeded e) {
        continue;
      }
      if (ddTricks == r.declarerTricks()) {
        continue;
      }
      StringBuilder sb = new StringBuilder();
      sb.append("deal ").append(i).append(' ').append(deal.toPbn(Seat.NORTH)).append('\n');
      for (AuctionCall a : r.calls()) {
        sb.append(a.call()).append(' ');
      }
      sb.append(" => ").append(c).append(", took ").append(r.declarerTricks()).append(", DD ").append(ddTricks).append('\n');
      for (Trick t : r.tricks()) {
        sb.append("  ").append(t.leader()).append(": ").append(t.cards()).append(" won by ")
            .append(t.winner(c.strain().trumpOrNull())).append('\n');
      }
      System.out.println(sb);
    }
  }
}
