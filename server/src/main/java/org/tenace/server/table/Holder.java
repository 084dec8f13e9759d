package org.tenace.server.table;

import java.util.Objects;
import java.util.Optional;
import org.tenace.scoring.card.Seat;

/** Whoever holds a token at a table: a player in a seat, a kibitzer, or the director. */
public record Holder(String token, Role role, Optional<Seat> seat, String name, boolean robot) {
  public Holder {
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(seat, "seat");
    Objects.requireNonNull(name, "name");
    if (seat.isPresent() != (role == Role.PLAYER)) {
      throw new IllegalArgumentException("a player holds a seat; kibitzers and directors none");
    }
  }
}
