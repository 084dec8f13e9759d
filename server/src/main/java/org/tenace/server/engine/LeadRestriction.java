package org.tenace.server.engine;

import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * A lead the declarer has required or banned for one defender (Laws 26, 50D2). A requirement binds
 * his next lead; a ban lasts as long as he keeps the lead. A player who cannot comply plays any
 * card (Law 59).
 */
public record LeadRestriction(Seat seat, Suit suit, boolean required, String law) {
  public LeadRestriction {
    Require.nonNull("seat suit law", seat, suit, law);
  }

  @Override
  public String toString() {
    return (required ? "declarer requires a " : "declarer has banned a ") + suit.symbol()
        + " lead";
  }
}
