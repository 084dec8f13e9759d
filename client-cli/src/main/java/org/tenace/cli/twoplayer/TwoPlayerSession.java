package org.tenace.cli.twoplayer;

import io.grpc.Channel;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.tenace.client.TwoPlayerDriver;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A person at a two-player table, on a terminal: the table is drawn by {@link TwoPlayerScreen}
 * whenever it is the player's turn or a deal ends, each other change is one line, and what the
 * player types is checked against the legal calls or cards the server sent before it is sent.
 * Once a deal ends the next waits until the player has read the result and pressed Enter. What
 * the table prints goes above the prompt, which stays last.
 */
public final class TwoPlayerSession {
  static final String HELP = String.join("\n",
      "Calls: P (pass) or a bid such as 1S, 2H, 3NT (no doubles). Cards: SA, HT, D7, C10.",
      "The exchange: win a trick to take the turned-up stock card; the loser draws the next,",
      "unseen. Those 13 tricks do not count; the 13 after them do. Once a deal is over,",
      "Enter (or next) deals the next one. quit leaves the table.");


  private final Terminal terminal;
  private final Channel channel;
  private final boolean ascii;
  private final PrintWriter out;
  // The decision the driver waits for: its legal choices, answered through the queue; or, once
  // a deal is over, the future that Enter completes.
  private volatile Object pending;
  private volatile LineReader lines;
  private volatile TwoPlayerView last;
  private final LinkedBlockingQueue<Object> answers = new LinkedBlockingQueue<>();
  private volatile org.tenace.proto.v1.Seat me;

  public TwoPlayerSession(Terminal terminal, Channel channel, boolean ascii) {
    this.terminal = terminal;
    this.channel = channel;
    this.ascii = ascii;
    this.out = terminal.writer();
  }

  /** Joins {@code tableId} at {@code seat} and plays until the table closes or the user quits. */
  public int run(String tableId, Seat seat, String name) {
    String token = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest
        .newBuilder().setTableId(tableId).setRole(Role.ROLE_PLAYER)
        .setSeat(Vocabulary.toProto(seat)).setName(name).build()).getToken();
    org.tenace.proto.v1.Seat me = Vocabulary.toProto(seat);
    this.me = me;
    CompletableFuture<String> quit = new CompletableFuture<>();
    TwoPlayerDriver driver = new TwoPlayerDriver(channel, tableId, token, seat,
        new TwoPlayerDriver.Brain() {
          @Override
          public void seen(TwoPlayerView view, String what) {
            TwoPlayerView before = last;
            last = view;
            boolean redraw = before == null || view.getToAct() == me
                || (view.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE
                    && before.getPhase() != TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE);
            if (redraw) {
              // The table as it stands says what just happened (the auction, the trick), in
              // its own notation: no line of news beside it.
              List<String> screen = new java.util.ArrayList<>(List.of(""));
              screen.addAll(TwoPlayerScreen.render(view, me, ascii));
              print(screen);
            } else if (!what.isEmpty() && !ownCall(what, me)) {
              print(List.of("* " + words(what, ascii)));
            }
          }

          @Override
          public java.util.concurrent.CompletionStage<Boolean> ready(TwoPlayerView view) {
            CompletableFuture<Boolean> next = new CompletableFuture<>();
            pending = next;
            print(List.of("Deal over. Press Enter (or type next) for the next deal."));
            return next;
          }

          @Override
          public void refused(io.grpc.Status status) {
            print(List.of(refusal(status)));
          }

          @Override
          public Call call(TwoPlayerView view, Seat s, List<Call> legal) {
            return ask(view, me, legal, Call.class);
          }

          @Override
          public Card card(TwoPlayerView view, Seat s, List<Card> legal) {
            return ask(view, me, legal, Card.class);
          }
        });
    lines = LineReaderBuilder.builder().terminal(terminal).build();
    driver.start();
    Thread reader = new Thread(() -> read(quit), "two-player-input");
    reader.setDaemon(true);
    reader.start();
    String why = CompletableFuture.anyOf(driver.done(), quit).thenApply(String::valueOf).join();
    driver.close();
    print(List.of(why.equals("the table closed") ? "The table closed."
        : why.equals("you left") ? "You left the table." : "Stopped: " + why + "."));
    return 0;
  }

  private <T> T ask(TwoPlayerView view, org.tenace.proto.v1.Seat me, List<T> legal,
      Class<T> kind) {
    answers.clear(); // nothing typed before the question answers it
    pending = List.copyOf(legal);
    print(TwoPlayerScreen.prompt(view, me, ascii));
    try {
      while (true) {
        Object a = answers.take();
        if (kind.isInstance(a) && legal.contains(a)) {
          return kind.cast(a);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return legal.get(0);
    } finally {
      pending = null;
    }
  }

  @SuppressWarnings("unchecked") // the pending future is always a CompletableFuture<Boolean>
  private void read(CompletableFuture<String> quit) {
    while (!quit.isDone()) {
      String line;
      try {
        line = lines.readLine("> ").trim();
      } catch (EndOfFileException | UserInterruptException e) {
        quit.complete("you left");
        return;
      }
      if (pending instanceof CompletableFuture<?> next && (line.isEmpty()
          || line.equalsIgnoreCase("next") || line.equalsIgnoreCase("ready"))) {
        pending = null;
        ((CompletableFuture<Boolean>) next).complete(true);
        continue;
      }
      if (line.isEmpty()) {
        continue;
      }
      if (line.equalsIgnoreCase("quit") || line.equalsIgnoreCase("q")) {
        quit.complete("you left");
        return;
      }
      if (line.equalsIgnoreCase("help") || line.equals("?")) {
        print(List.of(HELP.split("\n")));
        continue;
      }
      Object asked = pending;
      if (asked instanceof CompletableFuture<?>) {
        print(List.of("The deal is over: press Enter (or type next) for the next one."));
        continue;
      }
      if (!(asked instanceof List<?> legal)) {
        print(List.of("Not your turn: wait for the other player."));
        continue;
      }
      boolean cards = !legal.isEmpty() && legal.get(0) instanceof Card;
      Optional<?> parsed = cards ? TwoPlayerInput.card(line) : TwoPlayerInput.call(line);
      if (parsed.isEmpty()) {
        print(List.of("'" + line + "' is not a " + (cards ? "card (such as SA or H10)"
            : "call (P, or a bid such as 1S or 2NT)") + ". Type help for help."));
      } else if (!legal.contains(parsed.get())) {
        print(List.of("You may not " + (cards ? "play " : "call ") + line + " now."));
        print(TwoPlayerScreen.prompt(last, me, ascii));
      } else {
        answers.offer(parsed.get());
      }
    }
  }

  /** The server's words with suit letters for a terminal without the symbols. */
  static String letters(String what) {
    return what.replace('\u2660', 'S').replace('\u2665', 'H').replace('\u2666', 'D')
        .replace('\u2663', 'C');
  }

  /**
   * The server's news in the screen's notation: a ten is 10 as in the hands, a bid's suit a
   * symbol (a letter on a terminal without them), as in the auction.
   */
  static String words(String what, boolean ascii) {
    String w = what.replaceAll("([\u2660\u2665\u2666\u2663])T\\b", "$110");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bbid ([1-7])([SHDC])\\b")
        .matcher(w);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      String suit = String.valueOf("\u2660\u2665\u2666\u2663".charAt("SHDC".indexOf(m.group(2))));
      m.appendReplacement(b, "bid " + m.group(1) + suit);
    }
    m.appendTail(b);
    return ascii ? letters(b.toString()) : b.toString();
  }

  /** Whether {@code what} tells the viewer's own call, which he typed and the auction shows. */
  static boolean ownCall(String what, org.tenace.proto.v1.Seat me) {
    String mine = TwoPlayerScreen.seat(me);
    return what.startsWith(mine + " bid ") || what.equals(mine + " passed");
  }

  /** A refusal in words: what the table said, without the code for programs. */
  static String refusal(io.grpc.Status status) {
    String d = status.getDescription() == null ? "" : status.getDescription();
    String said = d.replaceFirst("^[A-Z][A-Z_]+[A-Z]: ", "");
    return "The table refused that" + (said.isEmpty() ? "." : ": " + said + ".");
  }

  /** Prints above the prompt while one is shown, so that the prompt stays last. */
  private void print(List<String> text) {
    synchronized (out) {
      LineReader r = lines;
      if (r != null && r.isReading()) {
        r.printAbove(String.join("\n", text));
        return;
      }
      for (String l : text) {
        out.println(l);
      }
      out.flush();
    }
  }
}
