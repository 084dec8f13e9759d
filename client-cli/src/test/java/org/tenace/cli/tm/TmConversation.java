package org.tenace.cli.tm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.tenace.bridge.card.Seat;

/**
 * What a Table Manager program at each seat says and is told, line by line and in order, over
 * a session of scripted boards, as the host used for computer championships speaks the protocol
 * (version 18) in its public session trace. Written here from the protocol and that trace, with
 * the test's own deals, apart from the gateway's code: its own spelling of every line, its own
 * trick winners. The rules, for each seat's program:
 *
 * <ul>
 *   <li>the handshake: Connecting, Seated, ready for teams, Teams, ready to start;
 *   <li>each board: Start of board (asked for by "ready to start" the first time, unasked after
 *       the Timing line of the board before), ready for deal, the board line, ready for cards,
 *       its own hand;
 *   <li>the auction: its own calls said, each other call asked for ("ready for East's bid");
 *   <li>the play: before each trick, {@code East to lead} to the program on lead only, or
 *       {@code Dummy to lead} to declarer when dummy is on lead; declarer plays dummy's cards
 *       ("South plays 2C" from North); each other card asked for, dummy asking for its own cards
 *       as {@code dummy's card}; after the opening lead every program but dummy's asks
 *       {@code ready for dummy} and is told dummy's hand; dummy is never told its own hand;
 *   <li>after the thirteenth card, unasked, the Timing line; after the last board, End of
 *       session, and the host closes the connection. Nothing else, to anyone.
 * </ul>
 */
public final class TmConversation {

  /** One line: said by the program, or told to it (matched by a pattern, shown as a sample). */
  public record Step(boolean said, String line, Pattern told) {
    static Step says(String line) {
      return new Step(true, line, null);
    }

    static Step told(String line) {
      return new Step(false, line, Pattern.compile(Pattern.quote(line)));
    }

    @Override
    public String toString() {
      return (said ? "says  " : "told  ") + line;
    }
  }

  /** The board's Timing line: the host's times, in its spelling (two spaces between parts). */
  public static final Pattern TIMING = Pattern.compile("Timing - N/S : this board  \\d\\d:\\d\\d,  "
      + "total  \\d+:\\d\\d:\\d\\d\\.  E/W : this board  \\d\\d:\\d\\d,  total  "
      + "\\d+:\\d\\d:\\d\\d\\.");
  private static final String TIMING_SAMPLE = "Timing - N/S : this board  00:01,  total  "
      + "0:00:01.  E/W : this board  00:02,  total  0:00:02.";
  private static final String RANKS = "23456789TJQKA";

  /**
   * A scripted board: its number (dealer and vulnerability follow from it), each seat's hand
   * in PBN order ({@code K84.QJ32.KQ7.876}), the calls from dealer ({@code 1NT}, {@code Pass}),
   * declarer, and the 52 cards in the order played ({@code 5C}); no trumps.
   */
  public record Board(int number, Map<Seat, String> hands, List<String> calls, Seat declarer,
      List<String> cards) {
    Seat dealer() {
      return Seat.values()[(number - 1) % 4];
    }

    String vulnerability() {
      // The duplicate board's cycle of sixteen: Neither, N/S, E/W, Both, ...
      int[] cycle = {0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2};
      return new String[] {"Neither", "N/S", "E/W", "Both"}[cycle[(number - 1) % 16]];
    }

    Seat dummy() {
      return declarer.partner();
    }

    /** The PBN tag pairs of this board, for the table's deal. */
    String pbn() {
      StringBuilder deal = new StringBuilder("N:");
      for (Seat s : Seat.values()) {
        deal.append(s == Seat.NORTH ? "" : " ").append(hands.get(s));
      }
      String vul = switch (vulnerability()) {
        case "Neither" -> "None";
        case "N/S" -> "NS";
        case "E/W" -> "EW";
        default -> "All";
      };
      return "[Board \"" + number + "\"]\n[Dealer \"" + word(dealer()).charAt(0) + "\"]\n"
          + "[Vulnerable \"" + vul + "\"]\n[Deal \"" + deal + "\"]\n\n";
    }
  }

  /**
   * Two boards of the trace's shape, with deals of the test's own: on board 1 North opens 1NT
   * and the others pass, East leads, South is dummy; West wins the first trick and leads,
   * declarer plays dummy's cards second, third and fourth to a trick, and dummy wins and leads
   * three tricks ({@code Dummy to lead} to North). Board 2 is board 1 turned a quarter (East
   * declares, West is dummy), so that each program holds each role once: leader, declarer,
   * dummy, third hand.
   */
  public static TmConversation twoBoards(String teamNs, String teamEw) {
    Map<Seat, String> hands = new EnumMap<>(Seat.class);
    hands.put(Seat.NORTH, "K84.QJ32.KQ7.876");
    hands.put(Seat.EAST, "976.975.AJ95.K95");
    hands.put(Seat.SOUTH, "QJ32.AK4.T42.T32");
    hands.put(Seat.WEST, "AT5.T86.863.AQJ4");
    List<String> play = List.of(
        "5C", "2C", "AC", "6C", // East leads; West wins
        "3D", "KD", "5D", "2D", // North wins with dummy's card fourth
        "2H", "5H", "AH", "6H", // dummy wins
        "2S", "5S", "KS", "6S", // Dummy to lead; North wins
        "7C", "KC", "3C", "4C", // East wins
        "AD", "4D", "6D", "7D", // East again
        "7H", "KH", "8H", "3H", // dummy wins
        "3S", "AS", "4S", "7S", // Dummy to lead; West wins
        "QC", "8C", "9C", "TC", // West again
        "8D", "QD", "9D", "TD", // North wins
        "QH", "9H", "4H", "TH", // North again
        "8S", "9S", "QS", "TS", // dummy wins
        "JS", "JC", "JH", "JD"); // Dummy to lead the last trick; three discards
    List<String> passedRound = List.of("1NT", "Pass", "Pass", "Pass");
    return new TmConversation(teamNs, teamEw, List.of(
        new Board(1, hands, passedRound, Seat.NORTH, play),
        new Board(2, turned(hands), passedRound, Seat.EAST, play)));
  }

  private final String teamNs;
  private final String teamEw;
  private final List<Board> boards;

  public TmConversation(String teamNs, String teamEw, List<Board> boards) {
    this.teamNs = teamNs;
    this.teamEw = teamEw;
    this.boards = boards;
  }

  public String team(Seat s) {
    return s == Seat.NORTH || s == Seat.SOUTH ? teamNs : teamEw;
  }

  /** The board numbered {@code number}. */
  public Board board(int number) {
    return boards.stream().filter(b -> b.number() == number).findFirst().orElseThrow();
  }

  /** The deals of the session as a PBN text, for the table. */
  public String pbn() {
    StringBuilder b = new StringBuilder();
    boards.forEach(x -> b.append(x.pbn()));
    return b.toString();
  }

  /** Everything the program at {@code me} says and is told, in order, from its first line. */
  public List<Step> of(Seat me) {
    List<Step> out = new ArrayList<>();
    out.add(Step.says("Connecting \"" + team(me) + "\" as " + word(me)
        + " using protocol version 18"));
    out.add(Step.told(word(me) + " (\"" + team(me) + "\") seated"));
    out.add(Step.says(word(me) + " ready for teams"));
    out.add(Step.told("Teams : N/S : \"" + teamNs + "\" E/W : \"" + teamEw + "\""));
    out.add(Step.says(word(me) + " ready to start"));
    for (Board b : boards) {
      board(me, b, out);
    }
    out.add(Step.told("End of session"));
    return out;
  }

  private static void board(Seat me, Board b, List<Step> out) {
    out.add(Step.told("Start of board"));
    out.add(Step.says(word(me) + " ready for deal"));
    out.add(Step.told("Board number " + b.number() + ". Dealer " + word(b.dealer()) + ". "
        + b.vulnerability() + " vulnerable."));
    out.add(Step.says(word(me) + " ready for cards"));
    out.add(Step.told(word(me) + "'s cards : " + holding(b.hands().get(me))));
    for (int i = 0; i < b.calls().size(); i++) {
      Seat caller = b.dealer().next(i);
      String call = word(caller) + " " + callWords(b.calls().get(i));
      if (caller == me) {
        out.add(Step.says(call));
      } else {
        out.add(Step.says(word(me) + " ready for " + word(caller) + "'s bid"));
        out.add(Step.told(call));
      }
    }
    Seat dummy = b.dummy();
    Seat leader = b.declarer().next(1);
    for (int trick = 1; trick <= 13; trick++) {
      Seat onLead = leader == dummy ? b.declarer() : leader;
      if (onLead == me) {
        out.add(Step.told((leader == dummy ? "Dummy" : word(leader)) + " to lead"));
      }
      List<String> cards = b.cards().subList((trick - 1) * 4, trick * 4);
      for (int k = 0; k < 4; k++) {
        Seat who = leader.next(k);
        String played = word(who) + " plays " + cards.get(k);
        boolean mine = who == me && me != dummy || me == b.declarer() && who == dummy;
        if (mine) {
          out.add(Step.says(played));
        } else {
          out.add(Step.says(word(me) + " ready for " + (who == me ? "dummy" : word(who))
              + "'s card to trick " + trick));
          out.add(Step.told(played));
        }
        if (trick == 1 && k == 0 && me != dummy) {
          out.add(Step.says(word(me) + " ready for dummy"));
          out.add(Step.told("Dummy's cards : " + holding(b.hands().get(dummy))));
        }
      }
      leader = leader.next(winner(cards));
    }
    out.add(new Step(false, TIMING_SAMPLE, TIMING));
  }

  /** Who won a trick at no trumps: the highest card of the suit led, by its place in the trick. */
  private static int winner(List<String> cards) {
    char led = cards.get(0).charAt(1);
    int best = 0;
    for (int i = 1; i < 4; i++) {
      String c = cards.get(i);
      if (c.charAt(1) == led
          && RANKS.indexOf(c.charAt(0)) > RANKS.indexOf(cards.get(best).charAt(0))) {
        best = i;
      }
    }
    return best;
  }

  /** {@code K84.QJ32.KQ7.876} as the protocol shows a hand: {@code S K 8 4. H Q J 3 2. ...}. */
  public static String holding(String pbn) {
    String[] suits = pbn.split("\\.", -1);
    StringBuilder b = new StringBuilder();
    String letters = "SHDC";
    for (int i = 0; i < 4; i++) {
      b.append(i == 0 ? "" : " ").append(letters.charAt(i));
      if (suits[i].isEmpty()) {
        b.append(" -");
      }
      for (char r : suits[i].toCharArray()) {
        b.append(' ').append(r);
      }
      b.append('.');
    }
    return b.toString();
  }

  private static String callWords(String call) {
    return switch (call) {
      case "Pass" -> "passes";
      case "X" -> "doubles";
      case "XX" -> "redoubles";
      default -> "bids " + call;
    };
  }

  public static String word(Seat s) {
    return switch (s) {
      case NORTH -> "North";
      case EAST -> "East";
      case SOUTH -> "South";
      case WEST -> "West";
    };
  }

  /** The hands a quarter clockwise: North's go to East, and so on. */
  public static Map<Seat, String> turned(Map<Seat, String> hands) {
    Map<Seat, String> out = new EnumMap<>(Seat.class);
    hands.forEach((s, h) -> out.put(s.next(1), h));
    return out;
  }

  /**
   * Plays {@code steps} as the program at {@code seat}: says each line it says, and fails on
   * any line it is told that is not the next one the protocol has, and on any line after the
   * last (the host closes the connection after End of session). A line not told within
   * {@code patience} fails as missing.
   */
  public static void program(Socket socket, Seat seat, List<Step> steps, Duration patience)
      throws IOException {
    converse(socket, word(seat) + "'s program", steps, true, patience);
  }

  /**
   * Plays {@code steps} as the host of the program at the other end: tells it each line it is
   * told (a sample for the Timing line), and fails on any line it says that is not the next one
   * the protocol has; after the last, it closes the connection and expects the program to close
   * its side with nothing more said.
   */
  public static void host(Socket socket, List<Step> steps, Duration patience) throws IOException {
    converse(socket, "the host", steps, false, patience);
  }

  private static void converse(Socket socket, String who, List<Step> steps, boolean asProgram,
      Duration patience) throws IOException {
    socket.setSoTimeout((int) patience.toMillis());
    BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
        StandardCharsets.US_ASCII));
    OutputStream out = socket.getOutputStream();
    List<String> so = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      boolean writes = step.said() == asProgram;
      if (writes) {
        out.write((step.line() + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        so.add((asProgram ? "< " : "> ") + step.line());
        continue;
      }
      String got;
      try {
        got = in.readLine();
      } catch (SocketTimeoutException e) {
        throw new AssertionError(who + ": nothing came where the protocol has '" + step.line()
            + "' (step " + (i + 1) + "); so far:\n" + String.join("\n", so));
      }
      so.add((asProgram ? "> " : "< ") + got);
      Pattern expected = step.said() ? Pattern.compile(Pattern.quote(step.line())) : step.told();
      if (got == null || !expected.matcher(got).matches()) {
        throw new AssertionError(who + ": got '" + got + "' where the protocol has '"
            + step.line() + "' (step " + (i + 1) + "); so far:\n" + String.join("\n", so));
      }
    }
    if (!asProgram) {
      socket.shutdownOutput();
    }
    String after;
    try {
      after = in.readLine();
    } catch (SocketTimeoutException e) {
      throw new AssertionError(who + ": the connection stayed open after the last line");
    }
    if (after != null) {
      throw new AssertionError(who + ": got '" + after + "' after the last line the protocol"
          + " has; so far:\n" + String.join("\n", so));
    }
  }

  /** The steps without any "to lead" line: a host that does not send it. */
  public static List<Step> withoutToLead(List<Step> steps) {
    return steps.stream().filter(s -> s.said() || !s.line().endsWith(" to lead")).toList();
  }
}
