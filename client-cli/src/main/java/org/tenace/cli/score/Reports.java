package org.tenace.cli.score;

import java.io.PrintWriter;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.cli.score.TextTable.Column;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Rounding;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.event.BoardResults;
import org.tenace.bridge.event.EventScorer.ScoredBoard;
import org.tenace.bridge.event.EventScorer.ScoredEvent;
import org.tenace.bridge.event.EventScorer.ScoredRow;
import org.tenace.bridge.event.Method;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.event.ResultsFile;
import org.tenace.bridge.event.TeamMatch;
import org.tenace.bridge.event.TeamStanding;

/** Prints a scored file: travellers and ranking for a terminal, or one CSV line per result. */
final class Reports {
  /** The widest a terminal line may be. */
  static final int WIDTH = 100;
  /** The CSV header, one line per result. */
  static final String CSV_HEADER =
      "board,table,ns_pair,ew_pair,contract,declarer,tricks,ns_score,ns_points,ew_points";

  private Reports() {}

  // ---- terminal ----------------------------------------------------------------------------

  /** Every board's traveller, then the ranking. */
  static void text(ResultsFile file, ScoredEvent event, PrintWriter out) {
    Method m = event.method();
    out.println(file.name() + file.title().map(t -> ": " + t).orElse(""));
    if (file.boards().isEmpty() && !file.matches().isEmpty()) {
      matches(file, out);
      return;
    }
    if (file.boards().isEmpty()) {
      out.println("no results to score: no record has a contract or a ScoreTable");
      return;
    }
    int most = file.boards().stream().mapToInt(b -> b.plays().size()).max().orElse(0);
    boolean neuberg = m.isMatchpoints()
        && file.boards().stream().anyMatch(b -> b.plays().size() < most);
    out.println(count(file.boards().size(), "board") + ", "
        + count(event.ranking().size(), participantKind(file).toLowerCase()) + "; "
        + m.title() + (event.sectionsApart() ? ", each section apart" : "")
        + (neuberg ? ", Neuberg on boards played fewer than " + most + " times" : ""));
    for (ScoredBoard board : event.boards()) {
      out.println();
      out.println(heading(board));
      List<Column> columns = new ArrayList<>(List.of(Column.right("Table"),
          Column.shrinkable("NS"), Column.shrinkable("EW"), Column.left("Contract"),
          Column.left("By"), Column.right("Tricks"), Column.right("NS score")));
      if (m.isMatchpoints()) {
        columns.addAll(List.of(Column.right("NS MP"), Column.right("EW MP"),
            Column.right("NS %"), Column.right("EW %")));
      } else {
        columns.addAll(List.of(Column.right("NS IMPs"), Column.right("EW IMPs")));
      }
      TextTable table = new TextTable(columns);
      for (ScoredRow row : board.rows()) {
        List<String> cells = new ArrayList<>(List.of(row.row().table(), pair(row.row().ns()),
            pair(row.row().ew()), contract(row.row().outcome()), declarer(row.row().outcome()),
            tricks(row.row().outcome()), score(row.row().outcome())));
        Optional<Fraction> ns = side(row, Side.NS);
        Optional<Fraction> ew = side(row, Side.EW);
        cells.add(ns.map(p -> points(m, p)).orElse(""));
        cells.add(ew.map(p -> points(m, p)).orElse(""));
        if (m.isMatchpoints()) {
          cells.add(ns.map(p -> Rounding.percentage(row.percentage(p)).toPlainString())
              .orElse(""));
          cells.add(ew.map(p -> Rounding.percentage(row.percentage(p)).toPlainString())
              .orElse(""));
        }
        table.row(cells);
      }
      table.render(WIDTH).forEach(out::println);
    }
    out.println();
    out.println("Ranking");
    ranking(file, event).render(WIDTH).forEach(out::println);
  }

  /**
   * A team event's file of matches: each round's matches, then the teams ranked by victory
   * points. The figures are the file's own: it records no board to work them out from.
   */
  private static void matches(ResultsFile file, PrintWriter out) {
    List<TeamStanding> ranking = TeamStanding.ranking(file.matches());
    List<TeamMatch> played = file.matches().stream().filter(TeamMatch::played).toList();
    long rounds = played.stream().map(TeamMatch::round).distinct().count();
    out.println(played.size() + (played.size() == 1 ? " match" : " matches") + " of "
        + count(ranking.size(), "team") + " in " + count((int) rounds, "round")
        + "; IMPs and VPs as the file records them (no board's result)");
    List<String> later = file.matches().stream().map(TeamMatch::round).distinct()
        .filter(r -> played.stream().noneMatch(m -> m.round().equals(r))).toList();
    if (!later.isEmpty()) {
      out.println("not played yet: round" + (later.size() == 1 ? " " : "s ")
          + String.join(", ", later));
    }
    String round = null;
    TextTable table = null;
    for (TeamMatch m : played) {
      if (!m.round().equals(round)) {
        if (table != null) {
          table.render(WIDTH).forEach(out::println);
        }
        round = m.round();
        out.println();
        out.println("Round " + round);
        table = new TextTable(List.of(Column.right("Table"), Column.shrinkable("Home"),
            Column.shrinkable("Away"), Column.right("IMPs"), Column.right("VP")));
      }
      TeamMatch.Segment imps = m.imps();
      table.row(List.of(m.table(), team(file, m.home()), team(file, m.away()),
          imps.home() + "-" + imps.away(), m.homeVp().isPresent() && m.awayVp().isPresent()
              ? m.homeVp().get().toPlainString() + "-" + m.awayVp().get().toPlainString() : ""));
    }
    if (table != null) {
      table.render(WIDTH).forEach(out::println);
    }
    out.println();
    out.println("Ranking");
    TextTable standings = new TextTable(List.of(Column.right("Place"),
        Column.shrinkable("Team"), Column.right("Matches"), Column.right("IMPs"),
        Column.right("VP")));
    for (TeamStanding s : ranking) {
      standings.row(List.of(s.placeText(), team(file, s.team()), Integer.toString(s.matches()),
          s.impsFor() + "-" + s.impsAgainst(), s.vp().toPlainString()));
    }
    standings.render(WIDTH).forEach(out::println);
  }

  /** A team's id and, where the file names it, its name. */
  private static String team(ResultsFile file, String id) {
    String name = file.names().get(id);
    return name == null || name.equals(id) ? id : id + " " + name;
  }

  /** The participants' kind, as a column header. */
  private static String participantKind(ResultsFile file) {
    return file.individual() ? "Player" : "Pair";
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  private static String heading(ScoredBoard board) {
    BoardResults b = board.board();
    StringBuilder sb = new StringBuilder("Board ").append(b.label());
    b.dealer().ifPresent(d -> sb.append("  Dealer ").append(d));
    b.vulnerability().ifPresent(v -> sb.append("  Vul ").append(v.pbn()));
    Map<String, Integer> datums = board.datums();
    if (datums.size() == 1) {
      sb.append("  Datum ").append(signed(datums.values().iterator().next()));
    } else {
      datums.forEach((section, d) -> sb.append("  Datum ").append(section).append(' ')
          .append(signed(d)));
    }
    return sb.toString();
  }

  private static TextTable ranking(ResultsFile file, ScoredEvent event) {
    Method m = event.method();
    boolean names = event.ranking().stream().anyMatch(s -> file.names().containsKey(s.pair())
        && !file.names().get(s.pair()).equals(s.pair()));
    List<Column> columns = new ArrayList<>(List.of(Column.right("Place"),
        Column.shrinkable(participantKind(file))));
    if (names) {
      columns.add(Column.shrinkable("Names"));
    }
    columns.add(Column.right("Boards"));
    if (m.isMatchpoints()) {
      columns.addAll(List.of(Column.right("MP"), Column.right("%")));
    } else {
      columns.add(Column.right("IMPs"));
      if (m.isAveraged()) {
        columns.add(Column.right("IMPs/board"));
      }
    }
    TextTable table = new TextTable(columns);
    for (Standing s : event.ranking()) {
      List<String> cells = new ArrayList<>(List.of(s.placeText(), s.pair()));
      if (names) {
        cells.add(file.names().getOrDefault(s.pair(), ""));
      }
      cells.add(Integer.toString(s.boards()));
      if (m.isMatchpoints()) {
        cells.add(Rounding.matchpoints(s.total()).toPlainString());
        cells.add(Rounding.percentageTwoDecimals(s.percentage().orElseThrow()).toPlainString());
      } else {
        cells.add(s.total().round(m.isAveraged() ? 2 : 1).toPlainString());
        if (m.isAveraged()) {
          cells.add(event.sessionScore(s).round(2).toPlainString());
        }
      }
      table.row(cells);
    }
    return table;
  }

  // ---- CSV ---------------------------------------------------------------------------------

  /** One line per result of every board (the header is printed by the caller, once). */
  static void csv(ScoredEvent event, PrintWriter out) {
    for (ScoredBoard board : event.boards()) {
      for (ScoredRow row : board.rows()) {
        Outcome o = row.row().outcome();
        List<String> cells = List.of(board.board().label(), row.row().table(),
            pair(row.row().ns()), pair(row.row().ew()), contract(o), declarer(o), tricks(o),
            o instanceof Outcome.Played p ? Integer.toString(p.nsScore()) : "",
            side(row, Side.NS).map(Reports::exact).orElse(""),
            side(row, Side.EW).map(Reports::exact).orElse(""));
        out.print(String.join(",", cells.stream().map(Reports::quote).toList()) + "\n");
      }
    }
  }

  /** RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled. */
  static String quote(String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0
        && field.indexOf('\r') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }

  // ---- cells -------------------------------------------------------------------------------

  /** A side's points, or at a bye the points of the pair or first player on that side. */
  private static Optional<Fraction> side(ScoredRow row, Side side) {
    if (row.row().outcome() instanceof Outcome.Bye) {
      List<String> who = side == Side.NS ? row.row().ns() : row.row().ew();
      return who.isEmpty() ? Optional.empty() : Optional.ofNullable(row.bye().get(who.get(0)));
    }
    return side == Side.NS ? row.ns() : row.ew();
  }

  private static String pair(List<String> ids) {
    return String.join("+", ids);
  }

  static String contract(Outcome o) {
    if (o instanceof Outcome.Played p) {
      return p.passedOut() ? "Pass" : p.contract().map(Contract::toBidString).orElse("?");
    }
    if (o instanceof Outcome.Adjusted a) {
      return a.ns().symbol() + "/" + a.ew().symbol();
    }
    return o instanceof Outcome.Assigned ? "Assigned" : "Bye";
  }

  static String declarer(Outcome o) {
    return o instanceof Outcome.Played p
        ? p.contract().map(c -> c.declarer().toString()).orElse("") : "";
  }

  static String tricks(Outcome o) {
    return o instanceof Outcome.Played p && p.tricks().isPresent()
        ? Integer.toString(p.tricks().getAsInt()) : "";
  }

  private static String score(Outcome o) {
    return o instanceof Outcome.Played p ? signed(p.nsScore()) : "";
  }

  private static String signed(int points) {
    return points > 0 ? "+" + points : Integer.toString(points);
  }

  /** Points as results files print them: matchpoints and summed IMPs to one decimal. */
  private static String points(Method m, Fraction p) {
    return p.round(m.isAveraged() ? 2 : 1).toPlainString();
  }

  /** Points for a machine: exact when they end within two decimals, else rounded to two. */
  private static String exact(Fraction p) {
    return p.round(2).stripTrailingZeros().setScale(Math.max(0,
        p.round(2).stripTrailingZeros().scale()), RoundingMode.UNNECESSARY).toPlainString();
  }
}
