package org.tenace.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.cli.tm.TmConnection;
import org.tenace.cli.tm.TmConversation;
import org.tenace.cli.tm.TmLine;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Viewer;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * One seat's lines when its table stream begins in the middle of a board (the gateway's stream
 * to the server came back): the program is told the board so far as the protocol tells it, and
 * is told it is to lead when the next trick is its lead.
 */
class TmSeatTest {
  private final ManagedChannel nowhere = InProcessChannelBuilder.forName("nowhere").build();

  @AfterEach
  void stop() {
    nowhere.shutdownNow();
  }

  @Test
  void aStreamThatBeginsWhenTheProgramIsOnLeadTellsItSo() throws Exception {
    TmConversation session = TmConversation.twoBoards("Blue", "Red");
    TmConversation.Board one = session.board(1);
    StringWriter log = new StringWriter();
    TmGateway gateway = new TmGateway(nowhere, "1", TmGateway.Options.defaults(),
        new PrintWriter(log, true), (s, l) -> { });
    TmSeat west = new TmSeat(Seat.WEST, "Red", gateway);
    try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket program = new Socket(InetAddress.getLoopbackAddress(), listening.getLocalPort());
        TmConnection host = new TmConnection(listening.accept(), (d, l) -> { }, Duration.ZERO)) {
      program.setSoTimeout(60_000);
      BufferedReader in = new BufferedReader(new InputStreamReader(program.getInputStream(),
          StandardCharsets.US_ASCII));
      west.attach(host, 18);
      // West won the first trick with the club ace; the stream begins there.
      west.received(WatchTableResponse.newBuilder().setSnapshot(afterTrickOne(one)).build());
      List<TmConversation.Step> steps = session.of(Seat.WEST);
      for (TmConversation.Step step : steps.subList(1, steps.size())) {
        if (step.said()) {
          west.received(TmLine.parse(step.line()), step.line(), System.nanoTime());
          continue;
        }
        assertThat(in.readLine()).as("West is told").isEqualTo(step.line());
        if (step.line().equals("West to lead")) {
          break;
        }
      }
    } finally {
      west.close();
    }
    assertThat(log.toString()).doesNotContain("ignored").doesNotContain("the record stands");
  }

  /** Board 1 as West sees it once the first trick is over: its hand, dummy's, four cards. */
  private static TableSnapshot afterTrickOne(TmConversation.Board b) {
    List<String> trick = b.cards().subList(0, 4);
    BoardView.Builder v = BoardView.newBuilder().setBoardNumber(1)
        .setDealer(Vocabulary.toProto(Seat.NORTH))
        .setVulnerability(org.tenace.proto.v1.Vulnerability.VULNERABILITY_NONE)
        .setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(org.tenace.proto.v1.Contract.newBuilder().setLevel(1)
            .setStrain(Vocabulary.toProto(Bid.parse("1NT").strain()))
            .setDoubling(org.tenace.proto.v1.Doubling.DOUBLING_UNDOUBLED)
            .setDeclarer(Vocabulary.toProto(Seat.NORTH)));
    for (Seat s : new Seat[] {Seat.WEST, Seat.SOUTH}) {
      Hand left = Hand.parsePbn(b.hands().get(s));
      for (String c : trick) {
        left = left.without(card(c));
      }
      var h = org.tenace.proto.v1.Hand.newBuilder().setSeat(Vocabulary.toProto(s));
      left.cards().forEach(c -> h.addCards(Vocabulary.toProto(c)));
      v.addHands(h);
    }
    for (int i = 0; i < b.calls().size(); i++) {
      String c = b.calls().get(i);
      v.addAuction(AuctionCall.newBuilder().setIndex(i)
          .setSeat(Vocabulary.toProto(Seat.NORTH.next(i)))
          .setCall(Vocabulary.toProto(c.equals("Pass") ? Call.PASS : Bid.parse(c))));
    }
    Trick.Builder t = Trick.newBuilder().setNumber(1).setLeader(Vocabulary.toProto(Seat.EAST))
        .setWinner(Vocabulary.toProto(Seat.WEST));
    for (int i = 0; i < 4; i++) {
      t.addCards(PlayedCard.newBuilder().setSeat(Vocabulary.toProto(Seat.EAST.next(i)))
          .setCard(Vocabulary.toProto(card(trick.get(i)))));
    }
    v.addTricks(t);
    TableInfo.Builder table = TableInfo.newBuilder();
    for (Seat s : Seat.values()) {
      table.addSeats(SeatInfo.newBuilder().setSeat(Vocabulary.toProto(s)).setOccupied(true)
          .setPlayerName(s == Seat.NORTH || s == Seat.SOUTH ? "Blue" : "Red"));
    }
    return TableSnapshot.newBuilder().setSequence(20).setTable(table)
        .setViewer(Viewer.newBuilder().setSeat(Vocabulary.toProto(Seat.WEST))).setBoard(v)
        .build();
  }

  private static Card card(String protocol) {
    return Card.parse(protocol.substring(1) + protocol.charAt(0));
  }
}
