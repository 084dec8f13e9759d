package org.tenace.bridge.score;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * Honours, scored above the line in rubber bridge and Chicago (not in duplicate): four of the
 * five trump honours (A K Q J 10) in one hand 100, all five 150, all four aces in one hand at
 * notrump 150. They go to the side holding them, declarer's or not, and doubling does not change
 * them. Work them out from the deal with {@link #of}, or build them when a player only claims
 * them (nobody has seen the hands).
 */
public record Honours(Side side, int points) {

  public Honours {
    Objects.requireNonNull(side, "side");
    if (points != 100 && points != 150) {
      throw new IllegalArgumentException("honours are worth 100 or 150, not " + points);
    }
  }

  /** Four of the five trump honours in one hand. */
  public static Honours fourTrumpHonours(Side side) {
    return new Honours(side, 100);
  }

  /** All five trump honours in one hand. */
  public static Honours fiveTrumpHonours(Side side) {
    return new Honours(side, 150);
  }

  /** All four aces in one hand, at notrump. */
  public static Honours fourAces(Side side) {
    return new Honours(side, 150);
  }

  /** The honours held in {@code deal} when the contract is in {@code strain}; empty if none. */
  public static Optional<Honours> of(Deal deal, Strain strain) {
    Require.nonNull("deal strain", deal, strain);
    for (Seat seat : Seat.values()) {
      int held = 0;
      if (strain == Strain.NO_TRUMP) {
        for (Suit suit : Suit.values()) {
          held += deal.hand(seat).contains(Card.of(suit, Rank.ACE)) ? 1 : 0;
        }
        if (held == 4) {
          return Optional.of(fourAces(seat.side()));
        }
      } else {
        Suit trump = strain.trumpOrNull();
        for (Rank rank : Rank.values()) {
          held += rank.isHonour() && deal.hand(seat).contains(Card.of(trump, rank)) ? 1 : 0;
        }
        if (held == 5) {
          return Optional.of(fiveTrumpHonours(seat.side()));
        }
        if (held == 4) {
          return Optional.of(fourTrumpHonours(seat.side()));
        }
      }
    }
    return Optional.empty();
  }

  /** Refuses honours that cannot exist in this strain: at notrump only the four aces (150). */
  void checkPossibleIn(Strain strain) {
    if (strain == Strain.NO_TRUMP && points != 150) {
      throw new IllegalArgumentException(
          "at notrump only four aces in one hand score honours (150), not " + points);
    }
  }
}
