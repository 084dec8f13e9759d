package org.tenace.bridge.compare;

import java.util.Optional;
import org.tenace.bridge.check.Require;

/**
 * A pair's line in a session's ranking: its place (tied pairs share it: {@code place} is the best
 * place of the tie, {@code lastPlace} the worst, as Ruter's Rank and RankTie), its total, the
 * boards it scored on, and at matchpoints its percentage of the tops of those boards.
 */
public record Standing(
    int place, int lastPlace, String pair, int boards, Fraction total,
    Optional<Fraction> percentage) {

  public Standing {
    if (place < 1 || lastPlace < place) {
      throw new IllegalArgumentException("places run from 1, tied from place to lastPlace: "
          + place + "-" + lastPlace);
    }
    Require.nonNull("pair total percentage", pair, total, percentage);
  }

  public boolean isTied() {
    return lastPlace > place;
  }

  /** {@code 3} or, when tied, {@code 25-26}. */
  public String placeText() {
    return isTied() ? place + "-" + lastPlace : Integer.toString(place);
  }
}
