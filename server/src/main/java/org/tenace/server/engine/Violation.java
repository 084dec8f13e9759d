package org.tenace.server.engine;

/**
 * Why the engine refused an action, named after the Laws. The name goes first in
 * every refusal's message and in the gRPC status description.
 */
public enum Violation {
  // The auction.
  OUT_OF_TURN("17C"),
  CALL_AFTER_FINAL_PASS("39"),
  INSUFFICIENT_BID("27"),
  BID_ABOVE_SEVEN("38"),
  INADMISSIBLE_DOUBLE("36"),
  INADMISSIBLE_REDOUBLE("36"),
  /** Laws mode: a seat under a bar (pass next turn, rest of auction, must repeat) broke it. */
  CALL_BARRED("37"),
  /** The auction has not ended, so its period cannot end (Law 17D). */
  AUCTION_NOT_ENDED("17D"),
  // The play.
  NOT_PLAYING("41"),
  DUMMY_CANNOT_PLAY("45B"),
  CARD_NOT_HELD("45"),
  REVOKE("61"),
  /** Laws mode: a lead the declarer banned or required (Laws 26, 50, 56). */
  LEAD_RESTRICTED("26"),
  /** Laws mode: a defender with a major penalty card did not play it at the first chance. */
  PENALTY_CARD("50D1"),
  /** Laws mode: attention was drawn to a revoke, but none can be corrected now. */
  NO_REVOKE("62"),
  // Claims, undo, options and rulings.
  CLAIM_PENDING("68D"),
  NO_CLAIM_PENDING("68"),
  BAD_CLAIM("68A"),
  UNDO_NOT_ALLOWED("25A4"),
  NO_UNDO_PENDING("25A"),
  /** An option or a ruling must be settled before the next call or card. */
  DECISION_PENDING("81C"),
  NO_DECISION_PENDING("10C"),
  /** The option is not this seat's to exercise. */
  NOT_ENTITLED("10C"),
  NOT_IN_THIS_MODE("");

  private final String law;

  Violation(String law) {
    this.law = law;
  }

  /** The Law that applies, such as {@code 27} or {@code 45B}; empty where none does. */
  public String law() {
    return law;
  }
}
