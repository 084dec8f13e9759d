package org.tenace.bridge.auction;

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

  /** The doubling written at the end of {@code text} ({@code XX}, {@code X} or none), any case. */
  public static Doubling endOf(String text) {
    String t = text.toUpperCase();
    return t.endsWith("XX") ? REDOUBLED : t.endsWith("X") ? DOUBLED : UNDOUBLED;
  }

  /** {@code ""}, {@code X} or {@code XX}, as written after a contract. */
  public String suffix() {
    return suffix;
  }
}
