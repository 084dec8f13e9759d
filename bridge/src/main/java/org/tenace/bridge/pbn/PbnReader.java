package org.tenace.bridge.pbn;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.pbn.PbnLexer.Token;
import org.tenace.bridge.pbn.PbnLexer.Type;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.Encodings;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.Irregularity;
import org.tenace.bridge.record.ReadResult;

/**
 * Reads PBN files in import format (PBN 2.1), as tolerantly as the standard allows and a little
 * more: UTF-8, Latin-1 or Windows-1252 text, any line ends,
 * commentary, tag value inheritance ({@code #}, {@code ##}), and the spellings real programs
 * write. Nothing is thrown: each problem becomes a {@link Diagnostic} with the file name given,
 * the line and the reason, and reading goes on with the next tag or game.
 */
public final class PbnReader {
  private static final Set<String> NO_INHERITANCE = Set.of("Dealer", "Vulnerable", "Deal",
      "Declarer", "Contract", "Auction", "Play", "Note");
  private static final Set<String> KNOWN_TAGS = Set.of("Event", "Site", "Date", "Board", "West",
      "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
      "Result", "Competition", "DealId", "Description", "FrenchMP", "Generator", "Hidden", "Room",
      "Termination", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber",
      "ScoreRubberHistory", "OptimumScore", "OptimumContract", "BidSystemEW", "BidSystemNS",
      "PairEW", "PairNS", "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType",
      "EastType", "SouthType", "EventDate", "EventSponsor", "HomeTeam", "Round", "Section",
      "Stage", "Table", "VisitTeam", "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall",
      "TimeCard", "Annotator", "AnnotatorNA", "Application", "Mode", "ParScore");
  private static final List<String> TYPED_ORDER = List.of("Board", "Dealer", "Vulnerable",
      "Declarer", "Contract", "Deal", "Result", "Score");
  private static final Pattern SUB_TOKEN = Pattern.compile(
      "\\^.?|=[0-9]+=|\\$[0-9]+|[!?]{1,2}|\\*|\\+|[A-Za-z0-9-]+|.");
  private static final Pattern NOTE = Pattern.compile("\\s*([0-9]+)\\s*:(.*)", Pattern.DOTALL);
  private static final String[] SUFFIXES = {"!", "?", "!!", "??", "!?", "?!"};

  private final String file;
  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final Map<String, String> previous = new HashMap<>();
  private final Map<String, String> sticky = new LinkedHashMap<>();
  private String where = "";
  private final Map<String, List<Integer>> rowLines = new HashMap<>();

  private PbnReader(String file) {
    this.file = file;
  }

  /**
   * A game with where it was read: the line it starts on, the line of each tag, and the line of
   * each row of each table, for messages about its content that name a line.
   */
  public record Located(PbnGame game, int line, Map<String, Integer> tagLines,
      Map<String, List<Integer>> rowLines) {
    public Located {
      tagLines = Map.copyOf(tagLines);
      Map<String, List<Integer>> rows = new HashMap<>();
      rowLines.forEach((table, lines) -> rows.put(table, List.copyOf(lines)));
      rowLines = Map.copyOf(rows);
    }

    /** The line of a tag (or table); the game's first line when it has no such tag. */
    public int lineOf(String tag) {
      return tagLines.getOrDefault(tag, line);
    }

    /** The line where row {@code row} (from 0) of table {@code table} starts. */
    public int lineOfRow(String table, int row) {
      List<Integer> lines = rowLines.getOrDefault(table, List.of());
      return row >= 0 && row < lines.size() ? lines.get(row) : lineOf(table);
    }
  }

  /** Reads the bytes of a PBN file, detecting UTF-8 (with or without BOM) or Windows-1252. */
  public static ReadResult<PbnGame> read(byte[] bytes, String fileName) {
    return readText(decode(bytes), fileName);
  }

  /** Reads a PBN file from a stream; an I/O error is reported as a diagnostic. */
  public static ReadResult<PbnGame> read(InputStream in, String fileName) {
    try {
      return read(in.readAllBytes(), fileName);
    } catch (IOException e) {
      return new ReadResult<>(List.of(), List.of(new Diagnostic(fileName, 1,
          "cannot read the file: " + e.getMessage())));
    }
  }

  /** Reads PBN text that is already decoded. */
  public static ReadResult<PbnGame> readText(String text, String fileName) {
    PbnReader r = new PbnReader(fileName);
    List<Located> games = r.readAll(text);
    return new ReadResult<>(games.stream().map(Located::game).toList(), r.diagnostics);
  }

  /** Reads a PBN file, keeping the line of each game, tag and table row. */
  public static ReadResult<Located> readLocated(byte[] bytes, String fileName) {
    PbnReader r = new PbnReader(fileName);
    List<Located> games = r.readAll(decode(bytes));
    return new ReadResult<>(games, r.diagnostics);
  }

  /**
   * Reads a PBN file and converts each game to a {@link HandRecord}; a game that cannot be
   * converted (no dealer, for one) becomes a diagnostic at the line the game starts.
   */
  public static ReadResult<HandRecord> readHandRecords(byte[] bytes, String fileName) {
    PbnReader r = new PbnReader(fileName);
    List<Located> games = r.readAll(decode(bytes));
    List<HandRecord> out = new ArrayList<>();
    for (Located g : games) {
      String board = g.game().board().isPresent() ? "board " + g.game().board().getAsInt() + ": "
          : "";
      try {
        out.add(PbnRecords.toHandRecord(g.game(),
            w -> r.diagnostics.add(new Diagnostic(fileName, g.line(), board + w))));
      } catch (IllegalArgumentException e) {
        r.diagnostics.add(new Diagnostic(fileName, g.line(), board + e.getMessage()));
      }
    }
    return new ReadResult<>(out, r.diagnostics);
  }

  // ---- decoding ------------------------------------------------------------------------------

  /** The text of a PBN file: see {@link Encodings#decode}. */
  public static String decode(byte[] bytes) {
    return Encodings.decode(bytes);
  }

  // ---- games ---------------------------------------------------------------------------------

  private List<Located> readAll(String text) {
    List<Token> tokens;
    try {
      tokens = PbnLexer.tokens(text, (line, reason) -> report(line, reason));
    } catch (RuntimeException e) {
      report(1, "cannot read the file: " + e);
      return List.of();
    }
    List<Located> out = new ArrayList<>();
    List<Token> game = new ArrayList<>();
    for (int i = 0; i <= tokens.size(); i++) {
      boolean end = i == tokens.size();
      if (end || tokens.get(i).type() == Type.BREAK) {
        if (!game.isEmpty()) {
          try {
            readGame(game, end).ifPresent(out::add);
          } catch (RuntimeException e) {
            // A safety net: whatever slipped past the checks costs this game, not the file.
            report(game.get(0).line(), "game skipped: " + e);
          }
          game = new ArrayList<>();
        }
      } else {
        game.add(tokens.get(i));
      }
    }
    return out;
  }

  /** A tag pair and the section data or commentary after it. */
  private record RawTag(String name, String value, int line, List<Token> data) {
    boolean hasData() {
      return data.stream().anyMatch(t -> t.type() != Type.COMMENT);
    }

    List<String> comments() {
      return data.stream().filter(t -> t.type() == Type.COMMENT).map(Token::text).toList();
    }
  }

  private Optional<Located> readGame(List<Token> tokens, boolean lastInFile) {
    where = "";
    List<RawTag> raw = new ArrayList<>();
    List<String> startComments = new ArrayList<>();
    boolean strayReported = false;
    int i = 0;
    while (i < tokens.size()) {
      Token t = tokens.get(i);
      if (t.type() == Type.OPEN) {
        int[] next = {i + 1};
        RawTag tag = tagPair(tokens, next, t.line(), lastInFile);
        i = next[0];
        if (tag != null) {
          raw.add(tag);
        }
        continue;
      }
      if (!raw.isEmpty()) {
        raw.get(raw.size() - 1).data().add(t);
      } else if (t.type() == Type.COMMENT) {
        startComments.add(t.text());
      } else if (t.type() != Type.BAD && !strayReported) {
        report(t.line(), "text outside a tag pair ignored: '" + PbnLexer.shorten(t.text()) + "'");
        strayReported = true;
      }
      i++;
    }
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    int gameLine = tokens.get(0).line();
    for (RawTag t : raw) {
      if (t.name().equals("Board")) {
        where = "board " + t.value().strip() + ": ";
        break;
      }
    }
    Map<String, Integer> tagLines = new HashMap<>();
    for (RawTag t : raw) {
      tagLines.putIfAbsent(t.name(), t.line());
    }
    rowLines.clear();
    return assemble(raw, startComments, gameLine)
        .map(g -> new Located(g, gameLine, tagLines, rowLines));
  }

  /** Reads {@code [Name "value"]} from {@code at[0]} (just after '['), moving {@code at[0]} on. */
  private RawTag tagPair(List<Token> tokens, int[] at, int line, boolean lastInFile) {
    String name = null;
    String value = null;
    int i = at[0];
    while (i < tokens.size() && tokens.get(i).type() == Type.COMMENT) {
      i++;
    }
    String problem;
    if (i < tokens.size() && tokens.get(i).type() == Type.WORD) {
      name = tokens.get(i).text();
      i++;
      while (i < tokens.size() && tokens.get(i).type() == Type.COMMENT) {
        i++;
      }
      if (i < tokens.size() && tokens.get(i).type() == Type.STRING) {
        value = tokens.get(i).text();
        i++;
        while (i < tokens.size() && tokens.get(i).type() == Type.COMMENT) {
          i++;
        }
        if (i < tokens.size() && tokens.get(i).type() == Type.CLOSE) {
          at[0] = i + 1;
          if (!name.matches("[A-Za-z0-9_]+")) {
            report(line, "tag name '" + PbnLexer.shorten(name)
                + "' is not letters, digits and '_': tag ignored");
            return null;
          }
          return new RawTag(name, value, line, new ArrayList<>());
        }
        problem = "tag " + name + ": no ']' after the value";
      } else if (i < tokens.size() && tokens.get(i).type() == Type.BAD) {
        problem = null;
      } else if (i < tokens.size() && tokens.get(i).type() == Type.WORD) {
        problem = "tag " + name + ": the value must be a quoted string, not '"
            + PbnLexer.shorten(tokens.get(i).text()) + "'";
      } else {
        problem = "tag " + name + ": no quoted value";
      }
    } else if (i < tokens.size() && tokens.get(i).type() == Type.BAD) {
      problem = null;
    } else {
      problem = "'[' not followed by a tag name";
    }
    if (i >= tokens.size() && problem != null) {
      problem += lastInFile ? " (the file ends inside the tag pair)"
          : " (the game ends inside the tag pair)";
    }
    if (problem != null) {
      report(line, problem + ": tag ignored");
    }
    while (i < tokens.size() && tokens.get(i).type() != Type.OPEN) {
      i++;
    }
    at[0] = i;
    return null;
  }

  private Optional<PbnGame> assemble(List<RawTag> raw, List<String> startComments, int gameLine) {
    Map<String, RawTag> first = new LinkedHashMap<>();
    Map<String, List<RawTag>> notes = new HashMap<>();
    String section = null;
    for (RawTag t : raw) {
      if (t.name().equals("Note")) {
        notes.computeIfAbsent(section == null ? "Auction" : section, k -> new ArrayList<>())
            .add(t);
      } else if (!first.containsKey(t.name())) {
        // Section 3.4: in import format a tag that already occurred is ignored.
        first.put(t.name(), t);
        if (t.name().equals("Auction") || t.name().equals("Play")) {
          section = t.name();
        }
      }
    }
    Map<String, RawTag> resolved = inherit(first, gameLine);

    Map<String, String> tags = new LinkedHashMap<>();
    Map<String, PbnTable> tables = new LinkedHashMap<>();
    Map<String, List<String>> comments = new HashMap<>();
    comments.put("", new ArrayList<>(startComments));
    RawTag auctionTag = null;
    RawTag playTag = null;
    for (RawTag t : resolved.values()) {
      switch (t.name()) {
        case "Auction" -> auctionTag = t;
        case "Play" -> playTag = t;
        default -> {
          boolean tableTag = !KNOWN_TAGS.contains(t.name())
              && (t.name().endsWith("Table") || (t.hasData() && !t.value().isBlank()));
          PbnTable table = tableTag ? table(t) : null;
          if (table != null && (t.name().endsWith("Table") || !table.cells().isEmpty())) {
            tables.put(t.name(), table);
          } else {
            // A user section that lost all its rows (reported) is kept as the tag it reads as.
            tags.put(t.name(), t.value());
            if (table == null) {
              t.data().stream().filter(d -> d.type() != Type.COMMENT).findFirst().ifPresent(d ->
                  report(d.line(), "text after the " + t.name() + " tag ignored: '"
                      + PbnLexer.shorten(d.text()) + "'"));
            }
          }
          if (!t.comments().isEmpty()) {
            comments.put(t.name(), new ArrayList<>(t.comments()));
          }
        }
      }
    }

    // Typed tags: a value that cannot be read is dropped, with its reason.
    Optional<Seat> dealer = Optional.empty();
    Optional<Seat> declarer = Optional.empty();
    for (String name : TYPED_ORDER) {
      String v = tags.get(name);
      if (v == null || v.isEmpty() || v.equals("?")) {
        continue;
      }
      try {
        String c = PbnGame.canonicalValue(name, v, dealer, declarer);
        if (name.equals("Dealer")) {
          dealer = Optional.of(Seat.parse(c));
        } else if (name.equals("Declarer")) {
          declarer = Optional.of(Seat.parse(c.charAt(c.length() - 1)));
        }
      } catch (IllegalArgumentException e) {
        report(resolved.get(name).line(), name + " tag ignored: " + e.getMessage());
        tags.remove(name);
        List<String> lost = comments.remove(name);
        if (lost != null) {
          comments.get("").addAll(lost);
        }
      }
    }
    // BEN writes a passed-out board as Contract "" with Result "0".
    if ("".equals(tags.get("Contract")) && "0".equals(tags.getOrDefault("Result", "").strip())
        && tags.getOrDefault("Declarer", "").isEmpty()) {
      tags.put("Contract", "Pass");
    }

    Optional<PbnDeal> deal = Optional.empty();
    if (tags.containsKey("Deal") && !tags.get("Deal").isEmpty() && !tags.get("Deal").equals("?")) {
      deal = Optional.of(PbnDeal.parse(tags.get("Deal")));
    }
    Optional<PbnAuction> auction = Optional.empty();
    if (auctionTag != null) {
      auction = auction(auctionTag, notes.getOrDefault("Auction", List.of()), comments);
    } else if (notes.containsKey("Auction")) {
      RawTag n = notes.get("Auction").get(0);
      report(n.line(), "Note ignored: it belongs to an Auction or Play section and there is none");
    }
    if (auction.isPresent() && dealer.isPresent() && auction.get().first() != dealer.get()) {
      report(auctionTag.line(), "Auction starts at " + auction.get().first()
          + " but the dealer is " + dealer.get());
    }
    Optional<PbnPlay> play = Optional.empty();
    if (playTag != null) {
      play = play(playTag, notes.getOrDefault("Play", List.of()), comments, deal);
    }
    try {
      return Optional.of(new PbnGame(tags, auction, play, tables, comments));
    } catch (IllegalArgumentException e) {
      report(gameLine, "game skipped: " + e.getMessage());
      return Optional.empty();
    }
  }

  /** Section 4.8: {@code #} takes the previous game's value, {@code ##} sets one for all later. */
  private Map<String, RawTag> inherit(Map<String, RawTag> first, int gameLine) {
    Map<String, RawTag> out = new LinkedHashMap<>();
    for (RawTag t : first.values()) {
      String v = t.value();
      boolean inherits = v.equals("#") || v.startsWith("##");
      if (inherits && NO_INHERITANCE.contains(t.name())) {
        report(t.line(), t.name() + " tag ignored: '" + PbnLexer.shorten(v)
            + "': this tag cannot inherit a value (section 4.8)");
        continue;
      }
      if (v.equals("#")) {
        v = previous.getOrDefault(t.name(), "");
      } else if (v.startsWith("##")) {
        v = v.substring(2);
        if (!t.hasData()) {
          sticky.put(t.name(), v);
        }
      } else if (sticky.containsKey(t.name())) {
        sticky.put(t.name(), v);
      }
      if (looksInherited(v)) {
        report(t.line(), t.name() + " tag ignored: its value '" + PbnLexer.shorten(v)
            + "' would read as inheritance (section 4.8)");
        continue;
      }
      out.put(t.name(), new RawTag(t.name(), v, t.line(), t.data()));
    }
    for (Map.Entry<String, String> s : sticky.entrySet()) {
      if (!out.containsKey(s.getKey())) {
        out.put(s.getKey(), new RawTag(s.getKey(), s.getValue(), gameLine, new ArrayList<>()));
      }
    }
    for (RawTag t : out.values()) {
      if (!t.name().equals("Auction") && !t.name().equals("Play")) {
        previous.put(t.name(), t.value());
      }
    }
    return out;
  }

  static boolean looksInherited(String value) {
    return value.equals("#") || value.startsWith("##");
  }

  // ---- auction -------------------------------------------------------------------------------

  /** An entry being read, with the annotations that follow it. */
  private static final class Pending {
    OptionalInt note = OptionalInt.empty();
    final List<Integer> nags = new ArrayList<>();
    final List<String> comments = new ArrayList<>();

    Annotations annotations() {
      return new Annotations(note, nags, comments);
    }
  }

  private Optional<PbnAuction> auction(RawTag tag, List<RawTag> noteTags,
      Map<String, List<String>> comments) {
    Optional<Seat> first = sectionSeat(tag);
    if (first.isEmpty()) {
      return Optional.empty();
    }
    List<PbnAuction.Entry> entries = new ArrayList<>();
    List<Pending> pending = new ArrayList<>();
    List<String> sectionComments = comments.computeIfAbsent("Auction", k -> new ArrayList<>());
    boolean stopped = false;
    boolean broken = false;
    boolean insufficient = false;
    for (Token d : tag.data()) {
      if (d.type() == Type.COMMENT) {
        (pending.isEmpty() ? sectionComments : pending.get(pending.size() - 1).comments)
            .add(d.text());
        continue;
      }
      if (broken) {
        continue;
      }
      if (d.type() != Type.WORD) {
        report(d.line(), "Auction: a string has no place among the calls: \""
            + PbnLexer.shorten(d.text()) + "\"");
        continue;
      }
      Matcher m = SUB_TOKEN.matcher(d.text());
      while (m.find() && !broken) {
        String s = m.group();
        Pending last = pending.isEmpty() ? null : pending.get(pending.size() - 1);
        if (annotation(s, last, d.line(), "Auction", 0)) {
          continue;
        }
        if (stopped) {
          report(d.line(), "Auction: '" + s + "' after '*' ignored");
          broken = true;
          continue;
        }
        PbnAuction.Entry entry;
        switch (s.toUpperCase()) {
          case "^I" -> {
            insufficient = true;
            continue;
          }
          case "^S" -> entry = PbnAuction.Entry.of(PbnAuction.Kind.SKIPPED);
          case "*" -> {
            stopped = true;
            continue;
          }
          case "+" -> entry = PbnAuction.Entry.of(PbnAuction.Kind.CONTINUE);
          case "-" -> entry = PbnAuction.Entry.of(PbnAuction.Kind.NOT_YET);
          case "AP" -> entry = PbnAuction.Entry.of(PbnAuction.Kind.ALL_PASS);
          default -> {
            if (s.startsWith("^")) {
              report(d.line(), "Auction: '" + s + "' is not an irregularity of the auction"
                  + " (^I, ^S)");
              continue;
            }
            Call call;
            try {
              call = Call.parse(s);
            } catch (IllegalArgumentException e) {
              report(d.line(), "Auction: '" + PbnLexer.shorten(s) + "' is not a call ("
                  + e.getMessage() + "); the auction stops before it");
              broken = true;
              stopped = true;
              continue;
            }
            entry = PbnAuction.Entry.of(call);
          }
        }
        if (insufficient) {
          if (entry.call().orElse(null) instanceof Bid) {
            entry = new PbnAuction.Entry(entry.kind(), entry.call(), true, Annotations.NONE);
          } else {
            report(d.line(), "Auction: ^I must come before a bid, not '" + s + "'");
          }
          insufficient = false;
        }
        entries.add(entry);
        pending.add(new Pending());
      }
    }
    if (insufficient) {
      report(tag.line(), "Auction: ^I at the end, with no bid after it");
    }
    List<PbnAuction.Entry> annotated = new ArrayList<>();
    for (int k = 0; k < entries.size(); k++) {
      annotated.add(entries.get(k).with(pending.get(k).annotations()));
    }
    Map<Integer, String> notes = notes(noteTags, sectionComments);
    return Optional.of(new PbnAuction(first.get(), annotated, notes, stopped));
  }

  /**
   * A note reference, NAG or suffix after an entry: adds it to {@code last} and says true; false
   * for anything else. {@code nagBase} is 0 for calls, 6 for cards (section 3.7).
   */
  private boolean annotation(String s, Pending last, int line, String section, int nagBase) {
    char c = s.charAt(0);
    if (c != '=' && c != '$' && c != '!' && c != '?') {
      return false;
    }
    if (last == null) {
      report(line, section + ": '" + s + "' before any entry ignored");
      return true;
    }
    if (c == '=') {
      if (s.length() < 3 || !s.endsWith("=")) {
        report(line, section + ": '" + s + "' is not a note reference (=n=)");
      } else if (last.note.isPresent()) {
        report(line, section + ": a second note reference '" + s + "' ignored");
      } else {
        int n = parseSmall(s.substring(1, s.length() - 1));
        if (n < 1) {
          report(line, section + ": note reference '" + s + "' must be 1 or more");
        } else {
          last.note = OptionalInt.of(n);
        }
      }
    } else if (c == '$') {
      int n = parseSmall(s.substring(1));
      if (n < 0 || n > 255) {
        report(line, section + ": NAG '" + s + "' is not 0..255");
      } else {
        last.nags.add(n);
      }
    } else {
      for (int k = 0; k < SUFFIXES.length; k++) {
        if (SUFFIXES[k].equals(s)) {
          last.nags.add(nagBase + k + 1);
        }
      }
    }
    return true;
  }

  private static int parseSmall(String digits) {
    try {
      return digits.length() > 6 ? -1 : Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private Optional<Seat> sectionSeat(RawTag tag) {
    String v = tag.value().strip();
    try {
      if (v.length() == 1) {
        return Optional.of(Seat.parse(v.charAt(0)));
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    report(tag.line(), tag.name() + " section ignored: its tag value must be the seat of the"
        + " first " + (tag.name().equals("Play") ? "card" : "call") + " (N, E, S or W), not '"
        + PbnLexer.shorten(v) + "'");
    return Optional.empty();
  }

  private Map<Integer, String> notes(List<RawTag> noteTags, List<String> sectionComments) {
    Map<Integer, String> notes = new LinkedHashMap<>();
    for (RawTag n : noteTags) {
      sectionComments.addAll(n.comments());
      Matcher m = NOTE.matcher(n.value());
      int index = m.matches() ? parseSmall(m.group(1)) : -1;
      if (index < 1) {
        report(n.line(), "Note ignored: its value must be '<index>:<text>', not '"
            + PbnLexer.shorten(n.value()) + "'");
      } else if (!notes.containsKey(index)) {
        notes.put(index, m.group(2).stripLeading());
      }
    }
    return notes;
  }

  // ---- play ----------------------------------------------------------------------------------

  private Optional<PbnPlay> play(RawTag tag, List<RawTag> noteTags,
      Map<String, List<String>> comments, Optional<PbnDeal> deal) {
    Optional<Seat> leader = sectionSeat(tag);
    if (leader.isEmpty()) {
      return Optional.empty();
    }
    List<PbnPlay.Entry> entries = new ArrayList<>();
    List<Pending> pending = new ArrayList<>();
    List<String> sectionComments = comments.computeIfAbsent("Play", k -> new ArrayList<>());
    boolean stopped = false;
    boolean ignoring = false;
    Optional<Irregularity> mark = Optional.empty();
    Hand played = Hand.EMPTY;
    for (Token d : tag.data()) {
      if (d.type() == Type.COMMENT) {
        (pending.isEmpty() ? sectionComments : pending.get(pending.size() - 1).comments)
            .add(d.text());
        continue;
      }
      if (ignoring) {
        continue;
      }
      if (d.type() != Type.WORD) {
        report(d.line(), "Play: a string has no place among the cards: \""
            + PbnLexer.shorten(d.text()) + "\"");
        continue;
      }
      Matcher m = SUB_TOKEN.matcher(d.text());
      while (m.find() && !ignoring) {
        String s = m.group();
        Pending last = pending.isEmpty() ? null : pending.get(pending.size() - 1);
        if (annotation(s, last, d.line(), "Play", 6)) {
          continue;
        }
        if (stopped || entries.size() == 52) {
          report(d.line(), "Play: '" + s + "' after " + (stopped ? "'*'" : "13 tricks")
              + " ignored");
          ignoring = true;
          continue;
        }
        int index = entries.size();
        String trick = "trick " + (index / 4 + 1) + ": ";
        Seat seat = leader.get().next(index % 4);
        PbnPlay.Entry entry;
        switch (s.toUpperCase()) {
          case "^R" -> {
            mark = Optional.of(Irregularity.REVOKE);
            continue;
          }
          case "^L" -> {
            mark = Optional.of(Irregularity.LEAD_OUT_OF_TURN);
            continue;
          }
          case "*" -> {
            stopped = true;
            continue;
          }
          case "+" -> entry = PbnPlay.Entry.of(PbnPlay.Kind.CONTINUE);
          case "-" -> entry = PbnPlay.Entry.of(PbnPlay.Kind.UNKNOWN);
          default -> {
            entry = PbnPlay.Entry.of(PbnPlay.Kind.UNKNOWN);
            if (s.startsWith("^")) {
              report(d.line(), "Play: '" + s + "' is not an irregularity of the play (^R, ^L)");
              continue;
            }
            Card card = null;
            try {
              card = Card.parse(s);
            } catch (IllegalArgumentException e) {
              report(d.line(), "Play: " + trick + "'" + PbnLexer.shorten(s)
                  + "' is not a card; read as '-'");
            }
            if (card != null && played.contains(card)) {
              report(d.line(), "Play: " + trick + card + " was played before; read as '-'");
              card = null;
            }
            Optional<Hand> hand = deal.flatMap(x -> x.hand(seat));
            if (card != null && hand.isPresent() && !hand.get().contains(card)) {
              report(d.line(), "Play: " + trick + card + " is in " + name(seat)
                  + "'s column but not in " + name(seat) + "'s hand; read as '-'");
              card = null;
            }
            if (card != null) {
              played = played.with(card);
              entry = new PbnPlay.Entry(PbnPlay.Kind.CARD, Optional.of(card), mark,
                  Annotations.NONE);
              mark = Optional.empty();
            }
          }
        }
        if (mark.isPresent()) {
          report(d.line(), "Play: " + mark.get().pbn() + " must come before a card, not '" + s
              + "'");
          mark = Optional.empty();
        }
        entries.add(entry);
        pending.add(new Pending());
      }
    }
    List<PbnPlay.Entry> annotated = new ArrayList<>();
    for (int k = 0; k < entries.size(); k++) {
      annotated.add(entries.get(k).with(pending.get(k).annotations()));
    }
    Map<Integer, String> notes = notes(noteTags, sectionComments);
    return Optional.of(new PbnPlay(leader.get(), annotated, notes, stopped));
  }

  private static String name(Seat s) {
    return s.name().charAt(0) + s.name().substring(1).toLowerCase();
  }

  // ---- tables --------------------------------------------------------------------------------

  private PbnTable table(RawTag tag) {
    long elements = tag.data().stream().filter(d -> d.type() != Type.COMMENT).count();
    List<PbnTable.Column> columns;
    try {
      columns = PbnTable.parseHeader(tag.value());
      if (columns.size() == 1 && columns.get(0).width() == 0) {
        String[] words = columns.get(0).name().split("\\s+");
        if (words.length > 1 && elements > 0 && elements % words.length == 0) {
          // BBA writes "Declarer Suit Tricks": names meant as columns, each read as a column is
          // (a word "Score\3R" has a width), so that the table is written back as it was read.
          columns = Arrays.stream(words).map(PbnTable.Column::parse).toList();
        }
      }
    } catch (IllegalArgumentException e) {
      report(tag.line(), tag.name() + ": " + e.getMessage() + "; rows ignored");
      return new PbnTable(List.of(), List.of());
    }
    List<List<String>> rows = new ArrayList<>();
    List<Integer> lines = rowLines.computeIfAbsent(tag.name(), k -> new ArrayList<>());
    List<String> row = new ArrayList<>();
    int rowLine = tag.line();
    for (Token d : tag.data()) {
      if (d.type() == Type.COMMENT) {
        continue;
      }
      if (columns.isEmpty()) {
        report(d.line(), tag.name() + ": elements but no columns in the tag value; ignored");
        return new PbnTable(columns, rows);
      }
      if (row.isEmpty()) {
        rowLine = d.line();
      }
      row.add(d.text());
      if (row.size() == columns.size()) {
        rows.add(row);
        lines.add(rowLine);
        row = new ArrayList<>();
      }
    }
    if (!row.isEmpty()) {
      report(rowLine, tag.name() + ": the last row has " + row.size() + " of " + columns.size()
          + " elements (truncated?); row ignored");
    }
    return new PbnTable(columns, rows);
  }

  private void report(int line, String reason) {
    diagnostics.add(new Diagnostic(file, Math.max(1, line), where + reason));
  }
}
