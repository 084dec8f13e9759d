package org.tenace.server.session;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.pbn.PbnContract;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnOptimum;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnTable;
import org.tenace.bridge.pbn.PbnWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.solver.DdTable;
import org.tenace.solver.Par;
import org.tenace.solver.ParResult;

/**
 * A session's hand record as PBN 2.1: one game per board played at a table (its deal, auction,
 * play and result, with the table, round and pairs), the board's first game carrying the
 * ScoreTable of every table's result and points, and the first board's the TotalScoreTable.
 * {@code tenace score --check} recomputes every figure from it. Each deal whose double-dummy
 * table is at hand carries it, with par ({@link PbnOptimum}).
 */
public final class SessionPbn {
  private SessionPbn() {}

  /** The text of the PBN file, undated, with no double-dummy analysis. */
  public static String write(SessionResults results) {
    return write(results, Optional.empty(), d -> Optional.empty());
  }

  /**
   * The text of the PBN file of a session played on {@code date}, each deal with the
   * double-dummy table {@code tables} gives for it (none when empty).
   */
  public static String write(SessionResults results, LocalDate date,
      Function<Deal, Optional<DdTable>> tables) {
    return write(results, Optional.of(date), tables);
  }

  private static String write(SessionResults results, Optional<LocalDate> date,
      Function<Deal, Optional<DdTable>> tables) {
    Session session = results.session();
    SessionScoring scoring = session.plan().scoring();
    List<PbnGame> games = new ArrayList<>();
    boolean first = true;
    for (SessionResults.Traveller t : results.travellers()) {
      for (int i = 0; i < t.lines().size(); i++) {
        SessionPlay p = t.lines().get(i).play();
        // An adjusted score stands in place of the result: the game is the deal alone.
        PbnGame g = PbnRecords.toGame(!p.ruled() ? p.record()
                : HandRecord.builder(p.record().dealer(), p.record().vulnerability())
                    .board(p.board()).deal(p.record().deal()).build())
            .withTag("Event", session.plan().name())
            .withTag("Site", "Tenace")
            .withTag("Scoring", scoring.pbnScoring())
            .withTag("Competition", scoring.byMatch() ? "Teams" : "Pairs")
            .withTag("Round", Integer.toString(p.round()))
            .withTag("Table", Integer.toString(p.table()))
            .withTag("PairNS", Integer.toString(p.ns()))
            .withTag("PairEW", Integer.toString(p.ew()));
        if (date.isPresent()) {
          g = g.withTag("Date", DATE.format(date.get()));
        }
        Optional<DdTable> table = p.record().deal().flatMap(tables);
        if (table.isPresent()) {
          DdTable dd = table.get();
          ParResult par = Par.dealer(dd, p.record().vulnerability(), p.record().dealer());
          g = PbnOptimum.with(g, (seat, strain) -> dd.tricks(strain, seat), par.score(),
              par.ruter(), par.contractTexts());
        }
        for (Seat seat : Seat.values()) {
          Optional<String> player = player(session, seat.side() == Side.NS ? p.ns() : p.ew(),
              seat == Seat.NORTH || seat == Seat.EAST);
          if (player.isPresent()) {
            g = g.withTag(seat.word(), player.get());
          }
        }
        if (i == 0) {
          g = g.withTable("ScoreTable", scoreTable(session, t));
        }
        if (first) {
          g = g.withTable("TotalScoreTable", totals(session, results));
          first = false;
        }
        games.add(g);
      }
    }
    return PbnWriter.write(games);
  }

  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd");

  /**
   * Who sat in a seat of {@code pair}: the first or second of its names ("Ann - Bob"), the pair's
   * name for both when it is one, a robot for a pair that never joined a session with robots.
   */
  private static Optional<String> player(Session session, int pair, boolean first) {
    String name = session.entries().get(pair);
    if (name == null) {
      return session.plan().robots() ? Optional.of("Robot") : Optional.empty();
    }
    String[] two = name.split(" - ", 2);
    return Optional.of(two.length == 2 ? (first ? two[0] : two[1]).strip() : name);
  }

  private static PbnTable scoreTable(Session session, SessionResults.Traveller t) {
    SessionScoring scoring = session.plan().scoring();
    String figures = switch (scoring) {
      case MATCHPOINTS -> "MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R";
      case BUTLER -> "IMP_NS\\5R;IMP_EW\\5R;ButlerDatum\\5R";
      case CROSS_IMPS, TEAM_IMPS -> "IMP_NS\\5R;IMP_EW\\5R";
    };
    // A procedural penalty (Law 90) in Tenace's own columns, each side's points taken off.
    boolean penalties = t.lines().stream()
        .anyMatch(l -> l.nsPenalty().signum() != 0 || l.ewPenalty().signum() != 0);
    PbnTable table = PbnTable.of((scoring.byMatch() ? "Section\\5L;" : "")
        + "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;"
        + "Result\\2R;Score_NS\\5R;Score_EW\\5R;" + figures
        + (penalties ? ";Penalty_NS\\5R;Penalty_EW\\5R" : ""));
    for (SessionResults.Line line : t.lines()) {
      SessionPlay p = line.play();
      HandRecord r = p.record();
      List<String> row = new ArrayList<>();
      if (scoring.byMatch()) {
        row.add(SessionResults.section(session, p));
      }
      row.add(Integer.toString(p.table()));
      row.add(Integer.toString(p.round()));
      row.add(Integer.toString(p.ns()));
      row.add(Integer.toString(p.ew()));
      if (p.ruled()) {
        row.addAll(List.of("-", "-", "-"));
      } else if (r.passedOut()) {
        row.addAll(List.of("Pass", "-", "-"));
      } else {
        var c = r.contract().orElseThrow();
        row.add(new PbnContract.Played(c.bid(), c.doubling()).toPbn());
        row.add(String.valueOf(c.declarer().letter()));
        row.add(Integer.toString(r.result().orElseThrow()));
      }
      if (p.adjusted().isPresent()) {
        row.add(p.adjusted().get().ns().symbol());
        row.add(p.adjusted().get().ew().symbol());
      } else if (p.assigned().isPresent()) {
        // As the director wrote it, each side's own (Law 12C1): score --check reads it back.
        row.add(p.assigned().get().ns().toString());
        row.add(p.assigned().get().ew().toString());
      } else {
        int ns = r.nsScore().orElse(0);
        row.add(ns >= 0 ? Integer.toString(ns) : "-");
        row.add(ns < 0 ? Integer.toString(-ns) : "-");
      }
      switch (scoring) {
        case MATCHPOINTS -> {
          Fraction top = line.top().orElseThrow();
          row.add(decimal(line.ns(), 1));
          row.add(decimal(line.ew(), 1));
          row.add(decimal(percentage(line.ns(), top), 2));
          row.add(decimal(percentage(line.ew(), top), 2));
        }
        case BUTLER -> {
          row.add(decimal(line.ns(), 2));
          row.add(decimal(line.ew(), 2));
          row.add(Integer.toString(line.datum().orElse(0)));
        }
        default -> {
          row.add(decimal(line.ns(), 2));
          row.add(decimal(line.ew(), 2));
        }
      }
      if (penalties) {
        row.add(penalty(line.nsPenalty()));
        row.add(penalty(line.ewPenalty()));
      }
      table = table.withRow(row);
    }
    return table;
  }

  private static PbnTable totals(Session session, SessionResults results) {
    SessionScoring scoring = session.plan().scoring();
    Map<Integer, String> names = session.entries();
    if (scoring.byMatch()) {
      PbnTable t = PbnTable.of("Rank\\2R;TeamId\\2R;TotalVP\\6R;Names\\30L");
      for (Standing s : results.ranking()) {
        t = t.withRow(Integer.toString(s.place()), s.pair(), decimal(s.total(), 2),
            names.getOrDefault(Integer.parseInt(s.pair()) * 2 - 1, ""));
      }
      return t;
    }
    boolean mp = scoring == SessionScoring.MATCHPOINTS;
    PbnTable t = PbnTable.of("Rank\\2R;PairId\\2R;"
        + (mp ? "TotalScoreMP\\6R;TotalPercentage\\6R;" : "TotalScoreIMP\\6R;")
        + "NrBoards\\2R;Names\\30L");
    for (Standing s : results.ranking()) {
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(s.place()));
      row.add(s.pair());
      row.add(decimal(s.total(), mp ? 1 : 2));
      if (mp) {
        row.add(decimal(s.percentage().orElse(Fraction.ZERO), 2));
      }
      row.add(Integer.toString(s.boards()));
      row.add(session.name(Integer.parseInt(s.pair())));
      t = t.withRow(row);
    }
    return t;
  }

  /** A penalty's points as written, exact to four places ("0.5", "0.4"); "-" for none. */
  private static String penalty(Fraction points) {
    return points.signum() == 0 ? "-" : points.round(4).stripTrailingZeros().toPlainString();
  }

  private static Fraction percentage(Fraction points, Fraction top) {
    return top.signum() == 0 ? Fraction.of(50) : points.times(Fraction.HUNDRED).dividedBy(top);
  }

  static String decimal(Fraction f, int places) {
    return f.round(places).toPlainString();
  }
}
