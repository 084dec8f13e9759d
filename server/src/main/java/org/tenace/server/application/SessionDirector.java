package org.tenace.server.application;

import java.security.SecureRandom;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.movement.Movement;
import org.tenace.movement.MovementRepair;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Mode;
import org.tenace.server.session.PairSeat;
import org.tenace.server.session.Penalty;
import org.tenace.server.session.Session;
import org.tenace.server.session.SessionException.Reason;
import org.tenace.server.session.SessionException;
import org.tenace.server.session.SessionPlan;
import org.tenace.server.session.SessionPlay;
import org.tenace.server.session.SessionRecords;
import org.tenace.server.session.SessionScoring;
import org.tenace.server.session.SessionSpec;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.Holder;
import org.tenace.server.table.LeaveReason;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableListener;
import org.tenace.server.table.TableSettings;

/**
 * Runs the server's sessions: opens each round's tables through the same {@link Tables} as
 * CreateTable (each table given its round's boards as prepared deals), seats the joined pairs and
 * the robots, hears every table's {@code BoardScored}, and moves everyone on when a round is
 * done. The rules of a session are {@link Session}'s; this only carries its steps out.
 *
 * <p>Every step of every session runs on one thread, in order: a request waits for its step, and
 * a table's listener (which runs under the table's lock and must not block) hands its board over.
 * Each step is logged ({@link SessionLog}) before it is taken, so a restarted server rebuilds its
 * sessions. Readers see a run's published values, never a half-taken step.
 */
public final class SessionDirector implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SessionDirector.class);
  private static final SecureRandom TOKENS = new SecureRandom();

  /** A seat held for a joined pair at one of this round's tables. */
  public record Ticket(String tableId, Seat seat, String token) {}

  /** One session and what runs it. Written on the director's thread only. */
  public static final class Run {
    private volatile Session session;
    public final String directorToken;
    /** When the session was created (epoch milliseconds): its date in the hand record. */
    public final long createdAt;
    private final Map<String, Integer> pairTokens = new ConcurrentHashMap<>();
    /**
     * The seats of its pair each token plays: one for a person who took a seat, both for a client
     * that joined for the whole pair (and plays its partner itself).
     */
    private final Map<String, Set<PairSeat>> tokenSeats = new ConcurrentHashMap<>();
    /** The names of the people who took one seat each, by pair and seat. */
    private final Map<Integer, Map<PairSeat, String>> people = new ConcurrentHashMap<>();
    /** The seats of joined pairs that a robot of the server's plays. */
    private final Map<Integer, Set<PairSeat>> robotSeats = new ConcurrentHashMap<>();
    /** What to tell the holder of a token the director took a seat from (void since). */
    private final Map<String, String> dismissed = new ConcurrentHashMap<>();
    /** The TableService id of each table, by round and table number. */
    private final Map<Integer, Map<Integer, String>> tableIds = new ConcurrentHashMap<>();
    private volatile Map<Integer, List<Ticket>> tickets = Map.of();
    public final List<Consumer<Run>> watchers = new CopyOnWriteArrayList<>();
    /** The log's last sequence number; the store orders a log by it, whoever appends first. */
    private final AtomicLong seq = new AtomicLong();
    /** Whether {@link SessionDirector#whenFinished} has heard of this session's end. */
    private boolean endHeard;
    /** The repair the director was last shown, and the session it was planned from. */
    private volatile MovementRepair.Proposal proposed;
    private volatile Session proposedFrom;
    /** The repairs the director accepted, in words, oldest first. */
    private final List<String> repairs = new CopyOnWriteArrayList<>();
    /** What the director did, in words, oldest first: from the log, so a restart keeps it. */
    private final List<String> directed = new CopyOnWriteArrayList<>();
    /** The seats the director took for a substitute nobody has taken yet (director's thread). */
    private final Set<Map.Entry<Integer, PairSeat>> awaitingSubstitute =
        ConcurrentHashMap.newKeySet();
    /**
     * The boards a table heard here logged, not yet taken as a step ("round/table/board"): the
     * log's follower leaves them to that step.
     */
    private final Set<String> logged = ConcurrentHashMap.newKeySet();
    /**
     * The round's tables followed through the log: their events read so far, and the last
     * sequence read (director's thread only).
     */
    private final Map<String, List<TableEvent>> followed = new HashMap<>();
    private final Map<String, Long> followedTo = new HashMap<>();
    /** The last failure of following the tables, said once (director's thread only). */
    private String followFailed;

    public Run(Session session, String directorToken, long createdAt) {
      this.session = session;
      this.directorToken = directorToken;
      this.createdAt = createdAt;
    }

    public Session session() {
      return session;
    }

    /** The session's version: its log's last sequence number. */
    public long version() {
      return seq.get();
    }

    /** The repairs of the movement the director accepted, in words, oldest first. */
    public List<String> repairs() {
      return List.copyOf(repairs);
    }

    /**
     * Each of the director's actions, in words, oldest first (an adjusted score, a penalty, a
     * pair absent or late, a substitute, a replacement, a repair): what the host's window shows.
     */
    public List<String> directed() {
      return List.copyOf(directed);
    }

    public Map<Integer, String> tableIds(int round) {
      return tableIds.getOrDefault(round, Map.of());
    }

    public List<Ticket> tickets(int pair) {
      return tickets.getOrDefault(pair, List.of());
    }

    /** The tickets of the seats {@code token} plays this round: a pair's token, its seats. */
    public List<Ticket> ticketsOf(String token) {
      Integer pair = pairTokens.get(token);
      if (pair == null) {
        return List.of();
      }
      Set<PairSeat> mine = seatsOf(token);
      return tickets(pair).stream().filter(t -> mine.contains(PairSeat.of(t.seat()))).toList();
    }

    /** The seats of its pair {@code token} plays. */
    public Set<PairSeat> seatsOf(String token) {
      return tokenSeats.getOrDefault(token, Set.of());
    }

    /** Words for the holder of a token the director took its seat from; empty for any other. */
    public Optional<String> dismissal(String token) {
      return Optional.ofNullable(dismissed.get(token));
    }

    /** True when a robot of the server's plays {@code seat} of joined {@code pair}. */
    public boolean robotAt(int pair, PairSeat seat) {
      return robotSeats.getOrDefault(pair, Set.of()).contains(seat);
    }

    /** The person's name at {@code seat} of {@code pair}, if someone took that seat alone. */
    public Optional<String> personAt(int pair, PairSeat seat) {
      return Optional.ofNullable(people.getOrDefault(pair, Map.of()).get(seat));
    }

    /** True when some token plays {@code seat} of {@code pair}. */
    public boolean held(int pair, PairSeat seat) {
      return pairTokens.entrySet().stream().anyMatch(e -> e.getValue() == pair
          && seatsOf(e.getKey()).contains(seat));
    }

    /**
     * True when {@code seat} of joined {@code pair} waits for a player: nobody holds it and no
     * robot plays it (a partner still to come, or a substitute the director sent for).
     */
    public boolean open(int pair, PairSeat seat) {
      return session.entries().containsKey(pair) && !session.replaced().contains(pair)
          && !held(pair, seat) && !robotAt(pair, seat);
    }
    /** -1 for the director, the pair for a pair's token; refused for any other. */
    public int holder(String token) {
      if (token.isEmpty()) {
        throw new SessionException(Reason.TOKEN_INVALID, "no token: send the session's token");
      }
      if (token.equals(directorToken)) {
        return -1;
      }
      Integer pair = pairTokens.get(token);
      if (pair == null) {
        throw new SessionException(Reason.TOKEN_INVALID, dismissed.getOrDefault(token,
            "not a token of this session"));
      }
      return pair;
    }
  }

  private final Tables tables;
  private final RobotSeater robots;
  private final SessionLog.Codec codec;
  private final EventLog store;
  private final InstantSource clock;
  private final Map<String, Run> runs = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(1);
  private final ExecutorService steps = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "session-director");
    t.setDaemon(true);
    return t;
  });
  /** On a shared log: looks at the sessions' tables on other servers, a few times a second. */
  private final java.util.concurrent.ScheduledExecutorService following;
  private final java.util.concurrent.atomic.AtomicBoolean followQueued =
      new java.util.concurrent.atomic.AtomicBoolean();
  /** How often a session reads the logs of its tables on other servers. */
  static final java.time.Duration FOLLOW_EVERY = java.time.Duration.ofMillis(200);

  private volatile Consumer<Session> whenFinished = s -> { };

  /**
   * {@code c} hears each session that finishes while this server runs, once, on the director's
   * thread (so it must not block): the server starts solving its deals for the hand record then.
   */
  public void whenFinished(Consumer<Session> c) {
    this.whenFinished = Objects.requireNonNull(c, "c");
  }

  /** {@code codec}: how the session's events are written to {@code store} and read back. */
  public SessionDirector(Tables tables, RobotSeater robots, EventLog store,
      SessionLog.Codec codec, InstantSource clock) {
    this.tables = tables;
    this.robots = robots;
    this.store = store;
    this.codec = codec;
    this.clock = clock;
    if (store.shared()) {
      following = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "session-following");
        t.setDaemon(true);
        return t;
      });
      following.scheduleWithFixedDelay(this::queueFollow, FOLLOW_EVERY.toMillis(),
          FOLLOW_EVERY.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } else {
      following = null;
    }
  }

  /**
   * A new session; what was asked ({@code spec}) and the plan's deals are logged, so that a
   * restart plans the same session.
   */
  public Run create(SessionSpec spec, SessionPlan plan) {
    return step(() -> {
      // On a log other servers share, numbered by the log: no two servers give the same id.
      String id = String.valueOf(store.shared() ? store.nextNumber()
          : nextId.getAndIncrement());
      Run run = new Run(Session.create(id, plan), newToken(), clock.millis());
      append(run, new SessionLog.Created(spec, plan.deals(), run.directorToken));
      runs.put(id, run);
      return run;
    });
  }

  public Run require(String id) {
    Run r = runs.get(id);
    if (r == null) {
      if (store.shared() && !id.isEmpty() && id.length() <= 64) {
        return step(() -> takeOver(id));
      }
      throw new SessionException(Reason.SESSION_NOT_FOUND, "no session '" + id + "'");
    }
    return r;
  }

  /**
   * A session this server does not run, from a shared log: taken over when no live server runs
   * it (its server died, or stopped), loaded from its log (its tables' logs read for the boards
   * they finished meanwhile) and driven from here on; TABLE_MOVED with its server's address when
   * another runs it; SESSION_NOT_FOUND when there is no such session. On the director's thread.
   */
  private Run takeOver(String id) {
    Run here = runs.get(id);
    if (here != null) {
      return here;
    }
    org.tenace.server.store.Ownership o = store.take(SessionLog.PREFIX + id);
    if (o instanceof org.tenace.server.store.Ownership.Elsewhere e) {
      throw TableException.sessionMoved(id, e.address());
    }
    List<StoredEvent> events = o instanceof org.tenace.server.store.Ownership.Mine
        ? store.load(SessionLog.PREFIX + id) : List.of();
    if (!events.isEmpty()) {
      load(id, events, store::load, true);
    }
    Run run = runs.get(id);
    if (run == null) {
      throw new SessionException(Reason.SESSION_NOT_FOUND, "no session '" + id + "'");
    }
    log.info("session {} taken over at version {}", id, run.version());
    return run;
  }

  /** Session log {@code logId} was taken over by another server while this one was away. */
  public void lost(String logId) {
    if (logId.startsWith(SessionLog.PREFIX)
        && runs.remove(logId.substring(SessionLog.PREFIX.length())) != null) {
      log.warn("session {} was taken over by another server: dropped here",
          logId.substring(SessionLog.PREFIX.length()));
    }
  }

  /**
   * Takes over session log {@code logId} ("session:ID"), which its server left (it died, or
   * stopped), unasked: the session goes on here, its round's tables heard wherever they are
   * played. False when it is not to be had (another server took it first).
   */
  public boolean adopt(String logId) {
    if (!logId.startsWith(SessionLog.PREFIX)) {
      return false;
    }
    try {
      require(logId.substring(SessionLog.PREFIX.length()));
      return true;
    } catch (SessionException | TableException e) {
      return false;
    }
  }

  /**
   * Joins a person or a pair; returns the pair's number and the new token. With {@code seat},
   * one person takes that seat of the pair (a new pair, or beside a partner who joined it, or a
   * seat the director opened for a substitute, even in play); without it, the seat a partner
   * who joined {@code pair} left free, or else the whole pair for this one client. With
   * {@code robotPartner} a robot of the server's plays the partner's seat, unless a partner sits
   * there already.
   */
  public Joined join(Run run, int pair, String name, boolean robotPartner,
      Optional<PairSeat> seat) {
    return step(() -> {
      Session s = run.session;
      Optional<PairSeat> want = seat;
      if (want.isEmpty() && pair > 0 && s.entries().containsKey(pair)) {
        List<PairSeat> open = java.util.Arrays.stream(PairSeat.values())
            .filter(x -> run.open(pair, x)).toList();
        if (open.size() == 1) {
          want = Optional.of(open.get(0)); // the seat the partner left
        }
      }
      if (want.isEmpty() && robotPartner) {
        want = Optional.of(PairSeat.FIRST); // one person, the robot opposite
      }
      String token = newToken();
      int p;
      List<SessionLog.Event> events = new ArrayList<>();
      if (want.isEmpty()) {
        p = s.pairFor(pair);
        events.add(new SessionLog.Joined(p, token, name));
        if (robotPartner) {
          events.add(new SessionLog.RobotPartner(p, PairSeat.SECOND));
        }
      } else {
        PairSeat ps = want.get();
        if ((s.state() == Session.State.WAITING || s.state() == Session.State.PLAYING
            && pair > 0 && s.away(pair, 1)) && (pair == 0 || !s.entries().containsKey(pair))) {
          p = s.pairFor(pair); // a new pair, or a late one arriving
        } else {
          p = pair;
          if (s.state() == Session.State.FINISHED || s.state() == Session.State.ABORTED) {
            throw new SessionException(Reason.WRONG_STATE, "the session is over");
          }
          if (p < 1 || p > s.pairs()) {
            throw new SessionException(Reason.MALFORMED,
                "pair " + p + ": the session has pairs 1 to " + s.pairs());
          }
          if (!run.open(p, ps)) {
            throw new SessionException(
                s.entries().containsKey(p) || s.state() == Session.State.WAITING
                    ? Reason.PAIR_TAKEN : Reason.WRONG_STATE,
                seatWords(run, p, ps));
          }
        }
        events.add(new SessionLog.SeatJoined(p, ps, token, name));
        if (robotPartner && !run.held(p, ps.partner())
            && run.personAt(p, ps.partner()).isEmpty()) {
          events.add(new SessionLog.RobotPartner(p, ps.partner()));
        }
      }
      for (SessionLog.Event e : events) {
        append(run, e);
        apply(run, e);
      }
      if (want.isPresent() && run.session.state() == Session.State.PLAYING) {
        seatPerson(run, p, want.get(), name, true);
      }
      changed(run);
      return new Joined(p, token, run.session.entries().get(p), want);
    });
  }

  /** Who joined: the pair, the token, the pair's name now, and the seat (empty: both). */
  public record Joined(int pair, String token, String pairName, Optional<PairSeat> seat) {}

  /** Why {@code seat} of {@code pair} cannot be taken, in words. */
  private static String seatWords(Run run, int pair, PairSeat seat) {
    Session s = run.session;
    if (!s.entries().containsKey(pair)) {
      return "the session has started: pair " + pair + " is played by "
          + (s.plan().robots() ? "robots" : "no one");
    }
    String where = "pair " + pair + "'s " + seat.words() + " seat";
    if (run.robotAt(pair, seat)) {
      return where + " is played by a robot (the director may open it for a substitute)";
    }
    return where + " is taken" + run.personAt(pair, seat).map(n -> " by " + n).orElse("");
  }

  /**
   * Applies one event of who plays a pair's seats to the run: the same on a live step and on a
   * restart, so that both come to the same seats and names.
   */
  private static void apply(Run run, SessionLog.Event ev) {
    if (ev instanceof SessionLog.Joined j) {
      run.session = run.session.join(j.pair(), j.name());
      run.pairTokens.put(j.token(), j.pair());
      run.tokenSeats.put(j.token(), EnumSet.allOf(PairSeat.class));
    } else if (ev instanceof SessionLog.SeatJoined j) {
      run.session = run.session.entries().containsKey(j.pair())
          ? run.session.rename(j.pair(), j.name()) : run.session.join(j.pair(), j.name());
      run.pairTokens.put(j.token(), j.pair());
      run.tokenSeats.put(j.token(), EnumSet.of(j.seat()));
      run.people.computeIfAbsent(j.pair(), k -> new java.util.EnumMap<>(PairSeat.class))
          .put(j.seat(), j.name());
      run.robotSeats.getOrDefault(j.pair(), EnumSet.noneOf(PairSeat.class)).remove(j.seat());
      rename(run, j.pair());
    } else if (ev instanceof SessionLog.RobotPartner r) {
      release(run, r.pair(), r.seat(), null);
      run.robotSeats.computeIfAbsent(r.pair(), k -> EnumSet.noneOf(PairSeat.class))
          .add(r.seat());
      rename(run, r.pair());
    } else if (ev instanceof SessionLog.SeatVacated v) {
      release(run, v.pair(), v.seat(), "The director has seated a substitute in your place ("
          + "pair " + v.pair() + ", " + v.seat().words() + "): you may leave now. Your pair's"
          + " results stay with it.");
      run.robotSeats.getOrDefault(v.pair(), EnumSet.noneOf(PairSeat.class)).remove(v.seat());
    }
  }

  /**
   * {@code seat} of {@code pair} leaves whoever held it: a token left with no seat is void, and
   * its holder is told {@code words} (when given).
   */
  private static void release(Run run, int pair, PairSeat seat, String words) {
    for (Map.Entry<String, Integer> e : List.copyOf(run.pairTokens.entrySet())) {
      if (e.getValue() != pair || !run.seatsOf(e.getKey()).contains(seat)) {
        continue;
      }
      Set<PairSeat> left = EnumSet.noneOf(PairSeat.class);
      left.addAll(run.seatsOf(e.getKey()));
      left.remove(seat);
      if (left.isEmpty()) {
        run.pairTokens.remove(e.getKey());
        run.tokenSeats.remove(e.getKey());
        if (words != null) {
          run.dismissed.put(e.getKey(), words);
        }
      } else {
        run.tokenSeats.put(e.getKey(), left);
      }
    }
    Map<PairSeat, String> names = run.people.get(pair);
    if (names != null) {
      names.remove(seat);
    }
  }

  /**
   * The pair's name from who plays its seats ("Ann - Bob", "Ann - Robot"), for a pair whose
   * people took a seat each; a pair joined by one client keeps the name it gave, and so does
   * one whose person gave the pair's name ("Ann - Robot").
   */
  private static void rename(Run run, int pair) {
    Map<PairSeat, String> names = run.people.get(pair);
    if (names == null || names.isEmpty()) {
      return;
    }
    if (names.size() == 1 && names.values().iterator().next().contains(" - ")) {
      return;
    }
    List<String> parts = new ArrayList<>();
    for (PairSeat ps : PairSeat.values()) {
      String n = names.get(ps);
      if (n != null) {
        parts.add(n);
      } else if (run.robotAt(pair, ps)) {
        parts.add(RobotSeater.NAME);
      }
    }
    String name = String.join(" - ", parts);
    if (!name.equals(run.session.entries().get(pair))) {
      run.session = run.session.rename(pair, name);
    }
  }

  /**
   * The director seats a substitute at {@code seat} of {@code pair}: a robot of the server's at
   * once, or (without {@code robot}) a person, who takes the seat with JoinSession. Whoever held
   * the seat gives it up (at the round's table too) and is told so; the pair's results stay.
   */
  public String substitute(Run run, String token, int pair, PairSeat seat, boolean robot) {
    return step(() -> {
      requireDirector(run, token, "seats a substitute");
      Session s = run.session;
      if (s.state() == Session.State.FINISHED || s.state() == Session.State.ABORTED) {
        throw new SessionException(Reason.WRONG_STATE, "the session is over");
      }
      if (pair < 1 || pair > s.pairs()) {
        throw new SessionException(Reason.MALFORMED,
            "pair " + pair + ": the session has pairs 1 to " + s.pairs());
      }
      if (!s.entries().containsKey(pair) || s.replaced().contains(pair)) {
        throw new SessionException(Reason.WRONG_STATE, "pair " + pair + " is played by robots:"
            + " no one to substitute");
      }
      if (robot ? run.robotAt(pair, seat) : run.open(pair, seat)) {
        throw new SessionException(Reason.WRONG_STATE, "pair " + pair + "'s " + seat.words()
            + " seat " + (robot ? "is a robot's already" : "waits for a substitute already"));
      }
      List<SessionLog.Event> events = new ArrayList<>();
      events.add(new SessionLog.SeatVacated(pair, seat));
      if (robot) {
        events.add(new SessionLog.RobotPartner(pair, seat));
      }
      for (SessionLog.Event e : events) {
        append(run, e);
        apply(run, e);
      }
      if (s.state() == Session.State.PLAYING) {
        unseat(run, pair, seat, robot);
      }
      log.info("session {}: pair {}'s {} seat {}", s.id(), pair, seat,
          robot ? "given to a robot" : "opened for a substitute");
      changed(run);
      return robot ? "a robot plays pair " + pair + "'s " + seat.words() + " seat from now on"
          : "pair " + pair + "'s " + seat.words() + " seat waits for its substitute: tenace join"
              + " --session " + s.id() + " --pair " + pair + " --seat "
              + (seat == PairSeat.FIRST ? "N" : "S");
    });
  }

  /**
   * The round's table {@code id} for the session's work on it: with {@code reach} (a step of
   * the session now: the director's action, a substitute's join), brought here from another
   * server that plays it (a cluster spreads a round's tables over its servers); without (the
   * session read again from its log), only a table here.
   */
  private Optional<Tables.Entry> table(String id, boolean reach) {
    return reach ? tables.pull(id) : tables.find(id);
  }

  /** The pair's table of the round in play and whether the pair sits North-South there. */
  private Optional<Map.Entry<Tables.Entry, Boolean>> tableOf(Run run, int pair, boolean reach) {
    Movement.Round round = run.session.currentRound();
    for (Movement.Table t : round.tables()) {
      if (t.ns() != pair && t.ew() != pair) {
        continue;
      }
      String id = run.tableIds(round.number()).get(t.number());
      Optional<Tables.Entry> found = id == null ? Optional.empty() : table(id, reach);
      if (found.isEmpty() || found.get().table().status() == Table.Status.CLOSED) {
        return Optional.empty();
      }
      return Optional.of(Map.entry(found.get(), t.ns() == pair));
    }
    return Optional.empty();
  }

  /** At the round's table: the seat's holder leaves it, and a robot takes it if asked. */
  private void unseat(Run run, int pair, PairSeat ps, boolean robot) {
    vacate(run, pair, ps, true).ifPresent(at -> {
      if (robot) {
        seatRobotsAt(at.getKey(), EnumSet.of(at.getValue()), true);
      }
    });
  }

  /**
   * At the round's table, if the pair is at one: the pair's seat {@code ps} is emptied (its
   * holder leaves, its ticket goes). The table and the seat, for whoever takes it next.
   */
  private Optional<Map.Entry<Tables.Entry, Seat>> vacate(Run run, int pair, PairSeat ps,
      boolean reach) {
    return tableOf(run, pair, reach).map(at -> {
      Table table = at.getKey().table();
      Seat seat = ps.at(at.getValue());
      table.seat(seat).ifPresent(h -> table.leave(h.token(), LeaveReason.REPLACED));
      dropTicket(run, pair, seat);
      return Map.entry(at.getKey(), seat);
    });
  }

  /** At the round's table: a person takes the pair's seat (a substitute, or a late partner). */
  private void seatPerson(Run run, int pair, PairSeat ps, String name, boolean reach) {
    Optional<Map.Entry<Tables.Entry, Seat>> at = vacate(run, pair, ps, reach);
    if (at.isEmpty()) {
      return;
    }
    Table table = at.get().getKey().table();
    Seat seat = at.get().getValue();
    Holder h = table.join(Role.PLAYER, Optional.of(seat), name, false, "");
    Map<Integer, List<Ticket>> all = new HashMap<>(run.tickets);
    List<Ticket> mine = new ArrayList<>(all.getOrDefault(pair, List.of()));
    mine.add(new Ticket(table.id(), seat, h.token()));
    all.put(pair, List.copyOf(mine));
    run.tickets = Map.copyOf(all);
  }

  private static void dropTicket(Run run, int pair, Seat seat) {
    Map<Integer, List<Ticket>> all = new HashMap<>(run.tickets);
    all.computeIfPresent(pair, (k, v) -> v.stream().filter(t -> t.seat() != seat).toList());
    run.tickets = Map.copyOf(all);
  }

  /** Starts the session, by its director: round 1's tables open. */
  public void start(Run run, String token) {
    step(() -> {
      if (run.holder(token) != -1) {
        throw new SessionException(Reason.NOT_DIRECTOR, "only the session's director starts it");
      }
      Session started = run.session.start();
      List<SessionLog.Event> robotsIn = new ArrayList<>();
      for (int pair : run.session.entries().keySet()) {
        for (PairSeat ps : PairSeat.values()) {
          if (run.open(pair, ps)) {
            if (!run.session.plan().robots()) {
              throw new SessionException(Reason.WRONG_STATE, "pair " + pair + " waits for a"
                  + " player at " + ps.words() + " and no robot fills a seat");
            }
            robotsIn.add(new SessionLog.RobotPartner(pair, ps));
          }
        }
      }
      for (SessionLog.Event e : robotsIn) {
        append(run, e);
        apply(run, e);
      }
      append(run, new SessionLog.Started());
      run.session = started;
      openRound(run, true);
      changed(run);
      return null;
    });
  }

  /** Every session this server runs, newest first. */
  public List<Session> list() {
    List<Session> out = new ArrayList<>(runs.values().stream().map(Run::session).toList());
    out.sort(java.util.Comparator.comparing((Session x) -> x.id().length())
        .thenComparing(Session::id).reversed());
    return out;
  }

  /** What this server last published of each session it runs (a shared log's session list). */
  private final Map<String, byte[]> published = new ConcurrentHashMap<>();

  /**
   * On a shared log, publishes the listing of each session this server runs that changed since
   * it last did ({@code listing}: the session as the transport lists it), so that every server's
   * session list shows it; the server's timer calls it every second, beside the tables'. The
   * store writes only the listings of sessions whose lease this server holds.
   */
  public void publish(Function<Session, byte[]> listing) {
    if (!store.shared()) {
      return;
    }
    List<org.tenace.server.store.Listing> changed = new ArrayList<>();
    for (Run run : runs.values()) {
      byte[] info = listing.apply(run.session());
      String id = SessionLog.PREFIX + run.session().id();
      byte[] last = published.get(id);
      if (last == null || !java.util.Arrays.equals(last, info)) {
        changed.add(new org.tenace.server.store.Listing(id, info, true));
      }
    }
    store.publish(changed);
    for (org.tenace.server.store.Listing l : changed) {
      published.put(l.id(), l.info());
    }
  }

  /**
   * The sessions other servers of a shared log run, as they last published them (session id,
   * listing), those this server runs left out; none on a log of one server's own.
   */
  public Map<String, byte[]> elsewhere() {
    Map<String, byte[]> out = new java.util.LinkedHashMap<>();
    if (!store.shared()) {
      return out;
    }
    for (org.tenace.server.store.Listing l : store.listings()) {
      if (l.id().startsWith(SessionLog.PREFIX)) {
        String id = l.id().substring(SessionLog.PREFIX.length());
        if (!runs.containsKey(id)) {
          out.put(id, l.info());
        }
      }
    }
    return out;
  }

  /**
   * Moves round {@code round} on, by the director: each of its boards not played yet gets
   * {@code score}, the tables that still had boards to play close, and the next round opens (or
   * the session ends). Returns how many boards were adjusted.
   */
  public int endRound(Run run, String token, int round, Outcome.Adjusted score) {
    return step(() -> {
      requireDirector(run, token, "moves a round on");
      List<SessionPlay> adjusted = run.session.unplayed(round, score);
      Session next = run.session;
      for (SessionPlay p : adjusted) {
        append(run, new SessionLog.Played(p));
        next = next.adjust(p.round(), p.table(), p.board(), score);
      }
      run.session = next;
      closeTables(run, round, adjusted.stream().map(SessionPlay::table).toList(),
          "the director moved round " + round + " on");
      advance(run);
      changed(run);
      return adjusted.size();
    });
  }

  /** The director's artificial adjusted score for one board at one table of a round. */
  public void adjust(Run run, String token, int round, int table, int board, Outcome.Adjusted score) {
    rule(run, token, round, table, board, s -> s.adjust(round, table, board, score));
  }

  /** The director's assigned adjusted score for one board at one table of a round. */
  public void assign(Run run, String token, int round, int table, int board, Assignment score) {
    rule(run, token, round, table, board, s -> s.assign(round, table, board, score));
  }

  private void rule(Run run, String token, int round, int table, int board,
      java.util.function.UnaryOperator<Session> ruling) {
    step(() -> {
      requireDirector(run, token, "assigns an adjusted score");
      Session next = ruling.apply(run.session);
      SessionPlay p = next.plays().stream().filter(x -> x.round() == round
          && x.table() == table && x.board() == board).findFirst().orElseThrow();
      append(run, new SessionLog.Played(p));
      run.session = next;
      if (next.state() == Session.State.PLAYING && next.round() == round
          && next.roundComplete()) {
        closeTables(run, round, List.of(table), "the director adjusted its last board");
        advance(run);
      }
      changed(run);
      return null;
    });
  }

  /**
   * The director's procedural penalty (Law 90) on {@code board} for the pair {@code penalty}
   * names: logged, then taken off that pair's total after the board is scored.
   */
  public void penalize(Run run, String token, int board, Penalty penalty) {
    step(() -> {
      requireDirector(run, token, "gives a procedural penalty");
      Session next = run.session.penalize(board, penalty);
      append(run, new SessionLog.Penalized(board, penalty));
      run.session = next;
      log.info("session {}: pair {} penalised {} on board {}", next.id(), penalty.pair(),
          penalty.words(), board);
      changed(run);
      return null;
    });
  }

  /**
   * The director's word that {@code pair} misses rounds {@code from} to {@code to} (rounds not
   * opened yet): its opponents then sit out, and a late pair joins when it comes.
   */
  public void absent(Run run, String token, int pair, int from, int to) {
    step(() -> {
      requireDirector(run, token, "says who is absent");
      Session next = run.session.absent(pair, from, to);
      append(run, new SessionLog.Absent(pair, from, to));
      run.session = next;
      changed(run);
      return null;
    });
  }

  /**
   * The director's change in the room, planned: the movement with its rounds after {@code after}
   * planned again ({@code after} -1: from the end of the round in play, or from round 1 before the
   * start), and the check's words on them. Nothing changes until the director accepts it; the
   * proposal is kept for {@link #acceptRepair} (and {@link #proposedRepair}).
   */
  public MovementRepair.Proposal proposeRepair(Run run, String token, int after,
      MovementRepair.Change change) {
    return step(() -> {
      requireDirector(run, token, "repairs the movement");
      Session s = run.session;
      if (s.state() == Session.State.FINISHED || s.state() == Session.State.ABORTED) {
        throw new SessionException(Reason.WRONG_STATE, "the session is over");
      }
      int from = after < 0 ? s.round() : after;
      if (from < s.round()) {
        throw new SessionException(Reason.WRONG_STATE, "round " + s.round() + " is in play: a"
            + " repair changes only rounds not opened yet, from round " + (s.round() + 1));
      }
      MovementRepair.Proposal p;
      try {
        p = MovementRepair.plan(s.plan().movement(), from, s.absent(), change);
      } catch (IllegalArgumentException e) {
        throw new SessionException(Reason.MALFORMED, e.getMessage());
      }
      run.proposed = p;
      run.proposedFrom = s;
      return p;
    });
  }

  /** The repair the director was last shown and has not accepted; refused when there is none. */
  public MovementRepair.Proposal proposedRepair(Run run, String token) {
    return step(() -> {
      requireDirector(run, token, "repairs the movement");
      if (run.proposed == null) {
        throw new SessionException(Reason.WRONG_STATE, "no repair has been proposed");
      }
      return run.proposed;
    });
  }

  /**
   * The director accepts the repair last proposed: it is logged and the session plays the
   * repaired movement from the round after the one it was planned after. Refused when nothing
   * was proposed, when the session has changed since (a round opened, a pair marked absent,
   * another repair: the proposal would be stale), or when the repaired rounds cannot be played.
   */
  public MovementRepair.Proposal acceptRepair(Run run, String token) {
    return step(() -> {
      requireDirector(run, token, "repairs the movement");
      MovementRepair.Proposal p = run.proposed;
      if (p == null) {
        throw new SessionException(Reason.WRONG_STATE, "no repair has been proposed: propose"
            + " one first");
      }
      Session s = run.session;
      Session from = run.proposedFrom;
      if (s.round() > p.after()) {
        throw new SessionException(Reason.WRONG_STATE, "round " + s.round() + " has opened"
            + " since the repair was proposed, and it would change that round in play:"
            + " propose it again");
      }
      if (s.plan().movement() != from.plan().movement() || !s.absent().equals(from.absent())) {
        throw new SessionException(Reason.WRONG_STATE, "the movement or the pairs absent have"
            + " changed since the repair was proposed: propose it again");
      }
      Session next = s.repair(p);
      SessionLog.Repaired e = new SessionLog.Repaired(p.after(), p.change(), p.movement(),
          p.absent(), p.changes());
      append(run, e);
      run.session = next;
      run.repairs.add(e.words());
      run.proposed = null;
      run.proposedFrom = null;
      log.info("session {}: movement repaired {}", s.id(), e.words());
      changed(run);
      return p;
    });
  }

  /** Replaces a joined pair by robots: at its table of this round at once, and from now on. */
  public void replaceByRobot(Run run, String token, int pair) {
    step(() -> {
      requireDirector(run, token, "replaces a pair");
      Session next = run.session.replaceByRobot(pair);
      append(run, new SessionLog.Replaced(pair));
      run.session = next;
      Map<Integer, List<Ticket>> rest = new HashMap<>(run.tickets);
      rest.remove(pair);
      run.tickets = Map.copyOf(rest);
      if (next.state() == Session.State.PLAYING) {
        seatRobots(run, pair, true, true);
      }
      log.info("session {}: pair {} replaced by robots", run.session.id(), pair);
      changed(run);
      return null;
    });
  }

  /**
   * Seats robots at the seats of a robot pair at its table of the round in play: whoever still
   * holds one of them gives it up (a pair may have left its seats before it was replaced), and
   * each free seat of the pair gets a robot. Nothing to do for a pair sitting out, or at a table
   * that closed. Without {@code drive} (a restart) the robots only take their seats: the server,
   * once up, drives every robot seated at its tables. With {@code reach} a table another server
   * plays is brought here first ({@link #table}).
   */
  private void seatRobots(Run run, int pair, boolean drive, boolean reach) {
    Movement.Round round = run.session.currentRound();
    for (Movement.Table t : round.tables()) {
      List<Seat> pairSeats = t.ns() == pair ? List.of(Seat.NORTH, Seat.SOUTH)
          : t.ew() == pair ? List.of(Seat.EAST, Seat.WEST) : List.of();
      String id = run.tableIds(round.number()).get(t.number());
      if (pairSeats.isEmpty() || id == null) {
        continue;
      }
      Optional<Tables.Entry> found = table(id, reach);
      if (found.isEmpty() || found.get().table().status() == Table.Status.CLOSED) {
        continue;
      }
      Table table = found.get().table();
      Set<Seat> free = EnumSet.noneOf(Seat.class);
      for (Seat seat : pairSeats) {
        Optional<Holder> h = table.seat(seat);
        if (h.isPresent() && !h.get().robot()) {
          table.leave(h.get().token(), LeaveReason.REPLACED);
          h = Optional.empty();
        }
        if (h.isEmpty()) {
          free.add(seat);
        }
      }
      seatRobotsAt(found.get(), free, drive);
    }
  }

  /**
   * Robots take {@code seats} at a table; with {@code drive} they start to play, without (a
   * restart, while the server is not up yet) they only sit: once up, the server drives every
   * robot seated at its tables, and a robot driven here as well would play its seat twice.
   */
  private void seatRobotsAt(Tables.Entry e, Set<Seat> seats, boolean drive) {
    if (drive) {
      robots.seat(e, seats);
    } else if (robots != RobotSeater.NONE) {
      for (Seat seat : seats) {
        e.table().join(Role.PLAYER, Optional.of(seat), RobotSeater.NAME, true, "");
      }
    }
  }

  /** Stops the session, by its director: its open tables close and its streams end. */
  public void abort(Run run, String token) {
    step(() -> {
      requireDirector(run, token, "stops the session");
      Session next = run.session.abort();
      append(run, new SessionLog.Aborted());
      boolean playing = run.session.state() == Session.State.PLAYING;
      run.session = next;
      if (playing) {
        closeTables(run, next.round(), new ArrayList<>(run.tableIds(next.round()).keySet()),
            "the director stopped the session");
      }
      run.tickets = Map.of();
      log.info("session {}: aborted by its director", next.id());
      changed(run);
      return null;
    });
  }

  private static void requireDirector(Run run, String token, String what) {
    if (run.holder(token) != -1) {
      throw new SessionException(Reason.NOT_DIRECTOR, "only the session's director " + what);
    }
  }

  /** Closes the given tables of a round that are still open (their boards are adjusted). */
  private void closeTables(Run run, int round, List<Integer> numbers, String reason) {
    Map<Integer, String> ids = run.tableIds(round);
    for (int n : new java.util.TreeSet<>(numbers)) {
      String id = ids.get(n);
      if (id != null) {
        table(id, true).ifPresent(e -> e.table().close(reason));
      }
    }
  }

  /** After a step that completed the round in play: the next round, or the end. */
  private void advance(Run run) {
    if (run.session.state() == Session.State.PLAYING && run.session.roundComplete()) {
      run.session = run.session.nextRound();
      if (run.session.state() == Session.State.PLAYING) {
        openRound(run, true);
      } else {
        run.tickets = Map.of();
        log.info("session {}: finished", run.session.id());
      }
    }
  }

  /** Adds a watcher and shows it the session at once, in order with every later change. */
  public void watch(Run run, Consumer<Run> watcher) {
    step(() -> {
      run.watchers.add(watcher);
      watcher.accept(run);
      return null;
    });
  }

  /** Runs {@code work} as one step on the director's thread and returns what it gave. */
  private <T> T step(Callable<T> work) {
    try {
      return steps.submit(work).get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SessionException(Reason.WRONG_STATE, "interrupted");
    } catch (RejectedExecutionException e) {
      throw new SessionException(Reason.WRONG_STATE, "the server is stopping");
    }
  }

  /** The log first, always: a step is taken only once it is recorded. */
  private void append(Run run, SessionLog.Event e) {
    try {
      store.append(new StoredEvent(SessionLog.PREFIX + run.session.id(),
          run.seq.incrementAndGet(), clock.millis(), codec.encode(e)));
    } catch (org.tenace.server.store.LeaseLostException lost) {
      // Another server took the session over (this one paused past its lease): it runs there.
      if (runs.remove(run.session.id(), run)) {
        log.warn("session {} was taken over by {}: dropped here", run.session.id(),
            lost.address().isEmpty() ? "another server" : "the server at " + lost.address());
      }
      throw TableException.sessionMoved(run.session.id(), lost.address());
    }
    heard(run, e);
  }

  /**
   * Notes a director's action among the events of the log, in words, as the session stood
   * before it: the same on a live step (once logged) and on a restart (as it is read again).
   */
  private static void heard(Run run, SessionLog.Event e) {
    DirectorWords.of(run.session, e, run.awaitingSubstitute).ifPresent(run.directed::add);
  }

  /**
   * Opens every table of the round in play; its robots start to play with {@code drive}, else
   * they only sit (see {@link #seatRobotsAt}).
   */
  private void openRound(Run run, boolean drive) {
    Session s = run.session;
    Movement.Round round = s.currentRound();
    SessionPlan plan = s.plan();
    TableSettings.ScoringMethod method = plan.scoring() == SessionScoring.MATCHPOINTS
        ? TableSettings.ScoringMethod.MATCHPOINTS : TableSettings.ScoringMethod.IMP;
    Map<Integer, String> ids = new HashMap<>();
    Map<Integer, List<Ticket>> tickets = new HashMap<>();
    List<Runnable> seatRobots = new ArrayList<>();
    List<Runnable> handOver = new ArrayList<>();
    // On a shared log the round's tables are spread over the live servers, one each in turn:
    // each is made here (its deals, its seats) and handed to its server before anyone plays.
    List<String> nodes = placement();
    int placed = 0;
    // A table where a pair is absent is not played: the other pair sits out.
    for (Movement.Table t : s.tablesInPlay()) {
      List<DealSource.PreparedDeal> deals = new ArrayList<>();
      for (int b : t.boards()) {
        deals.add(new DealSource.PreparedDeal(b, plan.deals().get(b)));
      }
      // No kibitzers: a table's boards are still to be played at other tables.
      TableSettings settings = TableSettings.defaults(Mode.ONLINE).withScoring(method)
          .withBoards(t.boards().get(0), t.boards().size())
          .withKibitz(TableSettings.KibitzPolicy.NONE);
      String name = tableName(s.id(), round.number(), t.number());
      // A round's tables open whatever the limits: the session was admitted when it began.
      Tables.Entry e = tables.create(name, settings, new DealSource.Prepared(deals), "",
          "session " + s.id(), ServerLimits.NONE);
      String to = nodes.isEmpty() ? "" : nodes.get(placed++ % nodes.size());
      boolean here = to.isEmpty() || to.equals(store.nodeId());
      if (here) {
        listen(run, e.table(), round.number(), t);
      }
      dealsUnwatched(e.table());
      ids.put(t.number(), e.table().id());
      Set<Seat> robotSeats = EnumSet.noneOf(Seat.class);
      seatPair(run, e.table(), t.ns(), Seat.NORTH, Seat.SOUTH, robotSeats, tickets);
      seatPair(run, e.table(), t.ew(), Seat.EAST, Seat.WEST, robotSeats, tickets);
      if (!robotSeats.isEmpty()) {
        // A table handed over gets its robots seated, not playing: its new server drives them.
        seatRobots.add(() -> seatRobotsAt(e, robotSeats, drive && here));
      }
      if (!here) {
        handOver.add(() -> {
          if (!tables.handOver(e, to)) {
            listen(run, e.table(), round.number(), t); // kept here: heard here
          }
        });
      }
    }
    append(run, new SessionLog.Opened(round.number(), ids));
    run.tableIds.put(round.number(), Map.copyOf(ids));
    run.tickets = Map.copyOf(tickets);
    seatRobots.forEach(Runnable::run); // once the round is logged: they start to play at once
    handOver.forEach(Runnable::run);
    log.info("session {}: round {} of {} open at {} table(s)", s.id(), round.number(),
        plan.rounds(), ids.size());
    if (ids.isEmpty() && drive) {
      advance(run); // every table of the round has an absent pair: nothing to play
    }
  }

  private static void seatPair(Run run, Table table, int pair, Seat first, Seat second,
      Set<Seat> robotSeats, Map<Integer, List<Ticket>> tickets) {
    for (Seat seat : List.of(first, second)) {
      PairSeat ps = PairSeat.of(seat);
      if (run.session.robotPlays(pair) || run.robotAt(pair, ps)) {
        robotSeats.add(seat);
      } else if (!run.open(pair, ps)) {
        String name = run.personAt(pair, ps).orElse(run.session.entries().get(pair));
        Holder h = table.join(Role.PLAYER, Optional.of(seat), name, false, "");
        tickets.computeIfAbsent(pair, k -> new ArrayList<>())
            .add(new Ticket(table.id(), seat, h.token()));
      }
    }
  }

  /**
   * The live servers to spread a round's tables over (this one among them), on a shared log;
   * none (every table here) on a log of this server's own, or when the log cannot say.
   */
  private List<String> placement() {
    if (!store.shared()) {
      return List.of();
    }
    try {
      return store.liveNodes();
    } catch (RuntimeException e) {
      log.warn("the live servers could not be read ({}): the round's tables stay here",
          e.getMessage());
      return List.of();
    }
  }

  /** Hears {@code table} of {@code round} here: its boards become steps as they are scored. */
  private void listen(Run run, Table table, int round, Movement.Table sitting) {
    table.addListener(new Scorer(run, round, sitting));
  }

  private static String key(SessionPlay play) {
    return play.round() + "/" + play.table() + "/" + play.board();
  }

  /** Queues one look at the tables on other servers, unless one waits already. */
  private void queueFollow() {
    if (followQueued.compareAndSet(false, true)) {
      try {
        steps.execute(() -> {
          followQueued.set(false);
          for (Run run : runs.values()) {
            try {
              follow(run);
            } catch (RuntimeException ex) {
              // Said once, not every look: the next look tries again.
              if (!String.valueOf(ex).equals(run.followFailed)) {
                log.warn("session {}: following its tables failed: {}", run.session.id(),
                    ex.toString());
              }
              run.followFailed = String.valueOf(ex);
            }
          }
        });
      } catch (RejectedExecutionException stopping) {
        followQueued.set(false);
      }
    }
  }

  /**
   * Reads the new events of the round's tables in the log, wherever they are played, and records
   * each board they scored that the session lacks, as a table heard here does, and moves the
   * round on when they complete it. A table heard here is read too: a board it scored while it
   * changed hands (taken over here a moment before its session was) is found so.
   */
  private void follow(Run run) {
    Session s = run.session;
    if (s.state() != Session.State.PLAYING) {
      run.followed.clear();
      run.followedTo.clear();
      return;
    }
    int round = s.round();
    Map<Integer, String> ids = run.tableIds(round);
    run.followed.keySet().retainAll(ids.values());
    run.followedTo.keySet().retainAll(ids.values());
    boolean recorded = false;
    for (Movement.Table t : s.tablesInPlay()) {
      String id = ids.get(t.number());
      if (id == null) {
        continue;
      }
      List<StoredEvent> fresh = store.loadAfter(id, run.followedTo.getOrDefault(id, 0L));
      if (fresh.isEmpty()) {
        continue;
      }
      List<TableEvent> events = run.followed.computeIfAbsent(id, k -> new ArrayList<>());
      for (StoredEvent e : fresh) {
        events.add(EventCodec.decode(e.payload()));
        run.followedTo.put(id, e.seq());
      }
      for (DealState board : Table.scored(events)) {
        if (run.session.state() != Session.State.PLAYING || run.session.round() != round) {
          break;
        }
        SessionPlay play = new SessionPlay(round, t.number(), t.ns(), t.ew(),
            SessionRecords.of(board));
        if (run.logged.contains(key(play))) {
          continue; // heard here and logged: its step comes
        }
        Session next;
        try {
          next = run.session.record(play);
        } catch (SessionException refused) {
          continue;
        }
        if (next != run.session) {
          append(run, new SessionLog.Played(play));
          run.session = next;
          recorded = true;
        }
      }
    }
    if (recorded) {
      advance(run);
      changed(run);
    }
  }

  /** Hears one table of one round; each board scored there becomes a step of the session. */
  private final class Scorer implements TableListener {
    private final Run run;
    private final int round;
    private final Movement.Table sitting;

    public Scorer(Run run, int round, Movement.Table sitting) {
      this.run = run;
      this.round = round;
      this.sitting = sitting;
    }

    @Override
    public void onEvent(Table table, long seq, TableEvent event, List<BoardEvent> happened,
        DealState after) {
      if (happened.stream().noneMatch(e -> e instanceof BoardEvent.BoardScored)) {
        return;
      }
      SessionPlay play = new SessionPlay(round, sitting.number(), sitting.ns(), sitting.ew(),
          SessionRecords.of(after));
      // Logged here, right after the table's own append and before its command returns, so
      // that a restart finds every board the table finished.
      try {
        append(run, new SessionLog.Played(play));
      } catch (TableException moved) {
        return; // another server runs the session now: it reads the board from the table's log
      }
      if (following != null) {
        run.logged.add(key(play));
      }
      try {
        steps.execute(() -> recorded(run, play));
      } catch (RejectedExecutionException e) {
        log.debug("session {}: stopping; board {} is the table's to replay", run.session.id(),
            play.board());
      }
    }
  }

  private void recorded(Run run, SessionPlay play) {
    run.logged.remove(key(play));
    try {
      Session next = run.session.record(play);
      if (next == run.session) {
        return; // heard twice
      }
      run.session = next;
      advance(run);
      changed(run);
    } catch (SessionException ex) {
      // A board finished after the director moved its round on, or stopped the session.
      log.info("session {}: board {} at table {} of round {} not counted: {}",
          run.session.id(), play.board(), play.table(), play.round(), ex.getMessage());
    } catch (RuntimeException ex) {
      log.error("session {}: board {} at table {} not recorded", run.session.id(),
          play.board(), play.table(), ex);
    }
  }

  /**
   * Rebuilds every session the store holds, after the tables: each is stepped through its log
   * again, its round's tables are heard again, and its pairs get their seats' tokens back. A
   * board whose table's append made it to disk and whose session's append, the next moment, did
   * not (a crash between the two) is read again from the table's log.
   */
  public void load(Map<String, List<StoredEvent>> logs) {
    for (Map.Entry<String, List<StoredEvent>> e : logs.entrySet()) {
      if (e.getKey().startsWith(SessionLog.PREFIX)) {
        String id = e.getKey().substring(SessionLog.PREFIX.length());
        step(() -> {
          load(id, e.getValue(), table -> logs.containsKey(table) ? logs.get(table)
              : store.shared() ? store.load(table) : List.of(), false);
          return null;
        });
      }
    }
  }

  /**
   * Rebuilds session {@code id} from its log; {@code tableLog} reads a table's log. With {@code
   * drive} (a takeover, the server up) the robots it seats start to play; without (a restart,
   * the server not up yet) they only sit, and the server drives every seated robot once up.
   */
  private void load(String id, List<StoredEvent> events,
      java.util.function.Function<String, List<StoredEvent>> tableLog, boolean drive) {
    Run run = null;
    for (StoredEvent stored : events) {
      SessionLog.Event ev = codec.decode(stored.payload());
      if (run != null) {
        heard(run, ev);
      }
      if (ev instanceof SessionLog.Created c) {
        run = new Run(Session.create(id, c.spec().plan(c.deals())),
            c.directorToken(), stored.recordedAt());
      } else if (ev instanceof SessionLog.Joined || ev instanceof SessionLog.SeatJoined
          || ev instanceof SessionLog.RobotPartner || ev instanceof SessionLog.SeatVacated) {
        apply(run, ev);
      } else if (ev instanceof SessionLog.Started) {
        run.session = run.session.start();
      } else if (ev instanceof SessionLog.Opened o) {
        run.tableIds.put(o.round(), Map.copyOf(o.tableIds()));
        if (o.tableIds().isEmpty() && run.session.state() == Session.State.PLAYING
            && run.session.roundComplete()) {
          run.session = run.session.nextRound(); // every pair of the round was sitting out
        }
      } else if (ev instanceof SessionLog.Played p) {
        SessionPlay play = p.play();
        try {
          run.session = play.adjusted().isPresent()
              ? run.session.adjust(play.round(), play.table(), play.board(),
                  play.adjusted().get())
              : play.assigned().isPresent()
              ? run.session.assign(play.round(), play.table(), play.board(),
                  play.assigned().get())
              : run.session.record(play);
        } catch (SessionException refused) {
          continue; // refused when it came too (a board brought after its round was ended)
        } finally {
          run.seq.set(stored.seq());
        }
        if (run.session.state() == Session.State.PLAYING && run.session.roundComplete()) {
          run.session = run.session.nextRound();
        }
      } else if (ev instanceof SessionLog.Replaced r) {
        run.session = run.session.replaceByRobot(r.pair());
      } else if (ev instanceof SessionLog.Aborted) {
        run.session = run.session.abort();
      } else if (ev instanceof SessionLog.Absent a) {
        run.session = run.session.absent(a.pair(), a.from(), a.to());
      } else if (ev instanceof SessionLog.Repaired r) {
        // Over the session's own boards: a board no round plays any more keeps its place.
        Movement m = MovementRepair.rebuilt(run.session.plan().movement(), r.movement().name(),
            r.movement().tables(), r.movement().pairs(), r.movement().rounds());
        run.session = run.session.repair(new MovementRepair.Proposal(m, r.after(),
            r.change(), r.absent(), List.of(), r.changes(), List.of()));
        run.repairs.add(r.words());
      } else if (ev instanceof SessionLog.Penalized pen) {
        run.session = run.session.penalize(pen.board(), pen.penalty());
      }
      run.seq.set(stored.seq());
    }
    if (run == null) {
      return;
    }
    recoverBoards(run, tableLog);
    run.endHeard = run.session.state() == Session.State.FINISHED; // its first export asks
    runs.put(id, run);
    try {
      nextId.accumulateAndGet(Long.parseLong(id) + 1, Math::max);
    } catch (NumberFormatException ignored) {
      // ids chosen elsewhere do not take part in numbering
    }
    if (run.session.state() == Session.State.PLAYING) {
      try {
        if (run.tableIds.containsKey(run.session.round())) {
          rejoin(run, drive);
        } else {
          // The crash fell between a round's last board and the next round: the server, once
          // up, drives the new round's robots with every other seated robot.
          openRound(run, drive);
        }
      } catch (RuntimeException e) {
        runs.remove(id, run); // asked for again, it is loaded again
        throw e;
      }
    }
  }

  /**
   * Records the boards the round's tables scored that the session's log lacks (the server died
   * between the two appends), logging each now; then the round moves on if they complete it.
   */
  private void recoverBoards(Run run,
      java.util.function.Function<String, List<StoredEvent>> tableLog) {
    if (run.session.state() != Session.State.PLAYING
        || !run.tableIds.containsKey(run.session.round())) {
      return;
    }
    Movement.Round round = run.session.currentRound();
    Map<Integer, String> ids = run.tableIds(round.number());
    for (Movement.Table t : run.session.tablesInPlay()) {
      List<TableEvent> events = new ArrayList<>();
      String id = ids.get(t.number());
      for (StoredEvent stored : id == null ? List.<StoredEvent>of() : tableLog.apply(id)) {
        events.add(EventCodec.decode(stored.payload()));
      }
      for (DealState board : Table.scored(events)) {
        SessionPlay play = new SessionPlay(round.number(), t.number(), t.ns(), t.ew(),
            SessionRecords.of(board));
        Session next;
        try {
          next = run.session.record(play);
        } catch (SessionException refused) {
          log.warn("session {}: board {} at table {} not read again: {}", run.session.id(),
              play.board(), t.number(), refused.getMessage());
          continue;
        }
        if (next != run.session) {
          append(run, new SessionLog.Played(play));
          run.session = next;
          log.info("session {}: board {} at table {} read again from the table's log",
              run.session.id(), play.board(), t.number());
        }
      }
    }
    if (run.session.roundComplete()) {
      run.session = run.session.nextRound();
    }
  }

  /**
   * Hears the round's tables again and gives the pairs back their seats' tokens. On a shared log
   * a table another server plays is followed through its log, its tokens read from it.
   */
  private void rejoin(Run run, boolean drive) {
    Movement.Round round = run.session.currentRound();
    Map<Integer, String> ids = run.tableIds(round.number());
    Map<Integer, List<Ticket>> tickets = new HashMap<>();
    for (Movement.Table t : run.session.tablesInPlay()) {
      String id = ids.get(t.number());
      Tables.Entry e;
      try {
        e = tables.require(id);
      } catch (TableException elsewhere) {
        if (elsewhere.reason() != TableException.Reason.TABLE_MOVED) {
          throw elsewhere;
        }
        for (Holder h : holdersInLog(id)) {
          if (h.seat().isPresent() && !h.robot() && h.role() == Role.PLAYER) {
            Seat seat = h.seat().get();
            int pair = seat == Seat.NORTH || seat == Seat.SOUTH ? t.ns() : t.ew();
            tickets.computeIfAbsent(pair, k -> new ArrayList<>())
                .add(new Ticket(id, seat, h.token()));
          }
        }
        continue;
      }
      listen(run, e.table(), round.number(), t);
      dealsUnwatched(e.table());
      for (Holder h : e.table().holders()) {
        if (h.seat().isPresent() && !h.robot() && h.role() == Role.PLAYER) {
          Seat seat = h.seat().get();
          int pair = seat == Seat.NORTH || seat == Seat.SOUTH ? t.ns() : t.ew();
          if (run.session.robotPlays(pair)) {
            continue; // replaced: it gives its seats up to robots below
          }
          PairSeat ps = PairSeat.of(seat);
          if (!run.held(pair, ps)) {
            // The director took the seat and the server stopped before the table heard it.
            e.table().leave(h.token(), LeaveReason.REPLACED);
            if (run.robotAt(pair, ps)) {
              seatRobotsAt(e, EnumSet.of(seat), drive);
            }
            continue;
          }
          tickets.computeIfAbsent(pair, k -> new ArrayList<>())
              .add(new Ticket(e.table().id(), seat, h.token()));
        }
      }
    }
    run.tickets = Map.copyOf(tickets);
    // A substitute who joined just before the server stopped, not seated at the table yet.
    for (Movement.Table t : run.session.tablesInPlay()) {
      for (int pair : List.of(t.ns(), t.ew())) {
        for (PairSeat ps : PairSeat.values()) {
          Seat seat = ps.at(t.ns() == pair);
          boolean ticketed = run.tickets(pair).stream().anyMatch(x -> x.seat() == seat);
          Optional<String> person = run.personAt(pair, ps);
          if (!ticketed && person.isPresent() && run.held(pair, ps)
              && !run.session.robotPlays(pair)) {
            seatPerson(run, pair, ps, person.get(), false);
          }
        }
      }
    }
    // A pair replaced by robots whose robots were not seated yet (the server stopped between
    // the replacement's log and its table work) gets them now.
    for (Movement.Table t : run.session.tablesInPlay()) {
      for (int pair : List.of(t.ns(), t.ew())) {
        if (run.session.robotPlays(pair)) {
          seatRobots(run, pair, drive, false);
        }
      }
    }
  }

  private static final java.util.regex.Pattern TABLE_NAME =
      java.util.regex.Pattern.compile("Session [0-9]+ round [0-9]+ table [0-9]+");

  /** The name of a session's table: what tells it from others on any server (its log keeps it). */
  static String tableName(String session, int round, int table) {
    return "Session " + session + " round " + round + " table " + table;
  }

  /**
   * Whether {@code t} is a session's table, by its name and its settings (no kibitzers), as any
   * server that takes it up reads them in its log: it deals its boards whether or not anyone
   * watches, the session waiting for them wherever it is run.
   */
  static boolean isSessionTable(Table t) {
    return t.settings().kibitz() == TableSettings.KibitzPolicy.NONE
        && TABLE_NAME.matcher(t.name()).matches();
  }

  /** Who holds a seat at table {@code id} as its log says (a table another server plays). */
  private List<Holder> holdersInLog(String id) {
    List<TableEvent> events = new ArrayList<>();
    for (StoredEvent stored : store.load(id)) {
      events.add(EventCodec.decode(stored.payload()));
    }
    return Table.replay(id, events, org.tenace.server.table.EventSink.NONE, clock).holders();
  }

  /**
   * A session's table deals its boards whether or not anyone watches: the session is waiting
   * for them (a server's own tables of robots alone wait for an audience instead).
   */
  private static void dealsUnwatched(Table t) {
    t.dealWhen(() -> true);
    t.resumeDealing();
  }

  private void changed(Run run) {
    for (Consumer<Run> w : run.watchers) {
      w.accept(run);
    }
    if (run.session.state() == Session.State.FINISHED && !run.endHeard) {
      run.endHeard = true;
      try {
        whenFinished.accept(run.session);
      } catch (RuntimeException ex) {
        log.warn("session {}: its end not handed on: {}", run.session.id(), ex.toString());
      }
    }
  }

  private static String newToken() {
    byte[] b = new byte[16];
    TOKENS.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  @Override
  public void close() {
    if (following != null) {
      following.shutdownNow();
    }
    steps.shutdownNow();
  }
}
