package org.tenace.bridge.event;

import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.TableResult;

/**
 * What a director assigns one board at one table (Law 12C1): an assigned score for each side,
 * the same for both ({@code 4S= by N}, or a weighted {@code 60% 4S= by N, 40% 4S-1 by N}) or a
 * split score, where each side gets its own (the two need not balance).
 */
public record Assignment(AssignedScore ns, AssignedScore ew) {
  public Assignment {
    Require.nonNull("ns ew", ns, ew);
  }

  /** The same assigned score to both sides. */
  public static Assignment of(AssignedScore both) {
    return new Assignment(both, both);
  }

  /** Reads {@code ns} and {@code ew} as a director writes them; the same text is no split. */
  public static Assignment parse(String ns, String ew) {
    return new Assignment(AssignedScore.parse(ns), AssignedScore.parse(ew));
  }

  /** Whether each side has its own score. */
  public boolean isSplit() {
    return !ns.equals(ew);
  }

  /** The outcome scoring compares, on a board of this vulnerability. */
  public Outcome.Assigned outcome(Vulnerability vulnerability) {
    return new Outcome.Assigned(new TableResult.Assigned(ns.shares(vulnerability),
        ew.shares(vulnerability)));
  }

  /** {@code 4S= by N}, or for a split score {@code NS 4S= by N; EW 4S-1 by N}. */
  @Override
  public String toString() {
    return isSplit() ? "NS " + ns + "; EW " + ew : ns.toString();
  }
}
