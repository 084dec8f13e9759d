package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.api.TenaceServer;

/**
 * At the table, through JLine's dumb terminal: refusals in a player's words (whose hand, which
 * suit, no codes), the last trick and who won it, and a claim's answer shown whoever gives it.
 */
class TableWordsTest {
  // Each hand one suit, but South holds a club and West a diamond: West leads the two of
  // diamonds, so South, declaring 1D, must follow with a diamond and not the club.
  private static final String DEAL = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
      + "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.2 ..2.AKQJT9876543\"]\n";

  private TenaceServer server;
  private ManagedChannel channel;
  private final List<ScriptedSeat> seats = new ArrayList<>();

  @AfterEach
  void stop() {
    seats.forEach(ScriptedSeat::close);
    channel.shutdownNow();
    server.close();
  }

  @Test
  void refusalsAreInWordsAndTheLastTrickAndAClaimsAnswerAreShown() throws Exception {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        0)), "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    String table = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("Words").setDealPbn(DEAL).build()).getTable().getTableId();
    ScriptedSeat north = new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of());
    seats.add(north);
    seats.add(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()).rejectingClaims());
    seats.add(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()).rejectingClaims());
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("sk");
      String said = client.awaitSinceTyped("? 'sk' is not a call: type 1C..7NT, P, X or XX");
      assertThat(said).doesNotContain("(not a call");
      client.type("1d");
      client.awaitSinceTyped("Contract 1D by South", "dummy's card> ");
      // Declarer names a card dummy does not hold: the refusal says whose hand.
      client.type("da");
      said = client.awaitSinceTyped("! DA is not in dummy's hand", "dummy's card> ");
      assertThat(said).doesNotContain("CARD_NOT_HELD");
      client.type("s2");
      client.awaitSinceTyped("your card> ");
      client.type("c2");
      said = client.awaitSinceTyped("! You must follow suit (D)", "your card> ");
      assertThat(said).doesNotContain("REVOKE");
      client.type("ha");
      client.awaitSinceTyped("! HA is not in your hand", "your card> ");
      client.type("da");
      // The trick turned over is still to be seen, with its winner, after it and with "last".
      client.awaitSinceTyped("Trick 1 won by South:  W D2  N S2  E HA  S DA", "your card> ");
      client.type("last");
      client.awaitSinceTyped("Trick 1 won by South:  W D2  N S2  E HA  S DA", "your card> ");
      // The defenders reject the claim: the screen says so.
      client.type("claim 12");
      said = client.awaitSinceTyped("rejected the claim: play goes on.", "card> ");
      assertThat(said).containsAnyOf("East rejected", "West rejected");
      client.type("quit");
      assertThat(client.exit.join()).isZero();
      client.assertFitsEightyColumns();
    }
  }

  // West leads the ace of spades; dummy (North) holds one spade, its only legal card.
  private static final String SINGLETON = "[Board \"1\"]\n[Dealer \"N\"]\n"
      + "[Vulnerable \"None\"]\n[Deal \"N:3.AKQJT9876543.. 2.2.AKQJT987654. ..32.AKQJT987654 "
      + "AKQJT987654...32\"]\n";

  @Test
  void autoPlayPlaysASingleLegalCardForThePlayer() throws Exception {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        0)), "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    String table = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("Auto").setDealPbn(SINGLETON).build()).getTable().getTableId();
    seats.add(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of()));
    seats.add(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()));
    seats.add(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("auto");
      client.awaitSinceTyped("Auto-play is on", "your call> ");
      client.type("1c");
      // Dummy's only spade goes by itself; then it is South's own turn, with a choice.
      client.awaitSinceTyped("Played S3 from dummy, the only legal card (auto).", "your card> ");
      client.type("quit");
      assertThat(client.exit.join()).isZero();
    }
  }

  @Test
  void aTableThatIsNotThereIsSaidInWords() throws Exception {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        0)), "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    try (DumbClient client = new DumbClient(channel, "99", Seat.SEAT_SOUTH)) {
      assertThat(client.exit.join()).isEqualTo(1);
      assertThat(client.text()).contains("! No table '99'").doesNotContain("TABLE_NOT_FOUND");
    }
  }
}
