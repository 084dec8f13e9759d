package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits PBN text into tokens (section 3.2) with their line numbers: brackets, strings, words
 * (names, calls, cards, section elements) and commentary (section 3.8). Lines starting with
 * {@code %} are skipped (section 2.4); a semi-empty line outside commentary gives a
 * {@link Type#BREAK}, the end of a game (section 3).
 */
final class PbnLexer {

  /** BAD is a string left open (already reported); BREAK a semi-empty line. */
  enum Type { OPEN, CLOSE, STRING, WORD, COMMENT, BAD, BREAK }

  /** A token, its text (a string's unescaped, a comment's without delimiters) and its line. */
  record Token(Type type, String text, int line) {}

  /** Receives a problem found while splitting: the line and the reason. */
  interface Problems {
    void report(int line, String reason);
  }

  private PbnLexer() {}

  static List<Token> tokens(String text, Problems problems) {
    List<Token> out = new ArrayList<>();
    String[] lines = text.split("\r\n|\r|\n", -1);
    boolean inBrace = false;
    StringBuilder brace = new StringBuilder();
    int braceLine = 0;
    for (int ln = 0; ln < lines.length; ln++) {
      String line = lines[ln];
      int lineNo = ln + 1;
      int i = 0;
      if (inBrace) {
        int close = line.indexOf('}');
        if (close < 0) {
          brace.append('\n').append(clean(line));
          continue;
        }
        brace.append('\n').append(clean(line.substring(0, close)));
        out.add(new Token(Type.COMMENT, brace.toString(), braceLine));
        inBrace = false;
        i = close + 1;
      } else if (line.startsWith("%")) {
        continue;
      } else if (isSemiEmpty(line)) {
        if (ln < lines.length - 1 || !line.isEmpty()) {
          out.add(new Token(Type.BREAK, "", lineNo));
        }
        continue;
      }
      while (i < line.length()) {
        char c = line.charAt(i);
        if (isSpace(c)) {
          i++;
        } else if (c < ' ' || c == 127) {
          // Section 3.1 allows no other control character: read it as a space, as a tab.
          problems.report(lineNo, "control character " + (int) c + " read as a space");
          i++;
        } else if (c == '[') {
          out.add(new Token(Type.OPEN, "[", lineNo));
          i++;
        } else if (c == ']') {
          out.add(new Token(Type.CLOSE, "]", lineNo));
          i++;
        } else if (c == '"') {
          StringBuilder sb = new StringBuilder();
          int j = i + 1;
          boolean closed = false;
          while (j < line.length()) {
            char ch = line.charAt(j);
            if (ch == '\\' && j + 1 < line.length()
                && (line.charAt(j + 1) == '"' || line.charAt(j + 1) == '\\')) {
              sb.append(line.charAt(j + 1));
              j += 2;
            } else if (ch == '"') {
              closed = true;
              break;
            } else {
              sb.append(ch < ' ' || ch == 127 ? ' ' : ch);
              j++;
            }
          }
          if (closed) {
            out.add(new Token(Type.STRING, sb.toString(), lineNo));
            i = j + 1;
          } else {
            problems.report(lineNo, "string not closed before the end of the line: \""
                + shorten(sb.toString()));
            out.add(new Token(Type.BAD, sb.toString(), lineNo));
            i = line.length();
          }
        } else if (c == '{') {
          int close = line.indexOf('}', i + 1);
          if (close < 0) {
            inBrace = true;
            braceLine = lineNo;
            brace.setLength(0);
            brace.append(clean(line.substring(i + 1)));
            i = line.length();
          } else {
            out.add(new Token(Type.COMMENT, clean(line.substring(i + 1, close)), lineNo));
            i = close + 1;
          }
        } else if (c == '}') {
          problems.report(lineNo, "'}' without a '{' before it ignored");
          i++;
        } else if (c == ';') {
          out.add(new Token(Type.COMMENT, clean(line.substring(i + 1)), lineNo));
          i = line.length();
        } else {
          int j = i;
          while (j < line.length() && !isSpace(line.charAt(j)) && line.charAt(j) >= ' '
              && line.charAt(j) != 127 && "[]{}\";".indexOf(line.charAt(j)) < 0) {
            j++;
          }
          out.add(new Token(Type.WORD, line.substring(i, j), lineNo));
          i = j;
        }
      }
    }
    if (inBrace) {
      problems.report(lines.length, "commentary opened with '{' at line " + braceLine
          + " is not closed: the file ends inside it");
      out.add(new Token(Type.COMMENT, brace.toString(), braceLine));
    }
    return out;
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\u000b' || c == '\f';
  }

  private static boolean isSemiEmpty(String line) {
    for (int i = 0; i < line.length(); i++) {
      if (!isSpace(line.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Commentary keeps its text; tabs and other control characters become spaces. */
  private static String clean(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      sb.append(ch < ' ' || ch == 127 ? ' ' : ch);
    }
    return sb.toString();
  }

  static String shorten(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
