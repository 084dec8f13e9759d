package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.server.session.SessionServer;
import org.tenace.server.table.Table;

/**
 * A closed table leaves the server's memory (it changes no more) and its log still answers for
 * it: a watch of the finished table after it left shows what a watch before showed, its last
 * board's result and the running score.
 */
class ClosedTableEvictionTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  void aClosedTableLeavesMemoryAndItsWatchStillShowsItsResults() {
    at.start("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    TenaceServer server = at.server();
    ManagedChannel channel = at.channel();
    CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("closes")
            .setSettings(TableSettings.newBuilder().setBoardCount(1)).setDealSeed(41)
            .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
            .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();
    // Robots alone deal only for an audience: the director watches until the table closes.
    var director = TableServiceGrpc.newBlockingStub(channel)
        .withInterceptors(Bearer.of(created.getDirectorToken()));
    var watching = director.withDeadlineAfter(60, TimeUnit.SECONDS)
        .watchTable(WatchTableRequest.newBuilder().setTableId(id).build());
    while (watching.hasNext()) {
      watching.next(); // until the table closes and its stream ends
    }
    await("the table to close").atMost(Duration.ofSeconds(60)).until(() ->
        server.tables().find(id).map(e -> e.shell().status() == Table.Status.CLOSED)
            .orElse(false));
    TableSnapshot before = snapshot(director, id);
    assertThat(before.getRunningScore().getDuplicate().getBoardsCount()).as("boards in the running score")
        .isEqualTo(1);

    // Once its last watch has gone: a table watched stays.
    await("the closed table, no longer watched, to leave memory").atMost(Duration.ofSeconds(30))
        .until(() -> server.tables().evictClosed(Duration.ZERO) == 1);
    assertThat(server.tables().find(id)).as("the closed table in memory").isEmpty();

    // The same snapshot, but for who is connected now: a presence, never in the log.
    TableSnapshot after = snapshot(director, id);
    assertThat(withoutPresence(after)).isEqualTo(withoutPresence(before));
    assertThat(server.tables().find(id)).as("read again from the log").isPresent();
  }

  private static TableSnapshot withoutPresence(TableSnapshot s) {
    var b = s.toBuilder();
    for (int i = 0; i < b.getTable().getSeatsCount(); i++) {
      b.getTableBuilder().getSeatsBuilder(i).clearConnected();
    }
    return b.build();
  }

  /** The first message of a watch of table {@code id}: its snapshot for this viewer. */
  private static TableSnapshot snapshot(TableServiceGrpc.TableServiceBlockingStub as, String id) {
    Context.CancellableContext watch = Context.current().withCancellation();
    try {
      return watch.call(() -> {
        var messages = as.withDeadlineAfter(30, TimeUnit.SECONDS)
            .watchTable(WatchTableRequest.newBuilder().setTableId(id).build());
        assertThat(messages.hasNext()).as("a snapshot of table %s", id).isTrue();
        return messages.next().getSnapshot();
      });
    } catch (Exception e) {
      throw new AssertionError("no snapshot of table " + id, e);
    } finally {
      watch.cancel(null); // the watch ends: nobody watches the table any more
    }
  }
}
