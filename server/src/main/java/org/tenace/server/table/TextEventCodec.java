package org.tenace.server.table;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.ChangeReason;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.Salt;
import org.tenace.server.engine.Utterance;

/**
 * The first store format, read by {@link EventCodec} in stores written before format version 1:
 * one line of tab-separated fields, the kind first ({@code card\tS\tHA}), with no version. Strict,
 * so that a damaged entry is found rather than misread. Strings escape backslash, tab and newline.
 * Its encoder is kept so that tests can write the old format.
 */
final class TextEventCodec {
  private TextEventCodec() {}

  static byte[] encode(TableEvent e) {
    List<String> f = new ArrayList<>(8);
    if (e instanceof TableEvent.Created c) {
      TableSettings s = c.settings();
      f.add("created");
      f.add(c.name());
      f.add(s.mode().name());
      f.add(s.edition().name());
      f.add(s.kibitz().name());
      f.add(s.undo().approver().name());
      f.add(s.undo().scope().name());
      f.add(s.scoring().name());
      f.add(String.valueOf(s.boardCount()));
      f.add(String.valueOf(s.firstBoard()));
      f.add(s.autoPassBarred() ? "1" : "0");
      f.add(String.valueOf(s.directorTimeout().toMillis()));
      f.add(c.directorToken());
      source(c.source(), f);
    } else if (e instanceof TableEvent.Joined j) {
      f.add("joined");
      f.add(j.role().name());
      f.add(j.seat().map(Seat::toString).orElse("-"));
      f.add(j.name());
      f.add(j.token());
      f.add(j.robot() ? "1" : "0");
      f.add(j.requestId());
    } else if (e instanceof TableEvent.Left l) {
      f.add("left");
      f.add(l.token());
      f.add(l.seat().map(Seat::toString).orElse("-"));
    } else if (e instanceof TableEvent.ConnectionChanged c) {
      f.add("connection");
      f.add(c.seat().toString());
      f.add(c.connected() ? "1" : "0");
    } else if (e instanceof TableEvent.BoardStarted b) {
      f.add("board");
      f.add(String.valueOf(b.number()));
      f.add(b.dealer().toString());
      f.add(b.vulnerability().name());
      f.add(b.deal().toPbn(Seat.NORTH));
      f.add(b.salt().hex());
    } else if (e instanceof TableEvent.Acted a) {
      action(a.action(), f);
    } else if (e instanceof TableEvent.UndoRequested u) {
      f.add("undo-request");
      f.add(u.seat().toString());
    } else if (e instanceof TableEvent.UndoAnswered u) {
      f.add("undo-answer");
      f.add(u.by().map(Seat::toString).orElse("-"));
      f.add(u.consent() ? "1" : "0");
    } else if (e instanceof TableEvent.ReadyMarked r) {
      f.add("ready");
      f.add(r.seat().toString());
    } else if (e instanceof TableEvent.Closed c) {
      f.add("closed");
      f.add(c.reason());
    } else {
      throw new AssertionError(e);
    }
    StringBuilder sb = new StringBuilder(64);
    for (int i = 0; i < f.size(); i++) {
      if (i > 0) {
        sb.append('\t');
      }
      escape(f.get(i), sb);
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void action(BoardAction a, List<String> f) {
    if (a instanceof BoardAction.Call c) {
      f.add("call");
      f.add(c.seat().toString());
      f.add(c.said().toString());
      f.add(c.alert().alerted() ? "1" : "0");
      f.add(c.alert().explanation());
    } else if (a instanceof BoardAction.ChangeCall c) {
      f.add("change");
      f.add(c.seat().toString());
      f.add(c.said().toString());
      f.add(c.alert().alerted() ? "1" : "0");
      f.add(c.alert().explanation());
      f.add(c.reason().name());
    } else if (a instanceof BoardAction.PlayCard p) {
      f.add("card");
      f.add(p.seat().toString());
      f.add(p.card().toString());
    } else if (a instanceof BoardAction.Claim c) {
      f.add("claim");
      f.add(c.seat().toString());
      f.add(String.valueOf(c.tricks()));
      f.add(c.statement());
    } else if (a instanceof BoardAction.RespondToClaim r) {
      f.add("claim-answer");
      f.add(r.seat().toString());
      f.add(r.accept() ? "1" : "0");
    } else if (a instanceof BoardAction.AgreeToPlayOn p) {
      f.add("play-on");
      f.add(p.seat().toString());
    } else if (a instanceof BoardAction.Undo u) {
      f.add("undo");
      f.add(u.seat().toString());
    } else if (a instanceof BoardAction.Choose c) {
      f.add("choose");
      f.add(c.seat().toString());
      f.add(c.choice().kind().name());
      f.add(c.choice().suit().map(s -> String.valueOf(s.letter())).orElse("-"));
    } else if (a instanceof BoardAction.Decide d) {
      f.add("decide");
      f.add(String.valueOf(d.rulingId()));
      f.add(d.by().name());
      f.add(d.choice());
    } else if (a instanceof BoardAction.DrawAttention d) {
      f.add("attention");
      f.add(d.seat().toString());
    } else {
      throw new AssertionError(a);
    }
  }

  private static void source(DealSource s, List<String> f) {
    if (s instanceof DealSource.Secure) {
      f.add("secure");
    } else if (s instanceof DealSource.Seeded seeded) {
      f.add("seeded");
      f.add(String.valueOf(seeded.seed()));
    } else {
      f.add("prepared");
      for (DealSource.PreparedDeal d : ((DealSource.Prepared) s).deals()) {
        f.add(d.board() + " " + d.deal().toPbn(Seat.NORTH));
      }
    }
  }

  /** Reads an event back; a damaged entry is an IllegalArgumentException naming the fault. */
  static TableEvent decode(byte[] bytes) {
    String line = new String(bytes, StandardCharsets.UTF_8);
    List<String> f = split(line);
    try {
      return decode(f);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("unreadable event '" + line + "': " + e.getMessage(), e);
    }
  }

  private static TableEvent decode(List<String> f) {
    String kind = f.get(0);
    switch (kind) {
      case "created": {
        TableSettings s = new TableSettings(Mode.valueOf(f.get(2)), LawsEdition.valueOf(f.get(3)),
            TableSettings.KibitzPolicy.valueOf(f.get(4)),
            new TableSettings.UndoPolicy(TableSettings.Approver.valueOf(f.get(5)),
                TableSettings.Scope.valueOf(f.get(6))),
            TableSettings.ScoringMethod.valueOf(f.get(7)), Integer.parseInt(f.get(8)),
            Integer.parseInt(f.get(9)), f.get(10).equals("1"),
            Duration.ofMillis(Long.parseLong(f.get(11))), Seating.FOUR_PLAYERS);
        return new TableEvent.Created(f.get(1), s, source(f.subList(13, f.size())), f.get(12));
      }
      case "joined":
        return new TableEvent.Joined(Role.valueOf(f.get(1)), seat(f.get(2)), f.get(3), f.get(4),
            f.get(5).equals("1"), f.get(6));
      case "left":
        return new TableEvent.Left(f.get(1), seat(f.get(2)));
      case "connection":
        return TableEvent.ConnectionChanged.of(Seat.parse(f.get(1)), f.get(2).equals("1"));
      case "board":
        return new TableEvent.BoardStarted(Integer.parseInt(f.get(1)), Seat.parse(f.get(2)),
            Vulnerability.valueOf(f.get(3)), Deal.parsePbn(f.get(4)), new Salt(f.get(5)));
      case "undo-request":
        return new TableEvent.UndoRequested(Seat.parse(f.get(1)));
      case "undo-answer":
        return new TableEvent.UndoAnswered(seat(f.get(1)), f.get(2).equals("1"));
      case "ready":
        return new TableEvent.ReadyMarked(Seat.parse(f.get(1)));
      case "closed":
        return new TableEvent.Closed(f.get(1));
      default:
        return new TableEvent.Acted(action(f));
    }
  }

  private static BoardAction action(List<String> f) {
    switch (f.get(0)) {
      case "call":
        return new BoardAction.Call(Seat.parse(f.get(1)), Utterance.parse(f.get(2)),
            alert(f.get(3), f.get(4)));
      case "change":
        return new BoardAction.ChangeCall(Seat.parse(f.get(1)), Utterance.parse(f.get(2)),
            alert(f.get(3), f.get(4)), ChangeReason.valueOf(f.get(5)));
      case "card":
        return new BoardAction.PlayCard(Seat.parse(f.get(1)), Card.parse(f.get(2)));
      case "claim":
        return new BoardAction.Claim(Seat.parse(f.get(1)), Integer.parseInt(f.get(2)), f.get(3));
      case "claim-answer":
        return new BoardAction.RespondToClaim(Seat.parse(f.get(1)), f.get(2).equals("1"));
      case "play-on":
        return new BoardAction.AgreeToPlayOn(Seat.parse(f.get(1)));
      case "undo":
        return new BoardAction.Undo(Seat.parse(f.get(1)));
      case "choose": {
        PlayChoice.Kind k = PlayChoice.Kind.valueOf(f.get(2));
        Optional<Suit> suit = f.get(3).equals("-") ? Optional.empty()
            : Optional.of(Suit.parse(f.get(3).charAt(0)));
        return new BoardAction.Choose(Seat.parse(f.get(1)), new PlayChoice(k, suit));
      }
      case "decide":
        return new BoardAction.Decide(Integer.parseInt(f.get(1)),
            f.get(3), Ruling.DecidedBy.valueOf(f.get(2)));
      case "attention":
        return new BoardAction.DrawAttention(Seat.parse(f.get(1)));
      default:
        throw new IllegalArgumentException("unknown event kind '" + f.get(0) + "'");
    }
  }

  private static DealSource source(List<String> f) {
    switch (f.get(0)) {
      case "secure":
        return new DealSource.Secure();
      case "seeded":
        return new DealSource.Seeded(Long.parseLong(f.get(1)));
      case "prepared": {
        List<DealSource.PreparedDeal> deals = new ArrayList<>();
        for (String d : f.subList(1, f.size())) {
          int space = d.indexOf(' ');
          deals.add(new DealSource.PreparedDeal(Integer.parseInt(d.substring(0, space)),
              Deal.parsePbn(d.substring(space + 1))));
        }
        return new DealSource.Prepared(deals);
      }
      default:
        throw new IllegalArgumentException("unknown deal source '" + f.get(0) + "'");
    }
  }

  private static Alert alert(String alerted, String explanation) {
    return alerted.equals("1") ? new Alert(true, explanation) : Alert.NONE;
  }

  private static Optional<Seat> seat(String s) {
    return s.equals("-") ? Optional.empty() : Optional.of(Seat.parse(s));
  }

  private static void escape(String s, StringBuilder sb) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\': sb.append("\\\\"); break;
        case '\t': sb.append("\\t"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        default: sb.append(c);
      }
    }
  }

  private static List<String> split(String line) {
    List<String> out = new ArrayList<>(8);
    StringBuilder cur = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\t') {
        out.add(cur.toString());
        cur.setLength(0);
      } else if (c == '\\' && i + 1 < line.length()) {
        char n = line.charAt(++i);
        cur.append(n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : n);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString());
    return out;
  }
}
