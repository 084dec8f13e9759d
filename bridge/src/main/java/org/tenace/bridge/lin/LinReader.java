package org.tenace.bridge.lin;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.Encodings;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.ReadResult;
import org.tenace.bridge.record.Room;

/**
 * Reads BBO LIN files: a flat {@code key|value|} sequence, line breaks anywhere between pairs.
 * A file may hold several boards: a second {@code md}, or a {@code qx} after a board has begun,
 * starts the next. {@code st}, {@code rh}, {@code pg} and keys it does not know are skipped.
 * Nothing is thrown: each problem becomes a {@link Diagnostic} and reading goes on.
 */
public final class LinReader {
  private final String file;
  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final List<LinRecord> records = new ArrayList<>();
  private final List<Integer> recordLines = new ArrayList<>();
  private Draft draft = new Draft(Map.of(), 1);

  private LinReader(String file) {
    this.file = file;
  }

  /** Reads the bytes of a LIN file (UTF-8, else Windows-1252). */
  public static ReadResult<LinRecord> read(byte[] bytes, String fileName) {
    return readText(Encodings.decode(bytes), fileName);
  }

  /** Reads a LIN file from a stream; an I/O error is reported as a diagnostic. */
  public static ReadResult<LinRecord> read(InputStream in, String fileName) {
    try {
      return read(in.readAllBytes(), fileName);
    } catch (IOException e) {
      return new ReadResult<>(List.of(), List.of(new Diagnostic(fileName, 1,
          "cannot read the file: " + e.getMessage())));
    }
  }

  public static ReadResult<LinRecord> readText(String text, String fileName) {
    LinReader r = new LinReader(fileName);
    r.readAll(text);
    return new ReadResult<>(r.records, r.diagnostics);
  }

  /**
   * Reads a LIN file and converts each board to a {@link HandRecord}; a board that cannot be
   * converted becomes a diagnostic at the line where it starts.
   */
  public static ReadResult<HandRecord> readHandRecords(byte[] bytes, String fileName) {
    LinReader r = new LinReader(fileName);
    r.readAll(Encodings.decode(bytes));
    List<HandRecord> out = new ArrayList<>();
    for (int i = 0; i < r.records.size(); i++) {
      int line = r.recordLines.get(i);
      try {
        out.add(LinRecords.toHandRecord(r.records.get(i),
            w -> r.diagnostics.add(new Diagnostic(fileName, line, w))));
      } catch (IllegalArgumentException e) {
        r.diagnostics.add(new Diagnostic(fileName, line, e.getMessage()));
      }
    }
    return new ReadResult<>(out, r.diagnostics);
  }

  /** The board being read. */
  private static final class Draft {
    final int line;
    Map<Seat, String> players;
    Optional<Seat> dealer = Optional.empty();
    Optional<Deal> deal = Optional.empty();
    boolean hasMd;
    Optional<Vulnerability> vulnerability = Optional.empty();
    Optional<String> label = Optional.empty();
    Optional<Room> room = Optional.empty();
    OptionalInt roomBoard = OptionalInt.empty();
    final List<LinCall> calls = new ArrayList<>();
    final List<Card> play = new ArrayList<>();
    OptionalInt claim = OptionalInt.empty();
    final List<String> notes = new ArrayList<>();

    Draft(Map<Seat, String> players, int line) {
      this.players = players;
      this.line = line;
    }

    boolean begun() {
      return hasMd || !calls.isEmpty() || !play.isEmpty() || claim.isPresent();
    }

    /** Players alone are not a board: a written board always has more. */
    boolean isEmpty() {
      return dealer.isEmpty() && calls.isEmpty() && play.isEmpty() && claim.isEmpty()
          && label.isEmpty() && room.isEmpty() && vulnerability.isEmpty();
    }

    LinRecord build() {
      return new LinRecord(players, dealer, deal, vulnerability, label, room, roomBoard, calls,
          play, claim, notes);
    }
  }

  private void readAll(String text) {
    int pos = 0;
    int line = 1;
    int n = text.length();
    while (true) {
      while (pos < n && Character.isWhitespace(text.charAt(pos))) {
        line += text.charAt(pos) == '\n' ? 1 : 0;
        pos++;
      }
      if (pos >= n) {
        break;
      }
      int keyLine = line;
      int bar = text.indexOf('|', pos);
      if (bar < 0) {
        report(keyLine, "text after the last value ignored: '" + shorten(text.substring(pos))
            + "' (truncated?)");
        break;
      }
      String key = text.substring(pos, bar).strip();
      int end = text.indexOf('|', bar + 1);
      if (end < 0) {
        report(keyLine, "the file ends inside the value of '" + key + "' (truncated): '"
            + shorten(text.substring(bar + 1).strip()) + "' ignored");
        break;
      }
      String value = text.substring(bar + 1, end);
      for (int i = pos; i <= end; i++) {
        line += text.charAt(i) == '\n' ? 1 : 0;
      }
      pos = end + 1;
      try {
        pair(key.toLowerCase(), value, keyLine);
      } catch (RuntimeException e) {
        // A safety net: whatever slipped past the checks costs this pair, not the file.
        report(keyLine, key + ": '" + shorten(value) + "' ignored: " + e);
      }
    }
    finish();
  }

  private void pair(String key, String value, int line) {
    // A value may run over a line break; LIN text never means one.
    String v = value.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    switch (key) {
      case "pn" -> {
        Map<Seat, String> players = new EnumMap<>(Seat.class);
        String[] names = v.split(",", -1);
        for (int i = 0; i < Math.min(4, names.length); i++) {
          if (!names[i].isBlank()) {
            players.put(Seat.SOUTH.next(i), names[i].strip());
          }
        }
        draft.players = players;
      }
      case "qx" -> {
        if (draft.begun()) {
          next(line);
        }
        qx(v, line);
      }
      case "md" -> {
        if (v.isEmpty() || v.charAt(0) < '1' || v.charAt(0) > '4') {
          report(line, "md: the deal starts with the dealer, 1 (S) to 4 (E), not '" + shorten(v)
              + "'; deal ignored");
          return;
        }
        if (draft.begun()) {
          next(line); // a deal starts a board, even after a board that had none
        }
        draft.hasMd = true;
        md(v, line);
      }
      case "sv" -> {
        switch (v.toLowerCase()) {
          case "o", "0", "-", "" -> draft.vulnerability = Optional.of(Vulnerability.NONE);
          case "n" -> draft.vulnerability = Optional.of(Vulnerability.NS);
          case "e" -> draft.vulnerability = Optional.of(Vulnerability.EW);
          case "b" -> draft.vulnerability = Optional.of(Vulnerability.BOTH);
          default -> report(line, "sv: '" + shorten(v) + "' is not a vulnerability (o, n, e, b)");
        }
      }
      case "ah" -> draft.label = v.isEmpty() ? Optional.empty() : Optional.of(v);
      case "mb" -> {
        String t = v;
        boolean alert = false;
        while (t.endsWith("!")) {
          alert = true;
          t = t.substring(0, t.length() - 1).strip();
        }
        try {
          draft.calls.add(new LinCall(Call.parse(t), alert, Optional.empty()));
        } catch (IllegalArgumentException e) {
          report(line, "mb: '" + shorten(v) + "' is not a call (" + e.getMessage() + ")");
        }
      }
      case "an" -> {
        if (draft.calls.isEmpty()) {
          report(line, "an: an explanation with no call before it ignored");
        } else if (!v.isEmpty()) {
          LinCall last = draft.calls.remove(draft.calls.size() - 1);
          draft.calls.add(new LinCall(last.call(), last.alert(), Optional.of(v)));
        }
      }
      case "pc" -> {
        Card card;
        try {
          card = Card.parse(v);
        } catch (IllegalArgumentException e) {
          report(line, "pc: '" + shorten(v) + "' is not a card");
          return;
        }
        if (draft.play.contains(card)) {
          report(line, "pc: " + card + " was played before; ignored");
        } else if (draft.play.size() == 52) {
          report(line, "pc: " + card + " after 52 cards ignored");
        } else {
          draft.play.add(card);
        }
      }
      case "mc" -> {
        try {
          int tricks = Integer.parseInt(v);
          if (tricks < 0 || tricks > 13) {
            throw new NumberFormatException();
          }
          draft.claim = OptionalInt.of(tricks);
        } catch (NumberFormatException e) {
          report(line, "mc: a claim is 0..13 tricks, not '" + shorten(v) + "'");
        }
      }
      case "nt" -> {
        // A note for people (a laws-mode table's announcements, a commentator's words): the
        // board's, in order, as PBN commentary after the auction is read.
        if (!v.isEmpty()) {
          draft.notes.add(v);
        }
      }
      default -> {
        // st, rh, pg and keys for other programs (sk, vg, rs, ...) carry no board data.
      }
    }
  }

  private void qx(String v, int line) {
    if (v.isEmpty()) {
      return;
    }
    try {
      Room room = Room.parse(v.substring(0, 1));
      String digits = v.substring(1).split(",", 2)[0].strip();
      draft.room = Optional.of(room);
      if (!digits.isEmpty()) {
        int n = Integer.parseInt(digits);
        if (n < 1) {
          throw new NumberFormatException();
        }
        draft.roomBoard = OptionalInt.of(n);
      }
    } catch (IllegalArgumentException e) {
      report(line, "qx: '" + shorten(v) + "' is not a room and board (o1, c12)");
    }
  }

  /** {@code md|3S346TJH9QD69TC57K,S7H23...,S2KH58...,|}: dealer 1=S 2=W 3=N 4=E, hands S W N E. */
  private void md(String v, int line) {
    draft.dealer = Optional.of(Seat.SOUTH.next(v.charAt(0) - '1'));
    String[] parts = v.substring(1).split(",", -1);
    if (parts.length > 4 && !String.join("", List.of(parts).subList(4, parts.length)).isBlank()) {
      report(line, "md: more than four hands; deal ignored");
      return;
    }
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (int i = 0; i < Math.min(4, parts.length); i++) {
      String h = parts[i].strip();
      if (h.isEmpty()) {
        continue;
      }
      Seat seat = Seat.SOUTH.next(i);
      try {
        hands.put(seat, hand(h));
      } catch (IllegalArgumentException e) {
        report(line, "md: " + name(seat) + "'s hand: " + e.getMessage() + "; deal ignored");
        return;
      }
    }
    try {
      long seen = 0;
      for (Hand h : hands.values()) {
        long twice = seen & h.bits();
        if (twice != 0) {
          throw new IllegalArgumentException(
              "card dealt twice: " + Card.of(Long.numberOfTrailingZeros(twice)));
        }
        seen |= h.bits();
      }
      if (hands.size() == 4) {
        draft.deal = Optional.of(Deal.of(hands));
      } else if (hands.size() == 3) {
        Seat missing = null;
        for (Seat s : Seat.values()) {
          if (!hands.containsKey(s)) {
            missing = s;
          }
        }
        for (Map.Entry<Seat, Hand> e : hands.entrySet()) {
          if (e.getValue().size() != 13) {
            throw new IllegalArgumentException(name(e.getKey()) + " holds "
                + e.getValue().size() + " cards, not 13");
          }
        }
        draft.deal = Optional.of(Deal.ofThree(hands, missing));
      }
    } catch (IllegalArgumentException e) {
      report(line, "md: " + e.getMessage() + "; deal ignored");
    }
  }

  /** One hand: a suit letter, then its ranks, for each suit given: {@code S358TH28D34579C89}. */
  static Hand hand(String text) {
    long bits = 0;
    Suit suit = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ("SHDCshdc".indexOf(c) >= 0) {
        suit = Suit.parse(c);
        continue;
      }
      if (suit == null) {
        throw new IllegalArgumentException("'" + c + "' before any suit letter in '" + text + "'");
      }
      Rank rank;
      if (c == '1' && i + 1 < text.length() && text.charAt(i + 1) == '0') {
        rank = Rank.TEN;
        i++;
      } else {
        try {
          rank = Rank.parse(c);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("not a rank: '" + c + "' in '" + text + "'");
        }
      }
      long bit = 1L << Card.of(suit, rank).index();
      if ((bits & bit) != 0) {
        throw new IllegalArgumentException("card given twice: " + Card.of(suit, rank));
      }
      bits |= bit;
    }
    return Hand.ofBits(bits);
  }

  private void next(int line) {
    finish();
    draft = new Draft(draft.players, line);
  }

  private void finish() {
    if (draft.isEmpty()) {
      return;
    }
    try {
      records.add(draft.build());
      recordLines.add(draft.line);
    } catch (IllegalArgumentException e) {
      report(draft.line, "board skipped: " + e.getMessage());
    }
    draft = new Draft(draft.players, draft.line);
  }

  private static String name(Seat s) {
    return s.name().charAt(0) + s.name().substring(1).toLowerCase();
  }

  private static String shorten(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  private void report(int line, String reason) {
    diagnostics.add(new Diagnostic(file, Math.max(1, line), reason));
  }
}
