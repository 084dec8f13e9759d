package org.tenace.bridge.event;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a board's results are compared (Law 78). Each method has a short name ({@link #option()},
 * what {@link #parse} reads) and a title.
 */
public enum Method {
  /** Matchpoints, 2 per score beaten and 1 per tie (PBN's MP1), Neuberg on short boards. */
  MP("mp", "matchpoints"),
  /** Matchpoints in the ACBL form, 1 per score beaten and ½ per tie (PBN's MP2). */
  MP_ACBL("mp-acbl", "matchpoints (ACBL)"),
  /** Cross-IMPs summed over the other tables (PBN's Cross, Ruter's IMP_NS). */
  IMP_CROSS("imp-cross", "cross-IMPs (sum)"),
  /** Cross-IMPs divided by the number of comparisons (PBN's Cross2). */
  IMP_CROSS_AVG("imp-cross-avg", "cross-IMPs (average per comparison)"),
  /** Cross-IMPs divided by the number of scores (PBN's Cross1); only from a file's Scoring. */
  IMP_CROSS_PER_SCORE("imp-cross1", "cross-IMPs (average per score)"),
  /** IMPs against a datum (Butler). */
  BUTLER("butler", "Butler IMPs");

  /** The short names {@link #parse} reads. */
  public static final String CHOICES = "mp, mp-acbl, imp-cross, imp-cross-avg, butler";

  private final String option;
  private final String title;

  Method(String option, String title) {
    this.option = option;
    this.title = title;
  }

  /** The method's short name: {@code mp}, {@code butler}. */
  public String option() {
    return option;
  }

  /** The method's title: {@code cross-IMPs (sum)}. */
  public String title() {
    return title;
  }

  /** True for the two forms of matchpoints. */
  public boolean isMatchpoints() {
    return this == MP || this == MP_ACBL;
  }

  /** True when a board's IMPs are an average, so that a session total is a mean per board. */
  public boolean isAveraged() {
    return this == IMP_CROSS_AVG || this == IMP_CROSS_PER_SCORE;
  }

  /** Parses a method's short name ({@code mp}, {@code imp-cross}), in any case. */
  public static Method parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(m -> m != IMP_CROSS_PER_SCORE && m.option.equals(t))
        .findFirst().orElseThrow(() -> new IllegalArgumentException(
            "unknown method '" + text + "': one of " + CHOICES));
  }

  /**
   * The method a PBN {@code Scoring} tag names (PBN 2.1 section 3.4.12: fields separated by
   * {@code ;}, a basic system and modifiers), or empty when it names none scored here.
   */
  public static Optional<Method> fromScoring(String scoring) {
    Set<String> f = fields(scoring);
    if (f.stream().anyMatch(s -> s.startsWith("BUTLER"))) {
      return Optional.of(BUTLER);
    }
    if (f.contains("CROSS2")) {
      return Optional.of(IMP_CROSS_AVG);
    }
    if (f.contains("CROSS1")) {
      return Optional.of(IMP_CROSS_PER_SCORE);
    }
    if (f.stream().anyMatch(s -> s.startsWith("CROSS") || s.startsWith("IMP"))) {
      // Pairs at IMPs are cross-IMPs; a team match's two tables give the same IMPs either way.
      return Optional.of(IMP_CROSS);
    }
    if (f.contains("MP2")) {
      return Optional.of(MP_ACBL);
    }
    if (f.stream().anyMatch(s -> s.equals("MP") || s.equals("MP1") || s.equals("EMP")
        || s.startsWith("MATCHPOINT"))) {
      return Optional.of(MP);
    }
    return Optional.empty();
  }

  /** The upper-case fields of a Scoring tag: {@code "IMP;Cross-IMPs"} gives IMP, CROSS-IMPS. */
  public static Set<String> fields(String scoring) {
    return Arrays.stream(scoring.split("[;,\\s]+")).map(s -> s.strip().toUpperCase(Locale.ROOT))
        .filter(s -> !s.isEmpty()).collect(Collectors.toSet());
  }
}
