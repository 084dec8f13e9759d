package org.tenace.server.application;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.tenace.bridge.card.Deal;
import org.tenace.server.session.PairSeat;
import org.tenace.server.session.Penalty;
import org.tenace.server.session.SessionPlay;
import org.tenace.server.session.SessionSpec;

/**
 * A session's own log, kept in the store beside the tables' (its stream is named
 * {@code session:<id>}), so that a restarted server comes back with its sessions: what was asked
 * at creation (with the deals made then, so a restart deals nothing again), each pair that
 * joined, the start, each round's tables and each board played. Each event is a record of the
 * store's own format (tenace.store.v1's StoredSessionEvent, written and read by the {@link Codec} the server
 * hands in); logs written before it, one line of text an event (the creation as the public
 * API's request in base64, a board's record as PBN), are still read.
 */
public final class SessionLog {
  public static final String PREFIX = "session:";

  private SessionLog() {}

  /** What a session's log holds, in order. */
  public sealed interface Event {}

  /** Created: what was asked, the deals made then, and the director's token. */
  public record Created(SessionSpec spec, SortedMap<Integer, Deal> deals, String directorToken)
      implements Event {
    public Created {
      deals = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(deals));
    }
  }

  /** A pair joined. */
  public record Joined(int pair, String token, String name) implements Event {}

  /**
   * A robot of the server's plays {@code seat} of a joined pair: a person's partner, a seat
   * nobody took by the start, or the director's substitute.
   */
  public record RobotPartner(int pair, PairSeat seat) implements Event {}

  /** A person took one seat of a pair (beside a partner, or as the director's substitute). */
  public record SeatJoined(int pair, PairSeat seat, String token, String name) implements Event {}

  /** The director took a seat of a pair from whoever held it, for a substitute. */
  public record SeatVacated(int pair, PairSeat seat) implements Event {}

  /** The director started the session. */
  public record Started() implements Event {}

  /** A round's tables opened: TableService ids by table number. */
  public record Opened(int round, Map<Integer, String> tableIds) implements Event {}

  /** A board was played at a table, or the director adjusted its score. */
  public record Played(SessionPlay play) implements Event {}

  /** The director replaced a pair by robots. */
  public record Replaced(int pair) implements Event {}

  /** The director stopped the session. */
  public record Aborted() implements Event {}

  /** The director said a pair misses rounds {@code from} to {@code to}. */
  public record Absent(int pair, int from, int to) implements Event {}

  /**
   * The director accepted a repair of the movement: the whole movement as repaired (the rounds
   * after {@code after} planned again), the rounds each pair misses since, and what changed, in
   * words. Kept whole, so that a restart plays the movement the director accepted whatever a
   * later planner would propose.
   */
  public record Repaired(int after, org.tenace.movement.MovementRepair.Change change,
      org.tenace.movement.Movement movement, SortedMap<Integer, java.util.SortedSet<Integer>> absent,
      java.util.List<String> changes) implements Event {
    public Repaired {
      SortedMap<Integer, java.util.SortedSet<Integer>> copy = new TreeMap<>();
      absent.forEach((p, r) -> copy.put(p, java.util.Collections.unmodifiableSortedSet(
          new java.util.TreeSet<>(r))));
      absent = java.util.Collections.unmodifiableSortedMap(copy);
      changes = java.util.List.copyOf(changes);
    }

    /** What was accepted, in one line: "from round 3, pair 8 leaves: round 3: pair 2 sits out". */
    public String words() {
      return "from round " + (after + 1) + ", " + change.words() + ": "
          + String.join("; ", changes);
    }
  }
  /** The director gave a pair a procedural penalty (Law 90) on a board. */
  public record Penalized(int board, Penalty penalty) implements Event {}

  /** How a session's events are written to the store and read back: the store's format. */
  public interface Codec {
    byte[] encode(Event e);

    Event decode(byte[] payload);
  }
}
