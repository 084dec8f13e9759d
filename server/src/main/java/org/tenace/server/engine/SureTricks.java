package org.tenace.server.engine;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.LongFunction;
import org.tenace.bridge.card.Side;

/**
 * What the claim search found, recorded with the action that needed it: for each side searched,
 * the tricks it cannot lose under any legal play from the claim's position (Laws 69B, 70, 71), or
 * none where the search ran out of its budget. The table searches within a node budget (its
 * Limits.CLAIM_SEARCH_NODES) and records the answers, so a replay rules as the table did, and the
 * same claim is judged alike on a loaded machine and an idle one.
 *
 * <p>{@link #UNRECORDED} is an action from a log written before answers were recorded (and one
 * built by hand): the engine searches itself within {@link Play#SEARCH_NODES}, a count, which
 * gives the same answer every time.
 *
 * @param recorded whether the answers were recorded; if so, a side missing from {@code found} was
 *     not searched yet and the engine asks for it ({@link Needed})
 * @param found the answers, by side
 */
public record SureTricks(boolean recorded, Map<Side, OptionalInt> found) {
  /**
   * The engine's own budget, in solver nodes, for an answer a log lacks (written before answers
   * were recorded, or by an engine that did not need it): the same answer every time.
   */
  static final long SEARCH_NODES = 500_000L;

  /** No answers recorded: the engine searches within its node budget. */
  public static final SureTricks UNRECORDED = new SureTricks(false, Map.of());
  /** Recorded, nothing searched yet: the table answers what the engine asks for. */
  public static final SureTricks NONE_YET = new SureTricks(true, Map.of());

  public SureTricks {
    found = Map.copyOf(found);
    if (!recorded && !found.isEmpty()) {
      throw new IllegalArgumentException("answers not recorded: " + found);
    }
  }

  /** These answers and {@code tricks} for {@code side}. */
  public SureTricks with(Side side, OptionalInt tricks) {
    Map<Side, OptionalInt> m = new EnumMap<>(Side.class);
    m.putAll(found);
    m.put(side, tricks);
    return new SureTricks(true, m);
  }

  /** The recorded answer for {@code side}, if it was searched. */
  public Optional<OptionalInt> of(Side side) {
    return Optional.ofNullable(found.get(side));
  }

  /**
   * The engine needs the search's answer for {@link #side()} at the claim and the action
   * does not carry it: the table searches ({@link #search}) and takes the action again with it.
   */
  public static final class Needed extends RuntimeException {
    private final Side side;
    private final transient SureTricks so;
    /** The search within a node budget. */
    private final transient LongFunction<OptionalInt> searchWithin;

    Needed(Side side, SureTricks so, LongFunction<OptionalInt> searchWithin) {
      super("the claim search for " + side + " is needed", null, false, false);
      this.side = side;
      this.so = so;
      this.searchWithin = searchWithin;
    }

    public Side side() {
      return side;
    }

    /** The answers so far with this side's, searched within {@code nodes} solver nodes. */
    public SureTricks search(long nodes) {
      if (nodes < 1) {
        throw new IllegalArgumentException("a budget of 1 node or more: " + nodes);
      }
      return so.with(side, searchWithin.apply(nodes));
    }

    /**
     * The answers so far with this side's, searched within the engine's node budget: for a log
     * that lacks an answer today's engine asks for (written by an engine that did not need it).
     */
    public SureTricks searchByNodes() {
      return search(SEARCH_NODES);
    }
  }
}
