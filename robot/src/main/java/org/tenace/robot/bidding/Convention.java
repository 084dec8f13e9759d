package org.tenace.robot.bidding;

/** What kind of call a rule makes: natural, or one of the house system's conventions. */
public enum Convention {
  NATURAL(false),
  STRONG_TWO_CLUBS(true),
  WAITING(true),
  STAYMAN(true),
  STAYMAN_DENIAL(true),
  TRANSFER(true),
  BLACKWOOD(true),
  ACE_ANSWER(true),
  TAKEOUT_DOUBLE(true),
  NEGATIVE_DOUBLE(true),
  PENALTY_DOUBLE(false),
  STRENGTH_REDOUBLE(false),
  /** An opponent's alerted call the house system does not know: nothing is read into it. */
  UNKNOWN(true);

  private final boolean artificial;

  Convention(boolean artificial) {
    this.artificial = artificial;
  }

  /** Whether the call says nothing about the strain it names. */
  public boolean isArtificial() {
    return artificial;
  }
}
