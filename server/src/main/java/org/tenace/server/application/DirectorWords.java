package org.tenace.server.application;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.server.session.PairSeat;
import org.tenace.server.session.Session;
import org.tenace.server.session.SessionPlay;

/**
 * A director's action among a session's logged events, in words, as a director says it: "board
 * 2 at table 1, round 2: 3NTX-2 by E to North-South, 3NT-1 by E to East-West (a split score)".
 * The host's window prints one line of each as it happens; a client that comes later reads them
 * all in the session's status.
 */
final class DirectorWords {
  private DirectorWords() {}

  /**
   * The words for {@code e}, read against the session as it stood before it; empty for an
   * event that is not the director's (a board played, a pair joining before the start).
   * {@code awaiting}: the seats the director opened for a substitute nobody has taken yet, kept
   * up to date here.
   */
  static Optional<String> of(Session before, SessionLog.Event e,
      Set<Map.Entry<Integer, PairSeat>> awaiting) {
    if (e instanceof SessionLog.Played p && p.play().ruled()) {
      SessionPlay play = p.play();
      return Optional.of("board " + play.board() + " at table " + play.table() + ", round "
          + play.round() + ": " + play.adjusted().map(DirectorWords::artificial)
              .orElseGet(() -> assigned(play.assigned().orElseThrow())));
    }
    if (e instanceof SessionLog.Penalized pen) {
      return Optional.of("pair " + pen.penalty().pair() + " loses " + pen.penalty().words()
          + " on board " + pen.board() + " (a procedural penalty)");
    }
    if (e instanceof SessionLog.Absent a) {
      return Optional.of(absent(before, a));
    }
    if (e instanceof SessionLog.SeatVacated v) {
      awaiting.add(Map.entry(v.pair(), v.seat()));
      return Optional.of("pair " + v.pair() + "'s " + v.seat().words() + " seat is taken from"
          + " its player for a substitute");
    }
    if (e instanceof SessionLog.RobotPartner r && awaiting.remove(Map.entry(r.pair(), r.seat()))) {
      return Optional.of("a robot plays pair " + r.pair() + "'s " + r.seat().words()
          + " seat as the substitute");
    }
    if (e instanceof SessionLog.SeatJoined j) {
      if (awaiting.remove(Map.entry(j.pair(), j.seat()))) {
        return Optional.of(j.name() + " takes pair " + j.pair() + "'s " + j.seat().words()
            + " seat as the substitute");
      }
      return arrived(before, j.pair(), j.name());
    }
    if (e instanceof SessionLog.Joined j) {
      return arrived(before, j.pair(), j.name());
    }
    if (e instanceof SessionLog.Replaced r) {
      awaiting.removeIf(x -> x.getKey() == r.pair());
      return Optional.of("robots play pair " + r.pair() + " from now on");
    }
    if (e instanceof SessionLog.Repaired r) {
      return Optional.of("the movement repaired " + r.words());
    }
    if (e instanceof SessionLog.Aborted) {
      return Optional.of("the session stopped in round " + before.round() + " of "
          + before.plan().rounds());
    }
    return Optional.empty();
  }

  /** "Avg+ to North-South, Avg- to East-West (an artificial adjusted score)". */
  private static String artificial(Outcome.Adjusted a) {
    return (a.ns() == a.ew() ? avg(a.ns()) + " to both sides"
        : avg(a.ns()) + " to North-South, " + avg(a.ew()) + " to East-West")
        + " (an artificial adjusted score)";
  }

  private static String avg(Artificial a) {
    return switch (a) {
      case AVERAGE_PLUS -> "Avg+";
      case AVERAGE -> "Avg";
      case AVERAGE_MINUS -> "Avg-";
    };
  }

  /** "4S= by N (an assigned score)", a weighted one, or a split one side by side. */
  private static String assigned(Assignment a) {
    if (a.isSplit()) {
      return a.ns() + " to North-South, " + a.ew() + " to East-West (a split score)";
    }
    return a.ns() + (a.ns().parts().size() > 1 ? " (a weighted score)" : " (an assigned score)");
  }

  /** "pair 4 is late: it misses round 1; its opponents sit out then", and the like. */
  private static String absent(Session s, SessionLog.Absent a) {
    int rounds = s.plan().rounds();
    String which = a.from() == a.to() ? "round " + a.from()
        : "rounds " + a.from() + " to " + a.to();
    String what;
    if (a.from() == 1 && a.to() >= rounds) {
      what = "does not come: it misses every round";
    } else if (a.from() == 1) {
      what = "is late: it misses " + which;
    } else if (a.to() >= rounds) {
      what = "leaves after round " + (a.from() - 1);
    } else {
      what = "misses " + which;
    }
    return "pair " + a.pair() + " " + what + "; its opponents sit out then";
  }

  /** A late pair (or one a repair added) that joins in play: from which round it plays. */
  private static Optional<String> arrived(Session s, int pair, String name) {
    if (s.state() != Session.State.PLAYING || s.entries().containsKey(pair)) {
      return Optional.empty();
    }
    String from = "";
    for (int r = s.round() + 1; r <= s.plan().rounds(); r++) {
      if (!s.away(pair, r)) {
        from = ": it plays from round " + r;
        break;
      }
    }
    return Optional.of("late pair " + pair + " (" + name + ") has arrived" + from);
  }
}
