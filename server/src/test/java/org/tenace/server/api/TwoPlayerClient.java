package org.tenace.server.api;

import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.Random;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TwoPlayerOptions;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;
import org.tenace.proto.v1.WatchTableResponse;

/** A test's player (or kibitzer) at a two-player table: a {@link TestClient} read as views. */
final class TwoPlayerClient {
  final TestClient c;

  TwoPlayerClient(TestClient c) {
    this.c = c;
  }

  static TwoPlayerClient join(ManagedChannel channel, String id, Seat seat, String name) {
    TwoPlayerClient p = new TwoPlayerClient(TestClient.join(channel, id, seat, name));
    p.c.watch(0);
    return p;
  }

  static String create(ManagedChannel channel, Variant variant, int deals, long seed,
      Seat... robots) {
    CreateTableRequest.Builder b = CreateTableRequest.newBuilder().setName("two")
        .setSettings(TableSettings.newBuilder().setVariant(variant).setBoardCount(deals)
            .setTwoPlayer(TwoPlayerOptions.newBuilder().setHandicapTricks(1)
                .setHandicapSeat(Seat.SEAT_SOUTH)))
        .setDealSeed(seed);
    for (Seat s : robots) {
      b.addRobotSeats(s);
    }
    return TableServiceGrpcHelper.create(channel, b.build());
  }

  static TwoPlayerView view(WatchTableResponse r) {
    return r.hasSnapshot() ? r.getSnapshot().getTwoPlayer()
        : r.getEvent().getTwoPlayerUpdate().getView();
  }

  static long sequence(WatchTableResponse r) {
    return r.hasSnapshot() ? r.getSnapshot().getSequence() : r.getEvent().getSequence();
  }

  TwoPlayerView view() {
    return c.received.isEmpty() ? TwoPlayerView.getDefaultInstance()
        : view(c.received.get(c.received.size() - 1));
  }

  boolean closed() {
    return c.ended.get() != null;
  }

  /**
   * Acts once if the latest view asks this seat for something: a random legal call (passing
   * often) or card, or ready between deals. Returns the version the server answered, or 0.
   */
  long step(Random random) {
    if (c.received.isEmpty()) {
      return 0;
    }
    WatchTableResponse last = c.received.get(c.received.size() - 1);
    TwoPlayerView v = view(last);
    long seq = sequence(last);
    try {
      if (v.getToAct() == c.seat && v.getLegalCallsCount() > 0) {
        int n = v.getLegalCallsCount();
        return c.stub.makeCall(MakeCallRequest.newBuilder().setTableId(c.tableId).setSeat(c.seat)
            .setCall(random.nextInt(3) == 0 ? v.getLegalCalls(0)
                : v.getLegalCalls(random.nextInt(Math.min(n, 8))))
            .setExpectedVersion(seq).build()).getVersion();
      }
      if (v.getToAct() == c.seat && v.getLegalCardsCount() > 0) {
        return c.stub.playCard(PlayCardRequest.newBuilder().setTableId(c.tableId).setSeat(c.seat)
            .setCard(v.getLegalCards(random.nextInt(v.getLegalCardsCount())))
            .setExpectedVersion(seq).build()).getVersion();
      }
      if (v.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE
          && !v.getReadyList().contains(c.seat) && !closed()) {
        return c.stub.markReady(MarkReadyRequest.newBuilder().setTableId(c.tableId).build())
            .getVersion();
      }
    } catch (StatusRuntimeException e) {
      String d = String.valueOf(e.getStatus().getDescription());
      if (!d.startsWith("STALE_VERSION") && !d.startsWith("TABLE_CLOSED")) {
        throw e;
      }
    }
    return 0;
  }

  /** Plays with random legal actions until the stream ends (the table closes). */
  static void playUntilClosed(Random random, TwoPlayerClient... players) {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (!players[0].closed() && System.nanoTime() < deadline) {
      long[] saw = java.util.Arrays.stream(players).mapToLong(p -> p.c.lastSequence()).toArray();
      boolean acted = false;
      for (TwoPlayerClient p : players) {
        long v = p.step(random);
        if (v > 0) {
          acted = true;
          // Let the action's update reach everyone before deciding again.
          for (TwoPlayerClient q : players) {
            await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(30))
                .until(() -> q.c.lastSequence() >= v || q.closed());
          }
        }
      }
      if (!acted) {
        // Nobody could act on the views they had (none yet, or gone stale): until a stream
        // brings a newer one, or the table closes.
        await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(30)).until(() -> {
          for (int i = 0; i < players.length; i++) {
            if (players[i].c.lastSequence() > saw[i] || players[i].closed()) {
              return true;
            }
          }
          return false;
        });
      }
    }
  }
}
