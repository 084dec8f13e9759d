package org.tenace.bridge.event;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.pbn.PbnContract;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnReader.Located;
import org.tenace.bridge.pbn.PbnScore;
import org.tenace.bridge.pbn.PbnTable;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.ReadResult;
import org.tenace.bridge.score.DuplicateScore;

/**
 * Reads a PBN results file into boards and tables, as real exporters write them. A record with a
 * ScoreTable (Ruter) holds a whole board: one row per table, pairs or players, adjusted and bye
 * rows. Other records (PbnTools, BBO, BEN) hold one table each and are grouped into boards by Board
 * and Deal. Whatever cannot be used is reported with the file, the line and the reason; the rest is
 * read on.
 */
public final class EventReader {
  private static final String SCORE_TABLE = "ScoreTable";
  private static final String TOTAL_TABLE = "TotalScoreTable";
  private static final Pattern FIGURE_COLUMN =
      Pattern.compile("(MP|Percentage|IMP)_(NS|EW|North|South|East|West)");
  // Ruter writes a match's IMPs after its segments' as the segment numbered 200.
  private static final String MATCH_TOTAL = "200";
  private static final Set<String> PASS_SPELLINGS =
      Set.of("PASS", "P", "AP", "PASSED", "ALL PASS", "ALLPASS", "PASSED OUT");

  private final String file;
  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final Map<String, String> names = new LinkedHashMap<>();
  private boolean sectioned;
  private boolean individual;
  private boolean oldScoring;

  private EventReader(String file) {
    this.file = file;
  }

  /**
   * What reading a file gave: the event, every problem met on the way, and how many PBN games of
   * a board (with a Board or Deal tag) the file held: none is a file that is not PBN, or a text
   * that quotes a tag pair or two (a README).
   */
  public record Read(ResultsFile event, List<Diagnostic> diagnostics, int games) {
    public Read {
      Objects.requireNonNull(event, "event");
      diagnostics = List.copyOf(diagnostics);
    }
  }

  /** Reads the bytes of a PBN file named {@code file} (the name is used in messages). */
  public static Read read(byte[] bytes, String file) {
    EventReader reader = new EventReader(file);
    ReadResult<Located> games = PbnReader.readLocated(bytes, file);
    reader.diagnostics.addAll(games.diagnostics());
    ResultsFile event = reader.event(games.values());
    int boards = (int) games.values().stream().map(Located::game)
        .filter(g -> g.tag("Board").isPresent() || g.tag("Deal").isPresent()).count();
    return new Read(event, reader.diagnostics, boards);
  }

  // ---- the event ---------------------------------------------------------------------------

  private ResultsFile event(List<Located> games) {
    Optional<String> title = Optional.empty();
    Set<String> scoring = Set.of();
    Optional<Method> scoringMethod = Optional.empty();
    for (Located g : games) {
      if (title.isEmpty()) {
        title = g.game().event().filter(EventReader::known);
      }
      Optional<String> s = g.game().scoring().filter(EventReader::known);
      if (scoringMethod.isEmpty() && s.isPresent()) {
        scoring = Method.fields(s.get());
        scoringMethod = Method.fromScoring(s.get());
      }
    }
    oldScoring = scoring.contains("OLDMP");
    sectioned = idsRepeatAcrossSections(games);

    // A record of one table whose board and deal have a ScoreTable elsewhere (a session's
    // export: every table's auction and play, the board's ScoreTable in its first record) is one
    // of that table's rows: it joins that board, checked only, instead of making a second board.
    Map<Object, Object> withScoreTable = new HashMap<>();
    for (int i = 0; i < games.size(); i++) {
      PbnGame g = games.get(i).game();
      if (resultsTable(g).isPresent() && g.board().isPresent() && g.deal().isPresent()) {
        withScoreTable.putIfAbsent(tableKey(g), i);
      }
    }
    Map<Object, List<Located>> groups = new LinkedHashMap<>();
    for (int i = 0; i < games.size(); i++) {
      Object key = key(games.get(i).game(), i);
      groups.computeIfAbsent(withScoreTable.getOrDefault(key, key), k -> new ArrayList<>())
          .add(games.get(i));
    }
    List<BoardResults> boards = new ArrayList<>();
    boolean mp = false;
    boolean imp = false;
    boolean butler = false;
    for (List<Located> group : groups.values()) {
      Optional<BoardResults> board = board(group);
      if (board.isEmpty()) {
        continue;
      }
      boards.add(board.get());
      for (TableRow row : board.get().rows()) {
        for (Recorded r : row.recorded()) {
          mp |= r.kind() == Recorded.Kind.MATCHPOINTS || r.kind() == Recorded.Kind.PERCENTAGE;
          imp |= r.kind() == Recorded.Kind.IMPS;
        }
      }
      butler |= board.get().butlerDatum();
    }
    Optional<Method> columnMethod = mp ? Optional.of(Method.MP)
        : butler ? Optional.of(Method.BUTLER)
        : imp ? Optional.of(Method.IMP_CROSS) : Optional.empty();
    List<ResultsFile.TotalLine> totals = totals(games);
    return new ResultsFile(file, title, boards, matches(games), totals, scoring, columnMethod,
        scoringMethod, names, individual);
  }

  private static boolean known(String v) {
    return !v.isBlank() && !v.equals("?");
  }

  /**
   * True when the same pair or player id is used in two sections of the ScoreTables: then ids
   * are qualified by their section ({@code A/5}), else they stand alone as the file prints them.
   */
  private static boolean idsRepeatAcrossSections(List<Located> games) {
    Map<String, String> sectionOf = new HashMap<>();
    for (Located g : games) {
      Optional<PbnTable> t = g.game().table(SCORE_TABLE);
      if (t.isEmpty() || !t.get().hasColumn("Section")) {
        continue;
      }
      for (PbnTable.Row r : t.get().rows()) {
        String section = value(r, "Section").orElse("");
        for (String c : List.of("PairId_NS", "PairId_EW", "PlayerId_North", "PlayerId_South",
            "PlayerId_East", "PlayerId_West")) {
          Optional<String> id = value(r, c);
          if (id.isPresent()) {
            String before = sectionOf.putIfAbsent(id.get(), section);
            if (before != null && !before.equals(section)) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * A record with a ScoreTable is a board by itself (Ruter: every table's result is in it); records
   * of one table each are grouped by board number and deal; a record with neither stands alone.
   */
  private static Object key(PbnGame game, int index) {
    OptionalInt board = game.board();
    Optional<String> deal = game.deal().map(d -> d.toPbn(Seat.NORTH));
    if (resultsTable(game).isPresent() || (board.isEmpty() && deal.isEmpty())) {
      return index;
    }
    return tableKey(game);
  }

  /** The key of a record of one table: its board number and deal. */
  private static Object tableKey(PbnGame game) {
    OptionalInt board = game.board();
    return List.of(board.isPresent() ? board.getAsInt() : -1,
        game.deal().map(d -> d.toPbn(Seat.NORTH)).orElse(""));
  }

  // ---- one board ---------------------------------------------------------------------------

  private Optional<BoardResults> board(List<Located> group) {
    Located first = group.stream().filter(g -> resultsTable(g.game()).isPresent()).findFirst()
        .orElse(group.get(0));
    PbnGame game = first.game();
    OptionalInt number = game.board();
    Optional<Board> board = number.isPresent()
        ? Optional.of(Board.of(number.getAsInt())) : Optional.empty();
    Optional<Seat> dealer = game.dealer().or(() -> board.map(Board::dealer));
    Optional<Vulnerability> vul = game.vulnerability().or(() -> board.map(Board::vulnerability));
    String where = number.isPresent() ? "board " + number.getAsInt() + ": " : "";
    boolean teams = teamMatch(group);

    Optional<PbnTable> table = resultsTable(game);
    List<TableRow> fromRecords = new ArrayList<>();
    for (int i = 0; i < group.size(); i++) {
      recordRow(group.get(i), i + 1, vul, group.size() > 1).ifPresent(fromRecords::add);
    }
    List<TableRow> rows = table.isPresent()
        ? scoreTableRows(first, table.get(), vul, where) : List.of();
    if (!rows.isEmpty()) {
      // The record's own result, if it has one, is one of the table's rows: checked only.
      return Optional.of(new BoardResults(number, dealer, vul, rows, fromRecords,
          teams ? CrossImps.LAW_12C2 : CrossImps.RUTER, table.get().hasColumn("ButlerDatum"),
          first.line()));
    }
    if (fromRecords.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new BoardResults(number, dealer, vul, fromRecords, List.of(),
        CrossImps.LAW_12C2, false, first.line()));
  }

  /**
   * True when a board's records say it was played in a team match: a Competition tag of
   * {@code Teams} (PBN 2.1's Competition tag), as a session's export of a team match writes it.
   */
  private static boolean teamMatch(List<Located> group) {
    return group.stream().anyMatch(g -> g.game().tag("Competition")
        .filter(c -> c.strip().equalsIgnoreCase("Teams")).isPresent());
  }

  private static Optional<PbnTable> resultsTable(PbnGame game) {
    return game.table(SCORE_TABLE).filter(EventReader::holdsResults);
  }

  /** A ScoreTable of results, not one of a team match's matches (Ruter's TeamId_Home). */
  private static boolean holdsResults(PbnTable t) {
    return t.hasColumn("Score_NS") || t.hasColumn("Score_EW") || t.hasColumn("Contract");
  }

  // ---- a record of one table ---------------------------------------------------------------

  private Optional<TableRow> recordRow(Located g, int index, Optional<Vulnerability> boardVul,
      boolean many) {
    PbnGame game = g.game();
    Optional<Vulnerability> vul = game.vulnerability().or(() -> boardVul);
    String where = game.board().isPresent() ? "board " + game.board().getAsInt() + ": " : "";
    Optional<PbnContract> contract = game.contract();
    boolean passedOut = contract.isPresent() && contract.get() instanceof PbnContract.PassedOut;
    if (contract.isEmpty() || contract.get() instanceof PbnContract.Trumps) {
      return Optional.empty();
    }
    Optional<Seat> declarer = game.declarer();
    OptionalInt tricks = passedOut ? OptionalInt.empty() : game.declarerTricks();
    Optional<Contract> played = Optional.empty();
    OptionalInt computed = OptionalInt.empty();
    if (passedOut) {
      computed = OptionalInt.of(DuplicateScore.PASSED_OUT);
    } else {
      PbnContract.Played p = (PbnContract.Played) contract.get();
      if (declarer.isEmpty()) {
        report(g.lineOf("Contract"), where + "Contract " + p.toPbn()
            + " has no declarer: the score is not worked out");
      } else {
        played = Optional.of(new Contract(p.bid(), p.doubling(), declarer.get()));
        if (tricks.isEmpty()) {
          report(g.lineOf("Contract"), where + "Contract " + p.toPbn()
              + " without a result: not scored");
        } else if (vul.isEmpty()) {
          report(g.lineOf("Contract"), where
              + "no vulnerability (no Vulnerable tag, no board number): the score is not"
              + " worked out");
        } else {
          computed = OptionalInt.of(nsScore(played.get(), tricks.getAsInt(), vul.get()));
        }
      }
    }
    List<Recorded> recorded = new ArrayList<>();
    OptionalInt fileScore = OptionalInt.empty();
    Optional<PbnScore> score = game.score();
    if (score.isPresent()) {
      OptionalInt ns = passedOut && score.get().declarer().isPresent()
          ? score.get().declarer() : score.get().nsPoints(declarer);
      int line = g.lineOf("Score");
      if (ns.isEmpty()) {
        report(line, where + "Score \"" + score.get().toPbn()
            + "\" is the declarer's score but there is no declarer: not used");
      } else if (ns.getAsInt() % 10 != 0) {
        report(line, where + "Score \"" + score.get().toPbn()
            + "\" is not a multiple of 10: not used");
      } else {
        fileScore = ns;
        recorded.add(new Recorded(Recorded.Kind.SCORE_TAG, "Score", Side.NS, Optional.empty(),
            game.tag("Score").orElse(score.get().toPbn()), ns, line));
      }
    }
    if (fileScore.isEmpty() && computed.isEmpty()) {
      return Optional.empty();
    }
    int nsScore = fileScore.isPresent() ? fileScore.getAsInt() : computed.getAsInt();
    String table = game.tag("Table").filter(EventReader::known)
        .or(() -> game.tag("Room").filter(EventReader::known))
        .orElse(many ? Integer.toString(index) : "1");
    List<String> ns = pair(game, "PairNS", Seat.NORTH, Seat.SOUTH);
    List<String> ew = pair(game, "PairEW", Seat.EAST, Seat.WEST);
    return Optional.of(new TableRow("", table, ns, ew,
        new Outcome.Played(played, passedOut, tricks, nsScore, computed), recorded,
        g.lineOf(score.isPresent() ? "Score" : "Contract")));
  }

  /** A record's pair: its PairNS/PairEW tag, else its players' names joined, else unknown. */
  private List<String> pair(PbnGame game, String tag, Seat first, Seat second) {
    Optional<String> id = game.tag(tag).filter(EventReader::known);
    if (id.isPresent()) {
      return List.of(id.get());
    }
    Map<Seat, String> players = game.players();
    List<String> parts = new ArrayList<>();
    for (Seat s : List.of(first, second)) {
      Optional.ofNullable(players.get(s)).filter(EventReader::known).ifPresent(parts::add);
    }
    return parts.isEmpty() ? List.of() : List.of(String.join(" - ", parts));
  }

  // ---- a ScoreTable ------------------------------------------------------------------------

  private List<TableRow> scoreTableRows(Located g, PbnTable t, Optional<Vulnerability> vul,
      String where) {
    List<TableRow> out = new ArrayList<>();
    List<PbnTable.Row> rows = t.rows();
    for (int i = 0; i < rows.size(); i++) {
      PbnTable.Row r = rows.get(i);
      int line = g.lineOfRow(SCORE_TABLE, i);
      String at = where + "ScoreTable row " + (i + 1) + ": ";
      try {
        scoreTableRow(t, r, i, line, vul, at).ifPresent(row -> {
          out.add(row);
          int copies = multiplicity(r, line, at);
          for (int k = 1; k < copies; k++) {
            out.add(new TableRow(row.section(), row.table(), List.of(), List.of(),
                row.outcome(), List.of(), line));
          }
        });
      } catch (IllegalArgumentException e) {
        report(line, at + e.getMessage() + "; row left out");
      }
    }
    return out;
  }

  private Optional<TableRow> scoreTableRow(PbnTable t, PbnTable.Row r, int index, int line,
      Optional<Vulnerability> vul, String at) {
    String section = value(r, "Section").orElse("");
    String table = value(r, "Table").map(v -> section + v).orElse(Integer.toString(index + 1));
    List<String> ns = new ArrayList<>();
    List<String> ew = new ArrayList<>();
    Map<String, String> byColumn = new HashMap<>();
    if (r.get("PairId_NS").isPresent() || r.get("PairId_EW").isPresent()) {
      participant(r, section, "PairId_NS", "Names_NS", ns, byColumn, "NS");
      participant(r, section, "PairId_EW", "Names_EW", ew, byColumn, "EW");
    } else if (r.get("PlayerId_North").isPresent() || r.get("PlayerId_East").isPresent()) {
      individual = true;
      participant(r, section, "PlayerId_North", null, ns, byColumn, "North");
      participant(r, section, "PlayerId_South", null, ns, byColumn, "South");
      participant(r, section, "PlayerId_East", null, ew, byColumn, "East");
      participant(r, section, "PlayerId_West", null, ew, byColumn, "West");
    } else {
      participant(r, section, "Names_NS", null, ns, byColumn, "NS");
      participant(r, section, "Names_EW", null, ew, byColumn, "EW");
    }

    Optional<String> scoreNs = value(r, "Score_NS");
    Optional<String> scoreEw = value(r, "Score_EW");
    List<Recorded> recorded = new ArrayList<>();
    Outcome outcome;
    if (isBye(scoreNs) || isBye(scoreEw)) {
      outcome = new Outcome.Bye();
    } else if (isAssigned(scoreNs) || isAssigned(scoreEw)) {
      // An assigned score (Law 12C1) as the director wrote it, each side's in its own column;
      // one side given alone is the score of both.
      if (vul.isEmpty()) {
        throw new IllegalArgumentException("an assigned score needs the board's vulnerability");
      }
      outcome = Assignment.parse(scoreNs.orElseGet(scoreEw::get),
          scoreEw.orElseGet(scoreNs::get)).outcome(vul.get());
    } else if (artificial(scoreNs).isPresent() || artificial(scoreEw).isPresent()) {
      Optional<Artificial> a = artificial(scoreNs);
      Optional<Artificial> b = artificial(scoreEw);
      // One side given alone: the other gets the balancing score (A+ against A-).
      outcome = new Outcome.Adjusted(a.orElseGet(() -> mirror(b.get())),
          b.orElseGet(() -> mirror(a.get())));
    } else {
      OptionalInt fileNs = OptionalInt.empty();
      for (Side side : Side.values()) {
        Optional<String> text = side == Side.NS ? scoreNs : scoreEw;
        String column = side == Side.NS ? "Score_NS" : "Score_EW";
        if (text.isEmpty()) {
          continue;
        }
        try {
          int n = points(text.get(), column);
          int points = side == Side.NS ? n : -n;
          recorded.add(new Recorded(Recorded.Kind.SCORE_COLUMN, column, side, Optional.empty(),
              text.get(), OptionalInt.of(points), line));
          if (fileNs.isEmpty()) {
            fileNs = OptionalInt.of(points);
          }
        } catch (IllegalArgumentException e) {
          report(line, at + e.getMessage() + "; not used");
        }
      }
      Optional<String> contractText = value(r, "Contract");
      if (contractText.isEmpty() && fileNs.isEmpty()) {
        return Optional.empty(); // a table that has not played the board (yet)
      }
      boolean passedOut = contractText.isPresent() && PASS_SPELLINGS.contains(
          contractText.get().strip().toUpperCase(Locale.ROOT));
      Optional<Contract> contract = Optional.empty();
      OptionalInt tricks = OptionalInt.empty();
      OptionalInt computed = OptionalInt.empty();
      if (passedOut) {
        computed = OptionalInt.of(DuplicateScore.PASSED_OUT);
      } else if (contractText.isPresent()) {
        try {
          Contract full = contract(contractText.get(), value(r, "Declarer"));
          contract = Optional.of(full);
          tricks = value(r, "Result").map(v -> tricks(v, full)).map(OptionalInt::of)
              .orElse(OptionalInt.empty());
          if (tricks.isPresent() && vul.isPresent()) {
            computed = OptionalInt.of(nsScore(full, tricks.getAsInt(), vul.get()));
          }
        } catch (IllegalArgumentException e) {
          if (fileNs.isEmpty()) {
            throw e;
          }
          // The table's score is what the others are compared with: keep it.
          report(line, at + e.getMessage() + "; the recorded score is used");
          contract = Optional.empty();
          tricks = OptionalInt.empty();
        }
      }
      if (fileNs.isEmpty() && computed.isEmpty()) {
        throw new IllegalArgumentException("no score and no result to work one out");
      }
      outcome = new Outcome.Played(contract, passedOut, tricks,
          fileNs.isPresent() ? fileNs.getAsInt() : computed.getAsInt(), computed);
    }
    for (PbnTable.Column c : t.columns()) {
      Matcher m = FIGURE_COLUMN.matcher(c.name());
      Optional<String> v = value(r, c.name());
      if (!m.matches() || v.isEmpty()) {
        continue;
      }
      Recorded.Kind kind = switch (m.group(1)) {
        case "MP" -> Recorded.Kind.MATCHPOINTS;
        case "Percentage" -> Recorded.Kind.PERCENTAGE;
        default -> Recorded.Kind.IMPS;
      };
      String who = m.group(2);
      Side side = who.equals("NS") || who.equals("North") || who.equals("South")
          ? Side.NS : Side.EW;
      recorded.add(Recorded.figure(kind, c.name(), side,
          Optional.ofNullable(byColumn.get(who)), v.get(), line));
    }
    if (t.hasColumn("Multiplicity")) {
      // A frequency table (PBN 2.1 section 5.9): its rows stand for scores across a field, not
      // for this event's tables, and its percentages are the field's; they are not recomputed.
      recorded.removeIf(x -> x.kind() != Recorded.Kind.SCORE_COLUMN);
    }
    value(r, "ButlerDatum").ifPresent(v -> recorded.add(Recorded.figure(Recorded.Kind.DATUM,
        "ButlerDatum", Side.NS, Optional.empty(), v, line)));
    // Tenace's columns for a procedural penalty (Law 90), each side's in the event's points.
    return Optional.of(new TableRow(section, table, ns, ew, outcome, recorded, line,
        penalty(r, "Penalty_NS"), penalty(r, "Penalty_EW")));
  }

  private void participant(PbnTable.Row r, String section, String idColumn, String namesColumn,
      List<String> into, Map<String, String> byColumn, String who) {
    Optional<String> id = value(r, idColumn);
    if (id.isEmpty()) {
      return;
    }
    String key = sectioned && !section.isEmpty() ? section + "/" + id.get() : id.get();
    into.add(key);
    byColumn.put(who, key);
    if (namesColumn != null) {
      value(r, namesColumn).ifPresent(n -> names.putIfAbsent(key, n.replace(';', '-')));
    }
  }

  /** A procedural penalty's points, a decimal such as {@code 0.5}; 0 when the cell is empty. */
  private static Fraction penalty(PbnTable.Row r, String column) {
    Optional<String> v = value(r, column);
    if (v.isEmpty()) {
      return Fraction.ZERO;
    }
    try {
      BigDecimal d = new BigDecimal(v.get());
      if (d.signum() < 0 || d.scale() > 6) {
        throw new NumberFormatException();
      }
      return Fraction.of(d.unscaledValue().longValueExact(),
          java.math.BigInteger.TEN.pow(Math.max(0, d.scale())).longValueExact())
          .times(Fraction.of(d.scale() < 0 ? java.math.BigInteger.TEN.pow(-d.scale())
              .longValueExact() : 1));
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(column + " '" + v.get()
          + "' is not a number of points to take off");
    }
  }

  private int multiplicity(PbnTable.Row r, int line, String at) {
    Optional<String> m = value(r, "Multiplicity");
    if (m.isEmpty()) {
      return 1;
    }
    try {
      int k = Integer.parseInt(m.get().strip());
      if (k >= 1 && k <= 1000) {
        return k;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    report(line, at + "Multiplicity '" + m.get() + "' is not a number of tables; read as 1");
    return 1;
  }

  // ---- the TotalScoreTable -----------------------------------------------------------------

  private List<ResultsFile.TotalLine> totals(List<Located> games) {
    for (Located g : games) {
      Optional<PbnTable> t = g.game().table(TOTAL_TABLE);
      if (t.isEmpty()) {
        continue;
      }
      String idColumn = t.get().hasColumn("PairId") ? "PairId"
          : t.get().hasColumn("PlayerId") ? "PlayerId"
          : t.get().hasColumn("TeamId") ? "TeamId" : null;
      if (idColumn == null) {
        return List.of();
      }
      List<ResultsFile.TotalLine> out = new ArrayList<>();
      List<PbnTable.Row> rows = t.get().rows();
      for (int i = 0; i < rows.size(); i++) {
        PbnTable.Row r = rows.get(i);
        Optional<String> id = value(r, idColumn);
        if (id.isEmpty()) {
          continue;
        }
        String section = value(r, "Section").orElse("");
        String key = sectioned && !section.isEmpty() ? section + "/" + id.get() : id.get();
        Map<String, String> values = new HashMap<>();
        for (PbnTable.Column c : t.get().columns()) {
          value(r, c.name()).ifPresent(v -> values.put(c.name(), v));
        }
        value(r, "Names").or(() -> value(r, "Name")).or(() -> value(r, "TeamName"))
            .ifPresent(n -> names.putIfAbsent(key, n));
        out.add(new ResultsFile.TotalLine(key, values, g.lineOfRow(TOTAL_TABLE, i)));
      }
      return out;
    }
    return List.of();
  }

  // ---- a team event's matches -------------------------------------------------------------

  /**
   * The matches of a team event: the rows of every ScoreTable of matches (TeamId_Home and
   * TeamId_Away), each match once however many records repeat it.
   */
  private List<TeamMatch> matches(List<Located> games) {
    Map<List<String>, TeamMatch> out = new LinkedHashMap<>();
    for (Located g : games) {
      Optional<PbnTable> t = g.game().table(SCORE_TABLE)
          .filter(x -> x.hasColumn("TeamId_Home") && x.hasColumn("TeamId_Away"));
      if (t.isEmpty()) {
        continue;
      }
      List<PbnTable.Row> rows = t.get().rows();
      for (int i = 0; i < rows.size(); i++) {
        PbnTable.Row r = rows.get(i);
        int line = g.lineOfRow(SCORE_TABLE, i);
        Optional<String> home = value(r, "TeamId_Home");
        Optional<String> away = value(r, "TeamId_Away");
        if (home.isEmpty() || away.isEmpty()) {
          report(line, "a match without its two teams (TeamId_Home, TeamId_Away): not read");
          continue;
        }
        String round = value(r, "Round").orElse("");
        String table = value(r, "Table").orElse("");
        String where = "round " + round + ", table " + table + ": ";
        List<TeamMatch.Segment> segments = new ArrayList<>();
        Optional<TeamMatch.Segment> total = Optional.empty();
        String details = value(r, "MatchDetails").orElse("");
        for (String part : details.isEmpty() ? new String[0] : details.split("\\|")) {
          Optional<TeamMatch.Segment> seg = segment(part);
          if (seg.isEmpty()) {
            report(line, where + "MatchDetails '" + part + "' is not a segment's number and"
                + " two teams' IMPs: not read");
          } else if (seg.get().number().equals(MATCH_TOTAL)) {
            total = seg;
          } else {
            segments.add(seg.get());
          }
        }
        TeamMatch m = new TeamMatch(round, table, home.get(), away.get(), segments, total,
            vp(r, "VP_Home", where, line), vp(r, "VP_Away", where, line), line);
        out.putIfAbsent(List.of(round, table, m.home(), m.away()), m);
      }
    }
    return List.copyOf(out.values());
  }

  /** {@code 2,79,2}: a segment's number, then the home team's IMPs and the away team's. */
  private static Optional<TeamMatch.Segment> segment(String text) {
    String[] f = text.strip().split(",");
    if (f.length != 3) {
      return Optional.empty();
    }
    try {
      return Optional.of(new TeamMatch.Segment(f[0].strip(), Integer.parseInt(f[1].strip()),
          Integer.parseInt(f[2].strip())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private Optional<BigDecimal> vp(PbnTable.Row r, String column, String where,
      int line) {
    Optional<String> v = value(r, column);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new BigDecimal(v.get()));
    } catch (NumberFormatException e) {
      report(line, where + column + " '" + v.get() + "' is not a number: not read");
      return Optional.empty();
    }
  }

  // ---- values ------------------------------------------------------------------------------

  /** An element: empty for {@code -}, {@code ""} and {@code ?}; an artificial {@code ^} dropped. */
  private static Optional<String> value(PbnTable.Row r, String column) {
    return r.get(column).map(v -> v.startsWith("^") ? v.substring(1) : v).map(String::strip)
        .filter(v -> !v.isEmpty() && !v.equals("?") && !v.equals("-"));
  }

  /** A result with its declarer ({@code 4S= by N}): an assigned score, not points. */
  private static boolean isAssigned(Optional<String> v) {
    return v.isPresent() && v.get().toLowerCase(Locale.ROOT).contains(" by ");
  }

  private static boolean isBye(Optional<String> v) {
    return v.isPresent() && v.get().equalsIgnoreCase("Bye");
  }

  private static Optional<Artificial> artificial(Optional<String> v) {
    if (v.isEmpty() || !v.get().toUpperCase(Locale.ROOT).startsWith("A")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Artificial.parse(v.get()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static Artificial mirror(Artificial a) {
    return switch (a) {
      case AVERAGE_PLUS -> Artificial.AVERAGE_MINUS;
      case AVERAGE_MINUS -> Artificial.AVERAGE_PLUS;
      case AVERAGE -> Artificial.AVERAGE;
    };
  }

  private static int points(String text, String column) {
    try {
      int n = Integer.parseInt(text.startsWith("+") ? text.substring(1) : text);
      if (n % 10 != 0) {
        throw new IllegalArgumentException(column + " " + text + " is not a multiple of 10");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(column + " '" + text + "' is not a score");
    }
  }

  private static Contract contract(String text, Optional<String> declarer) {
    PbnContract c = PbnContract.parse(text);
    if (!(c instanceof PbnContract.Played p)) {
      throw new IllegalArgumentException("impossible contract '" + text + "'");
    }
    if (declarer.isEmpty()) {
      throw new IllegalArgumentException("contract " + p.toPbn() + " has no declarer");
    }
    return new Contract(p.bid(), p.doubling(), seat(declarer.get()));
  }

  private static Seat seat(String text) {
    try {
      return Seat.parse(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("declarer '" + text + "' is not N, E, S or W");
    }
  }

  /** Tricks won by the declarer: {@code 9}, or relative to the contract ({@code =}, {@code +1}). */
  private static int tricks(String text, Contract contract) {
    String t = text.strip();
    int n;
    try {
      if (t.equals("=")) {
        n = contract.tricksNeeded();
      } else if (t.startsWith("+") || t.startsWith("-")) {
        n = contract.tricksNeeded() + Integer.parseInt(t);
      } else {
        n = Integer.parseInt(t);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("result '" + text + "' is not a number of tricks");
    }
    if (n < 0 || n > 13) {
      throw new IllegalArgumentException("result '" + text + "' is not 0..13 tricks");
    }
    return n;
  }

  /**
   * North-South's score by Law 77; with the Scoring modifier OldMP, without the extra 100 for
   * each doubled undertrick after the third not vulnerable (PBN 2.1 section 3.4.12).
   */
  private int nsScore(Contract c, int tricks, Vulnerability vul) {
    int ns = DuplicateScore.ns(c, tricks, vul);
    int down = c.tricksNeeded() - tricks;
    if (oldScoring && down > 3 && c.doubling() != Doubling.UNDOUBLED
        && !vul.isVulnerable(c.declarer())) {
      int back = 100 * (down - 3) * (c.doubling() == Doubling.REDOUBLED ? 2 : 1);
      ns += c.declarer().side() == Side.NS ? back : -back;
    }
    return ns;
  }

  private void report(int line, String reason) {
    diagnostics.add(new Diagnostic(file, Math.max(1, line), reason));
  }
}
