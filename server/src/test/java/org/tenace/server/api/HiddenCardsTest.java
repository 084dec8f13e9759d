package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * Records every message sent to every viewer over many full boards of random legal play, and
 * checks each against an oracle written from the Laws, independent of the engine: at each moment
 * a player may see his own hand, dummy once the opening lead is faced, the cards of the current
 * and the previous trick, a claimer's hand once he has claimed, and everything once the board is
 * over; a kibitzer the same without a hand of his own.
 */
class HiddenCardsTest extends LoopbackServer {

  /** A party and a kibitzer, after sixteen boards of random legal play the kibitzer has seen. */
  private record Played(Party party, TestClient kibitzer) {}

  /**
   * Sixteen boards of random legal play at a new table dealt from {@code dealSeed}, the four and a
   * kibitzer watching ({@code connect}: over Connect streams).
   */
  private Played sixteenBoards(long dealSeed, Random random, boolean connect) {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("redaction").setSettings(TableSettings.newBuilder().setBoardCount(16))
        .setDealSeed(dealSeed).build());
    TestClient kibitzer = TestClient.join(channel, id, Seat.SEAT_UNSPECIFIED, "kib");
    if (connect) {
      kibitzer.connect(0);
    } else {
      kibitzer.watch(0);
    }
    Party p = new Party(channel, id, connect);
    int boards = playRandomly(p, random, 16);
    assertThat(boards).isEqualTo(16);
    kibitzer.awaitSequence(p.at(Seat.SEAT_NORTH).lastSequence());
    return new Played(p, kibitzer);
  }

  @Test
  void noMessageShowsACardItsViewerMayNotSee() {
    Played played = sixteenBoards(2026, new Random(7), false);
    Party p = played.party();
    TestClient kibitzer = played.kibitzer();

    int checked = 0;
    for (TestClient c : p.clients.values()) {
      List<String> leaks = Oracle.leaks(c.seat, c.received);
      assertThat(leaks).as("messages to %s", c.seat).isEmpty();
      checked += c.received.size();
    }
    assertThat(Oracle.leaks(Seat.SEAT_UNSPECIFIED, kibitzer.received)).as("kibitzer").isEmpty();
    checked += kibitzer.received.size();
    assertThat(checked).isGreaterThan(16 * 4 * 60);
  }

  @Test
  void noConnectStreamMessageShowsACardItsViewerMayNotSee() {
    Played played = sixteenBoards(2027, new Random(11), true);
    Party p = played.party();
    TestClient kibitzer = played.kibitzer();

    int checked = 0;
    List<TestClient> all = new ArrayList<>(p.clients.values());
    all.add(kibitzer);
    for (TestClient c : all) {
      assertThat(Oracle.leaks(c.seat, c.received)).as("updates to %s", c.seat).isEmpty();
      long answers = 0;
      for (var m : c.connectMessages) {
        // Every card a message holds is in its updates, each checked above: none in the answer.
        long inUpdates = 0;
        for (WatchTableResponse u : m.getUpdatesList()) {
          inUpdates |= TableHub.cards(u);
        }
        assertThat(TableHub.cards(m)).isEqualTo(inUpdates);
        answers += m.hasAnswer() ? 1 : 0;
      }
      assertThat(c.connectMessages).isNotEmpty();
      checked += c.received.size();
      if (c != kibitzer) {
        assertThat(answers).as("answers to %s", c.seat).isPositive();
      }
    }
    assertThat(checked).isGreaterThan(16 * 4 * 60);
  }

  @Test
  void theOracleCatchesAHandShownToTheWrongPlayer() {
    Hand east = Hand.newBuilder().setSeat(Seat.SEAT_EAST)
        .addCards(org.tenace.proto.v1.Card.newBuilder()
            .setSuit(org.tenace.proto.v1.Suit.SUIT_SPADES)
            .setRank(org.tenace.proto.v1.Rank.RANK_ACE))
        .build();
    WatchTableResponse leak = WatchTableResponse.newBuilder().setEvent(TableEvent.newBuilder()
        .setSequence(9).setBoardNumber(1).setBoardStarted(
            org.tenace.proto.v1.BoardStarted.newBuilder().setBoardNumber(1).addHands(east)))
        .build();
    assertThat(Oracle.leaks(Seat.SEAT_NORTH, List.of(leak))).isNotEmpty();
  }

  /** Plays boards with random legal actions (and a few claims) until {@code boards} are over. */
  static int playRandomly(Party p, Random random, int boards) {
    int completed = 0;
    // Bounded by actions and by time, not by polls: a loaded machine polls many times a turn.
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(3);
    for (int actions = 0; actions < boards * 400 && completed < boards
        && System.nanoTime() < deadline; ) {
      // Until a turn reaches one of the four (each action's update brings the next).
      TestClient actor = org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(30)).pollInterval(java.time.Duration.ofMillis(1))
          .until(() -> p.clients.values().stream().filter(c -> c.turn() != null).findFirst(),
              java.util.Optional::isPresent).orElseThrow();
      actions++;
      Turn t = actor.turn();
      long seen = actor.lastSequence();
      try {
        long v = act(p.tableId, actor, t, seen, random);
        if (t.hasReady()) {
          // wait for the others to be ready too: the next board starts when all are
          p.clients.values().forEach(c -> c.awaitSequence(v));
          if (allReadyOrStarted(p, t.getReady().getBoardNumber())) {
            completed++;
          }
        } else {
          p.sync(v);
        }
      } catch (StatusRuntimeException e) {
        // A stale version (the table moved on meanwhile) is fine: decide again.
        if (!e.getStatus().getDescription().startsWith("STALE_VERSION")) {
          throw e;
        }
      }
    }
    return completed;
  }

  private static boolean allReadyOrStarted(Party p, int board) {
    for (TestClient c : p.clients.values()) {
      Turn t = c.turn();
      if (t != null && t.hasReady() && t.getReady().getBoardNumber() == board) {
        return false;
      }
    }
    return true;
  }

  private static long act(String id, TestClient c, Turn t, long seen, Random random) {
    switch (t.getKindCase()) {
      case CALL: {
        List<Call> legal = t.getCall().getLegalCallsList();
        Call call = random.nextInt(10) < 6 || legal.size() == 1 ? legal.get(0)
            : legal.get(random.nextInt(Math.min(legal.size(), 8)));
        return c.makeCall(MakeCallRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
            .setCall(call).setExpectedVersion(seen).build());
      }
      case PLAY: {
        if (random.nextInt(60) == 0) {
          return c.claim(ClaimRequest.newBuilder().setTableId(id)
              .setTricks(random.nextInt(3)).setExpectedVersion(seen).build());
        }
        var cards = t.getPlay().getLegalCardsList();
        return c.playCard(PlayCardRequest.newBuilder().setTableId(id).setSeat(t.getSeat())
            .setCard(cards.get(random.nextInt(cards.size()))).setExpectedVersion(seen).build());
      }
      case CLAIM_RESPONSE:
        return c.respondToClaim(RespondToClaimRequest.newBuilder().setTableId(id)
            .setAccept(random.nextBoolean()).setExpectedVersion(seen).build());
      case READY:
        return c.markReady(MarkReadyRequest.newBuilder().setTableId(id)
            .setExpectedVersion(seen).build());
      default:
        throw new AssertionError("unexpected turn " + t);
    }
  }

  /** The Laws' view of what each viewer may see, from the stream's own messages. */
  static final class Oracle {
    private Oracle() {}

    /** Every message in {@code stream} that holds a card {@code me} may not see then. */
    static List<String> leaks(Seat me, List<WatchTableResponse> stream) {
      Map<Integer, long[]> deals = new HashMap<>(); // board -> hands by seat, as dealt
      for (WatchTableResponse r : stream) {
        if (r.hasEvent() && r.getEvent().hasBoardCompleted()) {
          long[] hands = new long[4];
          for (Hand h : r.getEvent().getBoardCompleted().getHandsList()) {
            hands[h.getSeatValue() - 1] = TableHub.cards(h);
          }
          deals.put(r.getEvent().getBoardNumber(), hands);
        }
      }
      List<String> leaks = new ArrayList<>();
      int board = 0;
      long own = 0;
      long dummy = 0;
      long claimer = 0;
      boolean over = false;
      boolean leadFaced = false;
      Map<Integer, Long> trickCards = new HashMap<>();
      int trick = 0;
      for (WatchTableResponse r : stream) {
        TableEvent e = r.hasEvent() ? r.getEvent() : null;
        boolean snapshotBoard = r.hasSnapshot() && r.getSnapshot().hasBoard();
        if ((e != null && e.hasBoardStarted()) || snapshotBoard) {
          board = e != null ? e.getBoardNumber() : r.getSnapshot().getBoard().getBoardNumber();
          long[] hands = deals.getOrDefault(board, new long[4]);
          own = me == Seat.SEAT_UNSPECIFIED ? 0 : hands[me.getNumber() - 1];
          dummy = 0;
          claimer = 0;
          over = false;
          leadFaced = false;
          trickCards.clear();
          trick = 0;
        }
        if (e != null && e.hasAuctionEnded() && e.getAuctionEnded().hasContract()) {
          int declarer = e.getAuctionEnded().getContract().getDeclarerValue() - 1;
          dummy = deals.getOrDefault(board, new long[4])[(declarer + 2) % 4];
        }
        if (e != null && e.hasCardPlayed()) {
          leadFaced = true;
          trick = e.getCardPlayed().getTrickNumber();
          trickCards.merge(trick, TableHub.cards(e.getCardPlayed()), (a, b) -> a | b);
        }
        if (e != null && e.hasClaimMade()) {
          claimer |= deals.getOrDefault(board, new long[4])[
              e.getClaimMade().getClaim().getClaimerValue() - 1];
        }
        if (e != null && e.hasBoardCompleted()) {
          over = true;
        }
        long allowed = over ? -1L : own | claimer | (leadFaced ? dummy : 0)
            | trickCards.getOrDefault(trick, 0L) | trickCards.getOrDefault(trick - 1, 0L);
        long shown = TableHub.cards(r.hasEvent() ? r.getEvent() : r.getSnapshot());
        if ((shown & ~allowed) != 0) {
          leaks.add("board " + board + ": " + Long.toBinaryString(shown & ~allowed) + " in "
              + r.toString().replace('\n', ' '));
        }
      }
      return leaks;
    }
  }
}
