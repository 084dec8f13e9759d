package org.tenace.server.engine;

/** What became of a call in the record of the auction. */
public enum CallStatus {
  /** Part of the auction. */
  STANDS,
  /** Made, and waiting for an option or a ruling (or, when attention is drawn later, noticed). */
  PENDING,
  /** Struck out by a Law (29B, 36, 37, 38, 39, 17D3, 28B, 25B refused…). */
  CANCELLED,
  /** Taken back by a player who was allowed to (an undo, or LHO's call over a changed call). */
  WITHDRAWN,
  /** Superseded by a call its maker substituted for it (insufficient bid, change of call). */
  REPLACED;

  /** True while the call is part of the auction, or may yet be. */
  public boolean live() {
    return this == STANDS || this == PENDING;
  }
}
