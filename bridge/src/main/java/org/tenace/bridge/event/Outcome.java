package org.tenace.bridge.event;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.compare.TableResult;

/** What happened at one table on one board, as far as scoring is concerned. */
public sealed interface Outcome {

  /**
   * The board was played (or passed out, with no contract).
   *
   * @param contract the contract and declarer, when known
   * @param tricks the declarer's tricks, when known
   * @param nsScore North-South's score used in the comparisons: the score the file records for
   *     the table, else the one worked out from the contract (Law 77)
   * @param computed the score worked out from the contract, when it can be
   */
  record Played(Optional<Contract> contract, boolean passedOut, OptionalInt tricks, int nsScore,
      OptionalInt computed) implements Outcome {
    public Played {
      Require.nonNull("contract tricks computed", contract, tricks, computed);
      if (passedOut && contract.isPresent()) {
        throw new IllegalArgumentException("a passed-out board has no contract");
      }
    }
  }

  /** An artificial adjusted score to each side (Law 12C2): not a play, not compared. */
  record Adjusted(Artificial ns, Artificial ew) implements Outcome {
    public Adjusted {
      Require.nonNull("ns ew", ns, ew);
    }
  }

  /**
   * A score the director assigned (Law 12C1(c)): a result, a weighted score or a split score,
   * compared with the others like a play, each side on its own list.
   */
  record Assigned(TableResult.Assigned score) implements Outcome {
    public Assigned {
      Objects.requireNonNull(score, "score");
    }
  }

  /** A pair (or players) with no opponents this round: each present gets its own average. */
  record Bye() implements Outcome {}
}
