package org.tenace.server.engine;

import java.util.EnumSet;
import java.util.Set;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * A claim or concession (Law 68): {@code claimer} says his side will win {@code tricks} of the
 * {@code remaining} tricks (the trick in progress counts), conceding the rest. Play is suspended
 * while it is open; in laws mode a rejected claim is disputed until the director rules (Law 70) or
 * all four players agree to play on (Law 68D2b).
 */
public record Claim(
    Seat claimer, int tricks, int remaining, String statement, Set<Seat> accepted,
    boolean disputed, Set<Seat> agreedToPlayOn) {
  public Claim {
    Require.nonNull("claimer statement", claimer, statement);
    if (remaining < 1 || remaining > 13 || tricks < 0 || tricks > remaining) {
      throw new IllegalArgumentException(
          "a claim is 0.." + remaining + " of the remaining tricks: " + tricks);
    }
    accepted = Set.copyOf(accepted);
    agreedToPlayOn = Set.copyOf(agreedToPlayOn);
  }

  /** Tricks conceded to the other side. */
  public int conceded() {
    return remaining - tricks;
  }

  Claim accept(Seat seat) {
    Set<Seat> a = accepted.isEmpty() ? EnumSet.noneOf(Seat.class) : EnumSet.copyOf(accepted);
    a.add(seat);
    return new Claim(claimer, tricks, remaining, statement, a, disputed, agreedToPlayOn);
  }

  Claim dispute() {
    return new Claim(claimer, tricks, remaining, statement, accepted, true, agreedToPlayOn);
  }

  Claim agreeToPlayOn(Seat seat) {
    Set<Seat> a =
        agreedToPlayOn.isEmpty() ? EnumSet.noneOf(Seat.class) : EnumSet.copyOf(agreedToPlayOn);
    a.add(seat);
    return new Claim(claimer, tricks, remaining, statement, accepted, disputed, a);
  }
}
