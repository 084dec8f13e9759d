package org.tenace.server.engine;

import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.testing.OneThreadBenchmark;

/**
 * The rules engine's cost per action (docs/performance.md, "Rules engine"): whole random boards
 * through {@link DealState}, one thread, as a table drives them: ask the engine for the legal
 * calls or cards, pick one, apply it. Every board has an auction (the dealer opens, so none is
 * passed out) and 52 cards. JMH reports {@code actions} per second, calls and cards together;
 * the budget is 2 µs per action, at least 500,000 actions per second. {@code boardAndViews} also
 * computes the four players' visible cards after each action, as the table does to redact what
 * it sends. Run with {@code bench/engine.sh}.
 */
public class EngineBenchmark extends OneThreadBenchmark {
  private static final int DEALS = 1024;

  private Deal[] deals;
  private SplittableRandom random;
  private int next;

  /** The actions applied, reported by JMH as a rate next to the boards. */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Actions {
    public long actions;

    @Setup(Level.Iteration)
    public void clear() {
      actions = 0;
    }
  }

  @Setup(Level.Trial)
  public void deal() {
    Shuffler shuffler = Shuffler.seeded(20261121L);
    deals = new Deal[DEALS];
    for (int i = 0; i < DEALS; i++) {
      deals[i] = shuffler.deal();
    }
    random = new SplittableRandom(7);
  }

  @Benchmark
  public DealState board(Actions counter) {
    return play(counter, null);
  }

  @Benchmark
  public DealState boardAndViews(Actions counter, Blackhole views) {
    return play(counter, views);
  }

  private DealState play(Actions counter, Blackhole views) {
    int i = next++ & (DEALS - 1);
    DealState s = DealState.start(BoardSetup.of(1 + (i & 15), deals[i], AuctionSettings.ONLINE));
    long actions = 0;
    boolean opened = false;
    while (s instanceof DealState.Auctioning a) {
      Auction auction = a.auction();
      List<Call> legal = auction.legalCalls();
      // Pass is the first legal call: the dealer opens with any other, then a pass or not.
      Call c = legal.size() == 1 || (opened && random.nextInt(10) < 6) ? Call.PASS
          : legal.get(1 + random.nextInt(legal.size() - 1));
      opened = true;
      s = s.apply(BoardAction.Call.of(auction.turn(), c));
      actions++;
      see(s, views);
    }
    while (s instanceof DealState.Playing p) {
      Play play = p.play();
      long legal = play.legalCards().bits();
      for (int k = random.nextInt(Long.bitCount(legal)); k > 0; k--) {
        legal &= legal - 1;
      }
      s = s.apply(new BoardAction.PlayCard(play.actor(),
          Card.of(Long.numberOfTrailingZeros(legal))));
      actions++;
      see(s, views);
    }
    counter.actions += actions;
    return s;
  }

  private static void see(DealState s, Blackhole views) {
    if (views != null) {
      for (Seat seat : Seat.values()) {
        views.consume(s.visibleBits(Viewer.of(seat)));
      }
    }
  }
}
