package org.tenace.server.engine.honeymoon;

import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * A two-player table's rules, fixed when it is created.
 *
 * @param trump the fixed trump suit of {@link Variant#TRUMPS}; empty for the other variants
 * @param handicapSeat the weaker player, who receives {@code handicapTricks} each deal
 * @param handicapTricks 0, 1 or 2: the document suggests the stronger player give 1 to 2
 *     tricks a deal (like a golf handicap) so that an experienced player does not win every time
 */
public record TwoPlayerRules(Variant variant, Optional<Suit> trump, Optional<Seat> handicapSeat,
    int handicapTricks) {
  /** The two seats of a two-player table: the players face each other. */
  public static final java.util.List<Seat> SEATS = java.util.List.of(Seat.NORTH, Seat.SOUTH);
  public static final int MAX_HANDICAP = 2;

  public TwoPlayerRules {
    Require.nonNull("variant trump handicapSeat", variant, trump, handicapSeat);
    if ((variant == Variant.TRUMPS) != trump.isPresent()) {
      throw new IllegalArgumentException("a trump suit is fixed for the trumps variant only");
    }
    if (handicapTricks < 0 || handicapTricks > MAX_HANDICAP) {
      throw new IllegalArgumentException("a handicap of 0 to " + MAX_HANDICAP + " tricks: "
          + handicapTricks);
    }
    if (handicapTricks > 0 && handicapSeat.filter(SEATS::contains).isEmpty()) {
      throw new IllegalArgumentException("a handicap names the North or South player");
    }
    if (handicapTricks == 0) {
      handicapSeat = Optional.empty();
    }
  }

  public static TwoPlayerRules of(Variant variant) {
    return new TwoPlayerRules(variant,
        variant == Variant.TRUMPS ? Optional.of(Suit.SPADES) : Optional.empty(),
        Optional.empty(), 0);
  }

  public TwoPlayerRules withHandicap(Seat seat, int tricks) {
    return new TwoPlayerRules(variant, trump, Optional.of(seat), tricks);
  }

  /** The other player of a two-player table. */
  public static Seat other(Seat seat) {
    return seat.partner();
  }
}
