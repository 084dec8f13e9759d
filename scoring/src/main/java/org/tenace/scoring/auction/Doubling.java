package org.tenace.scoring.auction;

/** Whether the contract was doubled or redoubled; the multiplier of Law 77's trick points. */
public enum Doubling {
  UNDOUBLED(1, ""), DOUBLED(2, "X"), REDOUBLED(4, "XX");

  private final int multiplier;
  private final String suffix;

  Doubling(int multiplier, String suffix) {
    this.multiplier = multiplier;
    this.suffix = suffix;
  }

  public int multiplier() {
    return multiplier;
  }

  /** {@code ""}, {@code X} or {@code XX}, as written after a contract. */
  public String suffix() {
    return suffix;
  }
}
