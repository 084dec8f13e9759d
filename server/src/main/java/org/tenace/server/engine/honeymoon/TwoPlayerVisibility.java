package org.tenace.server.engine.honeymoon;

import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Viewer;

/**
 * The one place that says what a viewer of a two-player table may see. The stock stays face down
 * but for its turned-up card, which both see; a player sees his own hand, and so the card he drew
 * unseen as the loser of an exchange trick, which the other never sees; played cards are seen by
 * all. A kibitzer sees the hands only under the all-hands policy. Once the deal has been played
 * out every card has been seen, and the hands as dealt are shown to all; a passed-out deal saw no
 * card played, so its hands stay as hidden as during the auction.
 */
public final class TwoPlayerVisibility {
  private TwoPlayerVisibility() {}

  /** Whether {@code viewer} may see the cards {@code hand} holds (or was dealt). */
  public static boolean seesHand(TwoPlayerState state, Seat hand, Viewer viewer) {
    if (playedOut(state)) {
      return true;
    }
    if (viewer instanceof Viewer.Player p) {
      return p.seat() == hand;
    }
    return ((Viewer.Kibitzer) viewer).policy() == Viewer.KibitzPolicy.ALL_HANDS;
  }

  /** Whether the deal is over with every card played (so not passed out). */
  public static boolean playedOut(TwoPlayerState state) {
    return state.isOver() && state.result().filter(TwoPlayerResult::passedOut).isEmpty();
  }

  /** Whether {@code viewer} may see the card the loser of {@code trick} drew from the stock. */
  public static boolean seesDraw(TwoPlayerState state, TwoPlayerTrick trick, Viewer viewer) {
    return seesHand(state, trick.loser(), viewer);
  }
}
