package org.tenace.server.api;

import java.util.List;
import java.util.Map;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.Tables;
import org.tenace.server.application.View;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Table;

/**
 * What a server's open tables wait for, in words, for a test from another package whose play
 * stalls: each seat's holder, whether it watches, and what the table expects of it (the turn its
 * stream would carry), each stream's messages still waiting for the transport, and what each of
 * the server's robots there last knew.
 */
public final class ServerProbe {
  private ServerProbe() {}

  /** One block per open four-player table: its seats' turns and its robots' states. */
  public static String waiting(TenaceServer server) {
    Map<String, List<String>> robots = server.robots() == null ? Map.of()
        : server.robots().describe();
    StringBuilder b = new StringBuilder();
    for (Tables.Entry e : server.tables().all(Tables.Kind.FOUR_PLAYER)) {
      Table t = e.table();
      String table = t.atomically(() -> {
        if (t.status() == Table.Status.CLOSED) {
          return null;
        }
        StringBuilder s = new StringBuilder("\n  ").append(t.name()).append(" (")
            .append(t.id()).append("): ").append(t.status()).append(", version ")
            .append(t.version()).append(", boards completed ").append(t.boardsCompleted())
            .append(", ready ").append(t.ready());
        for (Seat seat : Seat.values()) {
          s.append("\n    ").append(seat).append(": ");
          java.util.Optional<Holder> h = t.seat(seat);
          if (h.isEmpty()) {
            s.append("nobody");
            continue;
          }
          s.append(h.get().name()).append(h.get().robot() ? " (server robot)" : "")
              .append(t.connected(seat) ? ", watching" : ", not watching").append(", turn ")
              .append(Presenter.turn(t, View.player(seat))
                  .map(x -> x.getKindCase() + " for " + x.getSeat()).orElse("none"));
        }
        for (String w : Hub.of(e).describeStreams()) {
          s.append("\n    stream: ").append(w);
        }
        return s.toString();
      });
      if (table == null) {
        continue;
      }
      b.append(table);
      for (String r : robots.getOrDefault(t.id(), List.of())) {
        b.append("\n    robot: ").append(r);
      }
    }
    return b.length() == 0 ? "\n  no open table" : b.toString();
  }
}
