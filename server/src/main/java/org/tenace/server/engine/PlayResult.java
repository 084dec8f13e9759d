package org.tenace.server.engine;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * How the play ended: tricks won in play, tricks settled by a claim (or a director's Law 70
 * ruling), and the Law 64 revoke transfers, from which the declarer's total follows.
 *
 * @param contract the contract with the declarer who played it (Law 54 may change the seat)
 * @param wonInPlay tricks the declaring side won in completed tricks
 * @param byClaim tricks the declaring side receives of those a claim settled
 * @param claimed how many tricks the claim (or ruling) settled, 0 when played out
 * @param transfers one per established revoke, possibly of zero tricks (with the Law saying why)
 */
public record PlayResult(
    Contract contract, int wonInPlay, int byClaim, int claimed, List<Transfer> transfers) {

  /** Law 64: tricks moved to the non-offending side for one revoke, and the Law that decided it. */
  public record Transfer(Revoke revoke, int tricks, String law) {
    public Transfer {
      Require.nonNull("revoke law", revoke, law);
    }

    /** Tricks this transfer gives the declaring side (negative when declarer's side revoked). */
    int toSide(Side declaring) {
      return revoke.offender().side() == declaring ? -tricks : tricks;
    }
  }

  public PlayResult {
    Objects.requireNonNull(contract, "contract");
    transfers = List.copyOf(transfers);
  }

  /** The declaring side's tricks, before any revoke transfer. */
  public int declarerTricksBeforeTransfers() {
    return wonInPlay + byClaim;
  }

  /** The declaring side's tricks after Law 64: what the score is based on. */
  public int declarerTricks() {
    Side declaring = contract.declarer().side();
    int t = wonInPlay + byClaim;
    for (Transfer x : transfers) {
      t += x.toSide(declaring);
    }
    return t;
  }

  public int defenderTricks() {
    return 13 - declarerTricks();
  }
}
