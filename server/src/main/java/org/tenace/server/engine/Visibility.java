package org.tenace.server.engine;

import java.util.Objects;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;

/**
 * The one place that says which cards a viewer may see; the server redacts every
 * message through it. In the auction a player sees his own hand; in play see {@link
 * Play#visibleBits}; once the board is over (or passed out) everyone sees everything.
 */
public final class Visibility {
  private static final long ALL = (1L << 52) - 1;

  private Visibility() {}

  /** During the auction (and the clarification period before the opening lead is faced). */
  public static long inAuction(Deal deal, Viewer viewer) {
    Objects.requireNonNull(deal, "deal");
    if (viewer instanceof Viewer.Player p) {
      return deal.hand(p.seat()).bits();
    }
    return ((Viewer.Kibitzer) viewer).policy() == Viewer.KibitzPolicy.ALL_HANDS ? ALL : 0L;
  }

  /** During the play, until the board is over. */
  public static long inPlay(Play play, Viewer viewer) {
    return play.visibleBits(viewer);
  }

  /** After the board (played, claimed or passed out): every hand. */
  public static long afterBoard() {
    return ALL;
  }

  /** A mask as a hand, for callers that want cards rather than bits. */
  public static Hand cards(long bits) {
    return Hand.ofBits(bits);
  }
}
