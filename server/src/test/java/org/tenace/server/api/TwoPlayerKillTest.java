package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;

/**
 * Kills the server process (kill -9) in the middle of a two-player deal's exchange, restarts it on
 * the same database, and checks that both players find the deal exactly where it was (their
 * hands, the stock, the turned-up card, the tricks of each phase) and can finish it.
 */
class TwoPlayerKillTest {
  @TempDir Path dir;
  @RegisterExtension final ChildServer server = new ChildServer();

  @Test
  void aServerKilledMidDealComesBackWhereItWas() throws Exception {
    server.start(dir);
    ManagedChannel channel = server.channel();
    String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, 1, 42);
    TwoPlayerClient north = TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Ann");
    TwoPlayerClient south = TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob");
    Random random = new Random(3);
    // Bid until a contract (or a passed-out deal, which this seed does not give), then play
    // five exchange tricks and a lead.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!midExchange(north.view()) && System.nanoTime() < deadline) {
      long northSaw = north.c.lastSequence();
      long southSaw = south.c.lastSequence();
      boolean acted = false;
      for (TwoPlayerClient p : List.of(north, south)) {
        if (midExchange(north.view())) {
          break;
        }
        long v = p.step(random);
        if (v > 0) {
          acted = true;
          north.c.awaitSequence(v);
          south.c.awaitSequence(v);
        }
      }
      if (!acted && !midExchange(north.view())) {
        // Neither could act on the views it had (none yet, or one gone stale): until the streams
        // bring newer ones.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(1)).until(() ->
            north.c.lastSequence() > northSaw || south.c.lastSequence() > southSaw);
      }
    }
    TwoPlayerView northBefore = north.view();
    TwoPlayerView southBefore = south.view();
    assertThat(northBefore.getPhase()).isEqualTo(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE);
    assertThat(northBefore.getStockCount()).isEqualTo(16);

    server.process().destroyForcibly(); // SIGKILL
    assertThat(server.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
    server.restart();
    ManagedChannel again = server.channel();
    TwoPlayerClient n2 = new TwoPlayerClient(TestClient.withToken(again, id, Seat.SEAT_NORTH,
        north.c.token));
    TwoPlayerClient s2 = new TwoPlayerClient(TestClient.withToken(again, id, Seat.SEAT_SOUTH,
        south.c.token));
    n2.c.watch(north.c.lastSequence() + 1);
    s2.c.watch(south.c.lastSequence() + 1);
    await().atMost(Duration.ofSeconds(30))
        .until(() -> !n2.c.received.isEmpty() && !s2.c.received.isEmpty());
    assertThat(n2.view()).as(server.tail(40)).isEqualTo(northBefore);
    assertThat(s2.view()).as(server.tail(40)).isEqualTo(southBefore);

    TwoPlayerClient.playUntilClosed(random, n2, s2);
    List<TwoPlayerView> done = TwoPlayerServerTest.completedDeals(n2.c.received);
    assertThat(done).hasSize(1);
    assertThat(done.get(0).getScoredTricksNorth() + done.get(0).getScoredTricksSouth())
        .isEqualTo(13);
  }

  /** Five exchange tricks played and the sixth led. */
  private static boolean midExchange(TwoPlayerView v) {
    return v.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE
        && v.getExchangeTricksNorth() + v.getExchangeTricksSouth() == 5 && v.getTrickCount() == 1;
  }
}
