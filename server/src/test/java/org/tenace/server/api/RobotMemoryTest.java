package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.client.Bearer;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.session.SessionServer;

/**
 * The server's robots driven again in the middle of a board (the server stopped and started on
 * its store, as a node that takes a table over drives its robots) play on as they would have:
 * their fresh snapshot shows the tricks already turned over without their cards, and what they
 * saw played comes back to them, so the table's play is that of an unbroken run.
 */
class RobotMemoryTest {
  private static final int BOARDS = 3;
  /** The trick after which the server stops on each board. */
  private static final int STOP_AFTER_TRICK = 5;

  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  @Test
  void robotsDrivenAgainMidBoardPlayAsInAnUnbrokenRun() throws Exception {
    List<String> unbroken = play("unbroken", false);
    List<String> broken = play("broken", true);
    assertThat(broken).as("the calls and cards, the server stopped after trick "
        + STOP_AFTER_TRICK + " of each board").isEqualTo(unbroken);
  }

  /**
   * Every call and card of a table of four robots (its first table, so that its id and so its
   * robots' seeds are the same each time); {@code breaks}: the server stops after trick
   * {@link #STOP_AFTER_TRICK} of each board and starts again on its store.
   */
  private List<String> play(String store, boolean breaks) throws Exception {
    String url = SessionServer.url(dir, store);
    ManagedChannel channel = start(url);
    var created = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("memory").setSettings(TableSettings.newBuilder()
            .setBoardCount(BOARDS)).setDealSeed(5)
        .setRobotPace(com.google.protobuf.Duration.newBuilder().setNanos(30_000_000))
        .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
    String id = created.getTable().getTableId();
    String director = created.getDirectorToken();
    Record record = new Record();
    watch(channel, id, director, record);
    for (int board = 1; breaks && board <= BOARDS; board++) {
      CountDownLatch reached = record.at(board, STOP_AFTER_TRICK);
      assertThat(reached.await(60, TimeUnit.SECONDS)).as("trick " + STOP_AFTER_TRICK
          + " of board " + board + " reached; the record: " + record.actions).isTrue();
      at.close();
      channel = start(url);
      watch(channel, id, director, record);
    }
    assertThat(record.closed.await(120, TimeUnit.SECONDS)).as("the table closed; the record: "
        + record.actions).isTrue();
    assertThat(record.actions).as("calls and cards").hasSizeGreaterThan(BOARDS * 52 / 2);
    at.close();
    return record.actions;
  }

  /** The table's calls and cards as the director's streams bring them, once each. */
  private static final class Record {
    final List<String> actions = new CopyOnWriteArrayList<>();
    final CountDownLatch closed = new CountDownLatch(1);
    private final java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile long last;
    private volatile int stopBoard;
    private volatile int stopTrick;
    private volatile CountDownLatch reached = new CountDownLatch(1);

    /** Counted down when trick {@code trick} of board {@code board} is won. */
    CountDownLatch at(int board, int trick) {
      reached = new CountDownLatch(1);
      stopBoard = board;
      stopTrick = trick;
      return reached;
    }

    /** Where a new stream starts: the last action seen again, whole (its events are kept once). */
    long from() {
      return Math.max(1, last);
    }

    void apply(TableEvent e) {
      last = Math.max(last, e.getSequence());
      int board = e.getBoardNumber();
      if (e.hasCallMade()) {
        call(board, e.getCallMade().getCall());
      } else if (e.hasCardPlayed()) {
        card(board, e.getCardPlayed().getTrickNumber(), e.getCardPlayed().getCard());
      } else if (board == stopBoard && (e.hasTrickWon()
          && e.getTrickWon().getTrickNumber() == stopTrick || e.hasBoardCompleted())) {
        reached.countDown(); // (a board passed out or claimed ends before)
      } else if (e.hasTableClosed()) {
        closed.countDown();
      }
    }

    /** A snapshot (a stream the server could not resume from the log): its board's actions. */
    void apply(TableSnapshot s) {
      last = Math.max(last, s.getSequence());
      if (s.hasBoard()) {
        int board = s.getBoard().getBoardNumber();
        s.getBoard().getAuctionList().forEach(c -> call(board, c));
        for (org.tenace.proto.v1.Trick t : s.getBoard().getTricksList()) {
          t.getCardsList().forEach(c -> card(board, t.getNumber(), c));
        }
      }
    }

    private void call(int board, org.tenace.proto.v1.AuctionCall c) {
      if (seen.add(board + " call " + c.getIndex())) {
        actions.add(board + " " + Vocabulary.seat(c.getSeat()) + " "
            + Vocabulary.call(c.getCall()));
      }
    }

    private void card(int board, int trick, org.tenace.proto.v1.PlayedCard c) {
      if (seen.add(board + " trick " + trick + " " + c.getSeat())) {
        actions.add(board + " " + Vocabulary.seat(c.getSeat()) + " "
            + Vocabulary.card(c.getCard()));
      }
    }
  }

  /** A server on the store at {@code url}: a channel to it. */
  private ManagedChannel start(String url) {
    at.start(url);
    return at.channel();
  }

  private static void watch(ManagedChannel channel, String id, String director, Record record) {
    TableServiceGrpc.newStub(io.grpc.ClientInterceptors.intercept(channel, Bearer.of(director)))
        .watchTable(WatchTableRequest.newBuilder().setTableId(id)
            .setFromSequence(record.from()).build(), new StreamObserver<>() {
              @Override
              public void onNext(WatchTableResponse r) {
                if (r.hasEvent()) {
                  record.apply(r.getEvent());
                } else {
                  record.apply(r.getSnapshot());
                }
              }

              @Override
              public void onError(Throwable t) {}

              @Override
              public void onCompleted() {}
            });
  }
}
