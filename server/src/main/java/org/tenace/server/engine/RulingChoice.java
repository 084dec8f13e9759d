package org.tenace.server.engine;

/** The choices of the rulings the auction opens; the first of each pair is never the default. */
public final class RulingChoice {
  private RulingChoice() {}

  /** Law 23A: the replacement has the same or a similar meaning, a subset, or the same purpose. */
  public static final String COMPARABLE = "comparable";
  public static final String NOT_COMPARABLE = "not comparable";
  /** Law 27B1a: the lowest sufficient bid, naming the same strain(s) as the insufficient bid. */
  public static final String SAME_STRAINS = "same strain(s)";
  /** Law 25A: the call was not what the player meant to make. */
  public static final String UNINTENDED = "unintended";
  public static final String INTENDED = "intended";
  /** Law 21B1: the call was made on misinformation. */
  public static final String MISINFORMED = "misinformed";
  public static final String NOT_MISINFORMED = "not misinformed";
  /** Laws 29C, 30C: the pass out of rotation was artificial, or passed an artificial call. */
  public static final String ARTIFICIAL = "artificial";
  public static final String NATURAL = "natural";
  /** Score adjustments after play (Laws 23C, 27D, 72C, 1997 Laws 23 and 25B). */
  public static final String ADJUSTED = "adjusted score";
  public static final String NO_ADJUSTMENT = "no adjustment";
}
