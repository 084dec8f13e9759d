package org.tenace.cli.tm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * {@code tenace bot --tm}'s client against a scripted host that speaks, line by line, as the
 * championship host does ({@link TmConversation}), and fails on any line the client says that
 * the protocol does not have next: with {@code to lead} sent to the program on lead, and with a
 * host that sends none. The client plays the scripted calls and cards at each seat in turn.
 */
class TmRobotClientTest {
  private static final Duration PATIENCE = Duration.ofSeconds(60);
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @ParameterizedTest
  @EnumSource(Seat.class)
  void playsWithAHostThatSendsToLeadToThePlayerOnLead(Seat seat) throws Exception {
    TmConversation session = TmConversation.twoBoards("Blue", "Red");
    List<TmConversation.Step> steps = session.of(seat);
    assertThat(steps).anyMatch(s -> s.line().endsWith(" to lead"));
    converse(session, seat, steps);
  }

  @ParameterizedTest
  @EnumSource(Seat.class)
  void playsWithAHostThatNeverSendsToLead(Seat seat) throws Exception {
    TmConversation session = TmConversation.twoBoards("Blue", "Red");
    converse(session, seat, TmConversation.withoutToLead(session.of(seat)));
  }

  private void converse(TmConversation session, Seat seat, List<TmConversation.Step> steps)
      throws Exception {
    StringWriter log = new StringWriter();
    try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Future<?> host = threads.submit(() -> {
        try (Socket s = listening.accept()) {
          TmConversation.host(s, steps, PATIENCE);
        }
        return null;
      });
      Future<List<TmRobotClient.Board>> client = threads.submit(() -> new TmRobotClient(seat,
          session.team(seat), scripted(session), new PrintWriter(log)).play(
              new Socket(InetAddress.getLoopbackAddress(), listening.getLocalPort()),
              (d, l) -> { }, b -> { }));
      host.get(2 * PATIENCE.toSeconds(), TimeUnit.SECONDS);
      List<TmRobotClient.Board> boards = client.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
      assertThat(boards).extracting(TmRobotClient.Board::number).containsExactly(1, 2);
      assertThat(boards.get(0).contract().orElseThrow().declarer()).isEqualTo(Seat.NORTH);
      assertThat(boards.get(1).contract().orElseThrow().declarer()).isEqualTo(Seat.EAST);
      assertThat(boards).allMatch(b -> b.tricksDeclarer() == 8);
      assertThat(log.toString()).isEmpty();
    }
  }

  /** The scripted calls and cards, whichever seat the client plays for. */
  private static Player scripted(TmConversation session) {
    return new Player() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        var b = view.board().orElseThrow();
        String c = session.board(b.getBoardNumber()).calls().get(b.getAuctionCount());
        return CallChoice.natural(c.equals("Pass") ? Call.PASS : Bid.parse(c));
      }

      @Override
      public Card card(SeatView view, Seat playsFor, List<Card> legal) {
        var b = view.board().orElseThrow();
        int played = b.getTricksList().stream().mapToInt(t -> t.getCardsCount()).sum();
        String c = session.board(b.getBoardNumber()).cards().get(played);
        return Card.parse(c.substring(1) + c.charAt(0));
      }
    };
  }
}
