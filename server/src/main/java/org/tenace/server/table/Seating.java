package org.tenace.server.table;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Seat;

/**
 * Who acts for which hand: a value a table is given, so that who may call or play lives here and
 * not in the table's commands. A variant with other seating (two players, each holding two hands)
 * is another constant, with its own answers.
 */
public enum Seating {
  /** Four players, one a seat: each calls and plays for his own hand; declarer plays dummy's. */
  FOUR_PLAYERS;

  /** The places players take, each with its own token. */
  public List<Seat> places() {
    return List.of(Seat.values());
  }

  /** True when the player at {@code place} makes the calls of {@code hand}. */
  public boolean calls(Seat place, Seat hand) {
    return place == hand;
  }

  /**
   * True when the player at {@code place} plays {@code hand}'s cards, {@code dummy} being known
   * once the auction has ended. Dummy's own request is left to the Laws (45B), which refuse it.
   */
  public boolean plays(Seat place, Seat hand, Optional<Seat> dummy) {
    return place == hand || dummy.filter(d -> hand == d && place == d.partner()).isPresent();
  }
}
