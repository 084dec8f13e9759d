package org.tenace.solver;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.tenace.bridge.card.Deal;

/**
 * Double-dummy tables solved off the caller's path: on one low-priority daemon thread, each deal
 * within a node budget (a deal past it has no table). The solver and its transposition table
 * are made on that thread at the first deal, so that whoever never asks pays nothing for them.
 */
public final class BackgroundSolver implements AutoCloseable {
  private final int tableBits;
  private final long nodeBudget;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tenace-double-dummy");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    return t;
  });
  private volatile DoubleDummy solver; // the worker's alone (volatile for solverMade only)

  /** A solver whose table has 2^{@code tableBits} entries, each deal within {@code nodeBudget}. */
  public BackgroundSolver(int tableBits, long nodeBudget) {
    this.tableBits = tableBits;
    this.nodeBudget = nodeBudget;
  }

  /**
   * The table of {@code deal}, when it is solved: empty past the budget. Whoever asks must not
   * wait on it, only act when it completes.
   *
   * @throws RejectedExecutionException once closed
   */
  public CompletableFuture<Optional<DdTable>> solve(Deal deal) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        if (solver == null) {
          solver = new DoubleDummy(tableBits);
        }
        return Optional.of(solver.table(deal, nodeBudget));
      } catch (DoubleDummy.BudgetExceeded e) {
        return Optional.empty();
      }
    }, worker);
  }

  /** Whether the solver (and its table) exists yet: only once a deal has been put to it. */
  public boolean solverMade() {
    return solver != null;
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
