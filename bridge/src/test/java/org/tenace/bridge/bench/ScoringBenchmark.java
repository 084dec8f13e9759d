package org.tenace.bridge.bench;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.ImpBoard;
import org.tenace.bridge.compare.MatchpointBoard;
import org.tenace.bridge.compare.Matchpoints;
import org.tenace.bridge.compare.Traveller;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.testing.OneThreadBenchmark;

/**
 * Scoring, in results per second on one thread (docs/performance.md, "Scoring"):
 *
 * <ul>
 *   <li>{@code law77}: one table's result, a contract (random level, strain, doubling and
 *       declarer) and its tricks on a board's vulnerability, to North-South's score;
 *   <li>{@code matchpoints}, {@code crossImps}: one board's traveller of 13 results compared
 *       across the field; the {@code results} counter reports the rows scored a second.
 * </ul>
 *
 * Run with {@code bench/jmh.sh ScoringBenchmark}.
 */
public class ScoringBenchmark extends OneThreadBenchmark {
  private static final int RESULTS = 1024;
  private static final int TABLES = 13;

  private final Contract[] contracts = new Contract[RESULTS];
  private final int[] tricks = new int[RESULTS];
  private final Vulnerability[] vulnerabilities = new Vulnerability[RESULTS];
  private final Traveller[] travellers = new Traveller[RESULTS / TABLES];
  private int next;

  /** The rows scored, reported by JMH as a rate beside the boards. */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Results {
    public long results;

    @Setup(Level.Iteration)
    public void clear() {
      results = 0;
    }
  }

  @Setup(Level.Trial)
  public void results() {
    SplittableRandom random = new SplittableRandom(20261125L);
    int[] ns = new int[RESULTS];
    for (int i = 0; i < RESULTS; i++) {
      contracts[i] = Contract.of(1 + random.nextInt(7), Strain.values()[random.nextInt(5)],
          Doubling.values()[random.nextInt(10) < 8 ? 0 : 1 + random.nextInt(2)],
          Seat.values()[random.nextInt(4)]);
      // Around the contract, as real results are: from three down to three over.
      tricks[i] = Math.max(0, Math.min(13, contracts[i].tricksNeeded() - 3 + random.nextInt(7)));
      vulnerabilities[i] = Vulnerability.values()[random.nextInt(4)];
      ns[i] = DuplicateScore.ns(contracts[i], tricks[i], vulnerabilities[i]);
    }
    for (int b = 0; b < travellers.length; b++) {
      int[] board = new int[TABLES];
      System.arraycopy(ns, b * TABLES, board, 0, TABLES);
      travellers[b] = Traveller.ofScores(board);
    }
  }

  @Benchmark
  public int law77() {
    int i = next++ & (RESULTS - 1);
    return DuplicateScore.ns(contracts[i], tricks[i], vulnerabilities[i]);
  }

  @Benchmark
  public MatchpointBoard matchpoints(Results counter) {
    counter.results += TABLES;
    return Matchpoints.score(traveller(), Matchpoints.Units.EUROPEAN);
  }

  @Benchmark
  public ImpBoard crossImps(Results counter) {
    counter.results += TABLES;
    return CrossImps.score(traveller(), CrossImps.Form.AVERAGE);
  }

  private Traveller traveller() {
    next = (next + 1) % travellers.length;
    return travellers[next];
  }
}
