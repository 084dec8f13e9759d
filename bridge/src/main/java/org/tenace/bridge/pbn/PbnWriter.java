package org.tenace.bridge.pbn;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.pbn.PbnTable.Alignment;

/**
 * Writes PBN 2.1 export format (sections 2.3, 3, 5.1-5.2): {@code % PBN 2.1} and
 * {@code % EXPORT} first, CRLF line ends, an empty line before each game but the first, the 15
 * mandatory tags in their order ({@code "?"} when unknown), the other tags sorted by name, the
 * auction from the dealer four calls to a line, the play one trick to a line from the opening
 * leader, then the tables sorted by name with their columns padded to width. Commentary is
 * kept after the tag, call or card it follows.
 */
public final class PbnWriter {
  private static final String EOL = "\r\n";

  private PbnWriter() {}

  /** The games as export-format text. */
  public static String write(List<PbnGame> games) {
    StringBuilder sb = new StringBuilder(4096);
    sb.append("% PBN 2.1").append(EOL).append("% EXPORT").append(EOL);
    for (int i = 0; i < games.size(); i++) {
      if (i > 0) {
        sb.append(EOL);
      }
      game(sb, games.get(i));
    }
    return sb.toString();
  }

  /** The games as bytes in Latin-1, the standard's character set; other characters become '?'. */
  public static byte[] toBytes(List<PbnGame> games) {
    return write(games).getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The games as bytes in another character set (UTF-8 keeps every name; not standard). */
  public static byte[] toBytes(List<PbnGame> games, Charset charset) {
    return write(games).getBytes(charset);
  }

  private static void game(StringBuilder sb, PbnGame g) {
    comments(sb, g, "");
    for (String name : PbnGame.MANDATORY_TAGS) {
      tag(sb, name, g.tags().getOrDefault(name, "?"));
      comments(sb, g, name);
    }
    for (String name : new TreeMap<>(g.tags()).keySet()) {
      if (!PbnGame.MANDATORY_TAGS.contains(name)) {
        tag(sb, name, g.tags().get(name));
        comments(sb, g, name);
      }
    }
    g.auction().ifPresent(a -> {
      tag(sb, "Auction", String.valueOf(a.first().letter()));
      comments(sb, g, "Auction");
      Line line = new Line(sb);
      for (int i = 0; i < a.entries().size(); i++) {
        if (i > 0 && i % 4 == 0) {
          line.end();
        }
        PbnAuction.Entry e = a.entries().get(i);
        line.add(auctionToken(e));
        annotations(line, e.annotations());
      }
      line.end();
      if (a.stopped()) {
        sb.append('*').append(EOL);
      }
      notes(sb, a.notes());
    });
    g.play().ifPresent(p -> {
      tag(sb, "Play", String.valueOf(p.leader().letter()));
      comments(sb, g, "Play");
      Line line = new Line(sb);
      for (int i = 0; i < p.entries().size(); i++) {
        if (i > 0 && i % 4 == 0) {
          line.end();
        }
        PbnPlay.Entry e = p.entries().get(i);
        String token = switch (e.kind()) {
          case CARD -> e.irregularity().map(x -> x.pbn() + " ").orElse("") + e.card().get();
          case UNKNOWN -> "-";
          case CONTINUE -> "+";
        };
        line.add(token);
        annotations(line, e.annotations());
      }
      line.end();
      if (p.stopped()) {
        sb.append('*').append(EOL);
      }
      notes(sb, p.notes());
    });
    for (Map.Entry<String, PbnTable> t : g.tables().entrySet()) {
      tag(sb, t.getKey(), t.getValue().header());
      comments(sb, g, t.getKey());
      table(sb, t.getValue());
    }
  }

  private static String auctionToken(PbnAuction.Entry e) {
    return switch (e.kind()) {
      case CALL -> (e.insufficient() ? "^I " : "") + call(e.call().get());
      case ALL_PASS -> "AP";
      case SKIPPED -> "^S";
      case NOT_YET -> "-";
      case CONTINUE -> "+";
    };
  }

  /** {@code Pass}, {@code X}, {@code XX}, {@code 1C} ... {@code 7NT}. */
  static String call(Call c) {
    return c.toString();
  }

  private static void annotations(Line line, Annotations a) {
    a.note().ifPresent(n -> line.add("=" + n + "="));
    for (int nag : a.nags()) {
      line.add("$" + nag);
    }
    for (String c : a.comments()) {
      if (c.indexOf('}') >= 0) {
        line.add(";" + c);
        line.end();
      } else {
        line.add("{" + c.replace("\n", EOL) + "}");
      }
    }
  }

  private static void notes(StringBuilder sb, Map<Integer, String> notes) {
    for (Map.Entry<Integer, String> n : notes.entrySet()) {
      tag(sb, "Note", n.getKey() + ":" + n.getValue());
    }
  }

  private static void table(StringBuilder sb, PbnTable t) {
    for (List<String> row : t.cells()) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        PbnTable.Column c = t.columns().get(i);
        String v = element(row.get(i));
        int pad = Math.max(0, c.width() - v.length());
        if (i > 0) {
          line.append(' ');
        }
        if (c.alignment() == Alignment.RIGHT) {
          line.append(" ".repeat(pad)).append(v);
        } else {
          line.append(v).append(" ".repeat(pad));
        }
      }
      sb.append(line.toString().stripTrailing()).append(EOL);
    }
  }

  /** A section token when the text allows one (section 3.2), else a quoted string. */
  static String element(String v) {
    if (v.isEmpty()) {
      return "\"\"";
    }
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < 33 || c > 126 || "[]{};\"%".indexOf(c) >= 0) {
        return quote(v);
      }
    }
    return v;
  }

  private static void tag(StringBuilder sb, String name, String value) {
    sb.append('[').append(name).append(' ').append(quote(value)).append(']').append(EOL);
  }

  /**
   * A string token (section 3.2): a quote is written {@code \"}; a backslash is doubled only where
   * a reader would otherwise take it for an escape (before a quote or a backslash, or last), so a
   * column width such as {@code \2R} is written as every PBN program writes it.
   */
  static String quote(String v) {
    StringBuilder sb = new StringBuilder(v.length() + 2).append('"');
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == '"') {
        sb.append("\\\"");
      } else if (c == '\\' && (i + 1 == v.length() || v.charAt(i + 1) == '"'
          || v.charAt(i + 1) == '\\')) {
        sb.append("\\\\");
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  private static void comments(StringBuilder sb, PbnGame g, String key) {
    for (String c : g.comments().getOrDefault(key, List.of())) {
      sb.append(c.indexOf('}') >= 0 ? ";" + c : "{" + c.replace("\n", EOL) + "}").append(EOL);
    }
  }

  /** One line of an auction or play section: tokens separated by single spaces. */
  private static final class Line {
    private final StringBuilder out;
    private final StringBuilder line = new StringBuilder();

    Line(StringBuilder out) {
      this.out = out;
    }

    void add(String token) {
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(token);
    }

    void end() {
      if (line.length() > 0) {
        out.append(line).append(EOL);
        line.setLength(0);
      }
    }
  }
}
