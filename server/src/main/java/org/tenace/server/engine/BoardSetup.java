package org.tenace.server.engine;

import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * What a board starts from: its number, dealer and vulnerability (usually from the number, but
 * Chicago sets its own), the deal, and how the table runs its auctions.
 */
public record BoardSetup(
    int number, Seat dealer, Vulnerability vulnerability, Deal deal, AuctionSettings settings) {
  public BoardSetup {
    if (number < 1) {
      throw new IllegalArgumentException("board numbers start at 1: " + number);
    }
    Require.nonNull("dealer vulnerability deal settings", dealer, vulnerability, deal, settings);
  }

  /** Dealer and vulnerability from the board number (Law 2). */
  public static BoardSetup of(int number, Deal deal, AuctionSettings settings) {
    Board b = Board.of(number);
    return new BoardSetup(number, b.dealer(), b.vulnerability(), deal, settings);
  }

  public Mode mode() {
    return settings.mode();
  }
}
