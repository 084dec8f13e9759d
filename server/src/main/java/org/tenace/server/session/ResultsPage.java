package org.tenace.server.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.tenace.movement.Movement;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.record.HandRecord;
import org.tenace.solver.DdTable;
import org.tenace.solver.Par;
import org.tenace.solver.ParResult;

/**
 * A session's results as one self-contained HTML page, what a club pins up or puts on its web
 * site: the ranking (ties as {@code 2-3}), each pair's scorecard, and for each board its
 * traveller and its hands with their double-dummy table and par. Its only style is inline (one
 * {@code <style>} element, allowed by its hash, {@link #STYLE_HASH}); it needs no script, so it
 * can be saved as a file and opened anywhere.
 *
 * <p>While the session is played the page shows what is known so far and says so: a board's
 * results and hands appear only once every table that is to play it has (or the session is
 * over), so that nobody learns anything of a board still to be played at their table; the
 * ranking counts those boards only.
 */
public final class ResultsPage {
  private ResultsPage() {}

  private static final String STYLE = "body{font-family:sans-serif;margin:1em auto;"
      + "max-width:60em;padding:0 1em;color:#111}"
      + "table{border-collapse:collapse;margin:.5em 0 1em}"
      + "th,td{border:1px solid #bbb;padding:.15em .5em;text-align:right}"
      + "th{background:#eee}td.l,th.l{text-align:left}"
      + ".note{background:#fff6d5;border:1px solid #e0c060;padding:.5em}"
      + ".board{break-inside:avoid;margin-bottom:1.5em}"
      + "table.deal td{border:none;text-align:left;vertical-align:top;padding:.1em .6em}"
      + ".red{color:#c00}.hidden{color:#666;font-style:italic}"
      + "@media print{.note{border:none}}";

  /** The Content-Security-Policy source that allows the page's one style element. */
  public static final String STYLE_HASH = "'sha256-" + sha256(STYLE) + "'";

  /**
   * The page of {@code session} as it stands; {@code tables} gives the double-dummy table of a
   * deal when one is at hand (none while the session is played: the solver waits for its end).
   */
  public static String render(Session session, Function<Deal, Optional<DdTable>> tables) {
    boolean over = session.state() == Session.State.FINISHED
        || session.state() == Session.State.ABORTED;
    Map<Integer, int[]> plays = playsByBoard(session);
    SessionResults results = SessionResults.of(session, b -> over || complete(plays, b));
    SessionPlan plan = session.plan();
    StringBuilder h = new StringBuilder(32_768);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width\">\n<title>")
        .append(esc(plan.name())).append(": results</title>\n<style>").append(STYLE)
        .append("</style>\n</head>\n<body>\n<h1>").append(esc(plan.name())).append("</h1>\n")
        .append("<p>Session ").append(esc(session.id())).append(": ")
        .append(esc(plan.movement().name())).append(", ").append(session.pairs())
        .append(" pairs, ").append(scoringWords(plan.scoring())).append(".</p>\n");
    int shown = results.travellers().size();
    int boards = plays.size();
    switch (session.state()) {
      case FINISHED -> h.append("<p><strong>Final results.</strong></p>\n");
      case ABORTED -> h.append("<p class=\"note\">The director stopped the session in round ")
          .append(session.round()).append(": these are its results as they stood.</p>\n");
      case WAITING -> h.append("<p class=\"note\">Results so far: the session has not started."
          + " Reload the page for the latest.</p>\n");
      case PLAYING -> h.append("<p class=\"note\">Results so far, not final: round ")
          .append(session.round()).append(" of ").append(plan.rounds()).append(" is in play. ")
          .append("They count the boards every table has played, ").append(shown).append(" of ")
          .append(boards).append("; a board's results and hands are shown once its last table"
              + " has played it. Reload the page for the latest.</p>\n");
    }
    ranking(h, session, results);
    scorecards(h, session, results);
    h.append("<h2>Boards</h2>\n");
    Map<Integer, SessionResults.Traveller> byBoard = new TreeMap<>();
    results.travellers().forEach(t -> byBoard.put(t.board(), t));
    for (Map.Entry<Integer, int[]> b : plays.entrySet()) {
      int board = b.getKey();
      SessionResults.Traveller t = byBoard.get(board);
      h.append("<div class=\"board\" id=\"board-").append(board).append("\">\n<h3>Board ")
          .append(board).append("</h3>\n");
      if (t == null) {
        h.append("<p class=\"hidden\">Played at ").append(b.getValue()[0]).append(" of ")
            .append(b.getValue()[1]).append(b.getValue()[1] == 1 ? " table" : " tables")
            .append(" so far: its results and hands are shown once every table has played it."
                + "</p>\n</div>\n");
        continue;
      }
      Optional<Deal> deal = Optional.ofNullable(plan.deals().get(board));
      deal.ifPresent(d -> hands(h, plan.board(board), d, tables.apply(d), over));
      traveller(h, session, t, penalties(results));
      h.append("</div>\n");
    }
    h.append("<p><small>Tenace, duplicate bridge.</small></p>\n</body>\n</html>\n");
    return h.toString();
  }

  /**
   * Each board of the movement: how many of its tables have played it (or had it adjusted) and
   * how many are to, over the tables that are played (not those where a pair is absent).
   */
  static Map<Integer, int[]> playsByBoard(Session session) {
    Map<Integer, int[]> out = new TreeMap<>();
    for (int r = 1; r <= session.plan().rounds(); r++) {
      for (Movement.Table t : session.tablesPlayed(r)) {
        for (int b : t.boards()) {
          int[] n = out.computeIfAbsent(b, k -> new int[2]);
          n[1]++;
          if (session.played(r, t.number(), b)) {
            n[0]++;
          }
        }
      }
    }
    return out;
  }

  private static boolean complete(Map<Integer, int[]> plays, int board) {
    int[] n = plays.get(board);
    return n != null && n[0] >= n[1];
  }

  private static String scoringWords(SessionScoring s) {
    return switch (s) {
      case MATCHPOINTS -> "matchpoints";
      case CROSS_IMPS -> "IMPs across the field";
      case BUTLER -> "Butler IMPs";
      case TEAM_IMPS -> "team IMPs converted to Victory Points";
    };
  }

  private static String unit(SessionScoring s) {
    return switch (s) {
      case MATCHPOINTS -> "MPs";
      case TEAM_IMPS -> "VPs";
      default -> "IMPs";
    };
  }

  private static void ranking(StringBuilder h, Session session, SessionResults results) {
    SessionScoring scoring = session.plan().scoring();
    boolean teams = scoring.byMatch();
    boolean pct = scoring == SessionScoring.MATCHPOINTS;
    h.append("<h2>Ranking</h2>\n");
    if (results.ranking().isEmpty()) {
      h.append("<p class=\"hidden\">No board has been played at every table yet.</p>\n");
      return;
    }
    h.append("<table class=\"ranking\">\n<tr><th>Rank</th><th>").append(teams ? "Team" : "Pair")
        .append("</th><th class=\"l\">Names</th><th>").append(unit(scoring)).append("</th>")
        .append(pct ? "<th>%</th>" : "").append("<th>Boards</th></tr>\n");
    for (Standing s : results.ranking()) {
      int n = Integer.parseInt(s.pair());
      String name = teams ? session.name(2 * n - 1) + " and " + session.name(2 * n)
          : session.name(n);
      h.append("<tr><td>").append(s.placeText()).append("</td><td>").append(n)
          .append("</td><td class=\"l\">").append(esc(name)).append("</td><td>")
          .append(decimal(s.total())).append("</td>");
      if (pct) {
        h.append("<td>").append(decimal(s.percentage().orElse(Fraction.ZERO))).append("</td>");
      }
      h.append("<td>").append(s.boards()).append("</td></tr>\n");
    }
    h.append("</table>\n");
    if (penalties(results)) {
      h.append("<p>The totals are after the director's procedural penalties (Law 90), shown on"
          + " the scorecards and travellers.</p>\n");
    }
  }

  /** One board of one pair's scorecard, from its own side, and its penalty (0 for none). */
  private record CardLine(SessionPlay play, boolean northSouth, Fraction points,
      Fraction penalty) {}

  /** True when a procedural penalty (Law 90) stands on a board shown. */
  private static boolean penalties(SessionResults results) {
    return results.travellers().stream().flatMap(t -> t.lines().stream())
        .anyMatch(l -> l.nsPenalty().signum() != 0 || l.ewPenalty().signum() != 0);
  }

  /** A penalty's cell: "&minus;0.5", or empty for none. */
  private static String penalty(Fraction points) {
    return points.signum() == 0 ? "" : "&minus;" + decimal(points);
  }

  private static void scorecards(StringBuilder h, Session session, SessionResults results) {
    Map<Integer, List<CardLine>> cards = new TreeMap<>();
    for (SessionResults.Traveller t : results.travellers()) {
      for (SessionResults.Line l : t.lines()) {
        cards.computeIfAbsent(l.play().ns(), k -> new ArrayList<>())
            .add(new CardLine(l.play(), true, l.ns(), l.nsPenalty()));
        cards.computeIfAbsent(l.play().ew(), k -> new ArrayList<>())
            .add(new CardLine(l.play(), false, l.ew(), l.ewPenalty()));
      }
    }
    if (cards.isEmpty()) {
      return;
    }
    SessionScoring scoring = session.plan().scoring();
    Map<String, Standing> standings = results.byPair();
    boolean withPenalties = penalties(results);
    h.append("<h2>Scorecards</h2>\n");
    for (Map.Entry<Integer, List<CardLine>> card : cards.entrySet()) {
      int pair = card.getKey();
      Standing st = scoring.byMatch() ? null : standings.get(Integer.toString(pair));
      h.append("<h3 id=\"pair-").append(pair).append("\">Pair ").append(pair);
      String name = session.name(pair);
      if (!name.isEmpty()) {
        h.append(" (").append(esc(name)).append(")");
      }
      if (st != null) {
        h.append(": place ").append(st.placeText()).append(", ").append(decimal(st.total()))
            .append(' ').append(unit(scoring));
        st.percentage().ifPresent(p -> h.append(", ").append(decimal(p)).append('%'));
      }
      h.append("</h3>\n<table class=\"scorecard\">\n<tr><th>Round</th><th>Board</th>"
          + "<th>Dir</th><th>Against</th><th class=\"l\">Contract</th><th>By</th>"
          + "<th>Tricks</th><th>Score</th><th>").append(scoring == SessionScoring.MATCHPOINTS
              ? "MPs" : "IMPs").append("</th>").append(withPenalties ? "<th>Penalty</th>" : "")
          .append("</tr>\n");
      card.getValue().sort(Comparator.comparingInt((CardLine c) -> c.play().round())
          .thenComparingInt(c -> c.play().board()));
      for (CardLine c : card.getValue()) {
        SessionPlay p = c.play();
        h.append("<tr><td>").append(p.round()).append("</td><td><a href=\"#board-")
            .append(p.board()).append("\">").append(p.board()).append("</a></td><td>")
            .append(c.northSouth() ? "NS" : "EW").append("</td><td>")
            .append(c.northSouth() ? p.ew() : p.ns()).append("</td>");
        result(h, p, c.northSouth());
        h.append("<td>").append(decimal(c.points())).append("</td>");
        if (withPenalties) {
          h.append("<td>").append(penalty(c.penalty())).append("</td>");
        }
        h.append("</tr>\n");
      }
      h.append("</table>\n");
    }
  }

  /** The contract, declarer, tricks and the score from one side (the director's ruling). */
  private static void result(StringBuilder h, SessionPlay p, boolean northSouth) {
    HandRecord r = p.record();
    if (p.ruled()) {
      h.append("<td class=\"l\">").append(esc(p.ruling())).append("</td><td></td><td></td>"
          + "<td></td>");
    } else if (r.passedOut()) {
      h.append("<td class=\"l\">Pass</td><td></td><td></td><td>0</td>");
    } else {
      var c = r.contract().orElseThrow();
      int ns = r.nsScore().orElse(0);
      h.append("<td class=\"l\">").append(contract(c.toBidString())).append("</td><td>")
          .append(c.declarer().letter()).append("</td><td>").append(r.result().orElse(0))
          .append("</td><td>").append(northSouth ? ns : -ns).append("</td>");
    }
  }

  private static void traveller(StringBuilder h, Session session, SessionResults.Traveller t,
      boolean withPenalties) {
    boolean mp = session.plan().scoring() == SessionScoring.MATCHPOINTS;
    String u = mp ? "MPs" : "IMPs";
    h.append("<table class=\"traveller\">\n<tr><th>Round</th><th>Table</th><th>NS</th>"
        + "<th>EW</th><th class=\"l\">Contract</th><th>By</th><th>Tricks</th>"
        + "<th>NS score</th><th>NS ").append(u).append("</th><th>EW ").append(u)
        .append("</th>").append(withPenalties ? "<th>NS penalty</th><th>EW penalty</th>" : "")
        .append("</tr>\n");
    for (SessionResults.Line l : t.lines()) {
      SessionPlay p = l.play();
      h.append("<tr><td>").append(p.round()).append("</td><td>").append(p.table())
          .append("</td><td><a href=\"#pair-").append(p.ns()).append("\">").append(p.ns())
          .append("</a></td><td><a href=\"#pair-").append(p.ew()).append("\">").append(p.ew())
          .append("</a></td>");
      result(h, p, true);
      h.append("<td>").append(decimal(l.ns())).append("</td><td>").append(decimal(l.ew()))
          .append("</td>");
      if (withPenalties) {
        h.append("<td>").append(penalty(l.nsPenalty())).append("</td><td>")
            .append(penalty(l.ewPenalty())).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static void hands(StringBuilder h, Board board, Deal deal, Optional<DdTable> dd,
      boolean over) {
    String centre = "Dealer " + board.dealer().word() + "<br>" + vulnerability(board);
    h.append("<table class=\"deal\">\n<tr><td></td><td>").append(hand(Seat.NORTH, deal))
        .append("</td><td></td></tr>\n<tr><td>").append(hand(Seat.WEST, deal))
        .append("</td><td>").append(centre).append("</td><td>").append(hand(Seat.EAST, deal))
        .append("</td></tr>\n<tr><td></td><td>").append(hand(Seat.SOUTH, deal))
        .append("</td><td></td></tr>\n</table>\n");
    if (dd.isEmpty()) {
      h.append("<p class=\"hidden\">").append(over
          ? "No double-dummy table yet: the server works them out after the session, a deal"
              + " at a time (reload the page later); a deal it cannot solve within its budget"
              + " goes without."
          : "Double-dummy tables come once the session is over.").append("</p>\n");
      return;
    }
    DdTable table = dd.get();
    List<Strain> strains = List.of(Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS,
        Strain.DIAMONDS, Strain.CLUBS);
    h.append("<table class=\"dd\">\n<tr><th>Tricks</th>");
    for (Strain s : strains) {
      h.append("<th>").append(strain(s)).append("</th>");
    }
    h.append("</tr>\n");
    for (Seat seat : List.of(Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)) {
      h.append("<tr><th>").append(seat.letter()).append("</th>");
      for (Strain s : strains) {
        h.append("<td>").append(table.tricks(s, seat)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
    ParResult par = Par.dealer(table, board.vulnerability(), board.dealer());
    h.append("<p>Par: ").append(par.scoreText()).append(par.contracts().isEmpty() ? ""
        : " (" + esc(String.join(", ", par.contractTexts())) + ")").append("</p>\n");
  }

  private static String vulnerability(Board board) {
    return switch (board.vulnerability()) {
      case NONE -> "Love all";
      case NS -> "N-S vulnerable";
      case EW -> "E-W vulnerable";
      case BOTH -> "Game all";
    };
  }

  private static String hand(Seat seat, Deal deal) {
    Hand hand = deal.hand(seat);
    StringBuilder s = new StringBuilder("<b>").append(seat.word()).append("</b>");
    for (Suit suit : List.of(Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)) {
      s.append("<br>").append(symbol(suit)).append(' ');
      List<Card> cards = hand.sortedForDisplay().stream().filter(c -> c.suit() == suit).toList();
      if (cards.isEmpty()) {
        s.append("&mdash;");
      }
      for (Card c : cards) {
        s.append(c.rank().letter() == 'T' ? "10" : String.valueOf(c.rank().letter()));
      }
    }
    return s.toString();
  }

  private static String symbol(Suit suit) {
    boolean red = suit == Suit.HEARTS || suit == Suit.DIAMONDS;
    return red ? "<span class=\"red\">" + suit.symbol() + "</span>" : String.valueOf(suit.symbol());
  }

  private static String strain(Strain s) {
    return s.trump().map(ResultsPage::symbol).orElse("NT");
  }

  /** "4HX" with its suit's symbol: "4♥X". */
  private static String contract(String bid) {
    for (Suit suit : Suit.values()) {
      int i = bid.indexOf(suit.letter());
      if (i > 0 && Character.isDigit(bid.charAt(i - 1))) {
        return bid.substring(0, i) + symbol(suit) + bid.substring(i + 1);
      }
    }
    return bid;
  }

  static String decimal(Fraction f) {
    return f.round(2).stripTrailingZeros().toPlainString();
  }

  /** Text made safe for HTML. */
  static String esc(String text) {
    StringBuilder s = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '&' -> s.append("&amp;");
        case '<' -> s.append("&lt;");
        case '>' -> s.append("&gt;");
        case '"' -> s.append("&quot;");
        case '\'' -> s.append("&#39;");
        default -> s.append(c);
      }
    }
    return s.toString();
  }

  private static String sha256(String text) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
