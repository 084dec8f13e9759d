package org.tenace.server.engine;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.testing.OneThreadBenchmark;

/**
 * What an accepted claim costs (docs/performance.md, "Rules engine"): declarer claims all the
 * remaining tricks after {@code cards} random cards and both defenders accept, which runs the
 * search behind the Law 69B flag under the table's lock, within the table's time bound, as the
 * table does it. Average time per claim over 64 deals. Run with {@code bench/engine.sh
 * ClaimBenchmark}.
 */
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class ClaimBenchmark extends OneThreadBenchmark {
  private static final int DEALS = 64;
  /** The table's bound on a claim's search a side. */
  private static final long LIMIT = org.tenace.server.table.Limits.CLAIM_SEARCH_NODES;

  @Param({"1", "16", "32", "44"})
  public int cards;

  private Play[] positions;
  private int next;

  @Setup
  public void play() {
    Shuffler shuffler = Shuffler.seeded(20261121L);
    SplittableRandom random = new SplittableRandom(5);
    Contract contract = Contract.parse("4S S");
    positions = new Play[DEALS];
    for (int i = 0; i < DEALS; i++) {
      Deal d = shuffler.deal();
      Play p = Play.start(d, contract, Mode.ONLINE, List.of());
      for (int k = 0; k < cards; k++) {
        long b = p.legalCards().bits();
        for (int skip = random.nextInt(Long.bitCount(b)); skip > 0; skip--) {
          b &= b - 1;
        }
        p = p.play(p.actor(), Card.of(Long.numberOfTrailingZeros(b)));
      }
      positions[i] = p;
    }
  }

  @Benchmark
  public Play claimAllAccepted() {
    Play p = positions[next++ & (DEALS - 1)];
    // The trick in progress counts as remaining.
    int remaining = 13 - (int) p.tricks().stream().filter(t -> t.winner().isPresent()).count();
    Play claimed = p.claim(Seat.SOUTH, remaining, "").respondToClaim(Seat.EAST, true);
    SureTricks sure = SureTricks.NONE_YET;
    while (true) {
      try {
        return claimed.respondToClaim(Seat.WEST, true, sure);
      } catch (SureTricks.Needed n) {
        sure = n.search(LIMIT);
      }
    }
  }
}
