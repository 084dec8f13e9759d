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
 * {@code dd} at the terminal: refused while hands are hidden, then, the board over, the
 * double-dummy table and par of the board just played, worked out in the client.
 */
class DoubleDummyAtTheTableTest {
  // Each hand one whole suit, so that the solver sees the table at once: North spades, East
  // hearts, South diamonds, West clubs.
  private static final String DEAL =
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
  private TenaceServer server;
  private ManagedChannel channel;
  private final List<ScriptedSeat> bots = new ArrayList<>();

  @AfterEach
  void stop() {
    bots.forEach(ScriptedSeat::close);
    channel.shutdownNow();
    server.close();
  }

  @Test
  void afterTheBoardTheClientShowsItsDoubleDummyTableAndPar() throws Exception {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        0)), "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    String table = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("Test")
        .setDealPbn("[Board \"1\"]\n[Deal \"" + DEAL + "\"]\n").build()).getTable().getTableId();
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of()));
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()));
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      // Three hands are hidden from South: nothing is worked out yet.
      client.type("dd");
      client.awaitSinceTyped("The double-dummy table comes once the board is over.",
          "your call> ");
      client.type("7d");
      client.awaitSinceTyped("Contract 7D by South", "card> ");
      client.type("claim 13");
      // The table compares the result with nothing: the client compares it with par, 7S.
      client.awaitSinceTyped("Result: 7D by South, 13 tricks",
          "NS +1440, par NS +1510 (7S-NS): -2 IMPs against par", "ready> ");
      client.type("dd");
      String shown = client.awaitSinceTyped("Board 1, double dummy (declarer's tricks):",
          "NT  S  H  D  C", "Par ", "ready> ");
      // In a side's own suit as trumps, one hand ruffs the opening lead and runs the trumps:
      // 13 tricks for either declarer; at notrump the opening leader runs his suit. Both sides
      // make a grand slam, North-South the higher one, and no sacrifice over it pays.
      assertThat(shown).contains("North   0 13  0 13  0", "South   0 13  0 13  0",
          "East    0  0 13  0 13", "West    0  0 13  0 13", "Par NS 1510: 7S-NS");
      // Each strain's name ends in its column, over the figures.
      assertThat(shown).containsPattern("\\n {9}NT  S  H  D  C\\r?\\n  North   0 13");
      client.assertFitsEightyColumns();
      client.type("quit");
      assertThat(client.exit.join()).isZero();
    }
  }
}
