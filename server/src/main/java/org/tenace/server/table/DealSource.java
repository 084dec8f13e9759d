package org.tenace.server.table;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.card.Deal;

/**
 * Where a table's deals come from. Every deal is logged when its board starts, so a source is only
 * asked once per board, and a restarted table never needs it for boards already dealt.
 */
public sealed interface DealSource {

  /** Fresh deals from the operating system's secure random source: tournaments. */
  record Secure() implements DealSource {}

  /** Deals from a seed: board n always gets the same deal (tests, prepared practice). */
  record Seeded(long seed) implements DealSource {}

  /** Deals from a PBN file, played in order with their own board numbers. */
  record Prepared(List<PreparedDeal> deals) implements DealSource {
    public Prepared {
      deals = List.copyOf(deals);
      if (deals.isEmpty()) {
        throw new IllegalArgumentException("a prepared set of deals holds at least one deal");
      }
    }
  }

  /** One prepared board: its number and deal. */
  record PreparedDeal(int board, Deal deal) {
    public PreparedDeal {
      Objects.requireNonNull(deal, "deal");
      if (board < 1) {
        throw new IllegalArgumentException("board numbers start at 1: " + board);
      }
    }
  }
}
