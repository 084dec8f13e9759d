package org.tenace.server.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.tenace.bridge.check.Require;
import org.tenace.movement.Movement;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.record.HandRecord;
import org.tenace.server.session.SessionException.Reason;

/**
 * A duplicate session as a value: its plan, where it stands, the pairs that joined and every board
 * played so far. Each step returns the next session or refuses; nothing here waits, talks to a
 * table or a store, so that a session rebuilt from its log is the same session.
 *
 * @param round the round in play: 0 before the start, the last round once finished
 */
public record Session(String id, SessionPlan plan, State state, int round,
    SortedMap<Integer, String> entries, List<SessionPlay> plays, SortedSet<Integer> replaced,
    SortedMap<Integer, SortedSet<Integer>> absent) {

  /** Where a session stands. */
  public enum State { WAITING, PLAYING, FINISHED, ABORTED }

  public Session {
    Require.nonNull("id plan state", id, plan, state);
    entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    plays = List.copyOf(plays);
    replaced = Collections.unmodifiableSortedSet(new TreeSet<>(replaced));
    SortedMap<Integer, SortedSet<Integer>> away = new TreeMap<>();
    absent.forEach((pair, rounds) ->
        away.put(pair, Collections.unmodifiableSortedSet(new TreeSet<>(rounds))));
    absent = Collections.unmodifiableSortedMap(away);
  }

  public Session(String id, SessionPlan plan, State state, int round,
      SortedMap<Integer, String> entries, List<SessionPlay> plays, SortedSet<Integer> replaced) {
    this(id, plan, state, round, entries, plays, replaced, new TreeMap<>());
  }

  public Session(String id, SessionPlan plan, State state, int round,
      SortedMap<Integer, String> entries, List<SessionPlay> plays) {
    this(id, plan, state, round, entries, plays, new TreeSet<>());
  }

  /** A new session, waiting for its pairs. */
  public static Session create(String id, SessionPlan plan) {
    return new Session(id, plan, State.WAITING, 0, new TreeMap<>(), List.of());
  }

  private Session with(State state, int round, List<SessionPlay> plays,
      SortedSet<Integer> replaced) {
    return new Session(id, plan, state, round, entries, plays, replaced, absent);
  }

  /** The number of pairs the movement seats. */
  public int pairs() {
    return plan.movement().pairs();
  }

  /** The pair a join gets: {@code pair} itself, or the lowest free one for 0. */
  public int pairFor(int pair) {
    if (state == State.PLAYING && pair > 0 && late(pair) && !entries.containsKey(pair)) {
      return pair; // a late pair arrives
    }
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
    return new Session(id, plan, state, round, next, plays, replaced, absent);
  }

  /**
   * The session with a joined pair's name changed: a second player sat down beside the first,
   * or the director seated a substitute. Refused once the session is over.
   */
  public Session rename(int pair, String name) {
    Objects.requireNonNull(name, "name");
    if (state == State.FINISHED || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, "the session is over");
    }
    if (!entries.containsKey(pair)) {
      throw new SessionException(Reason.WRONG_STATE, "pair " + pair + " has not joined");
    }
    SortedMap<Integer, String> next = new TreeMap<>(entries);
    next.put(pair, name);
    return new Session(id, plan, state, round, next, plays, replaced, absent);
  }

  /** Round 1 begins; without robots every pair must have joined, or a seat would stay empty. */
  public Session start() {
    if (state != State.WAITING) {
      throw new SessionException(Reason.WRONG_STATE, "the session has started already");
    }
    long expected = pairs() - absent.keySet().stream().filter(p -> away(p, 1)
        && !entries.containsKey(p)).count();
    if (!plan.robots() && entries.size() < expected) {
      throw new SessionException(Reason.WRONG_STATE, entries.size() + " of " + expected
          + " pairs have joined and no robot fills a seat");
    }
    return with(State.PLAYING, 1, plays, replaced);
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
    return with(state, round, next, replaced);
  }

  /** True when board {@code board} has been recorded at {@code table} in {@code round}. */
  public boolean played(int round, int table, int board) {
    return plays.stream().anyMatch(p -> p.round() == round && p.table() == table
        && p.board() == board);
  }

  /** True when every table of the round in play has played all its boards. */
  public boolean roundComplete() {
    return tablesInPlay().stream().allMatch(
        t -> t.boards().stream().allMatch(b -> played(round, t.number(), b)));
  }

  /**
   * The tables of the round in play that are played: not those where a pair is absent (the
   * other pair sits out, as on the movement's bye, and the table's boards are played fewer
   * times, scored with Neuberg's formula).
   */
  public List<Movement.Table> tablesInPlay() {
    currentRound();
    return tablesPlayed(round);
  }

  /** The tables of {@code round} that are played (none where a pair is absent). */
  public List<Movement.Table> tablesPlayed(int round) {
    return plan.movement().rounds().get(round - 1).tables().stream()
        .filter(t -> !away(t.ns(), round) && !away(t.ew(), round)).toList();
  }

  /** How many results the session has when it is over: a board at a table is one. */
  public int resultsExpected() {
    int n = 0;
    for (int r = 1; r <= plan.rounds(); r++) {
      n += tablesPlayed(r).stream().mapToInt(t -> t.boards().size()).sum();
    }
    return n;
  }

  /** True when {@code pair} is absent from {@code round}: late, gone, or never came. */
  public boolean away(int pair, int round) {
    return absent.getOrDefault(pair, Collections.emptySortedSet()).contains(round);
  }

  /** True when {@code pair} misses a round before it plays one: a late pair (or a no-show). */
  private boolean late(int pair) {
    return away(pair, 1);
  }

  /**
   * The director's word that {@code pair} is absent from rounds {@code from} to {@code to}: a
   * pair that comes late (from round 1), leaves at a round's end (to the last round), or never
   * comes (every round). Its opponents in those rounds sit out, and the boards of that table are
   * played fewer times. Only rounds not opened yet can be missed.
   */
  public Session absent(int pair, int from, int to) {
    if (state == State.FINISHED || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, "the session is over");
    }
    if (pair < 1 || pair > pairs()) {
      throw new SessionException(Reason.MALFORMED,
          "pair " + pair + ": the session has pairs 1 to " + pairs());
    }
    if (from < 1 || to > plan.rounds() || from > to) {
      throw new SessionException(Reason.MALFORMED, "rounds " + from + " to " + to
          + ": the session has rounds 1 to " + plan.rounds());
    }
    if (from <= round) {
      throw new SessionException(Reason.WRONG_STATE, "round " + from + " has started already:"
          + " a pair can miss only rounds to come (from round " + (round + 1) + ")");
    }
    SortedMap<Integer, SortedSet<Integer>> next = new TreeMap<>(absent);
    SortedSet<Integer> rounds = new TreeSet<>(absent.getOrDefault(pair, new TreeSet<>()));
    for (int r = from; r <= to; r++) {
      rounds.add(r);
    }
    next.put(pair, rounds);
    return new Session(id, plan, state, round, entries, plays, replaced, next);
  }

  /**
   * The session with its movement repaired as {@code proposal} says (planned from this session's
   * movement and absences): the rounds after {@code proposal.after()} are the repaired ones, the
   * pairs that leave miss them, the pairs that arrive are late. Only rounds not opened yet
   * change: a proposal that would change the round in play (or one played) is refused.
   */
  public Session repair(org.tenace.movement.MovementRepair.Proposal proposal) {
    Objects.requireNonNull(proposal, "proposal");
    if (state == State.FINISHED || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, "the session is over");
    }
    if (plan.movement().comparison() != Movement.Comparison.FIELD) {
      throw new SessionException(Reason.WRONG_STATE, "a teams movement is not repaired");
    }
    if (proposal.after() < round) {
      throw new SessionException(Reason.WRONG_STATE, "round " + round + " is in play: a"
          + " repair changes only rounds not opened yet, from round " + (round + 1)
          + " (the repair was planned from round " + (proposal.after() + 1) + ")");
    }
    if (!proposal.playable()) {
      throw new SessionException(Reason.WRONG_STATE, "the repaired movement cannot be played: "
          + proposal.defects().stream().filter(d -> d.kind()
              == org.tenace.movement.MovementCheck.Kind.SEATING).map(Object::toString)
              .collect(java.util.stream.Collectors.joining("; ")));
    }
    return new Session(id, plan.withMovement(proposal.movement()), state, round, entries, plays,
        replaced, proposal.absent());
  }

  /** After a complete round: the next one, or the end. */
  public Session nextRound() {
    if (!roundComplete()) {
      throw new SessionException(Reason.WRONG_STATE, "round " + round + " is still in play");
    }
    return round < plan.rounds()
        ? with(State.PLAYING, round + 1, plays, replaced)
        : with(State.FINISHED, round, plays, replaced);
  }

  /**
   * The director's artificial adjusted score (Law 12C2) for {@code board} at {@code table} in
   * {@code round}, a round played or in play: it takes the place of the table's result, and a
   * result the table brings later changes nothing. A board not played gets a record of its deal
   * alone.
   */
  public Session adjust(int round, int table, int board, Outcome.Adjusted score) {
    Objects.requireNonNull(score, "score");
    return rule(round, table, board, p -> p.adjusted(score));
  }

  /**
   * The director's assigned adjusted score (Law 12C1: a result, a weighted score, or a split
   * score) for {@code board} at {@code table} in {@code round}, as {@link #adjust} does it.
   */
  public Session assign(int round, int table, int board, Assignment score) {
    Objects.requireNonNull(score, "score");
    return rule(round, table, board, p -> p.assigned(score));
  }

  private Session rule(int round, int table, int board, UnaryOperator<SessionPlay> ruling) {
    if (state == State.WAITING || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, state == State.WAITING
          ? "the session has not started" : "the session was aborted");
    }
    if (round < 1 || round > plan.rounds()) {
      throw new SessionException(Reason.MALFORMED,
          "round " + round + ": the session has rounds 1 to " + plan.rounds());
    }
    if (round > this.round) {
      throw new SessionException(Reason.WRONG_STATE, "round " + round + " is not played yet");
    }
    Movement.Table t = plan.movement().rounds().get(round - 1).tables().stream()
        .filter(x -> x.number() == table).findFirst()
        .orElseThrow(() -> new SessionException(Reason.MALFORMED,
            "round " + round + " has no table " + table));
    if (!t.boards().contains(board)) {
      throw new SessionException(Reason.MALFORMED, "board " + board + " is not played at table "
          + table + " in round " + round + " (its boards: " + t.boards() + ")");
    }
    List<SessionPlay> next = new ArrayList<>();
    SessionPlay adjusted = null;
    for (SessionPlay p : plays) {
      if (p.round() == round && p.table() == table && p.board() == board) {
        adjusted = ruling.apply(p);
        next.add(adjusted);
      } else {
        next.add(p);
      }
    }
    if (adjusted == null) {
      Board b = plan.board(board);
      next.add(ruling.apply(new SessionPlay(round, table, t.ns(), t.ew(),
          HandRecord.builder(b.dealer(), b.vulnerability()).board(board)
              .deal(plan.deals().get(board)).build())));
    }
    return with(state, this.round, next, replaced);
  }

  /**
   * The director's procedural penalty (Law 90) on {@code board} for the pair it names, given
   * once the board has its result (or the director's score) at that pair's table, during the
   * session or after: it comes off the pair's total after the board is scored, and changes
   * nothing for the opponents. Its unit must be the session's: matchpoints or a percentage of a
   * top at matchpoints, IMPs otherwise.
   */
  public Session penalize(int board, Penalty penalty) {
    Objects.requireNonNull(penalty, "penalty");
    if (state == State.WAITING || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, state == State.WAITING
          ? "the session has not started" : "the session was aborted");
    }
    int pair = penalty.pair();
    if (pair < 1 || pair > pairs()) {
      throw new SessionException(Reason.MALFORMED,
          "pair " + pair + ": the session has pairs 1 to " + pairs());
    }
    boolean mp = plan.scoring() == SessionScoring.MATCHPOINTS;
    if (mp == (penalty.unit() == Penalty.Unit.IMPS)) {
      throw new SessionException(Reason.MALFORMED, mp
          ? "the session is scored at matchpoints: a penalty in matchpoints or a percentage of"
              + " a top, not in IMPs"
          : "the session is scored in IMPs: a penalty in IMPs");
    }
    List<SessionPlay> next = new ArrayList<>(plays);
    for (int i = 0; i < next.size(); i++) {
      SessionPlay p = next.get(i);
      if (p.board() == board && (p.ns() == pair || p.ew() == pair)) {
        next.set(i, p.penalized(penalty));
        return with(state, round, next, replaced);
      }
    }
    boolean plays = plan.movement().rounds().stream().flatMap(r -> r.tables().stream())
        .anyMatch(t -> t.boards().contains(board) && (t.ns() == pair || t.ew() == pair));
    throw plays
        ? new SessionException(Reason.WRONG_STATE, "pair " + pair + " has not played board "
            + board + " yet: a penalty is given once the board is scored")
        : new SessionException(Reason.MALFORMED, "pair " + pair + " does not play board "
            + board);
  }

  /**
   * What ending the round in play with {@code score} on each of its boards not played yet
   * adjusts: one adjusted play per such board (the director records each, then moves on).
   * {@code round} must be the round in play, so that a request sent late ends nothing else.
   */
  public List<SessionPlay> unplayed(int round, Outcome.Adjusted score) {
    if (state != State.PLAYING) {
      throw new SessionException(Reason.WRONG_STATE, "no round in play");
    }
    if (round != this.round) {
      throw new SessionException(Reason.WRONG_STATE,
          "round " + round + " is not the round in play (" + this.round + ")");
    }
    List<SessionPlay> out = new ArrayList<>();
    Session s = this;
    for (Movement.Table t : tablesInPlay()) {
      for (int b : t.boards()) {
        if (!played(round, t.number(), b)) {
          s = s.adjust(round, t.number(), b, score);
          out.add(s.plays.get(s.plays.size() - 1));
        }
      }
    }
    return out;
  }

  /** The session with {@code pair}'s seats played by robots from now on. */
  public Session replaceByRobot(int pair) {
    if (state == State.FINISHED || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, "the session is over");
    }
    if (pair < 1 || pair > pairs()) {
      throw new SessionException(Reason.MALFORMED,
          "pair " + pair + ": the session has pairs 1 to " + pairs());
    }
    if (!entries.containsKey(pair)) {
      throw new SessionException(Reason.WRONG_STATE, "pair " + pair + " has not joined: "
          + (plan.robots() ? "robots play it already" : "no one plays it"));
    }
    if (replaced.contains(pair)) {
      throw new SessionException(Reason.WRONG_STATE, "pair " + pair + " is a robot already");
    }
    SortedSet<Integer> next = new TreeSet<>(replaced);
    next.add(pair);
    return with(state, round, plays, next);
  }

  /**
   * The pair's name: as it joined, or "Robot - Robot" for a pair the server's robots play
   * without its having joined (empty when nobody plays it).
   */
  public String name(int pair) {
    String name = entries.get(pair);
    if (name != null) {
      return name;
    }
    return plan.robots() ? "Robot - Robot" : "";
  }

  /** True when the server's robots play {@code pair}'s seats. */
  public boolean robotPlays(int pair) {
    return !entries.containsKey(pair) || replaced.contains(pair);
  }

  /** The session stopped by its director: no round is opened again. */
  public Session abort() {
    if (state == State.FINISHED || state == State.ABORTED) {
      throw new SessionException(Reason.WRONG_STATE, state == State.FINISHED
          ? "the session is over" : "the session was aborted already");
    }
    return with(State.ABORTED, round, plays, replaced);
  }

  /**
   * Every pair's sitting in every round, round by round: a pair absent from a round, and its
   * opponents then, are on a bye.
   */
  public List<List<Sitting>> sittings() {
    return plan.movement().rounds().stream().map(r -> Sitting.of(r).stream()
        .map(x -> x.bye() || tablesPlayed(r.number()).stream().anyMatch(
            t -> t.number() == x.table()) ? x
            : new Sitting(x.round(), x.pair(), 0, Optional.empty(), List.of(), 0))
        .toList()).toList();
  }
}
