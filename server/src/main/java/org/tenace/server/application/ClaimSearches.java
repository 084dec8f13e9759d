package org.tenace.server.application;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.server.table.SearchFirst;
import org.tenace.server.table.Searched;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableException.Reason;

/**
 * Where a claim's search runs (Laws 69B, 70, 71; up to a second a side): on a few threads of its
 * own, never on a transport's thread nor under a table's lock, so that a claim holds up no other
 * connection and no reader of its table. A command that may need it (RespondToClaim, DecideRuling,
 * the director's default after his timeout) is taken on the calling thread; when the table answers
 * {@link SearchFirst}, the rest (search, take the command again, answer) goes on here, as the
 * caller who sent it, and its answer is sent from here.
 */
public final class ClaimSearches implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ClaimSearches.class);
  /** Searches at once: one per two cores, at least one, so that a core is left to the tables. */
  public static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
  /** Searches that may wait for a thread; past them a command is refused as busy, not queued. */
  public static final int QUEUE = 32;

  private final ThreadPoolExecutor executor;
  private final UnaryOperator<Runnable> asCaller;
  private volatile Runnable beforeSearch = () -> {};

  /**
   * {@code asCaller}: called on the thread that takes a command, wraps the rest of it so that it
   * runs as the caller who sent it (the transport knows who that is).
   */
  public ClaimSearches(UnaryOperator<Runnable> asCaller) {
    this(THREADS, QUEUE, asCaller);
  }

  /** {@code threads} searches at once, {@code queue} waiting (tests make them few). */
  public ClaimSearches(int threads, int queue, UnaryOperator<Runnable> asCaller) {
    this.asCaller = asCaller;
    AtomicInteger n = new AtomicInteger();
    this.executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(queue), r -> {
          Thread t = new Thread(r, "claim-search-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  /**
   * Takes {@code command}; {@code reply} gets what it returns, or {@code refuse} its refusal: on
   * this thread, or on a search thread when the command needs a search first.
   */
  public <T> void take(Function<Searched, T> command, Consumer<T> reply,
      Consumer<RuntimeException> refuse) {
    T r;
    try {
      r = command.apply(Searched.NONE);
    } catch (SearchFirst n) {
      searchThenTake(n, command, reply, refuse);
      return;
    } catch (RuntimeException e) {
      refuse.accept(e);
      return;
    }
    reply.accept(r);
  }

  private <T> void searchThenTake(SearchFirst n, Function<Searched, T> command, Consumer<T> reply,
      Consumer<RuntimeException> refuse) {
    Runnable search = asCaller.apply(() -> {
      T r;
      try {
        beforeSearch.run();
        r = n.searchThenTake(command);
      } catch (RuntimeException e) {
        answer(() -> refuse.accept(e));
        return;
      } catch (Error e) {
        // Answered all the same: a Connect stream reads its next command only after an answer.
        answer(() -> refuse.accept(new IllegalStateException("the claim search failed: " + e, e)));
        throw e;
      }
      answer(() -> reply.accept(r));
    });
    try {
      executor.execute(search);
    } catch (RejectedExecutionException e) {
      refuse.accept(executor.isShutdown()
          ? new TableException(Reason.SHUTTING_DOWN, "the server is stopping; reconnect later")
          : new TableException(Reason.CLAIM_SEARCH_BUSY, "the server is judging "
              + (executor.getMaximumPoolSize() + executor.getQueue().size())
              + " claims already; send it again in a moment"));
    }
  }

  /** Sends an answer from a search thread: a client gone meanwhile is no fault of the search's. */
  private static void answer(Runnable send) {
    try {
      send.run();
    } catch (RuntimeException e) {
      log.debug("a claim's answer could not be sent", e);
    }
  }

  /** For tests: runs {@code hook} on the search thread before each command's first search. */
  public void beforeSearch(Runnable hook) {
    this.beforeSearch = hook;
  }

  /**
   * Stops: a search waiting for a thread is dropped (its call ends with the server), one under way
   * ends within its bound and its command is answered before the store closes. Not interrupted:
   * an interrupted thread that appends to the journal would close its file.
   */
  @Override
  public void close() {
    executor.shutdown();
    executor.getQueue().clear();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
