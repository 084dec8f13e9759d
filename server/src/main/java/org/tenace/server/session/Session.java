package org.tenace.server.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.tenace.movement.Movement;
import org.tenace.server.session.SessionException.Reason;

/**
 * A duplicate session as a value: its plan, where it stands, the pairs that joined and every board
 * played so far. Each step returns the next session or refuses; nothing here waits, talks to a
 * table or a store, so that a session rebuilt from its log is the same session.
 *
 * @param round the round in play: 0 before the start, the last round once finished
 */
public record Session(String id, SessionPlan plan, State state, int round,
    SortedMap<Integer, String> entries, List<SessionPlay> plays) {

  /** Where a session stands. */
  public enum State { WAITING, PLAYING, FINISHED }

  public Session {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(state, "state");
    entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    plays = List.copyOf(plays);
  }

  /** A new session, waiting for its pairs. */
  public static Session create(String id, SessionPlan plan) {
    return new Session(id, plan, State.WAITING, 0, new TreeMap<>(), List.of());
  }

  /** The number of pairs the movement seats. */
  public int pairs() {
    return plan.movement().pairs();
  }

  /** The pair a join gets: {@code pair} itself, or the lowest free one for 0. */
  public int pairFor(int pair) {
    if (state != State.WAITING) {
      throw new SessionException(Reason.WRONG_STATE, "the session has started");
    }
    if (pair < 0 || pair > pairs()) {
      throw new SessionException(Reason.MALFORMED,
          "pair " + pair + ": the session has pairs 1 to " + pairs());
    }
    if (pair == 0) {
      for (int p = 1; p <= pairs(); p++) {
        if (!entries.containsKey(p)) {
          return p;
        }
      }
      throw new SessionException(Reason.WRONG_STATE, "every pair is taken");
    }
    if (entries.containsKey(pair)) {
      throw new SessionException(Reason.PAIR_TAKEN, "pair " + pair + " is taken");
    }
    return pair;
  }

  /** The session with {@code pair} (from {@link #pairFor}) joined under {@code name}. */
  public Session join(int pair, String name) {
    int p = pairFor(pair);
    SortedMap<Integer, String> next = new TreeMap<>(entries);
    next.put(p, name);
    return new Session(id, plan, state, round, next, plays);
  }

  /** Round 1 begins; without robots every pair must have joined, or a seat would stay empty. */
  public Session start() {
    if (state != State.WAITING) {
      throw new SessionException(Reason.WRONG_STATE, "the session has started already");
    }
    if (!plan.robots() && entries.size() < pairs()) {
      throw new SessionException(Reason.WRONG_STATE, entries.size() + " of " + pairs()
          + " pairs have joined and no robot fills a seat");
    }
    return new Session(id, plan, State.PLAYING, 1, entries, plays);
  }

  /** The round in play. */
  public Movement.Round currentRound() {
    if (state != State.PLAYING) {
      throw new SessionException(Reason.WRONG_STATE, "no round in play");
    }
    return plan.movement().rounds().get(round - 1);
  }

  /**
   * The session with a board's result recorded. A play the movement does not schedule for this
   * round and table, or with other pairs, is refused; the same board recorded again (a table's
   * event heard twice) changes nothing.
   */
  public Session record(SessionPlay play) {
    Movement.Table t = currentRound().tables().stream()
        .filter(x -> x.number() == play.table()).findFirst()
        .orElseThrow(() -> new SessionException(Reason.MALFORMED,
            "round " + round + " has no table " + play.table()));
    if (play.round() != round || !t.boards().contains(play.board()) || t.ns() != play.ns()
        || t.ew() != play.ew()) {
      throw new SessionException(Reason.MALFORMED, "board " + play.board() + " at table "
          + play.table() + " (pairs " + play.ns() + " and " + play.ew() + ") is not round "
          + round + "'s");
    }
    if (played(play.round(), play.table(), play.board())) {
      return this;
    }
    List<SessionPlay> next = new ArrayList<>(plays);
    next.add(play);
    return new Session(id, plan, state, round, entries, next);
  }

  /** True when board {@code board} has been recorded at {@code table} in {@code round}. */
  public boolean played(int round, int table, int board) {
    return plays.stream().anyMatch(p -> p.round() == round && p.table() == table
        && p.board() == board);
  }

  /** True when every table of the round in play has played all its boards. */
  public boolean roundComplete() {
    return currentRound().tables().stream().allMatch(
        t -> t.boards().stream().allMatch(b -> played(round, t.number(), b)));
  }

  /** After a complete round: the next one, or the end. */
  public Session nextRound() {
    if (!roundComplete()) {
      throw new SessionException(Reason.WRONG_STATE, "round " + round + " is still in play");
    }
    return round < plan.rounds()
        ? new Session(id, plan, State.PLAYING, round + 1, entries, plays)
        : new Session(id, plan, State.FINISHED, round, entries, plays);
  }

  /** Every pair's sitting in every round, round by round. */
  public List<List<Sitting>> sittings() {
    return plan.movement().rounds().stream().map(Sitting::of).toList();
  }
}
