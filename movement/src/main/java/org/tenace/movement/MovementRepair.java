package org.tenace.movement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Live movement repair: a movement re-planned between rounds when the room changes, as a director
 * does by hand with guide cards. Given a movement, the rounds already played, the rounds each pair
 * misses, and one change, it proposes the movement with its rounds to come planned again, and
 * {@link MovementCheck} explains whatever is still wrong with them.
 *
 * <p>The changes it repairs, from the round after {@code after}:
 * <ul>
 *   <li>{@link PairLeaves}: a pair leaves at a round's end; its opponents would sit out, unless
 *       the planner can seat them against another pair set free;
 *   <li>{@link PairArrives}: a late pair arrives, numbered after the others; it takes a free
 *       place at a table (typically against the pair a departure left sitting out), or sits out
 *       in turn when every table is full;
 *   <li>{@link TableAdded}: a table is added for two pairs who arrive together, numbered after
 *       the others;
 *   <li>{@link TableRemoved}: a table's worth of pairs leaves (two pairs the director names) and
 *       the room has one table fewer.
 * </ul>
 *
 * <p>How it plans: round by round, each table of the movement's own round whose two pairs are
 * both there, have not met and have not played its boards is kept as it stands (same number,
 * same boards); the pairs the change set free are then paired by a bounded search that prefers,
 * in this order, no pair playing a board again (two pairs rather sit out: a second result on a
 * board cannot be compared), no pair sitting out that need not, no two pairs meeting again (a
 * director would rather have a revenge round than a sit-out), the pair that has sat out least
 * and played most sitting out when someone must, and the boards played fewest times so far (so
 * that Neuberg's formula has the least to make up). When the pairs set free cannot be paired
 * so, the pairs of one kept table, then of two, are freed too, so that they may swap opponents;
 * with at most twelve pairs there, the whole round is planned again, and kept if better. A new
 * table plays one of the movement's own board sets (a set two tables play in one round is
 * played from duplicated boards, as a relay or a Howell's shared set is), sits the pair whose
 * usual direction is North-South there, and takes the table number the pair had in that round,
 * or else the highest table free. Once every round is planned, the boards of the rounds to come
 * are chosen again all at once where that removes a board repeat. The rounds are planned twice
 * if need be: first as if every board repeat could be chosen away at the end (the pairings then
 * avoid meetings again first), then, if one is left, with sit-outs rather than repeats. Every
 * search has a node budget, so that a proposal for a club's room takes a moment (a second or
 * two for a 30-table Mitchell), and the best plan found within it is proposed.
 *
 * <p>What it cannot repair: a teams movement (its matches are fixed two rooms each, and a team
 * is four players, not a pair); a round already opened (only rounds after {@code after} change:
 * what was played stays as it was, boards and all); more boards (a repair plays the boards
 * already dealt, so a pair that has played every one of them can only play one again, which the
 * check then reports); more rounds than the movement had. And it cannot always avoid a repeat:
 * a small room late in a session may have no pair left that a pair has not met, which the
 * check reports for the director to accept or not.
 */
public final class MovementRepair {

  private MovementRepair() {}

  /** What changed in the room. */
  public sealed interface Change permits PairLeaves, PairArrives, TableAdded, TableRemoved {
    /** The change in words. */
    String words();
  }

  /** A pair leaves at a round's end. */
  public record PairLeaves(int pair) implements Change {
    @Override
    public String words() {
      return "pair " + pair + " leaves";
    }
  }

  /** A late pair arrives. */
  public record PairArrives() implements Change {
    @Override
    public String words() {
      return "a late pair arrives";
    }
  }

  /** A table is added, for two pairs who arrive. */
  public record TableAdded() implements Change {
    @Override
    public String words() {
      return "a table is added for two pairs who arrive";
    }
  }

  /** Pairs {@code first} and {@code second} leave and the room has one table fewer. */
  public record TableRemoved(int first, int second) implements Change {
    @Override
    public String words() {
      return "a table is removed: pairs " + first + " and " + second + " leave";
    }
  }

  /**
   * A repaired movement as proposed.
   *
   * @param movement the whole movement: the rounds played as they were, the rest planned again
   * @param after the last round played or in play: later rounds are the ones re-planned
   * @param absent the rounds each pair misses once the repair is made (the pairs that leave from
   *     the next round, the pairs that arrive before it)
   * @param arrivals the numbers of the pairs that arrive
   * @param changes what differs from the movement as it was, round by round, in words
   * @param defects what {@link MovementCheck} finds wrong with the rounds to come
   */
  public record Proposal(Movement movement, int after, Change change,
      SortedMap<Integer, SortedSet<Integer>> absent, List<Integer> arrivals,
      List<String> changes, List<MovementCheck.Defect> defects) {
    public Proposal {
      SortedMap<Integer, SortedSet<Integer>> copy = new TreeMap<>();
      absent.forEach((p, r) -> copy.put(p, Collections.unmodifiableSortedSet(new TreeSet<>(r))));
      absent = Collections.unmodifiableSortedMap(copy);
      arrivals = List.copyOf(arrivals);
      changes = List.copyOf(changes);
      defects = List.copyOf(defects);
    }

    /** True when every round to come can be played as written (repeats aside). */
    public boolean playable() {
      return defects.stream().noneMatch(d -> d.kind() == MovementCheck.Kind.SEATING);
    }
  }

  // The planner's costs, heaviest first: a pair playing a board again outweighs everything (its
  // second result cannot be compared); a pair sitting out that need not outweighs two pairs
  // meeting again (as a director would rather have a revenge round than a sit-out); that
  // outweighs any choice of who sits out, which outweighs the balance of the boards' plays.
  private static final long REPEAT = 1_000_000_000_000L;
  private static final long SIT_OUT = 1_000_000_000L;
  private static final long MEET = 1_000_000L;
  /** A board repeat in the first plan, which choosing the boards again may still remove. */
  private static final long LOOSE_REPEAT = 100_000L;
  /** The search nodes of one plan, over all its rounds: a proposal is made in well under a second. */
  private static final long BUDGET = 30_000L;
  private static final long BYE_AGAIN = 10_000L;
  private static final long BYE_UNPLAYED = 1_000L;
  private static final long PLAYS = 10L;
  private static final long SHARED = 1L;
  /** The most pairs a whole round is planned again for; the search's node budget. */
  private static final int WHOLE_ROUND = 12;
  private static final long NODES = 10_000L;
  /** The node budget of each search that frees a kept table or two. */
  private static final long RELEASE_NODES = 1_000L;
  /** The most tables whose boards are chosen again by a full search; more, one at a time. */
  private static final int BOARDS_SEARCHED = 16;

  /**
   * Proposes {@code movement} repaired for {@code change} from round {@code after + 1} on.
   *
   * @param after the rounds played or in play (0 before the start)
   * @param absent the rounds each pair misses, as the session knows them now
   * @throws IllegalArgumentException when the change cannot be made, saying why
   */
  public static Proposal plan(Movement movement, int after,
      Map<Integer, ? extends Set<Integer>> absent, Change change) {
    int rounds = movement.rounds().size();
    if (movement.comparison() != Movement.Comparison.FIELD) {
      throw new IllegalArgumentException("a teams movement is not repaired: each match is two"
          + " rooms of one team against another, fixed for the whole session");
    }
    if (after < 0 || after >= rounds) {
      throw new IllegalArgumentException(after >= rounds ? "round " + rounds
          + " is the last: no round is left to plan again" : "rounds played: 0 or more");
    }
    int pairs = movement.pairs();
    int tables = movement.tables();
    SortedMap<Integer, SortedSet<Integer>> away = new TreeMap<>();
    absent.forEach((p, r) -> away.put(p, new TreeSet<>(r)));
    List<Integer> arrivals = new ArrayList<>();
    if (change instanceof PairLeaves l) {
      leave(movement, away, l.pair(), after, rounds);
    } else if (change instanceof PairArrives) {
      arrivals.add(++pairs);
    } else if (change instanceof TableAdded) {
      arrivals.add(++pairs);
      arrivals.add(++pairs);
      tables++;
    } else if (change instanceof TableRemoved t) {
      if (t.first() == t.second()) {
        throw new IllegalArgumentException("a table removed is two pairs leaving, not pair "
            + t.first() + " twice");
      }
      if (tables < 2) {
        throw new IllegalArgumentException("the movement has one table: none can be removed");
      }
      leave(movement, away, t.first(), after, rounds);
      leave(movement, away, t.second(), after, rounds);
      tables--;
    }
    for (int p : arrivals) {
      for (int r = 1; r <= after; r++) {
        away.computeIfAbsent(p, k -> new TreeSet<>()).add(r);
      }
    }
    List<List<Integer>> sets = movement.rounds().stream().flatMap(r -> r.tables().stream())
        .map(Movement.Table::boards).distinct()
        .sorted(Comparator.comparing(b -> b.get(0))).toList();
    Map<Integer, Integer> direction = new HashMap<>();
    for (Movement.Round r : movement.rounds()) {
      for (Movement.Table t : r.tables()) {
        direction.merge(t.ns(), 1, Integer::sum);
        direction.merge(t.ew(), -1, Integer::sum);
      }
    }
    List<Movement.Round> played = new ArrayList<>();
    for (Movement.Round round : movement.rounds().subList(0, after)) {
      // The rounds played stay as they were; the pairs that arrive were on the bye then.
      List<Integer> sitting = new ArrayList<>(round.byes());
      sitting.addAll(arrivals);
      played.add(arrivals.isEmpty() ? round : new Movement.Round(round.number(),
          round.tables(), sitting));
    }
    // First as if a board repeat could always be chosen away afterwards (the pairings then
    // avoid meetings again first); if one is left, again with a sit-out rather than a repeat.
    List<Movement.Round> planned = planRounds(movement, played, after, away, pairs, tables,
        sets, direction, false);
    long score = score(planned, after, away, pairs, tables);
    if (score >= REPEAT) {
      List<Movement.Round> strict = planRounds(movement, played, after, away, pairs, tables,
          sets, direction, true);
      if (score(strict, after, away, pairs, tables) < score) {
        planned = strict;
      }
    }
    String base = movement.name();
    int cut = base.indexOf(" (repaired from");
    String name = (cut < 0 ? base : base.substring(0, cut)) + " (repaired from round "
        + (after + 1) + ")";
    Movement repaired = rebuilt(movement, name, tables, pairs, planned);
    return new Proposal(repaired, after, change, away, arrivals,
        changes(movement, repaired, after, away),
        MovementCheck.remaining(repaired, after, away));
  }

  /** The rounds after {@code after} planned round by round, then their boards chosen again. */
  private static List<Movement.Round> planRounds(Movement movement,
      List<Movement.Round> played, int after, Map<Integer, ? extends Set<Integer>> away,
      int pairs, int tables, List<List<Integer>> sets, Map<Integer, Integer> direction,
      boolean strict) {
    MovementCheck.History history = new MovementCheck.History();
    Map<Integer, Integer> byes = new HashMap<>();
    List<Movement.Round> planned = new ArrayList<>(played);
    for (Movement.Round round : played) {
      Set<Integer> seated = new TreeSet<>();
      for (Movement.Table t : round.tables()) {
        if (!MovementCheck.away(away, t.ns(), round.number())
            && !MovementCheck.away(away, t.ew(), round.number())) {
          history.add(round.number(), t);
          seated.add(t.ns());
          seated.add(t.ew());
        }
      }
      for (int p = 1; p <= pairs; p++) {
        if (!seated.contains(p) && !MovementCheck.away(away, p, round.number())) {
          byes.merge(p, 1, Integer::sum);
        }
      }
    }
    int top = sets.stream().flatMap(List::stream).mapToInt(Integer::intValue).max().orElse(0);
    Context ctx = new Context(pairs, tables, sets, direction, history, byes,
        strict ? REPEAT : LOOSE_REPEAT, new long[] {BUDGET}, top);
    for (Movement.Round original : movement.rounds().subList(after, movement.rounds().size())) {
      Movement.Round next = ctx.plan(original, away);
      planned.add(next);
      for (Movement.Table t : next.tables()) {
        history.add(next.number(), t);
      }
      Set<Integer> seated = next.tables().stream()
          .flatMap(t -> java.util.stream.Stream.of(t.ns(), t.ew())).collect(Collectors.toSet());
      for (int p : next.byes()) {
        if (!seated.contains(p) && !MovementCheck.away(away, p, next.number())) {
          byes.merge(p, 1, Integer::sum);
        }
      }
    }
    return Boards.reassign(planned, after, away, sets);
  }

  /** A plan's board repeats, needless sit-outs and meetings again, weighed as the planner does. */
  private static long score(List<Movement.Round> rounds, int after,
      Map<Integer, ? extends Set<Integer>> away, int pairs, int tables) {
    long score = 0;
    MovementCheck.History history = new MovementCheck.History();
    for (Movement.Round r : rounds) {
      boolean toCome = r.number() > after;
      int present = 0;
      for (int p = 1; p <= pairs; p++) {
        present += MovementCheck.away(away, p, r.number()) ? 0 : 1;
      }
      int seated = 0;
      for (Movement.Table t : r.tables()) {
        if (MovementCheck.away(away, t.ns(), r.number())
            || MovementCheck.away(away, t.ew(), r.number())) {
          continue;
        }
        seated += 2;
        if (toCome) {
          score += history.met(t.ns(), t.ew()).isPresent() ? MEET : 0;
          for (int b : t.boards()) {
            score += history.played(t.ns(), b).isPresent() ? REPEAT : 0;
            score += history.played(t.ew(), b).isPresent() ? REPEAT : 0;
          }
        }
        history.add(r.number(), t);
      }
      if (toCome) {
        int required = Math.max(present - 2 * tables, present % 2);
        score += SIT_OUT * Math.max(0, present - seated - required);
      }
    }
    return score;
  }

  /**
   * A repaired movement read back from where it was kept (a session's log): {@code rounds} over
   * {@code base}'s boards, each board's designed plays counted from the rounds.
   */
  public static Movement rebuilt(Movement base, String name, int tables, int pairs,
      List<Movement.Round> rounds) {
    SortedMap<Integer, Integer> designed = new TreeMap<>();
    for (int b : base.designedPlays().keySet()) {
      designed.put(b, 0);
    }
    for (Movement.Round r : rounds) {
      for (Movement.Table t : r.tables()) {
        for (int b : t.boards()) {
          designed.merge(b, 1, Integer::sum);
        }
      }
    }
    return new Movement(name, tables, pairs, base.boardsPerRound(), base.comparison(), designed,
        rounds);
  }

  private static void leave(Movement movement, SortedMap<Integer, SortedSet<Integer>> away,
      int pair, int after, int rounds) {
    if (pair < 1 || pair > movement.pairs()) {
      throw new IllegalArgumentException(
          "pair " + pair + ": the movement has pairs 1 to " + movement.pairs());
    }
    SortedSet<Integer> missed = away.computeIfAbsent(pair, k -> new TreeSet<>());
    boolean there = false;
    for (int r = after + 1; r <= rounds; r++) {
      there |= missed.add(r);
    }
    if (!there) {
      throw new IllegalArgumentException("pair " + pair + " plays no round after round "
          + after + " already");
    }
  }

  /** What differs, round by round, between the movement as it was and as repaired. */
  private static List<String> changes(Movement before, Movement after, int played,
      Map<Integer, ? extends Set<Integer>> away) {
    List<String> out = new ArrayList<>();
    for (Movement.Round r : after.rounds().subList(played, after.rounds().size())) {
      List<Movement.Table> was = before.rounds().get(r.number() - 1).tables();
      for (Movement.Table t : r.tables()) {
        if (!was.contains(t)) {
          out.add("round " + r.number() + ", table " + t.number() + ": pair " + t.ns()
              + " North-South against pair " + t.ew() + ", " + boards(t.boards()));
        }
      }
      for (int p : r.byes()) {
        if (!MovementCheck.away(away, p, r.number())) {
          out.add("round " + r.number() + ": pair " + p + " sits out");
        }
      }
    }
    if (out.isEmpty()) {
      out.add("the rounds to come stay as they were");
    }
    return out;
  }

  /** "board 4", or "boards 4, 5, 6". */
  static String boards(List<Integer> boards) {
    return (boards.size() == 1 ? "board " : "boards ")
        + boards.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  /** What one round's planning knows: the room, the board sets, the history so far. */
  private record Context(int pairs, int tables, List<List<Integer>> sets,
      Map<Integer, Integer> direction, MovementCheck.History history,
      Map<Integer, Integer> byes, long repeat, long[] budget, int boards) {

    Movement.Round plan(Movement.Round original, Map<Integer, ? extends Set<Integer>> away) {
      int r = original.number();
      List<Integer> present = new ArrayList<>();
      for (int p = 1; p <= pairs; p++) {
        if (!MovementCheck.away(away, p, r)) {
          present.add(p);
        }
      }
      List<Movement.Table> kept = new ArrayList<>();
      for (Movement.Table t : original.tables()) {
        if (t.number() <= tables && present.contains(t.ns()) && present.contains(t.ew())
            && history.met(t.ns(), t.ew()).isEmpty()
            && t.boards().stream().noneMatch(b -> history.played(t.ns(), b).isPresent()
                || history.played(t.ew(), b).isPresent())) {
          kept.add(t);
        }
      }
      Set<Integer> keptPairs = kept.stream()
          .flatMap(t -> java.util.stream.Stream.of(t.ns(), t.ew())).collect(Collectors.toSet());
      List<Integer> free = present.stream().filter(p -> !keptPairs.contains(p)).toList();
      Search search = new Search(this, r, free, tables - kept.size(), kept, NODES);
      search.run();
      List<Movement.Table> chosenKept = kept;
      Search best = search;
      // The pairs set free cannot all be paired without a repeat: free the pairs of one kept
      // table too, then of two, so that they may swap opponents with them.
      for (int size = 1; size <= (kept.size() <= 20 ? 2 : 1) && best.serious() > 0
          && size <= kept.size(); size++) {
        for (List<Movement.Table> release : subsets(kept, size)) {
          if (budget[0] <= 0) {
            break; // the plan's search budget is spent: the best found so far stands
          }
          List<Movement.Table> stay = new ArrayList<>(kept);
          stay.removeAll(release);
          List<Integer> more = new ArrayList<>(free);
          release.forEach(t -> {
            more.add(t.ns());
            more.add(t.ew());
          });
          Collections.sort(more);
          Search swap = new Search(this, r, more, tables - stay.size(), stay, RELEASE_NODES);
          swap.run();
          if (swap.serious() < best.serious()) {
            best = swap;
            chosenKept = stay;
            if (best.serious() == 0) {
              break;
            }
          }
        }
      }
      if (best.serious() > 0 && present.size() <= WHOLE_ROUND) {
        Search whole = new Search(this, r, present, tables, List.of(), NODES);
        whole.run();
        if (whole.serious() < best.serious()) {
          best = whole;
          chosenKept = List.of();
        }
      }
      List<Movement.Table> out = new ArrayList<>(chosenKept);
      Set<Integer> taken = out.stream().map(Movement.Table::number)
          .collect(Collectors.toCollection(TreeSet::new));
      Set<Integer> seated = new TreeSet<>();
      out.forEach(t -> {
        seated.add(t.ns());
        seated.add(t.ew());
      });
      for (Search.Choice c : best.best) {
        if (c.bye()) {
          continue;
        }
        int ns = c.a();
        int ew = c.b();
        int da = direction.getOrDefault(ns, 0);
        int db = direction.getOrDefault(ew, 0);
        if (db > da) {
          ns = c.b();
          ew = c.a();
        }
        int number = 0;
        for (int p : List.of(ns, ew)) {
          for (Movement.Table t : original.tables()) {
            if ((t.ns() == p || t.ew() == p) && t.number() <= tables
                && !taken.contains(t.number()) && number == 0) {
              number = t.number();
            }
          }
        }
        if (number == 0) {
          for (int n = tables; n >= 1 && number == 0; n--) {
            if (!taken.contains(n)) {
              number = n;
            }
          }
        }
        taken.add(number);
        seated.add(ns);
        seated.add(ew);
        out.add(new Movement.Table(number, ns, ew, c.set()));
      }
      out.sort(Comparator.comparingInt(Movement.Table::number));
      List<Integer> byeList = new ArrayList<>();
      for (int p = 1; p <= pairs; p++) {
        if (!seated.contains(p)) {
          byeList.add(p);
        }
      }
      return new Movement.Round(r, out, byeList);
    }
  }

  /**
   * The boards of the rounds to come chosen again, all rounds at once, when choosing them round
   * by round left a pair playing a board again that a better choice avoids: a pair that still
   * has boards 3, 4 and 5 to play must not be given board 5 twice. Each table keeps its board
   * set unless changing it removes a repeat; the search has the same node budget.
   */
  private static final class Boards {
    private final List<Movement.Table> tables = new ArrayList<>();
    private final List<Integer> roundOf = new ArrayList<>();
    private final List<List<Integer>> sets;
    private final Map<Integer, Set<Integer>> played = new HashMap<>();
    private final Map<Integer, Map<Integer, Integer>> now = new HashMap<>();
    private List<List<Integer>> best;
    private long bestCost;
    private long nodes;

    private Boards(List<List<Integer>> sets) {
      this.sets = sets;
    }

    static List<Movement.Round> reassign(List<Movement.Round> rounds, int after,
        Map<Integer, ? extends Set<Integer>> away, List<List<Integer>> sets) {
      Boards b = new Boards(sets);
      for (Movement.Round r : rounds) {
        for (Movement.Table t : r.tables()) {
          if (r.number() > after) {
            b.tables.add(t);
            b.roundOf.add(r.number());
          } else if (!MovementCheck.away(away, t.ns(), r.number())
              && !MovementCheck.away(away, t.ew(), r.number())) {
            b.played.computeIfAbsent(t.ns(), k -> new java.util.HashSet<>()).addAll(t.boards());
            b.played.computeIfAbsent(t.ew(), k -> new java.util.HashSet<>()).addAll(t.boards());
          }
        }
      }
      List<List<Integer>> current = b.tables.stream().map(Movement.Table::boards).toList();
      b.best = current;
      b.bestCost = b.cost(current);
      if (b.bestCost < REPEAT) {
        return rounds; // no repeat to remove
      }
      if (b.tables.size() <= BOARDS_SEARCHED) {
        b.search(0, new ArrayList<>(), 0);
      } else {
        b.improve();
      }
      List<Movement.Round> out = new ArrayList<>();
      int i = 0;
      for (Movement.Round r : rounds) {
        if (r.number() <= after) {
          out.add(r);
          continue;
        }
        List<Movement.Table> ts = new ArrayList<>();
        for (Movement.Table t : r.tables()) {
          ts.add(new Movement.Table(t.number(), t.ns(), t.ew(), b.best.get(i++)));
        }
        out.add(new Movement.Round(r.number(), ts, r.byes()));
      }
      return out;
    }

    /**
     * One table at a time, then two of a round swapping their sets: each change that lowers the
     * cost is kept, until none does (or twenty passes). The repeats are counted as they change,
     * pair by pair, so that a pass over a large movement stays quick.
     */
    private void improve() {
      List<List<Integer>> choice = new ArrayList<>(best);
      Map<Integer, Map<Integer, Integer>> count = new HashMap<>();
      played.forEach((p, boards) -> boards.forEach(b -> count.computeIfAbsent(p,
          k -> new HashMap<>()).merge(b, 1, Integer::sum)));
      for (int i = 0; i < choice.size(); i++) {
        move(count, tables.get(i), List.of(), choice.get(i));
      }
      long cost = bestCost;
      for (int pass = 0; pass < 20 && cost >= REPEAT; pass++) {
        boolean better = false;
        for (int i = 0; i < choice.size(); i++) {
          Movement.Table t = tables.get(i);
          for (List<Integer> set : sets) {
            List<Integer> cur = choice.get(i);
            if (set.equals(cur)) {
              continue;
            }
            long d = move(count, t, cur, set) + changed(t, set) - changed(t, cur);
            if (d < 0) {
              choice.set(i, set);
              cost += d;
              better = true;
            } else {
              move(count, t, set, cur);
            }
          }
          for (int j = i + 1; j < choice.size(); j++) {
            if (!roundOf.get(j).equals(roundOf.get(i))) {
              continue;
            }
            Movement.Table u = tables.get(j);
            List<Integer> mine = choice.get(i);
            List<Integer> theirs = choice.get(j);
            if (mine.equals(theirs)) {
              continue;
            }
            long d = move(count, t, mine, theirs) + move(count, u, theirs, mine)
                + changed(t, theirs) - changed(t, mine) + changed(u, mine) - changed(u, theirs);
            if (d < 0) {
              choice.set(i, theirs);
              choice.set(j, mine);
              cost += d;
              better = true;
            } else {
              move(count, u, mine, theirs);
              move(count, t, theirs, mine);
            }
          }
        }
        if (!better) {
          break;
        }
      }
      best = List.copyOf(choice);
      bestCost = cost;
    }

    /** 1 when table {@code t} plays another set than its own. */
    private static long changed(Movement.Table t, List<Integer> set) {
      return set.equals(t.boards()) ? 0 : 1;
    }

    /**
     * Table {@code t}'s pairs play {@code to} instead of {@code from}: the counts change, and
     * the change in repeats is returned, weighed.
     */
    private static long move(Map<Integer, Map<Integer, Integer>> count, Movement.Table t,
        List<Integer> from, List<Integer> to) {
      long d = 0;
      for (int p : List.of(t.ns(), t.ew())) {
        Map<Integer, Integer> c = count.computeIfAbsent(p, k -> new HashMap<>());
        for (int b : from) {
          int n = c.merge(b, -1, Integer::sum);
          d -= n >= 1 ? REPEAT : 0;
        }
        for (int b : to) {
          int n = c.merge(b, 1, Integer::sum);
          d += n >= 2 ? REPEAT : 0;
        }
      }
      return d;
    }

    /** Repeats weigh most; each table whose set changed, one. */
    private long cost(List<List<Integer>> choice) {
      long cost = 0;
      Map<Integer, Set<Integer>> seen = new HashMap<>();
      for (int i = 0; i < choice.size(); i++) {
        Movement.Table t = tables.get(i);
        for (int p : List.of(t.ns(), t.ew())) {
          for (int board : choice.get(i)) {
            if (played.getOrDefault(p, Set.of()).contains(board)
                || !seen.computeIfAbsent(p, k -> new java.util.HashSet<>()).add(board)) {
              cost += REPEAT;
            }
          }
        }
        cost += choice.get(i).equals(t.boards()) ? 0 : 1;
      }
      return cost;
    }

    private void search(int i, List<List<Integer>> path, long cost) {
      if (cost >= bestCost || ++nodes > NODES / 4) {
        return;
      }
      if (i == tables.size()) {
        bestCost = cost;
        best = List.copyOf(path);
        return;
      }
      Movement.Table t = tables.get(i);
      Map<List<Integer>, Long> steps = new HashMap<>();
      for (List<Integer> set : sets) {
        steps.put(set, step(t, set));
      }
      List<List<Integer>> options = new ArrayList<>(sets);
      options.sort(Comparator.comparingLong(steps::get));
      for (List<Integer> set : options) {
        long c = steps.get(set);
        for (int p : List.of(t.ns(), t.ew())) {
          now.computeIfAbsent(p, k -> new HashMap<>());
          set.forEach(board -> now.get(p).merge(board, 1, Integer::sum));
        }
        path.add(set);
        search(i + 1, path, cost + c);
        path.remove(path.size() - 1);
        for (int p : List.of(t.ns(), t.ew())) {
          set.forEach(board -> now.get(p).merge(board, -1, Integer::sum));
        }
      }
    }

    /** What giving table {@code t} the set {@code set} adds to the cost. */
    private long step(Movement.Table t, List<Integer> set) {
      long c = set.equals(t.boards()) ? 0 : 1;
      for (int p : List.of(t.ns(), t.ew())) {
        for (int board : set) {
          if (played.getOrDefault(p, Set.of()).contains(board)
              || now.getOrDefault(p, Map.of()).getOrDefault(board, 0) > 0) {
            c += REPEAT;
          }
        }
      }
      return c;
    }
  }

  /** Every choice of {@code size} (1 or 2) of {@code tables}, in order. */
  private static List<List<Movement.Table>> subsets(List<Movement.Table> tables, int size) {
    List<List<Movement.Table>> out = new ArrayList<>();
    for (int i = 0; i < tables.size(); i++) {
      if (size == 1) {
        out.add(List.of(tables.get(i)));
        continue;
      }
      for (int j = i + 1; j < tables.size(); j++) {
        out.add(List.of(tables.get(i), tables.get(j)));
      }
    }
    return out;
  }

  /** A bounded depth-first search for the cheapest way to seat or sit out a round's pairs. */
  private static final class Search {
    record Choice(int a, int b, List<Integer> set, long cost) {
      boolean bye() {
        return b == 0;
      }
    }

    private final Context ctx;
    private final int round;
    private final List<Integer> pairs;
    private final int tables;
    private final int[] inRound;
    private final int[] before;
    private final Map<Long, long[]> fixed = new HashMap<>();
    private final long limit;
    /** How many of the pairs must sit out: an odd one, and those beyond the seats. */
    private int required;
    private List<Choice> best = List.of();
    private long bestCost = Long.MAX_VALUE;
    private long nodes;

    Search(Context ctx, int round, List<Integer> pairs, int tables, List<Movement.Table> kept,
        long limit) {
      this.ctx = ctx;
      this.limit = limit;
      this.round = round;
      this.pairs = pairs;
      this.tables = tables;
      this.inRound = new int[ctx.boards() + 1];
      this.before = new int[ctx.boards() + 1];
      for (int b = 1; b <= ctx.boards(); b++) {
        before[b] = ctx.history().plays(b);
      }
      for (Movement.Table t : kept) {
        for (int b : t.boards()) {
          inRound[b]++;
        }
      }
    }

    void run() {
      int n = pairs.size();
      required = Math.max(n - 2 * tables, n % 2);
      search(new boolean[n], 0, tables, 0, new ArrayList<>());
    }

    /** The board repeats, needless sit-outs and meetings again of the best plan, weighed. */
    long serious() {
      if (bestCost == Long.MAX_VALUE) {
        return Long.MAX_VALUE; // no way found to seat them
      }
      return bestCost - bestCost % MEET;
    }

    /**
     * Each pair in turn sits out or plays one of the pairs after it: sitting out costs more
     * once as many pairs sit out as must (an odd pair, or more pairs than seats).
     */
    private void search(boolean[] used, int byes, int tablesLeft, long cost,
        List<Choice> path) {
      if (cost >= bestCost || (++nodes > limit || --ctx.budget()[0] < 0) && !best.isEmpty()) {
        return;
      }
      int i = 0;
      while (i < used.length && used[i]) {
        i++;
      }
      if (i == used.length) {
        bestCost = cost;
        best = List.copyOf(path);
        return;
      }
      int a = pairs.get(i);
      List<Choice> options = new ArrayList<>();
      options.add(new Choice(a, 0, List.of(), byeCost(a) + (byes >= required ? SIT_OUT : 0)));
      if (tablesLeft > 0) {
        for (int j = i + 1; j < used.length; j++) {
          if (!used[j]) {
            options.add(table(a, pairs.get(j)));
          }
        }
      }
      options.sort(Comparator.comparingLong(Choice::cost));
      used[i] = true;
      for (Choice c : options) {
        int j = c.bye() ? -1 : pairs.indexOf(c.b());
        if (j >= 0) {
          used[j] = true;
          c.set().forEach(b -> inRound[b]++);
        }
        path.add(c);
        search(used, byes + (c.bye() ? 1 : 0), tablesLeft - (c.bye() ? 0 : 1),
            cost + c.cost(), path);
        path.remove(path.size() - 1);
        if (j >= 0) {
          used[j] = false;
          c.set().forEach(b -> inRound[b]--);
        }
      }
      used[i] = false;
    }

    /** Sitting out: those who sat out least, then those who played most, first. */
    private long byeCost(int pair) {
      return BYE_AGAIN * ctx.byes().getOrDefault(pair, 0)
          + BYE_UNPLAYED * (round - 1 - ctx.history().rounds(pair));
    }

    /** Pairs {@code a} and {@code b} at a table, with the board set that suits them best. */
    private Choice table(int a, int b) {
      long[] costs = fixed.computeIfAbsent((long) a << 32 | b, k -> {
        // What does not change within the round: meeting again, and boards played before.
        long meet = ctx.history().met(a, b).isPresent() ? MEET : 0;
        long[] out = new long[ctx.sets().size()];
        for (int i = 0; i < out.length; i++) {
          long cost = meet;
          for (int board : ctx.sets().get(i)) {
            cost += ctx.history().played(a, board).isPresent() ? ctx.repeat() : 0;
            cost += ctx.history().played(b, board).isPresent() ? ctx.repeat() : 0;
          }
          out[i] = cost;
        }
        return out;
      });
      int best = 0;
      long bestCost = Long.MAX_VALUE;
      for (int i = 0; i < costs.length; i++) {
        long cost = costs[i];
        for (int board : ctx.sets().get(i)) {
          cost += PLAYS * (before[board] + inRound[board]) + SHARED * inRound[board];
        }
        if (cost < bestCost) {
          bestCost = cost;
          best = i;
        }
      }
      return new Choice(a, b, ctx.sets().get(best), bestCost);
    }
  }
}
