package org.tenace.server.engine;

import java.util.Set;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * Law 26B, carried from the auction into the play: when the offender's partner first has the lead
 * (it may be the opening lead), declarer may ban the lead of one suit in {@code bannable} (the
 * suits the offender did not specify in the legal auction), for as long as that partner keeps the
 * lead. Declarer may also waive it.
 */
public record LeadPenalty(Seat offender, Set<Suit> bannable, String law) {
  public LeadPenalty {
    Require.nonNull("offender law", offender, law);
    bannable = Set.copyOf(bannable);
  }

  /** The player on lead whom the penalty binds. */
  public Seat target() {
    return offender.partner();
  }
}
