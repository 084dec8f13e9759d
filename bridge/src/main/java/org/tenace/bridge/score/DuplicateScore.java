package org.tenace.bridge.score;

import java.util.Objects;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Side;

/**
 * The duplicate score of a board (Law 77): the {@link ContractPoints}, plus 300/500 for a game
 * (trick points of 100 or more) or 50 for a part-score. A passed-out board scores 0.
 */
public final class DuplicateScore {
  /** The score of a board that was passed out (Law 22A): nothing to either side. */
  public static final int PASSED_OUT = 0;

  private DuplicateScore() {}

  /** The declarer's side's score: positive when the contract is made, negative when defeated. */
  public static int of(Contract contract, int tricks, boolean vulnerable) {
    ContractPoints p = ContractPoints.of(contract, tricks, vulnerable);
    if (!p.made()) {
      return -p.undertrickPenalty();
    }
    int bonus = p.trickPoints() >= 100 ? (vulnerable ? 500 : 300) : 50;
    return p.trickPoints() + bonus + p.overtrickPoints() + p.insult() + p.slamBonus();
  }

  /** The score from North-South's side: negative when East-West scored. */
  public static int ns(Contract contract, int tricks, Vulnerability vulnerability) {
    Objects.requireNonNull(vulnerability, "vulnerability");
    int declarers = of(contract, tricks, vulnerability.isVulnerable(contract.declarer()));
    return contract.declarer().side() == Side.NS ? declarers : -declarers;
  }
}
