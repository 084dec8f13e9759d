package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;

/** Without --table the client lists the tables to choose from; a kibitzer watches one. */
class KibitzTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  @Test
  void aKibitzerChoosesTheTableFromTheListAndWatchesTheBoardToItsEnd() throws Exception {
    channel = at.start();
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Club night").setDealSeed(3)
        .setSettings(TableSettings.newBuilder().setBoardCount(1)).build());

    PipedInputStream in = new PipedInputStream(1 << 16);
    PipedOutputStream keys = new PipedOutputStream(in);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DumbTerminal terminal = new DumbTerminal(in, out);
    CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> new Seating(terminal,
        channel).run(new Seating.Request(null, null, "Watcher", true, true)));
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() ->
        out.toString(StandardCharsets.UTF_8).contains("table number, new, r (look again) or q> "));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("1) table " + table + " \"Club night\", board 0, free: N E S W");
    keys.write("1\n".getBytes(StandardCharsets.UTF_8));
    keys.flush();

    for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST)) {
      at.closeAfter(new ScriptedSeat(channel, table, s, s == Seat.SEAT_NORTH ? List.of("1NT")
          : List.of()));
    }
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() ->
        out.toString(StandardCharsets.UTF_8).contains("!! the table is closed: type quit to leave"));
    String all = out.toString(StandardCharsets.UTF_8);
    assertThat(all).contains("Watching.", "Contract 1NT by North", "Result: 1NT by North, ");
    keys.write("quit\n".getBytes(StandardCharsets.UTF_8));
    keys.flush();
    assertThat(exit.join()).isZero();
  }
}
