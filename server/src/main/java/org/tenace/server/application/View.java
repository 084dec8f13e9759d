package org.tenace.server.application;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.server.engine.Viewer;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableSettings;

/**
 * A class of viewers who receive the same messages: one of the four seats, the kibitzers, or the
 * director. Messages are rendered once per class, then sent to every stream of that class.
 */
public record View(Role role, Optional<Seat> seat, Viewer viewer) {
  private static final Map<Seat, View> PLAYERS = players();

  private static Map<Seat, View> players() {
    Map<Seat, View> m = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      m.put(s, new View(Role.PLAYER, Optional.of(s), Viewer.of(s)));
    }
    return Collections.unmodifiableMap(m);
  }

  public static final View DIRECTOR = new View(Role.DIRECTOR, Optional.empty(),
      Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS));
  public static final View KIBITZER_PUBLIC = new View(Role.KIBITZER, Optional.empty(),
      Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC));
  public static final View KIBITZER_ALL = new View(Role.KIBITZER, Optional.empty(),
      Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS));

  public View {
    Require.nonNull("role seat viewer", role, seat, viewer);
  }

  public static View of(Holder h, TableSettings settings) {
    switch (h.role()) {
      case PLAYER: return PLAYERS.get(h.seat().orElseThrow());
      case DIRECTOR: return DIRECTOR;
      default: return settings.kibitz() == TableSettings.KibitzPolicy.ALL_HANDS
          ? KIBITZER_ALL : KIBITZER_PUBLIC;
    }
  }

  public static View player(Seat s) {
    return PLAYERS.get(s);
  }

  /** The index of this class among {@link #count()} classes, for per-class caches. */
  public int index() {
    if (role == Role.PLAYER) {
      return Seat.NORTH.distanceTo(seat.orElseThrow()); // 0..3
    }
    if (role == Role.DIRECTOR) {
      return 4;
    }
    return this == KIBITZER_ALL ? 6 : 5;
  }

  public static int count() {
    return 7;
  }
}
