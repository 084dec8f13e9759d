package org.tenace.cli.play;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.Curses;
import org.jline.utils.InfoCmp.Capability;
import org.tenace.cli.play.InputParser.Context;
import org.tenace.cli.play.InputParser.Expect;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;

/**
 * The terminal side of a seat: draws the table on every change, reads lines at the prompt (with
 * completion of the legal calls and cards), parses them with {@link InputParser} and sends them.
 * A refusal or a mistype is shown with its reason, and the prompt stays.
 */
public final class PlaySession implements TableConnection.Listener {
  /** What to type, at any table. */
  static final String HELP = String.join("\n",
      "Calls: 1C..7NT (1nt, 1N, 2h...), P or pass, X or dbl, XX. To alert: 1c! TEXT, or",
      "  alert TEXT before the call. Cards: SQ, QS, S10, 10S, ST; a bare rank (q) when",
      "  one legal card has it. Tab completes the legal calls and cards.",
      "Commands: last (the last trick and who won it), auto (play a single legal card",
      "  for me: on / off), claim N (of the tricks left), concede (asks first),",
      "  accept / reject (a claim), undo (ask to take back your last call or card),",
      "  yes / no (answer an undo request), ready or Enter (next board), dd (once the",
      "  board is over: its double-dummy table and par), explain N (what the auction's",
      "  Nth call means, as the robots read it), help, quit",
      "  (gives up your seat; Ctrl-D keeps it for the next join).");

  /** How an online table treats a slip. */
  static final String ONLINE_HELP = String.join("\n",
      "This table plays online: a call or card out of turn, an insufficient bid or a",
      "  revoke is refused with the reason, and you make another; undo asks to take",
      "  back a slip.");

  /** How a laws-mode table treats an irregularity, and what may be chosen. */
  static final String LAWS_HELP = String.join("\n",
      "This table plays under the Laws: calls and cards out of turn reach the table,",
      "  which rectifies them by the Laws. laws lists the board's irregularities.",
      "When an option is yours: accept, refuse, dummy (accept a lead out of turn and",
      "  become dummy), require S / ban S (a suit: letter or symbol), waive.");

  /**
   * What call {@code number} of the board's auction means as the house robots read it (their
   * system, docs/robot-system.md), in one sentence; or why there is no such call.
   */
  static String explain(TableSnapshot s, int number) {
    if (!s.hasBoard() || s.getBoard().getAuctionCount() == 0) {
      return "? No call has been made on this board yet.";
    }
    var b = s.getBoard();
    var calls = org.tenace.robot.seat.SeatViews.auction(b.getAuctionList());
    org.tenace.bridge.card.Seat viewer =
        s.getViewer().getSeat() == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED
            ? org.tenace.bridge.card.Seat.SOUTH
            : org.tenace.client.Vocabulary.seat(s.getViewer().getSeat());
    try {
      return org.tenace.robot.bidding.CallMeaning.of(
          org.tenace.client.Vocabulary.seat(b.getDealer()),
          org.tenace.client.Vocabulary.vulnerability(b.getVulnerability()), calls, viewer, number);
    } catch (IllegalArgumentException e) {
      return "? " + e.getMessage();
    }
  }

  /** The help for the table {@code s} is: the laws-mode text at a laws table only. */
  static String help(TableSnapshot s) {
    boolean laws = s.getTable().getSettings().getMode() == org.tenace.proto.v1.Mode.MODE_LAWS;
    return HELP + "\n" + (laws ? LAWS_HELP : ONLINE_HELP);
  }

  private final Terminal terminal;
  private final Screen screen;
  private volatile TableConnection connection;
  private final ExecutorService drawer = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tenace-screen");
    t.setDaemon(true);
    return t;
  });
  private final AtomicBoolean dirty = new AtomicBoolean();
  private final BoardAnalysis analysis = new BoardAnalysis(BoardAnalysis.NODE_BUDGET);
  private volatile boolean autoPlay;
  private final java.util.concurrent.atomic.AtomicLong autoPlayedAt =
      new java.util.concurrent.atomic.AtomicLong(-1);
  private final ExecutorService autoPlayer = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tenace-autoplay");
    t.setDaemon(true);
    return t;
  });
  private LineReader reader;
  // Between the prompt's choice and the reader's first display, a screen can be neither
  // printed above the prompt (not reading yet) nor written plainly (it would land below the
  // prompt): it waits here for the reader's init callback, which also picks the prompt afresh.
  private boolean aboutToRead;
  private final AtomicReference<String> handedOver = new AtomicReference<>();
  private volatile String message = "";
  private volatile String pendingAlert = "";
  private volatile boolean confirmingConcession;
  /** A board's result against par, for a table that compares it with nothing else. */
  private record Compared(int board, String text) {}

  private final AtomicReference<Compared> compared = new AtomicReference<>();
  /** The board (number, and whether over) the screen last showed, to clear refusals after. */
  private final AtomicReference<String> boardShown = new AtomicReference<>("");
  private final String clear;

  public PlaySession(Terminal terminal, Screen.Style style) {
    this.terminal = terminal;
    this.screen = new Screen(style);
    String cap = terminal.getStringCapability(Capability.clear_screen);
    StringWriter w = new StringWriter();
    if (cap != null) {
      Curses.tputs(w, cap);
    }
    this.clear = w.toString();
  }

  /** The table's number and name on screen, in place of the server's (a session's table). */
  private volatile String shownNumber;
  private volatile String shownName;
  /** What the screen says once the table is over, in place of the connection's words. */
  private volatile String overWords;
  /** Whether the session said the director seated a substitute in this player's place. */
  private volatile boolean replaced;

  /**
   * Shows the table as {@code number} and {@code name} (a session's table by the number its
   * players were sent to); commands still go to the table's own id.
   */
  public void tableShownAs(String number, String name) {
    this.shownNumber = number;
    this.shownName = name;
  }

  /** What to say once the table is over (a session's next table), instead of how to leave. */
  public void whenOver(String words) {
    this.overWords = words;
  }

  /**
   * The session's director has seated a substitute in this player's place (the session said
   * so, perhaps before the table's stream did): the screen says so, and any line leaves.
   */
  public void replacedByDirector() {
    replaced = true;
    if (connection != null) {
      draw();
    }
  }

  /** Whether the director seated a substitute in this player's place, as far as it knows. */
  public boolean replaced() {
    return replaced || connection != null && connection.replaced();
  }

  /** A message to show until the first line is typed. */
  public void notice(String text) {
    message = text == null ? "" : text;
  }

  /** Whether a terminal can show suit symbols and colour (a dumb one shows letters). */
  public static Screen.Style styleFor(Terminal terminal, boolean ascii) {
    boolean dumb = Terminal.TYPE_DUMB.equals(terminal.getType())
        || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
    boolean utf8 = terminal.encoding() != null && terminal.encoding().name().startsWith("UTF");
    return new Screen.Style(ascii || dumb || !utf8, !dumb && !ascii);
  }

  /** Reads and acts on lines until the player quits or the table ends; returns the exit code. */
  public int run(TableConnection conn) {
    this.connection = conn;
    reader = LineReaderBuilder.builder().terminal(terminal).appName("tenace")
        .completer((r, line, candidates) -> candidates.addAll(
            completions(line.words().subList(0, Math.min(line.wordIndex(), line.words().size())))))
        .option(LineReader.Option.AUTO_FRESH_LINE, true)
        .build();
    reader.getWidgets().put(LineReader.CALLBACK_INIT, () -> {
      String screen = handedOver.getAndSet(null);
      if (screen != null) {
        terminal.writer().print(screen);
        terminal.writer().flush();
      }
      setPrompt(prompt());
      return true;
    });
    conn.start();
    draw();
    try {
      while (true) {
        String line;
        synchronized (this) {
          aboutToRead = true;
        }
        try {
          line = reader.readLine(prompt());
        } catch (UserInterruptException e) {
          continue; // Ctrl-C clears the line; quit leaves
        } catch (EndOfFileException e) {
          return 0;
        } finally {
          synchronized (this) {
            aboutToRead = false;
          }
        }
        if (!handle(line)) {
          return 0;
        }
        if (conn.isOver() || replaced) {
          draw();
          return 0;
        }
      }
    } finally {
      // The draws already asked for still happen: the last screen shows how the table ended.
      autoPlayer.shutdownNow();
      analysis.close();
      drawer.shutdown();
      try {
        drawer.awaitTermination(2, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Acts on one line; false to leave. */
  boolean handle(String line) {
    TableSnapshot s = connection.snapshot();
    Command c = InputParser.parse(line, context(s));
    Optional<String> refusal = Optional.empty();
    message = "";
    if (confirmingConcession) {
      confirmingConcession = false;
      String answer = line == null ? "" : line.strip().toLowerCase(java.util.Locale.ROOT);
      if (List.of("yes", "y", "concede").contains(answer)) {
        refusal = connection.claim(0);
        refusal.ifPresent(reason -> message = "! " + reason);
        draw();
        return true;
      }
      message = "Not conceded: play goes on.";
      if (List.of("", "no", "n").contains(answer)) {
        draw();
        return true;
      }
      // Something else typed: the concession is off, and the line is taken as it is.
    }
    if (c instanceof Command.Claim cl && cl.tricks() == 0 && s.hasBoard()
        && s.getBoard().getPhase() == org.tenace.proto.v1.BoardPhase.BOARD_PHASE_PLAY) {
      // Giving up every trick left cannot be taken back: the player says so twice.
      confirmingConcession = true;
      int left = 13 - s.getBoard().getTricksNorthSouth() - s.getBoard().getTricksEastWest();
      message = "Concede " + (left == 1 ? "the last trick" : "all " + left + " tricks left")
          + " to the opponents? yes to concede, no to play on.";
      draw();
      return true;
    }
    if (c instanceof Command.Quit) {
      connection.leave();
      return false;
    } else if (c instanceof Command.Help) {
      message = help(s);
    } else if (c instanceof Command.AutoPlay a) {
      autoPlay = a.on().orElse(!autoPlay);
      message = autoPlay ? "Auto-play is on: when only one card is legal, it is played for you "
          + "(auto off to stop)." : "Auto-play is off.";
      if (autoPlay) {
        autoPlayIfSingle();
      }
    } else if (c instanceof Command.LastTrick) {
      message = connection.lastTrick().isEmpty() ? "No trick is complete yet on this board."
          : connection.lastTrick();
    } else if (c instanceof Command.DoubleDummy) {
      message = analysis.ask(s, text -> {
        message = text;
        draw();
      });
    } else if (c instanceof Command.Explain ex) {
      message = explain(s, ex.number());
    } else if (c instanceof Command.Laws) {
      message = String.join("\n", new LawsText(screen).irregularities(s));
    } else if (c instanceof Command.Mistyped m) {
      message = "? " + m.reason();
    } else if (c instanceof Command.Alert a) {
      pendingAlert = a.explanation();
    } else if (c instanceof Command.MakeCall mc) {
      boolean alert = mc.alert() || !pendingAlert.isEmpty();
      String explanation = !mc.explanation().isEmpty() ? mc.explanation() : pendingAlert;
      refusal = connection.makeCall(mc.call(), alert, explanation);
      if (refusal.isEmpty()) {
        pendingAlert = "";
      }
    } else if (c instanceof Command.PlayCard pc) {
      refusal = connection.playCard(pc.card());
    } else if (c instanceof Command.Claim cl) {
      refusal = connection.claim(cl.tricks());
    } else if (c instanceof Command.AnswerClaim a) {
      refusal = connection.answerClaim(a.accept());
    } else if (c instanceof Command.RequestUndo) {
      refusal = connection.requestUndo();
    } else if (c instanceof Command.AnswerUndo a) {
      refusal = connection.answerUndo(a.accept());
    } else if (c instanceof Command.Ready) {
      refusal = connection.markReady();
    } else if (c instanceof Command.ChooseOption co) {
      refusal = connection.chooseOption(co.choice(), co.suit());
    }
    refusal.ifPresent(reason -> message = "! " + reason);
    draw();
    return true;
  }

  static Context context(TableSnapshot s) {
    if (!s.hasTurn()) {
      return Context.of(Expect.NOTHING);
    }
    Turn t = s.getTurn();
    return switch (t.getKindCase()) {
      case CALL -> new Context(Expect.CALL,
          t.getCall().getLegalCallsList().stream().map(Vocabulary::call).toList(), List.of());
      case PLAY -> new Context(Expect.CARD, List.of(),
          t.getPlay().getLegalCardsList().stream().map(Vocabulary::card).toList());
      case CLAIM_RESPONSE -> Context.of(Expect.CLAIM_ANSWER);
      case UNDO_RESPONSE -> Context.of(Expect.UNDO_ANSWER);
      case OPTION -> Context.option(LawsText.choices(t.getOption().getOption()),
          LawsText.suits(t.getOption().getOption()));
      case READY -> Context.of(Expect.READY);
      default -> Context.of(Expect.NOTHING);
    };
  }

  private List<Candidate> completions(List<String> before) {
    return candidates(completions(connection.snapshot(), before));
  }

  /** JLine's candidates for {@code words}, which it lists in this order. */
  static List<Candidate> candidates(List<String> words) {
    List<Candidate> out = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      // The sort key keeps the bridge order (2C 2D 2H 2S 2NT) where JLine would sort by name.
      out.add(new Candidate(words.get(i), words.get(i), null, null, null, null, true, i));
    }
    return out;
  }

  /** What Tab offers for the first word: see {@link #completions(TableSnapshot, List)}. */
  static List<String> completions(TableSnapshot s) {
    return completions(s, List.of());
  }

  /**
   * What Tab offers for the word after {@code before}: first, the turn's legal calls or cards as
   * one types them, or the option's choices, then the commands; after {@code require} or
   * {@code ban}, the suits the option lets one name.
   */
  static List<String> completions(TableSnapshot s, List<String> before) {
    List<String> out = new ArrayList<>();
    Context ctx = context(s);
    if (!before.isEmpty()) {
      Optional<Command.Choice> c = Command.Choice.ofWord(before.get(0));
      if (before.size() == 1 && c.isPresent() && c.get().takesSuit()
          && ctx.choices().contains(c.get())) {
        ctx.suits().forEach(x -> out.add(String.valueOf(x.letter())));
      }
      return out;
    }
    for (Call c : ctx.legalCalls()) {
      out.add(c == Call.PASS ? "P" : c.toString());
    }
    for (Card c : ctx.legalCards()) {
      out.add(c.toString());
    }
    for (Command.Choice c : ctx.choices()) {
      out.add(c.word());
    }
    for (String command : InputParser.COMMANDS) {
      if (!out.contains(command)) {
        out.add(command);
      }
    }
    return out;
  }

  private String prompt() {
    TableSnapshot s = connection.snapshot();
    if (confirmingConcession) {
      return "concede? yes/no> ";
    }
    if (!s.hasTurn()) {
      return "> ";
    }
    return switch (s.getTurn().getKindCase()) {
      case CALL -> "your call> ";
      case PLAY -> s.getTurn().getSeat() == s.getViewer().getSeat() ? "your card> "
          : "dummy's card> ";
      case CLAIM_RESPONSE -> "accept/reject> ";
      case UNDO_RESPONSE -> "yes/no> ";
      case OPTION -> String.join("/", LawsText.choices(s.getTurn().getOption().getOption())
          .stream().map(Command.Choice::word).toList()) + "> ";
      case READY -> "ready> ";
      default -> "> ";
    };
  }

  @Override
  public void changed() {
    TableSnapshot s = connection.snapshot();
    String board = s.hasBoard() ? s.getBoard().getBoardNumber() + (s.getBoard().getPhase()
        == org.tenace.proto.v1.BoardPhase.BOARD_PHASE_COMPLETE ? " over" : "") : "";
    if (!board.equals(boardShown.getAndSet(board))) {
      // A refusal or a mistype was about the board as it was: once it is over, or the next one
      // has started, it would only mislead. A concession not yet confirmed is off too.
      String m = message;
      if (m.startsWith("! ") || m.startsWith("? ") || confirmingConcession) {
        message = "";
      }
      confirmingConcession = false;
    }
    compareWithPar(s);
    draw();
    if (autoPlay) {
      autoPlayIfSingle();
    }
  }

  /**
   * A duplicate result the table compares with nothing (a table alone, as in solo play) says
   * little in points: once the board is over the client works out par (as for {@code dd}) and
   * shows the result against it, in IMPs or in points as the table scores.
   */
  private void compareWithPar(TableSnapshot s) {
    if (!s.hasBoard() || s.getBoard().getPhase()
        != org.tenace.proto.v1.BoardPhase.BOARD_PHASE_COMPLETE || !s.getBoard().hasResult()
        || s.getViewer().getSeat() == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
      return;
    }
    var method = s.getTable().getSettings().getScoringMethod();
    if (method == org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_RUBBER
        || method == org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_CHICAGO) {
      return;
    }
    var r = s.getBoard().getResult();
    int board = s.getBoard().getBoardNumber();
    Compared c = compared.get();
    Compared asked = new Compared(board, "");
    if (r.hasImpsNorthSouth() || r.hasMatchpointPercentNorthSouth()
        || (c != null && c.board() == board) || !compared.compareAndSet(c, asked)) {
      return;
    }
    boolean imps = method != org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_DUPLICATE_MATCHPOINTS;
    boolean ew = ScoreLines.eastWest(s);
    analysis.par(s, par -> {
      if (compared.compareAndSet(asked, new Compared(board,
          BoardAnalysis.againstPar(r.getScoreNorthSouth(), par, ew, imps)))) {
        draw();
      }
    });
  }

  /** The comparison with par of the board {@code s} shows, if any. */
  private String comparison(TableSnapshot s) {
    Compared c = compared.get();
    return c != null && s.hasBoard() && s.getBoard().getBoardNumber() == c.board()
        && s.getBoard().getPhase() == org.tenace.proto.v1.BoardPhase.BOARD_PHASE_COMPLETE
        ? c.text() : "";
  }

  /**
   * With auto-play on, plays the card of a play turn that offers only one (a singleton in the
   * suit led, or the last card), once per turn, off the stream's thread.
   */
  private void autoPlayIfSingle() {
    TableSnapshot s = connection.snapshot();
    if (!s.hasTurn() || !s.getTurn().hasPlay() || s.getTurn().getPlay().getLegalCardsCount() != 1
        || autoPlayedAt.getAndSet(s.getSequence()) == s.getSequence()) {
      return;
    }
    Card card = Vocabulary.card(s.getTurn().getPlay().getLegalCards(0));
    boolean fromDummy = s.getTurn().getSeat() != s.getViewer().getSeat();
    try {
      autoPlayer.execute(() -> {
        Optional<String> refusal = connection.playCard(card);
        message = refusal.map(r -> "! " + r).orElse("Played " + card.symbol().replace("T", "10")
            + (fromDummy ? " from dummy" : "") + ", the only legal card (auto).");
        draw();
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // shutting down
    }
  }

  /** Shown in words until the next line is typed, after any shown since the last one. */
  @Override
  public void announced(org.tenace.proto.v1.Irregularity irregularity) {
    String text = new LawsText(screen).announcement(irregularity);
    message = message.isEmpty() ? text : message + "\n" + text;
  }

  /** Redraws on the screen thread; changes that come while it draws give one more redraw. */
  private void draw() {
    if (dirty.getAndSet(true)) {
      return;
    }
    try {
      drawer.execute(() -> {
        dirty.set(false);
        paint();
      });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // shutting down
    }
  }

  private void paint() {
    TableSnapshot s = connection.snapshot();
    if (shownNumber != null && s.hasTable()) {
      s = s.toBuilder().setTable(s.getTable().toBuilder().setTableId(shownNumber)
          .setName(shownName)).build();
    }
    String status = replaced || connection.replaced()
        ? "The director has seated a substitute in your place at table "
            + (shownNumber != null ? shownNumber : s.getTable().getTableId())
            + "; type quit to leave."
        : connection.isOver() && overWords != null ? overWords : connection.connectionStatus();
    AttributedStringBuilder b = new AttributedStringBuilder();
    if (!connection.isReady()) {
      b.append("Tenace: " + (connection.connectionStatus().isEmpty() ? "connecting..."
          : connection.connectionStatus())).append("\n");
    } else {
      for (AttributedString line : screen.render(s,
          new Screen.Status(status, message, pendingAlert,
              message.equals(connection.lastTrick()) ? "" : connection.news(),
              comparison(s)))) {
        b.append(line).append("\n");
      }
    }
    String text = clear + b.toAttributedString().toAnsi(terminal);
    synchronized (this) {
      if (reader != null && reader.isReading()) {
        printAbove(text);
      } else if (aboutToRead) {
        handedOver.set(text);
        // The reader may have started since: then its init is past, and the screen is ours.
        if (reader.isReading() && handedOver.compareAndSet(text, null)) {
          printAbove(text);
        }
      } else {
        terminal.writer().print(text);
        terminal.writer().flush();
      }
    }
  }

  private void printAbove(String text) {
    setPrompt(prompt());
    reader.printAbove(text);
  }

  private void setPrompt(String prompt) {
    if (reader instanceof org.jline.reader.impl.LineReaderImpl impl) {
      impl.setPrompt(prompt);
    }
  }
}
