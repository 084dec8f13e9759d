package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * One PBN game (section 3): its tag pairs, its auction and play sections, its tables and its
 * commentary. Values are kept in their export spelling: the constructor rewrites the tags it
 * knows ({@code 3N} to {@code 3NT}, {@code Both} to {@code All}, {@code "01"} to {@code "1"}, the
 * deal from the dealer, the result as declarer's tricks, a passed-out board's Declarer and
 * Result empty) and refuses values it cannot read. A mandatory tag whose value is {@code "?"}
 * (unknown) is the same as an absent one.
 *
 * @param tags the identification tags by name (not Auction, Play, Note or a table)
 * @param auction the auction section
 * @param play the play section
 * @param tables the table sections by tag name
 * @param comments the commentary after each tag, by tag name; key {@code ""} is the commentary
 *     before the first tag
 */
public record PbnGame(
    Map<String, String> tags,
    Optional<PbnAuction> auction,
    Optional<PbnPlay> play,
    Map<String, PbnTable> tables,
    Map<String, List<String>> comments) {

  /** The Mandatory Tag Set, in export order (section 3.4). */
  public static final List<String> MANDATORY_TAGS = List.of("Event", "Site", "Date", "Board",
      "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer",
      "Contract", "Result");

  static final Set<String> SECTION_TAGS = Set.of("Auction", "Play", "Note");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+");

  public PbnGame {
    Require.nonNull("auction play", auction, play);
    Map<String, PbnTable> sortedTables = new TreeMap<>(tables);
    for (String name : sortedTables.keySet()) {
      checkName(name);
      if (SECTION_TAGS.contains(name) || tags.containsKey(name)) {
        throw new IllegalArgumentException(name + " cannot be both a table and a tag");
      }
      checkNotInherited(name, sortedTables.get(name).header());
    }
    tables = Collections.unmodifiableMap(sortedTables);
    tags = canonical(tags);
    Map<String, List<String>> c = new HashMap<>();
    for (Map.Entry<String, List<String>> e : comments.entrySet()) {
      String key = e.getKey();
      if (!key.isEmpty() && !tags.containsKey(key) && !tables.containsKey(key)
          && !MANDATORY_TAGS.contains(key) && !(key.equals("Auction") && auction.isPresent())
          && !(key.equals("Play") && play.isPresent())) {
        throw new IllegalArgumentException("commentary after a tag the game does not have: " + key);
      }
      for (String text : e.getValue()) {
        checkComment(text);
      }
      if (!e.getValue().isEmpty()) {
        c.put(key, List.copyOf(e.getValue()));
      }
    }
    comments = Map.copyOf(c);
    if (play.isPresent() && !play.get().stopped() && !play.get().continues()) {
      // Section 3.6: a play that ends before the last trick ends with '*'.
      int perHand = canonicalDeal(tags).flatMap(d -> d.hands().values().stream().findFirst())
          .map(Hand::size).orElse(13);
      PbnPlay p = play.get();
      if (p.entries().size() < 4 * perHand) {
        play = Optional.of(new PbnPlay(p.leader(), p.entries(), p.notes(), true));
      }
    }
  }

  /** This game with one more tag, or another value for a tag it has. */
  public PbnGame withTag(String name, String value) {
    Map<String, String> t = new HashMap<>(tags);
    t.put(name, value);
    return new PbnGame(t, auction, play, tables, comments);
  }

  /** This game with one more table, or another table in place of one it has. */
  public PbnGame withTable(String name, PbnTable table) {
    Map<String, PbnTable> t = new HashMap<>(tables);
    t.put(name, table);
    return new PbnGame(tags, auction, play, t, comments);
  }

  /** A builder for a game made by a program (an export), not read from a file. */
  public static Builder builder() {
    return new Builder();
  }

  // ---- typed access --------------------------------------------------------------------------

  /** The value of a tag, as canonical text; empty when the game does not have it. */
  public Optional<String> tag(String name) {
    return Optional.ofNullable(tags.get(name));
  }

  public Optional<String> event() {
    return tag("Event");
  }

  public Optional<String> site() {
    return tag("Site");
  }

  public Optional<String> date() {
    return tag("Date");
  }

  public Optional<String> scoring() {
    return tag("Scoring");
  }

  /** The board number. */
  public OptionalInt board() {
    String v = tags.get("Board");
    return v == null || v.isEmpty() ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(v));
  }

  public Optional<Seat> dealer() {
    return seatTag("Dealer");
  }

  public Optional<Vulnerability> vulnerability() {
    String v = tags.get("Vulnerable");
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(Vulnerability.parse(v));
  }

  public Optional<PbnDeal> deal() {
    return canonicalDeal(tags);
  }

  /** The declarer; for {@code ^S} (declarer and dummy swapped, section 3.4.13) the seat named. */
  public Optional<Seat> declarer() {
    return seatTag("Declarer");
  }

  /** True for a Declarer tag with a caret: the declarer and dummy were swapped. */
  public boolean declarerSwapped() {
    return tag("Declarer").map(v -> v.startsWith("^")).orElse(false);
  }

  public Optional<PbnContract> contract() {
    String v = tags.get("Contract");
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(PbnContract.parse(v));
  }

  public Optional<PbnResult> result() {
    String v = tags.get("Result");
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(PbnResult.parse(v));
  }

  /** Tricks won by the declaring side, from the Result tag. */
  public OptionalInt declarerTricks() {
    return result().map(r -> r.tricks(declarer())).orElse(OptionalInt.empty());
  }

  public Optional<PbnScore> score() {
    String v = tags.get("Score");
    return v == null || v.isEmpty() || v.equals("?") ? Optional.empty()
        : Optional.of(PbnScore.parse(v));
  }

  /** North-South's score in points, from the Score tag. */
  public OptionalInt nsScore() {
    return score().map(s -> s.nsPoints(declarer())).orElse(OptionalInt.empty());
  }

  /** The players' names by seat; seats without a name (or with {@code ""}) are absent. */
  public Map<Seat, String> players() {
    Map<Seat, String> m = new EnumMap<>(Seat.class);
    for (Seat seat : Seat.values()) {
      String v = tags.get(seat.word());
      if (v != null && !v.isEmpty()) {
        m.put(seat, v);
      }
    }
    return Collections.unmodifiableMap(m);
  }

  public Optional<PbnTable> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  private Optional<Seat> seatTag(String name) {
    String v = tags.get(name);
    if (v == null || v.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Seat.parse(v.charAt(v.length() - 1)));
  }

  // ---- canonical values ----------------------------------------------------------------------

  private static Map<String, String> canonical(Map<String, String> given) {
    Map<String, String> t = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      checkName(e.getKey());
      if (SECTION_TAGS.contains(e.getKey())) {
        throw new IllegalArgumentException(e.getKey() + " is a section, not a tag");
      }
      checkValue(e.getKey(), e.getValue());
      checkNotInherited(e.getKey(), e.getValue());
      if (!(e.getValue().equals("?") && MANDATORY_TAGS.contains(e.getKey()))) {
        t.put(e.getKey(), e.getValue());
      }
    }
    Optional<Seat> dealer = Optional.empty();
    Optional<Seat> declarer = Optional.empty();
    for (String name : List.of("Board", "Dealer", "Vulnerable", "Declarer", "Contract", "Deal",
        "Result", "Score")) {
      String v = t.get(name);
      if (v != null && !v.isEmpty() && !v.equals("?")) {
        v = canonicalValue(name, v, dealer, declarer);
        t.put(name, v);
        if (name.equals("Dealer")) {
          dealer = Optional.of(Seat.parse(v));
        } else if (name.equals("Declarer")) {
          declarer = Optional.of(Seat.parse(v.charAt(v.length() - 1)));
        }
      }
    }
    if ("Pass".equals(t.get("Contract"))) {
      // Section 3.4.13-15: when all four pass, Declarer and Result are empty strings.
      t.put("Declarer", "");
      t.put("Result", "");
    }
    return Map.copyOf(t);
  }

  /**
   * The export spelling of a value of a tag this class knows, given the dealer and declarer
   * (which the Deal's rotation and the Result's form depend on); other tags' values unchanged.
   *
   * @throws IllegalArgumentException naming what is wrong with the value
   */
  static String canonicalValue(String name, String value, Optional<Seat> dealer,
      Optional<Seat> declarer) {
    String v = value.strip();
    switch (name) {
      case "Board": {
        int n;
        try {
          n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("Board is a positive number, not '" + value + "'");
        }
        if (n < 1) {
          throw new IllegalArgumentException("Board is a positive number, not '" + value + "'");
        }
        return String.valueOf(n);
      }
      case "Dealer":
        return String.valueOf(seat(v, name).letter());
      case "Declarer":
        return v.startsWith("^") ? "^" + seat(v.substring(1), name).letter()
            : String.valueOf(seat(v, name).letter());
      case "Vulnerable":
        return Vulnerability.parse(v).pbn();
      case "Contract":
        return PbnContract.parse(v).toPbn();
      case "Deal": {
        PbnDeal d = PbnDeal.parse(v);
        return d.toPbn(dealer.orElse(PbnDeal.firstSeat(v)));
      }
      case "Result":
        return PbnResult.parse(v).normalized(declarer).toPbn();
      case "Score":
        return PbnScore.parse(v).toPbn();
      default:
        return value;
    }
  }

  private static Seat seat(String v, String tag) {
    if (v.length() != 1) {
      throw new IllegalArgumentException(tag + " is N, E, S or W, not '" + v + "'");
    }
    try {
      return Seat.parse(v.charAt(0));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(tag + " is N, E, S or W, not '" + v + "'");
    }
  }

  private static Optional<PbnDeal> canonicalDeal(Map<String, String> tags) {
    String v = tags.get("Deal");
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(PbnDeal.parse(v));
  }

  static void checkName(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "a tag name is letters, digits and '_': '" + name + "'");
    }
  }

  /** A value {@code #} or {@code ##...} would be read back as inheritance (section 4.8). */
  private static void checkNotInherited(String tag, String value) {
    if (PbnReader.looksInherited(value)) {
      throw new IllegalArgumentException(
          tag + ": the value '" + value + "' would read as inheritance (section 4.8)");
    }
  }

  /** Strings cannot hold line breaks or tabs (sections 2.3, 3.2). */
  static void checkValue(String what, String value) {
    Objects.requireNonNull(value, what);
    for (int i = 0; i < value.length(); i++) {
      char ch = value.charAt(i);
      if (ch < ' ' || ch == 127) {
        throw new IllegalArgumentException(
            what + ": a PBN string cannot hold control character " + (int) ch);
      }
    }
  }

  /** Commentary is written in braces, or after ';' when it holds a brace (then on one line). */
  static void checkComment(String text) {
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if ((ch < ' ' && ch != '\n') || ch == 127) {
        throw new IllegalArgumentException(
            "commentary cannot hold control character " + (int) ch);
      }
    }
    if (text.indexOf('}') >= 0 && text.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("commentary with a '}' must fit on one line");
    }
  }

  /** Builds a {@link PbnGame}: typed setters write the tags in their export spelling. */
  public static final class Builder {
    private final Map<String, String> tags = new LinkedHashMap<>();
    private Optional<PbnAuction> auction = Optional.empty();
    private Optional<PbnPlay> play = Optional.empty();
    private final Map<String, PbnTable> tables = new TreeMap<>();
    private final Map<String, List<String>> comments = new HashMap<>();

    private Builder() {}

    /** Any tag by name; the typed setters below are the same with a checked value. */
    public Builder tag(String name, String value) {
      tags.put(name, value);
      return this;
    }

    public Builder board(int number) {
      return tag("Board", String.valueOf(number));
    }

    public Builder dealer(Seat seat) {
      return tag("Dealer", String.valueOf(seat.letter()));
    }

    public Builder vulnerability(Vulnerability v) {
      return tag("Vulnerable", v.pbn());
    }

    public Builder deal(PbnDeal deal) {
      return tag("Deal", deal.toPbn(Seat.NORTH));
    }

    public Builder player(Seat seat, String name) {
      return tag(seat.word(), name);
    }

    public Builder declarer(Seat seat) {
      return tag("Declarer", String.valueOf(seat.letter()));
    }

    public Builder contract(PbnContract contract) {
      return tag("Contract", contract.toPbn());
    }

    /** Tricks won by the declarer. */
    public Builder result(int tricks) {
      return tag("Result", PbnResult.of(tricks).toPbn());
    }

    public Builder score(PbnScore score) {
      return tag("Score", score.toPbn());
    }

    public Builder auction(PbnAuction value) {
      auction = Optional.of(value);
      return this;
    }

    public Builder play(PbnPlay value) {
      play = Optional.of(value);
      return this;
    }

    public Builder table(String name, PbnTable table) {
      tables.put(name, table);
      return this;
    }

    /** Commentary after the tag {@code tag} ({@code ""}: before the first tag). */
    public Builder comment(String tag, String text) {
      comments.computeIfAbsent(tag, k -> new ArrayList<>()).add(text);
      return this;
    }

    public PbnGame build() {
      return new PbnGame(tags, auction, play, tables, comments);
    }
  }
}
