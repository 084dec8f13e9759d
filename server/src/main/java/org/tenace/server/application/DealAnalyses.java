package org.tenace.server.application;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.tenace.bridge.card.Deal;
import org.tenace.solver.DdTable;
import org.tenace.solver.BackgroundSolver;

/**
 * The double-dummy tables of the deals whose hand records the server writes, solved off the
 * tables' path: on one low-priority background thread, each deal within a node budget (a deal
 * past it is left unsolved, never retried), kept for the next export. Whoever asks never waits:
 * it gets the tables solved by then, and the rest come in a later export (the gRPC handlers that
 * ask run on the transport's threads, which must not block).
 */
public final class DealAnalyses implements AutoCloseable {
  /**
   * The most nodes one deal may take: seconds of one core at most, so that a server's core is
   * never long away from its tables (a deal that needs more goes without its table).
   */
  public static final long NODE_BUDGET = 5_000_000L;
  private static final int KEPT = 4096;
  /**
   * Bits of the solver's table: 2^18 entries (some 12 MB), ample for {@link #NODE_BUDGET} nodes.
   * Made on the worker at its first deal, so that a server whose sessions never end has none.
   */
  private static final int TABLE_BITS = 18;
  private final BackgroundSolver worker;
  /** The latest {@code KEPT} deals asked for; each put to the worker once (the map's own lock). */
  private final Map<Deal, CompletableFuture<Optional<DdTable>>> tables =
      Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Deal, CompletableFuture<Optional<DdTable>>> e) {
          return size() > KEPT;
        }
      });

  public DealAnalyses(long nodeBudget) {
    this.worker = new BackgroundSolver(TABLE_BITS, nodeBudget);
  }

  /**
   * The tables of {@code deals} solved by now, never waiting; those not yet asked for are put to
   * the worker, so that a later call has them.
   */
  public Function<Deal, Optional<DdTable>> atHand(Collection<Deal> deals) {
    Map<Deal, DdTable> solved = new LinkedHashMap<>();
    for (Deal d : deals) {
      CompletableFuture<Optional<DdTable>> f = tables.computeIfAbsent(d, this::solve);
      if (f.isDone() && !f.isCompletedExceptionally()) {
        f.join().ifPresent(t -> solved.put(d, t));
      }
    }
    return d -> Optional.ofNullable(solved.get(d));
  }

  /**
   * The table of {@code deal}, when it is solved (at once if it was): empty past the budget.
   * Whoever asks must not wait on it, only act when it completes.
   */
  public CompletableFuture<Optional<DdTable>> table(Deal deal) {
    return tables.computeIfAbsent(deal, this::solve);
  }

  private CompletableFuture<Optional<DdTable>> solve(Deal deal) {
    try {
      return worker.solve(deal);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      return CompletableFuture.completedFuture(Optional.empty()); // the server is closing
    }
  }

  /** Whether the solver (and its table) exists yet: only once a deal has been put to it. */
  public boolean solverMade() {
    return worker.solverMade();
  }

  @Override
  public void close() {
    worker.close();
  }
}
