package org.tenace.server.table;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/** Whoever holds a token at a table: a player in a seat, a kibitzer, or the director. */
public record Holder(String token, Role role, Optional<Seat> seat, String name, boolean robot) {
  /** One Optional a seat, shared: thousands of idle tables each held four of their own. */
  private static final List<Optional<Seat>> SEATS =
      Arrays.stream(Seat.values()).map(Optional::of).toList();

  public Holder {
    Require.nonNull("token role seat name", token, role, seat, name);
    if (seat.isPresent() != (role == Role.PLAYER)) {
      throw new IllegalArgumentException("a player holds a seat; kibitzers and directors none");
    }
    seat = seat.isPresent() ? SEATS.get(seat.get().ordinal()) : Optional.empty();
  }
}
