package org.tenace.server.engine;

import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.check.Require;

/**
 * A board's deal with the secret salt of its commitment. The table publishes {@link
 * #commitment()} before the auction and reveals {@link #salt()} when the board is over.
 */
public record SealedDeal(Board board, Deal deal, Salt salt) {
  public SealedDeal {
    Require.nonNull("board deal salt", board, deal, salt);
  }

  public DealCommitment commitment() {
    return DealCommitment.of(board, deal, salt);
  }
}
