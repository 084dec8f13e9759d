package org.tenace.cli.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;
import org.tenace.client.TableModel;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Contract;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Turn;

/**
 * Draws a table as a bridge player expects it, from the viewer's {@link TableSnapshot}: the four
 * seats around the table with the viewer at the bottom, the auction in four columns, the hands
 * the viewer may see, the current trick, the contract and tricks, and at the end of a board the
 * result and the running score. Pure: the same snapshot gives the same lines, at most
 * {@link #WIDTH} columns wide.
 */
public final class Screen {
  public static final int WIDTH = 80;
  private static final int COL = 27; // the middle column; West at 0, East at 2 * COL
  private static final List<Seat> SEATS =
      List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST);
  private static final List<Suit> SUITS =
      List.of(Suit.SUIT_SPADES, Suit.SUIT_HEARTS, Suit.SUIT_DIAMONDS, Suit.SUIT_CLUBS);

  /** How to draw: suit letters instead of symbols, colour or not. */
  public record Style(boolean ascii, boolean colour) {}

  /**
   * What the client adds to the table's state: the connection and its last message; and, under
   * the result of a board the table compares with nothing, how it compares with par.
   */
  public record Status(String connection, String message, String pendingAlert, String news,
      String comparison) {
    public static final Status NONE = new Status("", "", "");

    public Status(String connection, String message, String pendingAlert) {
      this(connection, message, pendingAlert, "");
    }

    public Status(String connection, String message, String pendingAlert, String news) {
      this(connection, message, pendingAlert, news, "");
    }
  }

  private final Style style;
  private final LawsText laws;
  private final ScoreLines scores;

  public Screen(Style style) {
    this.style = style;
    this.laws = new LawsText(this);
    this.scores = new ScoreLines(this);
  }

  public List<AttributedString> render(TableSnapshot s, Status status) {
    Canvas c = new Canvas(WIDTH);
    Seat me = s.getViewer().getSeat();
    Seat bottom = me == Seat.SEAT_UNSPECIFIED ? Seat.SEAT_SOUTH : me;
    BoardView b = s.hasBoard() ? s.getBoard() : null;
    c.add(header(s, b));
    if (b == null) {
      c.add("Waiting for the first board: " + seatsTaken(s) + " of 4 seats taken.");
      for (SeatInfo si : s.getTable().getSeatsList()) {
        c.add("  " + seatName(si.getSeat()) + ": " + holder(si, me));
      }
    } else {
      c.add(contractLine(b, s.getTable().getSettings().getMode()
          == org.tenace.proto.v1.Mode.MODE_LAWS));
      diagram(c, s, b, bottom);
      afterDiagram(c, s, b, status.comparison());
    }
    if (!status.connection().isEmpty()) {
      for (String line : wrap(plain("!! " + status.connection()), WIDTH)) {
        c.add(new AttributedString(line, bold()));
      }
    }
    if (!status.news().isEmpty()) {
      for (String line : wrap(plain(status.news()), WIDTH)) {
        c.add(line);
      }
    }
    if (!status.pendingAlert().isEmpty()) {
      c.add("Your next call will be alerted: " + status.pendingAlert());
    }
    if (!status.message().isEmpty()) {
      for (String para : status.message().split("\n")) {
        for (String line : wrap(plain(para), WIDTH)) {
          c.add(line);
        }
      }
    }
    for (AttributedString line : turnLines(s, b)) {
      c.add(line);
    }
    return c.lines();
  }

  // ---- top lines ----

  private AttributedString header(TableSnapshot s, BoardView b) {
    StringBuilder t = new StringBuilder();
    if (b != null) {
      t.append("Board ").append(b.getBoardNumber()).append("  Dealer ")
          .append(seatName(b.getDealer())).append("  Vul ").append(vul(b.getVulnerability()))
          .append("  ");
    }
    t.append("Table ").append(s.getTable().getTableId());
    String name = s.getTable().getName();
    if (!name.isEmpty()) {
      t.append(" \"").append(plain(name)).append('"');
    }
    t.append("  ").append(method(s));
    return new AttributedString(cut(t.toString(), WIDTH), bold());
  }

  private AttributedString contractLine(BoardView b, boolean laws) {
    AttributedStringBuilder a = new AttributedStringBuilder();
    if (b.hasContract()) {
      a.append("Contract ").append(contract(b.getContract())).append(" by ")
          .append(seatName(b.getContract().getDeclarer()));
    } else if (b.getPhase() == BoardPhase.BOARD_PHASE_AUCTION) {
      a.append("Auction in progress");
    } else {
      a.append("Passed out");
    }
    int ns = b.getTricksNorthSouth();
    int ew = b.getTricksEastWest();
    if (b.getPhase() == BoardPhase.BOARD_PHASE_COMPLETE && b.hasResult()
        && b.getResult().hasContract()) {
      // The board's result counts the tricks a claim gave (or a revoke moved), which were never
      // played: the tricks line says what the result says.
      Seat declarer = b.getResult().getContract().getDeclarer();
      int declarers = b.getResult().getTricks();
      boolean nsDeclares = declarer == Seat.SEAT_NORTH || declarer == Seat.SEAT_SOUTH;
      ns = nsDeclares ? declarers : 13 - declarers;
      ew = 13 - ns;
    }
    a.append("   Tricks NS ").append(String.valueOf(ns)).append("  EW ")
        .append(String.valueOf(ew));
    if (laws) {
      a.append("   Laws mode");
    }
    return a.toAttributedString();
  }

  // ---- the table ----

  private void diagram(Canvas c, TableSnapshot s, BoardView b, Seat bottom) {
    Seat top = rotate(bottom, 2);
    Seat left = rotate(bottom, 1);
    Seat right = rotate(bottom, 3);
    Optional<Seat> toAct = TableModel.toAct(s);
    int r = c.height();
    seatBlock(c, r, COL, s, b, top, toAct);
    List<AttributedString> auction = auction(b, s);
    for (int i = 0; i < auction.size(); i++) {
      c.put(r + i, 2 * COL, auction.get(i));
    }
    int mid = r + Math.max(5, auction.size());
    seatBlock(c, mid, 0, s, b, left, toAct);
    seatBlock(c, mid, 2 * COL, s, b, right, toAct);
    trick(c, mid + 1, b, bottom);
    seatBlock(c, mid + 5, COL, s, b, bottom, toAct);
  }

  private void seatBlock(Canvas c, int row, int col, TableSnapshot s, BoardView b, Seat seat,
      Optional<Seat> toAct) {
    int width = col == 2 * COL ? WIDTH - col : COL - 1;
    SeatInfo info = seatInfo(s, seat);
    AttributedStringBuilder name = new AttributedStringBuilder();
    boolean acting = toAct.isPresent() && toAct.get() == seat;
    name.append(acting ? (style.ascii() ? "> " : "▶ ") : "", bold());
    name.append(seatName(seat), bold());
    if (b.hasContract() && b.getPhase() != BoardPhase.BOARD_PHASE_AUCTION) {
      Seat decl = b.getContract().getDeclarer();
      if (seat == decl) {
        name.append(" (decl)");
      } else if (seat == rotate(decl, 2)) {
        name.append(" (dummy)");
      }
    }
    name.append(" ").append(holder(info, s.getViewer().getSeat()));
    c.put(row, col, name.toAttributedString().columnSubSequence(0,
        Math.min(width, name.toAttributedString().columnLength())));
    Optional<Hand> hand = b.getHandsList().stream().filter(h -> h.getSeat() == seat).findFirst();
    if (hand.isEmpty()) {
      return;
    }
    for (int i = 0; i < 4; i++) {
      c.put(row + 1 + i, col, suitLine(SUITS.get(i), hand.get().getCardsList(), width));
    }
  }

  private AttributedString suitLine(Suit suit, List<Card> cards, int width) {
    List<String> ranks = new ArrayList<>();
    for (Card card : cards) {
      if (card.getSuit() == suit) {
        ranks.add(rank(card));
      }
    }
    String spaced = ranks.isEmpty() ? "-" : String.join(" ", ranks);
    if (spaced.length() + 2 > width) {
      spaced = String.join("", ranks);
    }
    AttributedStringBuilder a = new AttributedStringBuilder();
    a.append(suit(suit)).append(" ").append(spaced);
    return a.toAttributedString();
  }

  private void trick(Canvas c, int row, BoardView b, Seat bottom) {
    if (b.getTricksCount() == 0) {
      return;
    }
    Trick t = b.getTricks(b.getTricksCount() - 1);
    for (PlayedCard pc : t.getCardsList()) {
      int at = Math.floorMod(SEATS.indexOf(pc.getSeat()) - SEATS.indexOf(bottom), 4);
      AttributedStringBuilder a = new AttributedStringBuilder();
      a.append(String.valueOf(seatName(pc.getSeat()).charAt(0))).append(" ")
          .append(card(pc.getCard()));
      switch (at) {
        case 0 -> c.put(row + 2, COL + 9, a.toAttributedString());
        case 1 -> c.put(row + 1, COL + 1, a.toAttributedString());
        case 2 -> c.put(row, COL + 9, a.toAttributedString());
        default -> c.put(row + 1, COL + 17, a.toAttributedString());
      }
    }
    String caption = "trick " + t.getNumber()
        + (t.getWinner() != Seat.SEAT_UNSPECIFIED ? ", won by " + seatName(t.getWinner()) : "");
    c.put(row + 3, COL + Math.max(0, (COL - 1 - caption.length()) / 2), caption);
  }

  /**
   * The auction in four columns, West first, each call under its caller (a call out of rotation
   * too); a call's alert is marked with '!', an irregular call (laws mode) with '*'. Withdrawn
   * calls are listed below the table instead.
   */
  private List<AttributedString> auction(BoardView b, TableSnapshot s) {
    List<AttributedString> lines = new ArrayList<>();
    if (b.getAuctionCount() == 0 && b.getPhase() != BoardPhase.BOARD_PHASE_AUCTION) {
      return lines;
    }
    lines.add(new AttributedString("West  North East  South", bold()));
    java.util.Set<Integer> irregular = irregularCalls(b);
    int col = column(b.getDealer());
    AttributedStringBuilder line = new AttributedStringBuilder();
    for (int i = 0; i < col; i++) {
      line.append("      ");
    }
    for (AuctionCall ac : b.getAuctionList()) {
      if (ac.getWithdrawn()) {
        continue;
      }
      line = moveTo(lines, line, col, column(ac.getSeat()));
      col = column(ac.getSeat());
      AttributedStringBuilder cell = new AttributedStringBuilder();
      cell.append(call(ac.getCall()));
      if (irregular.contains(ac.getIndex())) {
        cell.append("*", bold());
      }
      if (ac.getAlert() || !ac.getExplanation().isEmpty()) {
        cell.append("!", bold());
      }
      while (cell.columnLength() < 6) {
        cell.append(' ');
      }
      line.append(cell);
      if (++col == 4) {
        lines.add(line.toAttributedString());
        line = new AttributedStringBuilder();
        col = 0;
      }
    }
    Optional<Seat> next = nextToCall(b, s);
    if (next.isPresent()) {
      line = moveTo(lines, line, col, column(next.get()));
      line.append("?");
    }
    if (line.length() > 0) {
      lines.add(line.toAttributedString());
    }
    return lines;
  }

  /** Pads {@code line} from column {@code from} to {@code to}, on a new line if {@code to} is
   * to the left. */
  private static AttributedStringBuilder moveTo(List<AttributedString> lines,
      AttributedStringBuilder line, int from, int to) {
    AttributedStringBuilder out = line;
    int col = from;
    if (to < col) {
      lines.add(out.toAttributedString());
      out = new AttributedStringBuilder();
      col = 0;
    }
    for (; col < to; col++) {
      out.append("      ");
    }
    return out;
  }

  /** The auction's column of a seat: West 0, North 1, East 2, South 3. */
  private static int column(Seat s) {
    return Math.floorMod(SEATS.indexOf(s) - 3, 4);
  }

  /**
   * Who calls next, for the '?': the table's word, none while an option or a ruling holds up the
   * auction.
   */
  private static Optional<Seat> nextToCall(BoardView b, TableSnapshot s) {
    if (b.getPhase() != BoardPhase.BOARD_PHASE_AUCTION || b.hasOption()) {
      return Optional.empty();
    }
    return TableModel.toAct(s);
  }

  /** The auction indices of the irregular calls: those the server lists, and the call an open
   * option is about. */
  private static java.util.Set<Integer> irregularCalls(BoardView b) {
    java.util.Set<Integer> out = new java.util.HashSet<>();
    for (org.tenace.proto.v1.Irregularity irr : b.getIrregularitiesList()) {
      if (irr.hasCallIndex()) {
        out.add(irr.getCallIndex());
      }
    }
    if (b.hasOption()) {
      LawsText.irregularCall(b.getOption(), b).ifPresent(a -> out.add(a.getIndex()));
    }
    return out;
  }

  // ---- below the table ----

  private void afterDiagram(Canvas c, TableSnapshot s, BoardView b, String comparison) {
    for (AuctionCall ac : b.getAuctionList()) {
      if (!ac.getWithdrawn() && (ac.getAlert() || !ac.getExplanation().isEmpty())) {
        AttributedStringBuilder a = new AttributedStringBuilder();
        a.append("Alert: ").append(seatName(ac.getSeat())).append(" ").append(call(ac.getCall()))
            .append(ac.getExplanation().isEmpty() ? " (no explanation)"
                : ": " + plain(ac.getExplanation()));
        c.add(cut(a.toAttributedString()));
      }
    }
    if (b.hasClaim()) {
      var cl = b.getClaim();
      c.add(seatName(cl.getClaimer()) + " claims " + cl.getTricks() + " of the "
          + cl.getRemaining() + " tricks left" + (cl.getStatement().isEmpty() ? ""
          : ": " + cut(plain(cl.getStatement()), 40)));
    }
    if (b.hasUndo()) {
      c.add(seatName(b.getUndo().getRequester()) + " asks to undo the last "
          + (b.getUndo().hasCard() ? "card" : "call"));
    }
    List<String> withdrawn = new ArrayList<>();
    for (AuctionCall ac : b.getAuctionList()) {
      if (ac.getWithdrawn()) {
        withdrawn.add(seatName(ac.getSeat()) + " " + call(ac.getCall()));
      }
    }
    if (!withdrawn.isEmpty()) {
      addWrapped(c, "Withdrawn: " + String.join(", ", withdrawn), "", "  ");
    }
    if (b.hasOption()) {
      var o = b.getOption();
      addWrapped(c, "Option for " + LawsText.holders(o) + ": " + laws.headline(o, b), "", "  ");
      addWrapped(c, laws.explanation(o), "  ", "  ");
    }
    if (b.getPhase() != BoardPhase.BOARD_PHASE_COMPLETE) {
      for (String r : laws.restrictions(b.getRestrictions())) {
        addWrapped(c, r, "", "  ");
      }
    }
    for (org.tenace.proto.v1.Ruling r : b.getRulingsList()) {
      addWrapped(c, LawsText.ruling(r), "", "  ");
    }
    boolean ew = ScoreLines.eastWest(s);
    if (b.getPhase() == BoardPhase.BOARD_PHASE_COMPLETE && b.hasResult()) {
      c.add(scores.result(b.getResult(), ew));
      if (!comparison.isEmpty()) {
        addWrapped(c, comparison, "", "  ");
      }
    }
    DealCheck.line(b).ifPresent(line -> addWrapped(c, line, "", "  "));
    if (s.hasRunningScore()) {
      scores.runningScore(c, s.getRunningScore(), ew);
    }
  }

  /** Text (from the server too) made plain and wrapped, every line after {@code first}, the
   * rest after {@code indent}. */
  private void addWrapped(Canvas c, String text, String first, String indent) {
    List<String> lines = wrap(plain(text), WIDTH - first.length());
    c.add(first + lines.get(0));
    if (lines.size() > 1) {
      String rest = String.join(" ", lines.subList(1, lines.size()));
      for (String line : wrap(rest, WIDTH - indent.length())) {
        c.add(indent + line);
      }
    }
  }

  // ---- the prompt line ----

  private List<AttributedString> turnLines(TableSnapshot s, BoardView b) {
    if (s.hasTurn() && s.getTurn().hasOption()) {
      // What happened and what may be typed: "East's 1H was insufficient (Law 27). accept |
      // refuse", on two lines if it is long.
      var o = s.getTurn().getOption().getOption();
      List<AttributedString> out = new ArrayList<>();
      String choices = String.join(" | ", InputParser.Context.option(LawsText.choices(o),
          LawsText.suits(o)).choiceWords());
      String headline = plain(laws.headline(o, b == null ? BoardView.getDefaultInstance() : b));
      choices = plain(choices);
      List<String> lines = headline.length() + 1 + choices.length() <= WIDTH
          ? List.of(headline + " " + choices) : new ArrayList<>(wrap(headline, WIDTH));
      if (lines.size() > 1 || !lines.get(0).endsWith(choices)) {
        lines.addAll(wrap(choices, WIDTH)); // the choices together, below what happened
      }
      for (String line : lines) {
        out.add(new AttributedString(line, bold()));
      }
      return out;
    }
    return List.of(turnLine(s, b));
  }

  private AttributedString turnLine(TableSnapshot s, BoardView b) {
    AttributedStringBuilder a = new AttributedStringBuilder();
    if (!s.hasTurn()) {
      if (s.getViewer().getSeat() == Seat.SEAT_UNSPECIFIED) {
        a.append("Watching.");
      } else if (s.getTable().getStatus() == org.tenace.proto.v1.TableStatus.TABLE_STATUS_CLOSED) {
        a.append("The table is closed.");
      } else if (b != null && b.getPhase() == BoardPhase.BOARD_PHASE_COMPLETE) {
        a.append("Waiting for the others to be ready.");
      } else if (b != null && b.hasOption()) {
        a.append("Waiting for " + LawsText.holders(b.getOption()) + " to choose (Law "
            + b.getOption().getLaw() + ").");
      } else if (b != null && LawsText.gatingRuling(b).isPresent()) {
        a.append("Waiting for the director's ruling (Law "
            + LawsText.gatingRuling(b).get().getLaw() + ").");
      } else {
        a.append(TableModel.toAct(s).map(x -> "Waiting for " + waitedFor(b, x) + ".")
            .orElse("Waiting."));
      }
      return cut(a.toAttributedString());
    }
    Turn t = s.getTurn();
    switch (t.getKindCase()) {
      case CALL -> {
        a.append("Your call. ", bold()).append("Legal: ");
        List<String> others = new ArrayList<>();
        String lowest = null;
        for (Call call : t.getCall().getLegalCallsList()) {
          if (call.hasBid()) {
            if (lowest == null) {
              lowest = call(call).toString();
            }
          } else {
            others.add(call(call).toString());
          }
        }
        if (lowest != null) {
          others.add(lowest + " or higher");
        }
        a.append(String.join(", ", others));
      }
      case PLAY -> {
        boolean dummy = t.getSeat() != s.getViewer().getSeat();
        int trick = b == null ? 1 : currentTrick(b);
        a.append(dummy ? "Dummy's card (" + seatName(t.getSeat()) + "), trick " + trick + ". "
            : "Your card, trick " + trick + ". ", bold());
        a.append("Legal: ");
        for (int i = 0; i < t.getPlay().getLegalCardsCount(); i++) {
          a.append(i == 0 ? "" : " ").append(card(t.getPlay().getLegalCards(i)));
        }
      }
      case CLAIM_RESPONSE -> a.append("Accept or reject the claim? (accept / reject)", bold());
      case UNDO_RESPONSE -> a.append("Allow the undo? (yes / no)", bold());
      case READY -> a.append("Board over. Press Enter (or type ready) for the next board.",
          bold());
      default -> a.append("Your turn.");
    }
    return cut(a.toAttributedString());
  }

  // ---- pieces ----

  /** Who is to act for {@code seat}: declarer plays dummy's cards (Law 45B). */
  private static String waitedFor(BoardView b, Seat seat) {
    if (b != null && b.hasContract() && b.getPhase() == BoardPhase.BOARD_PHASE_PLAY
        && seat == rotate(b.getContract().getDeclarer(), 2)) {
      return seatName(b.getContract().getDeclarer()) + " to play from dummy";
    }
    return seatName(seat);
  }

  /** The number of the trick being played (the next one when the last is complete). */
  static int currentTrick(BoardView b) {
    if (b.getTricksCount() == 0) {
      return 1;
    }
    Trick t = b.getTricks(b.getTricksCount() - 1);
    return t.getWinner() == Seat.SEAT_UNSPECIFIED ? t.getNumber() : t.getNumber() + 1;
  }

  static Seat rotate(Seat s, int n) {
    return SEATS.get(Math.floorMod(SEATS.indexOf(s) + n, 4));
  }

  private static SeatInfo seatInfo(TableSnapshot s, Seat seat) {
    return s.getTable().getSeatsList().stream().filter(i -> i.getSeat() == seat).findFirst()
        .orElse(SeatInfo.newBuilder().setSeat(seat).build());
  }

  private static long seatsTaken(TableSnapshot s) {
    return s.getTable().getSeatsList().stream().filter(SeatInfo::getOccupied).count();
  }

  private String holder(SeatInfo si, Seat me) {
    if (!si.getOccupied()) {
      return "(empty)";
    }
    String name = plain(si.getPlayerName());
    if (si.getSeat() == me) {
      name += " (you)";
    }
    if (si.getRobot()) {
      // The server's robots are named Robot: "Robot [robot]" would only crowd the line.
      name += name.toLowerCase(java.util.Locale.ROOT).contains("robot") ? "" : " [robot]";
    } else if (!si.getConnected()) {
      name += " (offline)";
    }
    return name;
  }

  static String seatName(Seat s) {
    return Vocabulary.seatWord(s);
  }

  private static String vul(org.tenace.proto.v1.Vulnerability v) {
    return switch (v) {
      case VULNERABILITY_NONE -> "None";
      case VULNERABILITY_NORTH_SOUTH -> "N-S";
      case VULNERABILITY_EAST_WEST -> "E-W";
      case VULNERABILITY_BOTH -> "Both";
      default -> "?";
    };
  }

  /**
   * How the table scores. Duplicate IMPs and matchpoints need another result of the board to
   * compare with: until the server gives one, the score is in points, and the header says so.
   */
  private static String method(TableSnapshot s) {
    return switch (s.getTable().getSettings().getScoringMethod()) {
      case SCORING_METHOD_RUBBER -> "Rubber";
      case SCORING_METHOD_CHICAGO -> "Chicago";
      case SCORING_METHOD_DUPLICATE_MATCHPOINTS -> compared(s) ? "Matchpoints"
          : "Points";
      default -> compared(s) ? "IMPs" : "Points";
    };
  }

  private static boolean compared(TableSnapshot s) {
    if (!s.hasRunningScore() || !s.getRunningScore().hasDuplicate()) {
      return false;
    }
    DuplicateScoreSheet d = s.getRunningScore().getDuplicate();
    return d.hasImpsNorthSouth() || d.hasMatchpointPercentNorthSouth();
  }

  AttributedString suit(Suit s) {
    String text = switch (s) {
      case SUIT_SPADES -> style.ascii() ? "S" : "♠";
      case SUIT_HEARTS -> style.ascii() ? "H" : "♥";
      case SUIT_DIAMONDS -> style.ascii() ? "D" : "♦";
      case SUIT_CLUBS -> style.ascii() ? "C" : "♣";
      default -> "?";
    };
    boolean red = s == Suit.SUIT_HEARTS || s == Suit.SUIT_DIAMONDS;
    return style.colour() && red
        ? new AttributedString(text, AttributedStyle.DEFAULT.foreground(AttributedStyle.RED))
        : new AttributedString(text);
  }

  private static String rank(Card c) {
    return switch (c.getRank()) {
      case RANK_TEN -> "10";
      case RANK_JACK -> "J";
      case RANK_QUEEN -> "Q";
      case RANK_KING -> "K";
      case RANK_ACE -> "A";
      default -> String.valueOf(c.getRankValue());
    };
  }

  AttributedString card(Card c) {
    AttributedStringBuilder a = new AttributedStringBuilder();
    a.append(suit(c.getSuit())).append(rank(c));
    return a.toAttributedString();
  }

  AttributedString call(Call c) {
    if (c.hasBid()) {
      AttributedStringBuilder a = new AttributedStringBuilder();
      a.append(String.valueOf(c.getBid().getLevel()));
      var strain = c.getBid().getStrain();
      if (strain == org.tenace.proto.v1.Strain.STRAIN_NO_TRUMP) {
        a.append("NT");
      } else {
        a.append(suit(Suit.forNumber(strain.getNumber())));
      }
      return a.toAttributedString();
    }
    return new AttributedString(switch (c.getOther()) {
      case OTHER_CALL_PASS -> "Pass";
      case OTHER_CALL_DOUBLE -> "X";
      case OTHER_CALL_REDOUBLE -> "XX";
      default -> "?";
    });
  }

  AttributedString contract(Contract k) {
    AttributedStringBuilder a = new AttributedStringBuilder();
    a.append(call(Call.newBuilder().setBid(org.tenace.proto.v1.Bid.newBuilder()
        .setLevel(k.getLevel()).setStrain(k.getStrain())).build()));
    a.append(switch (k.getDoubling()) {
      case DOUBLING_DOUBLED -> "X";
      case DOUBLING_REDOUBLED -> "XX";
      default -> "";
    });
    return a.toAttributedString();
  }

  AttributedStyle bold() {
    return style.colour() ? AttributedStyle.BOLD : AttributedStyle.DEFAULT;
  }

  /** Text from other players, shown as typed but never with control characters. */
  private String plain(String text) {
    StringBuilder b = new StringBuilder();
    text.codePoints().forEach(cp -> {
      if (Character.isISOControl(cp)) {
        b.append(' ');
      } else if (style.ascii() && cp > 126) {
        b.append(switch (cp) {
          case '♠', '♤' -> 'S';
          case '♥', '♡' -> 'H';
          case '♦', '♢' -> 'D';
          case '♣', '♧' -> 'C';
          default -> '?';
        });
      } else {
        b.appendCodePoint(cp);
      }
    });
    return b.toString();
  }

  private static String cut(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 3) + "...";
  }

  static AttributedString cut(AttributedString a) {
    return a.columnLength() <= WIDTH ? a : a.columnSubSequence(0, WIDTH);
  }

  static List<String> wrap(String text, int width) {
    List<String> out = new ArrayList<>();
    for (String para : text.split("\n")) {
      // A paragraph's indent stays, on each of its lines: a table's rows keep their columns.
      String indent = para.substring(0, Math.min(para.length() - para.stripLeading().length(),
          width / 2));
      StringBuilder line = new StringBuilder(indent);
      for (String word : para.stripLeading().split(" ")) {
        if (line.length() > indent.length() && line.length() + 1 + word.length() > width) {
          out.add(line.toString());
          line.setLength(0);
          line.append(indent);
        }
        while (word.length() > width) {
          out.add(word.substring(0, width));
          word = word.substring(width);
        }
        line.append(line.length() > indent.length() ? " " : "").append(word);
      }
      out.add(line.toString());
    }
    return out;
  }
}
