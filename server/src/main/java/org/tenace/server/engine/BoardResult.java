package org.tenace.server.engine;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;

/**
 * How a board ended: the contract as scored (declarer after Law 54, doubling after Law 36C),
 * declarer's tricks after any Law 64 transfer, and North-South's score (Law 77). A passed-out
 * board has no contract and scores 0.
 */
public record BoardResult(Optional<Contract> contract, int declarerTricks, int nsScore) {
  public static final BoardResult PASSED_OUT = new BoardResult(Optional.empty(), 0, 0);

  public BoardResult {
    Objects.requireNonNull(contract, "contract");
    if (declarerTricks < 0 || declarerTricks > 13) {
      throw new IllegalArgumentException("tricks 0..13: " + declarerTricks);
    }
  }

  public boolean isPassedOut() {
    return contract.isEmpty();
  }
}
