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
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;

/**
 * A person at a two-player table, on a terminal: the table is drawn by {@link TwoPlayerScreen}
 * whenever it is the player's turn or a deal ends, each other change is one line, and what the
 * player types is checked against the legal calls or cards the server sent before it is sent.
 * The player is ready for the next deal as soon as one ends (the result stays on the screen).
 */
public final class TwoPlayerSession {
  static final String HELP = String.join("\n",
      "Calls: P (pass) or a bid such as 1S, 2H, 3NT (no doubles). Cards: SA, HT, D7, C10.",
      "The exchange: win a trick to take the turned-up stock card; the loser draws the next,",
      "unseen. Those 13 tricks do not count; the 13 after them do. quit leaves the table.");

  private final Terminal terminal;
  private final Channel channel;
  private final boolean ascii;
  private final PrintWriter out;
  // The decision the driver waits for: its legal choices, answered through the queue.
  private volatile List<?> pending;
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
            if (!what.isEmpty()) {
              print(List.of("* " + (ascii ? letters(what) : what)));
            }
            if (redraw) {
              print(List.of(""));
              print(TwoPlayerScreen.render(view, me, ascii));
            }
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
    pending = legal;
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

  private void read(CompletableFuture<String> quit) {
    LineReader lines = LineReaderBuilder.builder().terminal(terminal).build();
    while (!quit.isDone()) {
      String line;
      try {
        line = lines.readLine("> ").trim();
      } catch (EndOfFileException | UserInterruptException e) {
        quit.complete("you left");
        return;
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
      List<?> legal = pending;
      if (legal == null) {
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

  private void print(List<String> text) {
    synchronized (out) {
      for (String l : text) {
        out.println(l);
      }
      out.flush();
    }
  }
}
