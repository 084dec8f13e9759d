package org.tenace.server.engine;

import java.util.Objects;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;

/**
 * A board's deal with the secret salt of its commitment. The table publishes {@link
 * #commitment()} before the auction and reveals {@link #salt()} when the board is over.
 */
public record SealedDeal(Board board, Deal deal, Salt salt) {
  public SealedDeal {
    Objects.requireNonNull(board, "board");
    Objects.requireNonNull(deal, "deal");
    Objects.requireNonNull(salt, "salt");
  }

  public DealCommitment commitment() {
    return DealCommitment.of(board, deal, salt);
  }
}
