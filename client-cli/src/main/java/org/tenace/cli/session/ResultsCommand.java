package org.tenace.cli.session;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tenace.cli.common.ResultLines;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.SessionScoring;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace results SESSION --server HOST:PORT}: a session's results from a running server
 * (GetResults): the ranking and every board's traveller as text, the ranking as CSV, or the
 * hand record as PBN, each pair's scorecard, or the whole as the HTML page the server's HTTP
 * port serves ({@code /sessions/ID/results}). Anyone may read them once the session is over; its
 * director (with {@code --token}) at any time.
 */
@Command(name = "results", mixinStandardHelpOptions = true,
    description = "Print a session's results from a running server: the ranking and the "
        + "travellers (text), the ranking (csv), the hand record (pbn), or each pair's"
        + " scorecard (scorecards, scorecards-csv), or a page of it all (html).",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:printed", "1:the server refused (no such session, not over yet)",
        "2:the command line is wrong", "3:the server cannot be reached"})
public final class ResultsCommand implements Callable<Integer> {
  @Spec
  private CommandSpec spec;

  @Mixin
  SessionServer at = new SessionServer();

  @Parameters(index = "0", paramLabel = "SESSION", description = "the session's id")
  String session;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default), csv, pbn, scorecards, scorecards-csv or html")
  String format;

  @Option(names = "--token", paramLabel = "TOKEN",
      description = "the director's token: the results before the session is over")
  String token;

  @Override
  public Integer call() throws Exception {
    String f = format.strip().toLowerCase(Locale.ROOT);
    if (!List.of("text", "csv", "pbn", "scorecards", "scorecards-csv", "html").contains(f)) {
      throw new IllegalArgumentException("--format: text, csv, pbn, scorecards,"
          + " scorecards-csv or html, not '" + format + "'");
    }
    GetResultsResponse r = at.call(token, stub -> stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(session).build()));
    PrintWriter out = spec.commandLine().getOut();
    switch (f) {
      case "pbn" -> out.print(r.getPbn());
      case "html" -> html(r, out);
      case "csv" -> csv(r, out);
      case "scorecards" -> scorecards(r, out);
      case "scorecards-csv" -> scorecardsCsv(r, out);
      default -> text(r, out);
    }
    out.flush();
    return 0;
  }

  /** The server's results page, as it serves it on its HTTP port (older servers have none). */
  private static void html(GetResultsResponse r, PrintWriter out) {
    if (r.getHtml().isEmpty()) {
      throw new IllegalStateException("the server gives no results page: it is older than"
          + " this client");
    }
    out.print(r.getHtml());
  }

  /** The place, in {@link ResultLines#place}'s words. */
  static String place(Standing s) {
    return ResultLines.place(s);
  }

  /**
   * How far the session is, in the same words wherever it is shown (host, results): "7 of 18
   * results in (6 boards, each played at 3 tables)". A result is one board at one table.
   */
  static String progress(SessionStatus s) {
    String each = s.getBoards() > 0 && s.getBoardsTotal() % s.getBoards() == 0
        ? " (" + s.getBoards() + " boards, each played at " + s.getBoardsTotal() / s.getBoards()
            + (s.getBoardsTotal() / s.getBoards() == 1 ? " table)" : " tables)")
        : "";
    return s.getBoardsFinished() + " of " + s.getBoardsTotal() + " results in" + each;
  }

  /** The ranking, one line a pair (or team). */
  static void csv(GetResultsResponse r, PrintWriter out) {
    out.println("rank,pair,total,percentage,boards,name");
    for (Standing s : r.getRankingList()) {
      out.println(place(s) + "," + s.getPair() + "," + s.getTotal() + ","
          + s.getPercentage() + "," + s.getBoards() + "," + quote(s.getName()));
    }
  }

  private static String quote(String text) {
    return text.contains(",") || text.contains("\"")
        ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
  }

  static void text(GetResultsResponse r, PrintWriter out) {
    SessionStatus s = r.getStatus();
    boolean over = s.getState() == SessionState.SESSION_STATE_FINISHED;
    boolean aborted = s.getState() == SessionState.SESSION_STATE_ABORTED;
    out.printf("%s (session %s): %s, %d pairs, %s%n", s.getName(), s.getSessionId(),
        s.getMovement(), s.getPairs(), over ? "final results" : aborted
            ? "stopped by the director in round " + s.getRound()
            : "results so far, round " + s.getRound() + " of " + s.getRounds());
    out.println(progress(s));
    boolean teams = s.getScoring() == SessionScoring.SESSION_SCORING_TEAM_IMPS;
    boolean pct = r.getRankingList().stream().anyMatch(x -> !x.getPercentage().isEmpty());
    out.println();
    out.printf("  %5s  %s  %8s%s  Boards  Names%n", "Rank", teams ? "Team" : "Pair",
        teams ? "VPs" : pct ? "MPs" : "IMPs", pct ? "      %" : "");
    for (Standing x : r.getRankingList()) {
      out.printf("  %5s  %4d  %8s%s  %6d  %s%n", place(x), x.getPair(), x.getTotal(),
          pct ? String.format(Locale.ROOT, "  %5s", x.getPercentage()) : "", x.getBoards(),
          x.getName());
    }
    for (Traveller t : r.getTravellersList()) {
      out.println();
      out.printf("Board %d%n", t.getBoard());
      out.println("  Round Table  NS  EW  Contract  By  Tricks  NS score  NS pts  EW pts");
      for (TravellerLine l : t.getLinesList()) {
        String by = l.getContract().equals("Pass") || l.getContract().isEmpty() ? ""
            : declarer(l);
        boolean adjusted = !l.getAdjusted().isEmpty();
        out.printf("  %5d %5d %3d %3d  %-8s  %2s  %6s  %8s  %6s  %6s%n", l.getRound(),
            l.getTable(), l.getNsPair(), l.getEwPair(), adjusted ? l.getAdjusted()
                : l.getContract(), by, by.isEmpty() ? "" : Integer.toString(l.getTricks()),
            adjusted ? "" : Integer.toString(l.getNsScore()), l.getNsPoints(),
            l.getEwPoints());
        for (boolean ns : List.of(true, false)) {
          String p = ns ? l.getNsPenalty() : l.getEwPenalty();
          if (!p.isEmpty()) {
            out.printf("        procedural penalty (Law 90): pair %d -%s%n",
                ns ? l.getNsPair() : l.getEwPair(), p);
          }
        }
      }
    }
  }

  /** One board of one pair's scorecard, from the pair's side. */
  record CardLine(int round, int board, boolean northSouth, int against, String contract,
      String by, String tricks, String score, String points, String penalty) {}

  /**
   * Each pair's boards in the order played, from its own side: the opponents, the contract (or
   * the director's adjusted score), declarer, tricks, the pair's score, its points, and a
   * procedural penalty's points off its total.
   */
  static java.util.SortedMap<Integer, List<CardLine>> cards(GetResultsResponse r) {
    java.util.SortedMap<Integer, List<CardLine>> out = new java.util.TreeMap<>();
    for (Traveller t : r.getTravellersList()) {
      for (TravellerLine l : t.getLinesList()) {
        boolean adjusted = !l.getAdjusted().isEmpty();
        String contract = adjusted ? l.getAdjusted() : l.getContract();
        String by = adjusted || l.getContract().equals("Pass") || l.getContract().isEmpty()
            ? "" : declarer(l);
        String tricks = by.isEmpty() ? "" : Integer.toString(l.getTricks());
        for (boolean ns : List.of(true, false)) {
          String score = adjusted ? "" : Integer.toString(ns ? l.getNsScore() : -l.getNsScore());
          out.computeIfAbsent(ns ? l.getNsPair() : l.getEwPair(), k -> new java.util.ArrayList<>())
              .add(new CardLine(l.getRound(), t.getBoard(), ns, ns ? l.getEwPair()
                  : l.getNsPair(), contract, by, tricks, score,
                  ns ? l.getNsPoints() : l.getEwPoints(),
                  ns ? l.getNsPenalty() : l.getEwPenalty()));
        }
      }
    }
    out.values().forEach(v -> v.sort(java.util.Comparator.comparingInt(CardLine::round)
        .thenComparingInt(CardLine::board)));
    return out;
  }

  /** Every pair's scorecard, as a club pins them up, with its place and total. */
  static void scorecards(GetResultsResponse r, PrintWriter out) {
    java.util.Map<Integer, Standing> standings = new java.util.HashMap<>();
    r.getRankingList().forEach(x -> standings.put(x.getPair(), x));
    boolean pct = r.getRankingList().stream().anyMatch(x -> !x.getPercentage().isEmpty());
    boolean first = true;
    for (var card : cards(r).entrySet()) {
      if (!first) {
        out.println();
      }
      first = false;
      Standing st = standings.get(card.getKey());
      out.printf("Pair %d%s%s%n", card.getKey(), st == null || st.getName().isEmpty() ? ""
          : " (" + st.getName() + ")", st == null ? "" : ": place " + place(st) + ", "
              + st.getTotal()
              + (pct ? " MPs, " + st.getPercentage() + "%" : " IMPs"));
      out.println("  Round  Board  Dir  Against  Contract  By  Tricks   Score  Points");
      for (CardLine l : card.getValue()) {
        out.printf("  %5d  %5d  %3s  %7d  %-8s  %2s  %6s  %6s  %6s%s%n", l.round(), l.board(),
            l.northSouth() ? "NS" : "EW", l.against(), l.contract(), l.by(), l.tricks(),
            l.score(), l.points(), l.penalty().isEmpty() ? ""
                : "  penalty -" + l.penalty() + " (Law 90)");
      }
    }
  }

  /**
   * The scorecards as CSV: one line a pair and board, the score and points the pair's own, and
   * what a procedural penalty (Law 90) took off its total on the board (empty for none).
   */
  static void scorecardsCsv(GetResultsResponse r, PrintWriter out) {
    out.println("pair,round,board,direction,against,contract,declarer,tricks,score,points,"
        + "penalty");
    for (var card : cards(r).entrySet()) {
      for (CardLine l : card.getValue()) {
        out.println(card.getKey() + "," + l.round() + "," + l.board() + ","
            + (l.northSouth() ? "NS" : "EW") + "," + l.against() + "," + quote(l.contract())
            + "," + l.by() + "," + l.tricks() + "," + l.score() + "," + l.points() + ","
            + l.penalty());
      }
    }
  }

  /** The line's declarer as its letter; the server sends one with every contract. */
  private static String declarer(TravellerLine l) {
    return String.valueOf(Vocabulary.seat(l.getDeclarer()).letter());
  }
}
