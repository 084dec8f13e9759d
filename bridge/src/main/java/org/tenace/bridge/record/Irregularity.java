package org.tenace.bridge.record;

/**
 * An irregularity the table accepted and the record keeps (PBN 2.1 section 3.9): the first two
 * mark calls, the last two mark cards.
 */
public enum Irregularity {
  /** An insufficient bid, accepted (Law 27); PBN {@code ^I}. */
  INSUFFICIENT_BID("^I", true),
  /** A call out of rotation, accepted (Laws 29-32); PBN writes {@code ^S} for each skipped seat. */
  CALL_OUT_OF_ROTATION("^S", true),
  /** A revoke not noticed in time (Law 61); PBN {@code ^R}. */
  REVOKE("^R", false),
  /** A lead out of turn, accepted (Law 53); PBN {@code ^L}. */
  LEAD_OUT_OF_TURN("^L", false);

  private final String pbn;
  private final boolean ofCall;

  Irregularity(String pbn, boolean ofCall) {
    this.pbn = pbn;
    this.ofCall = ofCall;
  }

  /** The PBN token: {@code ^I}, {@code ^S}, {@code ^R} or {@code ^L}. */
  public String pbn() {
    return pbn;
  }

  /** True for the irregularities of the auction, false for those of the play. */
  public boolean ofCall() {
    return ofCall;
  }
}
