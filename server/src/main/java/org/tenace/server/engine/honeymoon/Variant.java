package org.tenace.server.engine.honeymoon;

/**
 * The two-player games of the source document (蜜月橋, "honeymoon bridge"): the standard form with
 * an auction, and the two simpler forms it recommends to beginners first.
 */
public enum Variant {
  /** Auction between the two players; the contract's strain is trumps; scored as bridge. */
  HONEYMOON,
  /** No auction and no trumps (the document's 初級版, the simplest form). */
  NO_TRUMP,
  /** No auction, a trump suit fixed for the table (the document's 中級版). */
  TRUMPS;

  /** Whether a deal begins with an auction. */
  public boolean hasAuction() {
    return this == HONEYMOON;
  }
}
