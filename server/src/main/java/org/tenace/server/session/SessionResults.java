package org.tenace.server.session;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.compare.VictoryPoints;
import org.tenace.bridge.event.BoardResults;
import org.tenace.bridge.event.EventScorer;
import org.tenace.bridge.event.EventScorer.ScoredBoard;
import org.tenace.bridge.event.EventScorer.ScoredEvent;
import org.tenace.bridge.event.EventScorer.ScoredRow;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.event.ResultsFile;
import org.tenace.bridge.event.TableRow;
import org.tenace.bridge.record.HandRecord;

/**
 * A session's results, worked out by the bridge module from the boards played so far: each
 * board's traveller (every table's result and points) and the ranking. At team IMPs each match's
 * two rooms are a field of their own, and teams are ranked by the Victory Points of their
 * matches.
 */
public record SessionResults(Session session, ScoredEvent scored, List<Traveller> travellers,
    List<Standing> ranking) {

  /** One board's results at every table that played it, in the order played. */
  public record Traveller(int board, Board conditions, List<Line> lines) {
    public Traveller {
      lines = List.copyOf(lines);
    }
  }

  /**
   * One table's line of a traveller, with each side's points on the board and what the
   * director's procedural penalties (Law 90) take off each side's total, in the same points.
   */
  public record Line(SessionPlay play, Fraction ns, Fraction ew, Optional<Fraction> top,
      OptionalInt datum, Fraction nsPenalty, Fraction ewPenalty) {}

  public SessionResults {
    travellers = List.copyOf(travellers);
    ranking = List.copyOf(ranking);
  }

  /** Scores every board {@code session} has played. */
  public static SessionResults of(Session session) {
    return of(session, b -> true);
  }

  /**
   * Scores the boards {@code session} has played that {@code counted} accepts, as if no other
   * had been: the results a live page may show while other boards are still in play.
   */
  public static SessionResults of(Session session, IntPredicate counted) {
    Map<Integer, List<SessionPlay>> byBoard = byBoard(session);
    byBoard.keySet().removeIf(b -> !counted.test(b));
    // A board's top, as the scorer makes it: a penalty in percent is of it.
    int most = byBoard.values().stream().mapToInt(List::size).max().orElse(1);
    Fraction top = Fraction.of(2L * Math.max(most - 1, 0));
    List<BoardResults> boards = new ArrayList<>();
    // At IMPs across the field an artificial score is worth what the session's own hand record
    // says it is when tenace score reads its ScoreTable: Ruter's 1.5 IMPs a comparison, so that
    // the export checks (Law 12C2's 3 a comparison disagreed with it).
    Fraction avgPlus = session.plan().scoring() == SessionScoring.CROSS_IMPS
        ? CrossImps.RUTER : CrossImps.LAW_12C2;
    for (Map.Entry<Integer, List<SessionPlay>> e : byBoard.entrySet()) {
      Board b = session.plan().board(e.getKey());
      List<TableRow> rows = new ArrayList<>();
      for (SessionPlay p : e.getValue()) {
        rows.add(row(session, p, top));
      }
      boards.add(new BoardResults(OptionalInt.of(e.getKey()), Optional.of(b.dealer()),
          Optional.of(b.vulnerability()), rows, List.of(), avgPlus, false, 0));
    }
    SessionScoring scoring = session.plan().scoring();
    ResultsFile file = new ResultsFile(session.plan().name(), Optional.of(session.plan().name()),
        boards, List.of(), List.of(), Set.of(), Optional.empty(), Optional.of(scoring.method()), Map.of(),
        false);
    ScoredEvent scored = EventScorer.score(file, scoring.method(), scoring.byMatch());
    List<Traveller> travellers = new ArrayList<>();
    int i = 0;
    for (Map.Entry<Integer, List<SessionPlay>> e : byBoard.entrySet()) {
      ScoredBoard sb = scored.boards().get(i++);
      List<Line> lines = new ArrayList<>();
      for (int r = 0; r < e.getValue().size(); r++) {
        ScoredRow row = sb.rows().get(r);
        lines.add(new Line(e.getValue().get(r), row.ns().orElse(Fraction.ZERO),
            row.ew().orElse(Fraction.ZERO), row.top(), row.datum(), row.row().nsPenalty(),
            row.row().ewPenalty()));
      }
      travellers.add(new Traveller(e.getKey(), session.plan().board(e.getKey()), lines));
    }
    List<Standing> ranking = scoring.byMatch() ? teams(session, travellers) : scored.ranking();
    return new SessionResults(session, scored, travellers, ranking);
  }

  /** What a team on a bye scores at least, a round (WBF 20-VP scale). */
  static final Fraction BYE_VPS = Fraction.of(12);

  /** The plays by board number, each board's in the order played. */
  static Map<Integer, List<SessionPlay>> byBoard(Session session) {
    Map<Integer, List<SessionPlay>> out = new TreeMap<>();
    session.plays().stream()
        .sorted(Comparator.comparingInt(SessionPlay::round).thenComparingInt(SessionPlay::table))
        .forEach(p -> out.computeIfAbsent(p.board(), k -> new ArrayList<>()).add(p));
    return out;
  }

  /** A match's two rooms are tables 2m-1 and 2m of a round: its field at team IMPs. */
  static String section(Session session, SessionPlay p) {
    return session.plan().scoring().byMatch()
        ? "R" + p.round() + "M" + ((p.table() + 1) / 2) : "";
  }

  private static TableRow row(Session session, SessionPlay p, Fraction top) {
    HandRecord r = p.record();
    int ns = r.nsScore().orElse(0);
    Outcome o = p.adjusted().isPresent() ? p.adjusted().get()
        : p.assigned().isPresent() ? p.assigned().get().outcome(r.vulnerability())
        : new Outcome.Played(r.passedOut() ? Optional.<Contract>empty() : r.contract(),
            r.passedOut(), r.passedOut() ? OptionalInt.empty() : r.result(), ns,
            OptionalInt.of(ns));
    return new TableRow(section(session, p), Integer.toString(p.table()),
        List.of(Integer.toString(p.ns())), List.of(Integer.toString(p.ew())), o, List.of(), 0,
        p.penalty(p.ns(), top), p.penalty(p.ew(), top));
  }

  /**
   * Team t is pairs 2t-1 and 2t. Each match (a round's tables 2m-1 and 2m) is won by its IMP
   * margin, which the cross-IMPs of its two rooms count twice (each room's result is compared
   * with the other's from both sides), and converted to Victory Points on the WBF 2013 scale for
   * the match's boards; the teams are ranked by their VPs. A team on a bye (an odd number of
   * teams) scores, for each round sat out that is over, 12 VPs or its average per match of the
   * rounds that are over, whichever is more (the WBF's rule for a bye on its 20-VP scale).
   */
  /** Whether round {@code round} is over: a match in it counts towards a bye's average. */
  private static boolean over(Session session, int round) {
    return session.state() == Session.State.FINISHED || round < session.round();
  }

  private static List<Standing> teams(Session session, List<Traveller> travellers) {
    // (round, match) -> team -> IMPs counted twice; and the boards of each match
    Map<String, Map<Integer, Fraction>> imps = new TreeMap<>();
    // The boards of each match that either room has played: the second room may finish a board
    // before the first.
    Map<String, java.util.Set<Integer>> boards = new TreeMap<>();
    for (Traveller t : travellers) {
      for (Line l : t.lines()) {
        SessionPlay p = l.play();
        String match = p.round() + "/" + (p.table() + 1) / 2;
        Map<Integer, Fraction> m = imps.computeIfAbsent(match, k -> new TreeMap<>());
        // A penalty comes off the team's margin of the match (counted twice, as the margin
        // is), not off the other team's.
        m.merge((p.ns() + 1) / 2, l.ns().minus(l.nsPenalty().times(2)), Fraction::plus);
        m.merge((p.ew() + 1) / 2, l.ew().minus(l.ewPenalty().times(2)), Fraction::plus);
        boards.computeIfAbsent(match, k -> new java.util.TreeSet<>()).add(t.board());
      }
    }
    Map<Integer, Fraction> vps = new TreeMap<>();
    Map<Integer, Integer> played = new TreeMap<>();
    // The VPs and the number of the matches whose round is over: a bye's average
    Map<Integer, Fraction> overVps = new TreeMap<>();
    Map<Integer, Integer> matches = new TreeMap<>();
    for (Map.Entry<String, Map<Integer, Fraction>> match : imps.entrySet()) {
      int n = boards.get(match.getKey()).size();
      boolean over = over(session,
          Integer.parseInt(match.getKey().substring(0, match.getKey().indexOf('/'))));
      for (Map.Entry<Integer, Fraction> team : match.getValue().entrySet()) {
        Fraction margin = team.getValue().dividedBy(2);
        BigDecimal vp = VictoryPoints.wbf(margin.round(0).intValueExact(), n);
        Fraction won = Fraction.of(vp.movePointRight(2).longValueExact(), 100);
        vps.merge(team.getKey(), won, Fraction::plus);
        played.merge(team.getKey(), n, Integer::sum);
        if (over) {
          overVps.merge(team.getKey(), won, Fraction::plus);
          matches.merge(team.getKey(), 1, Integer::sum);
        }
      }
    }
    Map<Integer, Integer> byes = new TreeMap<>();
    for (var round : session.plan().movement().rounds()) {
      if (over(session, round.number())) {
        round.byes().stream().filter(p -> p % 2 == 1)
            .forEach(p -> byes.merge((p + 1) / 2, 1, Integer::sum));
      }
    }
    for (Map.Entry<Integer, Integer> bye : byes.entrySet()) {
      int team = bye.getKey();
      Fraction own = vps.getOrDefault(team, Fraction.ZERO);
      int n = matches.getOrDefault(team, 0);
      Fraction average = n == 0 ? Fraction.ZERO
          : overVps.getOrDefault(team, Fraction.ZERO).dividedBy(n);
      Fraction credit = average.compareTo(BYE_VPS) > 0 ? average : BYE_VPS;
      vps.put(team, own.plus(credit.times(Fraction.of(bye.getValue()))));
      played.putIfAbsent(team, 0);
    }
    List<Map.Entry<Integer, Fraction>> order = new ArrayList<>(vps.entrySet());
    order.sort(Map.Entry.<Integer, Fraction>comparingByValue().reversed());
    List<Standing> out = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      Fraction t = order.get(i).getValue();
      int first = i;
      while (first > 0 && order.get(first - 1).getValue().compareTo(t) == 0) {
        first--;
      }
      int last = i;
      while (last + 1 < order.size() && order.get(last + 1).getValue().compareTo(t) == 0) {
        last++;
      }
      int team = order.get(i).getKey();
      out.add(new Standing(first + 1, last + 1, Integer.toString(team), played.get(team), t,
          Optional.empty()));
    }
    return out;
  }

  /** The standing of each pair (or team) by number, for display. */
  public Map<String, Standing> byPair() {
    Map<String, Standing> out = new LinkedHashMap<>();
    ranking.forEach(s -> out.put(s.pair(), s));
    return out;
  }
}
