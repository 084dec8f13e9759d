package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.store.TestPostgres;

/**
 * Kills the server process with {@code kill -9} while four clients play as fast as the server
 * acknowledges, restarts it on the same database, and checks that the clients resume and finish
 * the board with the same deal, and that every acknowledged call and card is there: with the log
 * in H2 and in PostgreSQL.
 */
class KillAndResumeTest {
  @TempDir Path dir;
  @RegisterExtension final ChildServer server = new ChildServer();

  /** One acknowledged action: the version the server answered, and what it was. */
  private record Ack(long version, Seat seat, Call call, Card card) {}

  /**
   * {@code connect}: the clients watch and act over Connect streams, else WatchTable and unary;
   * {@code postgres}: the server's --db is a PostgreSQL database ({@link TestPostgres}), else H2.
   */
  @ParameterizedTest(name = "connect stream: {0}, PostgreSQL: {1}")
  @CsvSource({"false, false", "true, false", "false, true", "true, true"})
  void acknowledgedActionsSurviveKillDashNineAndTheClientsFinishTheBoard(boolean connect,
      boolean postgres) throws Exception {
    String db = postgres ? TestPostgres.get().newDatabaseWithCredentials()
        : "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
    server.start(db, dir.resolve("server.log"));
    ManagedChannel channel = server.channel();
    CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("kill").setSettings(TableSettings.newBuilder())
            .setDealSeed(77).build());
    String id = created.getTable().getTableId();
    Party party = new Party(channel, id, connect);
    party.at(Seat.SEAT_NORTH).awaitTurn(Turn.KindCase.CALL);
    byte[] commitment = boardStarted(party.at(Seat.SEAT_NORTH)).getDealCommitment().toByteArray();

    // Four threads act the moment it is their turn; the server is killed after the 30th
    // acknowledgement, in the middle of the play, with no pause before it.
    List<Ack> acks = new CopyOnWriteArrayList<>();
    AtomicBoolean killed = new AtomicBoolean();
    List<Thread> players = new ArrayList<>();
    for (TestClient c : party.clients.values()) {
      Thread t = new Thread(() -> playFast(id, c, acks, killed));
      t.start();
      players.add(t);
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> acks.size() >= 30);
    server.process().destroyForcibly(); // SIGKILL
    killed.set(true);
    assertThat(server.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
    for (Thread t : players) {
      t.join(10_000);
    }
    List<Ack> acknowledged = new ArrayList<>(acks);
    acknowledged.sort(java.util.Comparator.comparingLong(Ack::version));

    // Restart on the same database; each client resumes with its token from where it was.
    server.restart();
    ManagedChannel again = server.channel();
    Map<Seat, TestClient> resumed = new EnumMap<>(Seat.class);
    for (TestClient c : party.clients.values()) {
      TestClient r = c.resumedOn(again);
      if (connect) {
        r.connect(c.lastSequence() + 1);
      } else {
        r.watch(c.lastSequence() + 1);
      }
      resumed.put(c.seat, r);
    }
    TestClient director = TestClient.withToken(again, id, Seat.SEAT_UNSPECIFIED,
        created.getDirectorToken());
    director.watch(0);
    await().atMost(Duration.ofSeconds(30)).until(() -> !director.received.isEmpty());
    BoardView board = director.received.get(0).getSnapshot().getBoard();

    // Every acknowledged call and card is in the rebuilt board, in order.
    List<Call> calls = new ArrayList<>();
    for (AuctionCall a : board.getAuctionList()) {
      calls.add(a.getCall());
    }
    List<Card> cards = new ArrayList<>();
    for (Trick t : board.getTricksList()) {
      for (PlayedCard pc : t.getCardsList()) {
        cards.add(pc.getCard());
      }
    }
    List<Call> ackedCalls = acknowledged.stream().filter(a -> a.call() != null).map(Ack::call)
        .toList();
    List<Card> ackedCards = acknowledged.stream().filter(a -> a.card() != null).map(Ack::card)
        .toList();
    assertThat(calls).startsWith(ackedCalls.toArray(new Call[0]));
    assertThat(cards).startsWith(ackedCards.toArray(new Card[0]));
    assertThat(ackedCards).isNotEmpty();
    assertThat(board.getDealCommitment().toByteArray()).isEqualTo(commitment);

    // The four finish the board from where they are, once each has heard what the server
    // holds: a client whose resumed stream has not yet brought the last actions still shows the
    // turn it knew, and would act on it (STALE_VERSION), slower streams (a loaded machine, a
    // commit to PostgreSQL) making that likelier.
    Party after = new Party(id, resumed);
    after.sync(director.received.get(0).getSnapshot().getSequence());
    for (int i = 0; i < 60 && !board(after).isPresent(); i++) {
      TestClient actor = awaitSomeTurn(after);
      if (actor == null) {
        break; // the board ended: its last card's BoardCompleted came after the card
      }
      Turn t = actor.turn();
      if (t.hasCall()) {
        after.call(t.getSeat(), "P");
      } else if (t.hasPlay()) {
        after.playFirst();
      }
    }
    BoardCompleted done = board(after).orElseThrow();
    // The deal is the one committed to before the auction: the revealed salt opens it.
    assertThat(sha256(canonical(done, 1))).isEqualTo(commitment);
  }

  @Test
  void sigtermStopsCleanlyEndingStreamsAndClosingTheStore() throws Exception {
    Path base = dir.resolve("clean");
    String db = "jdbc:h2:" + base.toAbsolutePath();
    server.start(db, dir.resolve("server.log"));
    ManagedChannel channel = server.channel();
    String id = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("term").setDealSeed(1).build()).getTable().getTableId();
    Party party = new Party(channel, id);
    party.call(Seat.SEAT_NORTH, "1C");
    server.process().destroy(); // SIGTERM
    assertThat(server.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
    TestClient north = party.at(Seat.SEAT_NORTH);
    await().atMost(Duration.ofSeconds(30)).until(() -> north.ended.get() != null);
    assertThat(io.grpc.Status.fromThrowable(north.ended.get()).getCode())
        .isIn(io.grpc.Status.Code.UNAVAILABLE);
    // The store was flushed and closed: nothing is left in the journal.
    try (var files = java.nio.file.Files.list(Path.of(base + ".journal"))) {
      assertThat(files.toList()).isEmpty();
    }
    // And the table is all there after a restart.
    server.restart();
    ManagedChannel again = server.channel();
    var tables = TableServiceGrpc.newBlockingStub(again).listTables(
        org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList();
    assertThat(tables).extracting(t -> t.getTableId()).containsExactly(id);
  }

  private static java.util.Optional<BoardCompleted> board(Party p) {
    for (org.tenace.proto.v1.TableEvent e : p.at(Seat.SEAT_NORTH).events()) {
      if (e.hasBoardCompleted()) {
        return java.util.Optional.of(e.getBoardCompleted());
      }
    }
    return java.util.Optional.empty();
  }

  /** The client with a call or a card to make, or null once the board is over. */
  private TestClient awaitSomeTurn(Party p) {
    TestClient[] found = new TestClient[1];
    try {
      await().pollInterval(Duration.ofMillis(2)).atMost(Duration.ofSeconds(30)).until(() -> {
        if (board(p).isPresent()) {
          return true;
        }
        for (TestClient c : p.clients.values()) {
          Turn t = c.turn();
          if (t != null && (t.hasCall() || t.hasPlay())) {
            found[0] = c;
            return true;
          }
        }
        return false;
      });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("no one has a turn:\n" + states(p) + "the server's log:\n"
          + server.tail(60), e);
    }
    return found[0];
  }

  /** What each client knows, to explain a stall. */
  private static String states(Party p) {
    StringBuilder sb = new StringBuilder();
    for (TestClient c : p.clients.values()) {
      List<WatchTableResponse> got = c.received;
      sb.append(c.seat).append(": last sequence ").append(c.lastSequence()).append(", turn ")
          .append(c.turn() == null ? "none" : c.turn().getSeat() + " " + c.turn().getKindCase())
          .append(", ended ").append(c.ended.get()).append(", ").append(got.size())
          .append(" messages since the resume, the last ")
          .append(got.isEmpty() ? "-" : abbreviate(got.get(got.size() - 1).toString()))
          .append('\n');
    }
    return sb.toString();
  }

  private static String abbreviate(String message) {
    String line = message.replace('\n', ' ');
    return line.length() <= 300 ? line : line.substring(0, 300) + "...";
  }

  private static void playFast(String id, TestClient c, List<Ack> acks, AtomicBoolean killed) {
    while (!killed.get()) {
      Turn t = c.turn();
      long seen = c.lastSequence();
      if (t == null || !(t.hasCall() || t.hasPlay())) {
        Thread.onSpinWait();
        continue;
      }
      try {
        if (t.hasCall()) {
          // The dealer opens 1NT, everyone else passes: a contract, then the play.
          Call call = t.getCall().getLegalCallsCount() == 36 && seen < 20
              ? Party.parse("1NT") : Party.parse("P");
          MakeCallRequest r = MakeCallRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
              .setCall(call).setExpectedVersion(seen).build();
          long v = c.connected() ? c.makeCall(r)
              : c.stub.withDeadlineAfter(5, TimeUnit.SECONDS).makeCall(r).getVersion();
          acks.add(new Ack(v, t.getSeat(), call, null));
        } else {
          Card card = t.getPlay().getLegalCards(0);
          PlayCardRequest r = PlayCardRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
              .setCard(card).setExpectedVersion(seen).build();
          long v = c.connected() ? c.playCard(r)
              : c.stub.withDeadlineAfter(5, TimeUnit.SECONDS).playCard(r).getVersion();
          acks.add(new Ack(v, t.getSeat(), null, card));
        }
        c.awaitSequenceOrGiveUp(seen + 1, killed);
      } catch (StatusRuntimeException e) {
        if (killed.get()) {
          return;
        }
        // STALE_VERSION: this client's view is behind; wait for the stream and decide again.
      }
    }
  }

  private static org.tenace.proto.v1.BoardStarted boardStarted(TestClient c) {
    await().atMost(Duration.ofSeconds(30)).until(() -> c.events().stream()
        .anyMatch(e -> e.hasBoardStarted()) || c.received.get(0).hasSnapshot());
    for (WatchTableResponse r : c.received) {
      if (r.hasEvent() && r.getEvent().hasBoardStarted()) {
        return r.getEvent().getBoardStarted();
      }
    }
    throw new AssertionError("no BoardStarted");
  }

  /** The committed text (see events.proto), rebuilt from the board's revealed hands and salt. */
  private static String canonical(BoardCompleted done, int board) {
    StringBuilder deal = new StringBuilder("N:");
    for (int i = 0; i < 4; i++) {
      if (i > 0) {
        deal.append(' ');
      }
      deal.append(pbnHand(done.getHands(i)));
    }
    return "tenace-deal-v1 board " + board + " salt "
        + HexFormat.of().formatHex(done.getDealSalt().toByteArray()) + " " + deal;
  }

  private static String pbnHand(org.tenace.proto.v1.Hand h) {
    StringBuilder sb = new StringBuilder();
    String ranks = "23456789TJQKA";
    for (int suit = 4; suit >= 1; suit--) {
      for (int rank = 14; rank >= 2; rank--) {
        for (Card c : h.getCardsList()) {
          if (c.getSuitValue() == suit && c.getRankValue() == rank) {
            sb.append(ranks.charAt(rank - 2));
          }
        }
      }
      if (suit > 1) {
        sb.append('.');
      }
    }
    return sb.toString();
  }

  private static byte[] sha256(String text) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
  }
}
