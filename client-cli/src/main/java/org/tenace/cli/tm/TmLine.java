package org.tenace.cli.tm;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * Reads one Table Manager line into a {@link TmMessage}, as the common hosts do: words in any
 * case, runs of spaces as one, a trailing full stop optional, {@code 10} for {@code T}. Pure: no
 * state, no I/O. A line outside the grammar is a {@link BadLine} naming what was wrong.
 */
public final class TmLine {
  private TmLine() {}

  /** A line outside the protocol's grammar. */
  public static final class BadLine extends Exception {
    private static final long serialVersionUID = 1L;

    BadLine(String message) {
      super(message);
    }
  }

  private static final String SEAT = "(north|east|south|west)";
  private static final String QUOTED = "\"([^\"]*)\"";
  private static final Pattern CONNECT = p("connecting " + QUOTED + " as (north|east|south|west"
      + "|anypl) using protocol version (\\d{1,3})");
  private static final Pattern SEATED = p(SEAT + " \\(?" + QUOTED + "\\)? seated");
  private static final Pattern READY_TEAMS = p(SEAT + " ready for teams");
  private static final Pattern TEAMS = p("teams ?: ?n/s ?: ?" + QUOTED + "\\.? ?e/w ?: ?"
      + QUOTED);
  private static final Pattern READY_START = p(SEAT + " ready to start");
  private static final Pattern START = p("start of board");
  private static final Pattern READY_DEAL = p(SEAT + " ready for deal");
  private static final Pattern BOARD = p("board number (\\d{1,5}) ?\\. ?dealer " + SEAT
      + " ?\\. ?(neither|n/s|e/w|both) vulnerable");
  private static final Pattern READY_CARDS = p(SEAT + " ready for cards");
  private static final Pattern CARDS = p("(north|east|south|west|dummy)'s cards ?: ?(.*)");
  private static final Pattern CALLED = p(SEAT + " (passes|doubles|redoubles|bids ([1-7]) ?"
      + "(c|d|h|s|nt|n))( (alert|infos)\\.?(.*))?");
  private static final Pattern READY_BID = p(SEAT + " ready for " + SEAT + "'s bid");
  private static final Pattern TO_LEAD = p("(north|east|south|west|dummy) to lead");
  // Protocol 19 lets a card carry its signal's explanation after a full stop: read, not kept
  // (a Tenace table has no explanation of a card).
  private static final Pattern PLAYED = p(SEAT + " plays ([2-9]|10|t|j|q|k|a) ?([shdc])"
      + "(?: ?\\. .*)?");
  private static final Pattern READY_CARD = p(SEAT + " ready for (north|east|south|west|dummy)"
      + "'s card to trick (\\d{1,2})");
  private static final Pattern READY_DUMMY = p(SEAT + " ready for dummy");
  // Bounded so every field parses as a long: an unbounded run would throw past BadLine.
  private static final String N = "(\\d{1,6})";
  private static final Pattern TIMING = p("timing - n/s ?: ?this board " + N + ":" + N
      + " ?, ?total " + N + ":" + N + ":" + N + " ?\\. ?e/w ?: ?this board " + N + ":" + N
      + " ?, ?total " + N + ":" + N + ":" + N);
  private static final Pattern END = p("end of session");
  private static final Pattern SUIT_HOLDING = Pattern.compile(
      "([shdc]) ?(-|(?:(?:10|[2-9tjqka]) ?)*) ?\\.?", Pattern.CASE_INSENSITIVE);

  private static Pattern p(String regex) {
    return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
  }

  /** The line's words with runs of white space as one space, trimmed, no final full stop. */
  public static String normalize(String line) {
    String s = line.replaceAll("\\s+", " ").trim();
    return s.endsWith(".") ? s.substring(0, s.length() - 1).trim() : s;
  }

  /** The message {@code line} holds (with or without its CRLF). */
  public static TmMessage parse(String line) throws BadLine {
    if (line == null) {
      throw new BadLine("an empty line");
    }
    String raw = line.replaceAll("\\s+", " ").trim();
    String s = normalize(line);
    if (s.isEmpty()) {
      throw new BadLine("an empty line");
    }
    Matcher m;
    if ((m = CONNECT.matcher(s)).matches()) {
      String seat = m.group(2);
      return new TmMessage.Connect(m.group(1), seat.equalsIgnoreCase("anypl") ? Optional.empty()
          : Optional.of(seat(seat)), Integer.parseInt(m.group(3)));
    }
    if ((m = SEATED.matcher(s)).matches()) {
      return new TmMessage.Seated(seat(m.group(1)), m.group(2));
    }
    if ((m = READY_TEAMS.matcher(s)).matches()) {
      return new TmMessage.ReadyForTeams(seat(m.group(1)));
    }
    if ((m = TEAMS.matcher(s)).matches()) {
      return new TmMessage.Teams(m.group(1), m.group(2));
    }
    if ((m = READY_START.matcher(s)).matches()) {
      return new TmMessage.ReadyToStart(seat(m.group(1)));
    }
    if (START.matcher(s).matches()) {
      return new TmMessage.StartOfBoard();
    }
    if ((m = READY_DEAL.matcher(s)).matches()) {
      return new TmMessage.ReadyForDeal(seat(m.group(1)));
    }
    if ((m = BOARD.matcher(s)).matches()) {
      int board = Integer.parseInt(m.group(1));
      if (board < 1) {
        throw new BadLine("board number " + board + ": boards start at 1");
      }
      Vulnerability v = switch (m.group(3).toLowerCase()) {
        case "neither" -> Vulnerability.NONE;
        case "n/s" -> Vulnerability.NS;
        case "e/w" -> Vulnerability.EW;
        default -> Vulnerability.BOTH;
      };
      return new TmMessage.BoardInfo(board, seat(m.group(2)), v);
    }
    if ((m = READY_CARDS.matcher(s)).matches()) {
      return new TmMessage.ReadyForCards(seat(m.group(1)));
    }
    if ((m = CARDS.matcher(raw)).matches()) {
      Hand hand = hand(m.group(2));
      return m.group(1).equalsIgnoreCase("dummy") ? new TmMessage.DummyCards(hand)
          : new TmMessage.Cards(seat(m.group(1)), hand);
    }
    // The alert's explanation keeps its own case and its full stop: match the raw line.
    if ((m = CALLED.matcher(raw)).matches() || (m = CALLED.matcher(s)).matches()) {
      String what = m.group(2).toLowerCase();
      Call call;
      if (what.equals("passes")) {
        call = Call.PASS;
      } else if (what.equals("doubles")) {
        call = Call.DOUBLE;
      } else if (what.equals("redoubles")) {
        call = Call.REDOUBLE;
      } else {
        String strain = m.group(4).equalsIgnoreCase("n") ? "NT" : m.group(4).toUpperCase();
        call = Bid.parse(m.group(3) + strain);
      }
      Optional<String> text = m.group(5) == null ? Optional.empty()
          : Optional.of(m.group(7).trim());
      boolean infos = m.group(6) != null && m.group(6).equalsIgnoreCase("infos");
      if (infos && text.get().isEmpty()) {
        throw new BadLine("'Infos.' with no explanation after it: '" + line.strip() + "'");
      }
      return new TmMessage.Called(seat(m.group(1)), call, infos ? Optional.empty() : text,
          infos ? text : Optional.empty());
    }
    if ((m = READY_BID.matcher(s)).matches()) {
      return new TmMessage.ReadyForBid(seat(m.group(1)), seat(m.group(2)));
    }
    if ((m = TO_LEAD.matcher(s)).matches()) {
      boolean dummy = m.group(1).equalsIgnoreCase("dummy");
      return new TmMessage.ToLead(dummy ? Seat.NORTH : seat(m.group(1)), dummy);
    }
    if ((m = PLAYED.matcher(s)).matches()) {
      return new TmMessage.Played(seat(m.group(1)), card(m.group(2), m.group(3)));
    }
    if ((m = READY_CARD.matcher(s)).matches()) {
      int trick = Integer.parseInt(m.group(3));
      if (trick < 1 || trick > 13) {
        throw new BadLine("trick " + trick + ": tricks are 1 to 13");
      }
      String from = m.group(2);
      return new TmMessage.ReadyForCard(seat(m.group(1)), from.equalsIgnoreCase("dummy")
          ? Optional.empty() : Optional.of(seat(from)), trick);
    }
    if ((m = READY_DUMMY.matcher(s)).matches()) {
      return new TmMessage.ReadyForDummy(seat(m.group(1)));
    }
    if ((m = TIMING.matcher(s)).matches()) {
      return new TmMessage.Timing(ms(m, 1), hms(m, 3), ms(m, 6), hms(m, 8));
    }
    if (END.matcher(s).matches()) {
      return new TmMessage.EndOfSession();
    }
    throw new BadLine("not a Table Manager message: '" + line.strip() + "'");
  }

  private static Seat seat(String word) {
    return Seat.parse(word.substring(0, 1));
  }

  private static Card card(String rank, String suit) {
    String r = rank.equals("10") ? "T" : rank.toUpperCase();
    return Card.parse(suit.toUpperCase() + r);
  }

  /** {@code S A K 3. H -. D Q J 9 8 7 2. C A 4 3.}: four suits, each once, 13 cards at most. */
  static Hand hand(String text) throws BadLine {
    String rest = text.trim();
    Hand hand = Hand.EMPTY;
    boolean[] seen = new boolean[4];
    Matcher m = SUIT_HOLDING.matcher(rest);
    int at = 0;
    while (at < rest.length()) {
      if (!m.find(at) || m.start() != at) {
        throw new BadLine("a hand must read like 'S A K 3. H -. D Q J 2. C A 4 3.': '" + text
            + "'");
      }
      Suit suit = Suit.valueOf(switch (m.group(1).toUpperCase()) {
        case "S" -> "SPADES";
        case "H" -> "HEARTS";
        case "D" -> "DIAMONDS";
        default -> "CLUBS";
      });
      if (seen[suit.ordinal()]) {
        throw new BadLine("suit " + suit.letter() + " twice in a hand: '" + text + "'");
      }
      seen[suit.ordinal()] = true;
      String ranks = m.group(2).trim();
      if (!ranks.equals("-")) {
        for (String r : ranks.replace("10", "T").replace(" ", "").split("")) {
          if (r.isEmpty()) {
            continue;
          }
          Card c = card(r, String.valueOf(suit.letter()));
          if (hand.contains(c)) {
            throw new BadLine(c + " twice in a hand: '" + text + "'");
          }
          hand = hand.with(c);
        }
      }
      at = m.end();
      while (at < rest.length() && rest.charAt(at) == ' ') {
        at++;
      }
    }
    if (hand.size() > 13) {
      throw new BadLine("more than 13 cards in a hand: '" + text + "'");
    }
    return hand;
  }

  private static Duration ms(Matcher m, int g) {
    return Duration.ofSeconds(Long.parseLong(m.group(g)) * 60 + Long.parseLong(m.group(g + 1)));
  }

  private static Duration hms(Matcher m, int g) {
    return Duration.ofSeconds(Long.parseLong(m.group(g)) * 3600
        + Long.parseLong(m.group(g + 1)) * 60 + Long.parseLong(m.group(g + 2)));
  }
}
