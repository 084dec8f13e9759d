package org.tenace.server.session;

import org.tenace.bridge.event.Method;

/**
 * How a session compares its results, and the bridge module's method that does it. Team IMPs
 * are cross-IMPs within each match: a match's two rooms are a field of their own.
 */
public enum SessionScoring {
  MATCHPOINTS(Method.MP, "MP;MP1"),
  CROSS_IMPS(Method.IMP_CROSS, "IMP;Cross"),
  BUTLER(Method.BUTLER, "IMP;Butler"),
  TEAM_IMPS(Method.IMP_CROSS, "IMP");

  private final Method method;
  private final String pbnScoring;

  SessionScoring(Method method, String pbnScoring) {
    this.method = method;
    this.pbnScoring = pbnScoring;
  }

  /** The comparison the bridge module makes. */
  public Method method() {
    return method;
  }

  /** The PBN Scoring tag (PBN 2.1 section 3.4.12) that names it. */
  public String pbnScoring() {
    return pbnScoring;
  }

  /** True when each result is compared only with the other room of its match. */
  public boolean byMatch() {
    return this == TEAM_IMPS;
  }
}
