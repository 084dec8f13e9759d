package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.play.CardPlayer;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Deal;

/**
 * A robot's decision is reproducible: the same deal, seat and history give the same call and card
 * whatever the machine's load and whatever the robot decided before, because its work is counted
 * in nodes and samples, never timed.
 */
class ReproducibleDecisionsTest {
  private static final int DEALS = 4;
  private static final int WIDE = 4;
  private static final long WIDE_BUDGET = 600_000;

  /** What a board came to: every call and every card, in order. */
  private static String record(Referee.Result r) {
    return r.calls() + " " + r.tricks();
  }

  private static CardPlayer strong() {
    return CardPlayer.of(RobotLevel.STRONG, Scoring.IMPS, 7, 8, WIDE_BUDGET);
  }

  @Test
  void aDecisionDoesNotHangOnWhatTheRobotSolvedBefore() {
    Random r = new Random(11);
    List<CardView> views = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      views.add(BoundedWorkTest.position(r, i % 2 == 0 ? "3NT S" : "4S S", CardPlayer.ENDGAME_CARDS));
    }
    CardPlayer player = new CardPlayer();
    List<CardPlayer.Decision> first = new ArrayList<>();
    for (CardView v : views) {
      first.add(player.decide(v));
    }
    // The same views again, the other way round, on the same thread: its solver has seen them all.
    for (int i = views.size() - 1; i >= 0; i--) {
      assertThat(player.decide(views.get(i))).as("decision %d again", i).isEqualTo(first.get(i));
    }
  }

  @Test
  void fourRobotsPlayTheSameBoardsOnALoadedMachineAsOnAnIdleOne() throws Exception {
    List<Deal> deals = new ArrayList<>();
    Random random = new Random(20261128);
    for (int i = 0; i < DEALS; i++) {
      deals.add(Referee.randomDeal(random));
    }
    // Besides whole boards at the house settings, searches over the whole hand at a budget that
    // takes a good part of a second a card: a bound on time would cut them where the load decides.
    Random r = new Random(5);
    List<CardView> wide = new ArrayList<>();
    for (int i = 0; i < WIDE; i++) {
      wide.add(BoundedWorkTest.position(r, i % 2 == 0 ? "3NT S" : "4S S", 12));
    }
    List<String> idle = new ArrayList<>();
    Referee quiet = new Referee(new HouseRobot());
    for (int i = 0; i < DEALS; i++) {
      idle.add(record(quiet.play(deals.get(i), Board.of(i + 1))));
    }
    CardPlayer widely = new CardPlayer(13, 12, WIDE_BUDGET);
    List<CardPlayer.Decision> idleWide = new ArrayList<>();
    for (CardView v : wide) {
      idleWide.add(widely.decide(v));
    }
    // The strong level samples every card: the same views, the same cards and nodes.
    CardPlayer strongly = strong();
    List<CardPlayer.Decision> idleStrong = new ArrayList<>();
    for (CardView v : wide) {
      idleStrong.add(strongly.decide(v));
    }

    // A bidder that simulates its unsure calls (not yet the house robot's) makes the same calls
    // under load.
    List<CallView> unsure = unsureCalls();
    List<Call> idleCalls = new ArrayList<>();
    Bidder simulating = Bidder.simulating(Scoring.IMPS, 7);
    for (CallView v : unsure) {
      idleCalls.add(simulating.decide(v).call());
    }

    AtomicBoolean done = new AtomicBoolean();
    List<Thread> spinners = new ArrayList<>();
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (!done.get()) {
          x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
          System.out.print("");
        }
      }, "spinner-" + i);
      t.setDaemon(true);
      t.start();
      spinners.add(t);
    }
    try {
      // New robots, everything the other way round: their solvers have seen other things first.
      CardPlayer busyWide = new CardPlayer(13, 12, WIDE_BUDGET);
      for (int i = WIDE - 1; i >= 0; i--) {
        assertThat(busyWide.decide(wide.get(i))).as("wide search %d under load", i)
            .isEqualTo(idleWide.get(i));
      }
      CardPlayer busyStrong = strong();
      for (int i = WIDE - 1; i >= 0; i--) {
        assertThat(busyStrong.decide(wide.get(i))).as("strong decision %d under load", i)
            .isEqualTo(idleStrong.get(i));
      }
      Bidder busyBidder = Bidder.simulating(Scoring.IMPS, 7);
      for (int i = unsure.size() - 1; i >= 0; i--) {
        assertThat(busyBidder.decide(unsure.get(i)).call()).as("simulated call %d under load", i)
            .isEqualTo(idleCalls.get(i));
      }
      Referee busy = new Referee(new HouseRobot());
      for (int i = DEALS - 1; i >= 0; i--) {
        assertThat(record(busy.play(deals.get(i), Board.of(i + 1))))
            .as("board %d under load", i + 1).isEqualTo(idle.get(i));
      }
    } finally {
      done.set(true);
      for (Thread t : spinners) {
        t.join();
      }
    }
  }

  /**
   * Calls the strong level's bidding simulates (game or not over a limit raise, slam or not over
   * game, a save over their game), each with a solver's worth of work behind it.
   */
  private static List<CallView> unsureCalls() {
    String[][] cases = {
      {"1S P 3S P", "KQ742.9852.AK9.T"},
      {"1S P 3S P", "AJ8643.Q86.J7.A2"},
      {"1S P 2S P 3S P 4S P", "AKQ72.A5.KQ4.972"},
      {"1H 1S 4H", "KJ65.4.98743.J92"},
    };
    List<CallView> out = new ArrayList<>();
    for (String[] c : cases) {
      List<AuctionCall> calls = new ArrayList<>();
      Seat s = Seat.NORTH;
      for (String call : c[0].split(" ")) {
        calls.add(AuctionCall.of(s, Call.parse(call)));
        s = s.next();
      }
      List<Call> legal = new ArrayList<>(List.of(Call.PASS));
      Bid last = null;
      for (AuctionCall a : calls) {
        last = a.call() instanceof Bid b ? b : last;
      }
      if (calls.get(calls.size() - 1).call() instanceof Bid) {
        legal.add(Call.DOUBLE);
      }
      for (int r = last.rank() + 1; r < 35; r++) {
        legal.add(Bid.ofRank(r));
      }
      out.add(new CallView(s, Hand.parsePbn(c[1]), Seat.NORTH, Vulnerability.BOTH, calls, legal));
    }
    return out;
  }
}
