package org.tenace.server.engine;

import static org.tenace.server.engine.PackedTrick.countOf;
import static org.tenace.server.engine.PackedTrick.leaderOf;

import org.tenace.bridge.card.Seat;

/**
 * The card a seat may take back (Laws 45C4b, 47D), as mechanics only: its side's last card of the
 * last trick played to, its own (or dummy's, for declarer), never the faced opening lead nor a
 * card before a claim. The table's policy decides whom to ask; the play does the rewinding.
 *
 * @param card the card's position in play order (0 the opening lead), or -1 when refused
 * @param refusal why no card may be taken back, or null
 */
record TakeBack(int card, String refusal) {

  /**
   * What {@code seat} may take back from {@code trick} (packed), trick number {@code trickNo}, 0
   * before any card; {@code lastClaimAt} is the number of cards played at the last claim.
   */
  static TakeBack of(Seat seat, Seat declarer, boolean leadFaceDown, int trick, int trickNo,
      int lastClaimAt) {
    if (leadFaceDown) {
      return refused("a face-down lead is withdrawn only on the director's instruction (Law 41A)");
    }
    if (seat == declarer.partner()) {
      return refused("dummy plays no card to take back");
    }
    if (trickNo == 0) {
      return refused("no card to take back");
    }
    int side = seat.ordinal() & 1;
    for (int i = countOf(trick) - 1; i >= 0; i--) {
      int hand = (leaderOf(trick) + i) & 3;
      if ((hand & 1) != side) {
        continue;
      }
      boolean own = hand == seat.ordinal()
          || (seat == declarer && hand == declarer.partner().ordinal());
      if (!own) {
        return refused("your side has played since");
      }
      int card = (trickNo - 1) * 4 + i;
      if (card == 0) {
        return refused("the opening lead is faced irrevocably (Law 41)");
      }
      if (card < lastClaimAt) {
        return refused("not after a claim");
      }
      return new TakeBack(card, null);
    }
    return refused("you have no card in the current trick");
  }

  private static TakeBack refused(String why) {
    return new TakeBack(-1, why);
  }
}
