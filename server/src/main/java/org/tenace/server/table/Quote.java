package org.tenace.server.table;

import org.tenace.bridge.card.Card;

/**
 * How a refusal names what the request said. A status message travels in the response's trailers,
 * so a value from a request is quoted cut to {@link #MAX} characters, with control and invisible
 * characters escaped and the rest counted: {@code 'yyyy…(+12276 chars)'}. Cards are named as the
 * rules engine names them ({@code ♠A}).
 */
public final class Quote {
  /** The most characters of a value a message quotes. */
  public static final int MAX = 40;

  private Quote() {}

  /** {@code value} in single quotes, cut to {@link #MAX} characters. */
  public static String of(String value) {
    return "'" + cut(value, MAX) + "'";
  }

  /** A card as the engine's messages name it: suit symbol, then rank ({@code ♠A}, {@code ♥T}). */
  public static String card(Card c) {
    return "" + c.suit().symbol() + c.rank().letter();
  }

  /**
   * {@code text} cut to at most {@code max} characters (an escape counts its own length), control
   * and invisible characters escaped, with "…(+N chars)" saying how much was left out.
   */
  public static String cut(String text, int max) {
    if (text == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder(Math.min(text.length(), max) + 16);
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      String shown = printable(cp) ? new String(Character.toChars(cp)) : escape(cp);
      if (b.length() + shown.length() > max) {
        break;
      }
      b.append(shown);
      i += Character.charCount(cp);
    }
    if (i < text.length()) {
      b.append("…(+").append(text.length() - i).append(" chars)");
    }
    return b.toString();
  }

  private static boolean printable(int cp) {
    int type = Character.getType(cp);
    return cp != '\\' && type != Character.CONTROL && type != Character.FORMAT
        && type != Character.SURROGATE && type != Character.UNASSIGNED
        && type != Character.PRIVATE_USE && type != Character.LINE_SEPARATOR
        && type != Character.PARAGRAPH_SEPARATOR;
  }

  private static String escape(int cp) {
    return switch (cp) {
      case '\\' -> "\\\\";
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      default -> cp > 0xFFFF ? String.format("\\u{%X}", cp) : String.format("\\u%04X", cp);
    };
  }
}
