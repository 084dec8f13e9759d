package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import static org.awaitility.Awaitility.await;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.server.api.TenaceServer;

/** The server stops and comes back on the same store and port: the client says so, resumes
 * with its token, redraws, and plays on. */
class ReconnectTest {
  @TempDir
  Path dir;
  private TenaceServer server;
  private ManagedChannel channel;
  private final List<ScriptedSeat> bots = new ArrayList<>();

  @AfterEach
  void stop() {
    bots.forEach(ScriptedSeat::close);
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  private TenaceServer start(String db, int port) {
    return TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        port)), db);
  }

  @Test
  void aDroppedConnectionIsShownAndTheTableResumesWhereItWas() throws Exception {
    String db = "jdbc:h2:file:" + dir.resolve("store") + ";WRITE_DELAY=0";
    server = start(db, 0);
    int port = server.port();
    channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    String table = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("Test").setDealSeed(11).build()).getTable().getTableId();
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of()));
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of("1H")));
    bots.add(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("Pass  1H    ?", "your call> ");

      server.close();
      client.awaitSinceTyped("!! connection lost; reconnecting, attempt 1", "UNAVAILABLE");
      server = start(db, port);
      // The latest screen is the table as it was, with the connection back.
      await().atMost(Duration.ofSeconds(30)).until(() -> {
        String t = client.text();
        String last = t.substring(t.lastIndexOf("Board 1"));
        return !last.contains("connection lost")
            && DumbClient.containsInOrder(last, "Pass  1H    ?", "Your call.", "your call> ");
      });

      client.type("2nt");
      assertThat(client.awaitSinceTyped("Pass  1H    2NT")).doesNotContain("! ");
      client.quit();
    }
  }
}
