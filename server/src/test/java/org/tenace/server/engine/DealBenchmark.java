package org.tenace.server.engine;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;
import org.tenace.testing.OneThreadBenchmark;

/**
 * Dealing, in deals per second on one thread (docs/performance.md, "Dealing"):
 *
 * <ul>
 *   <li>{@code seeded}: {@link Shuffler#seeded} (SplitMix64), as for tests and reproducible
 *       sessions;
 *   <li>{@code secure}: one {@link Shuffler#secure} (an operating-system seeded SecureRandom) for
 *       many deals;
 *   <li>{@code tournamentBoard}: what a table does to start a board outside a seeded session: a
 *       fresh {@code Shuffler.secure()}, the deal, its salt, and the SHA-256 commitment published
 *       before play.
 * </ul>
 *
 * Run with {@code bench/jmh.sh DealBenchmark}.
 */
public class DealBenchmark extends OneThreadBenchmark {
  private Shuffler seeded;
  private Shuffler secure;
  private int board;

  @Setup
  public void shufflers() {
    seeded = Shuffler.seeded(20261125L);
    secure = Shuffler.secure();
  }

  @Benchmark
  public Deal seeded() {
    return seeded.deal();
  }

  @Benchmark
  public Deal secure() {
    return secure.deal();
  }

  @Benchmark
  public DealCommitment tournamentBoard() {
    Shuffler shuffler = Shuffler.secure();
    board = board % 32 + 1;
    return new SealedDeal(Board.of(board), shuffler.deal(), shuffler.salt()).commitment();
  }
}
