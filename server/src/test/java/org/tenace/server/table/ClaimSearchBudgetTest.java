package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.SureTricks;

/**
 * The table's claim search is bounded by work ({@link Limits#CLAIM_SEARCH_NODES}), not by a
 * clock: an early claim, whose search is long, is judged the same on an idle machine and with
 * threads spinning on every core. Bounded by a second of wall time, the busy machine's search gave
 * up and the claim was ruled without it.
 */
class ClaimSearchBudgetTest {
  /**
   * A deal (the first of Shuffler.seeded(7)) whose claim after the opening lead against 4S needs
   * between the replay's 500,000 nodes and the table's budget to judge: about a second of one
   * core, several under load.
   */
  private static final String DEAL =
      "N:T32.853.T952.983 9.JT9762.43.A742 AQ654.AKQ.QJ6.QJ KJ87.4.AK87.KT65";

  /** The table's search for the side the engine asks about, after a disputed claim at trick 1. */
  private static SureTricks judge() {
    Play p = Play.start(Deal.parsePbn(DEAL), Contract.parse("4S S"), Mode.LAWS, List.of());
    Card lead = p.legalCards().cards().get(0);
    // The defenders claim every trick after the lead; declarer disputes it: the table is asked
    // what East-West cannot lose, a search of millions of nodes this early.
    Play claimed = p.play(p.actor(), lead).claim(Seat.WEST, 13, "");
    SureTricks.Needed needed = catchThrowableOfType(SureTricks.Needed.class,
        () -> claimed.respondToClaim(Seat.SOUTH, false, SureTricks.NONE_YET));
    assertThat(needed).as("a disputed claim asks the table for the search").isNotNull();
    assertThat(needed.side()).isEqualTo(Side.EW);
    return new SearchFirst(needed, 1, 1).search().sure();
  }

  @Test
  void theSameClaimIsJudgedTheSameUnderLoad() throws Exception {
    SureTricks idle = judge();
    int spinners = 2 * Runtime.getRuntime().availableProcessors();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch spinning = new CountDownLatch(spinners);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < spinners; i++) {
      Thread t = new Thread(() -> {
        spinning.countDown();
        long x = 0;
        while (!stop.get()) {
          x += System.nanoTime() % 7; // busy: keeps its core
        }
        if (x == 42) {
          System.out.print("");
        }
      }, "spinner-" + i);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    SureTricks busy;
    try {
      spinning.await();
      busy = judge();
    } finally {
      stop.set(true);
      for (Thread t : threads) {
        t.join(10_000);
      }
    }
    assertThat(busy).as("the claim judged with every core busy, against idle").isEqualTo(idle);
    assertThat(idle.of(Side.EW)).as("the search ends within the table's budget")
        .contains(OptionalInt.of(1));
  }

}
