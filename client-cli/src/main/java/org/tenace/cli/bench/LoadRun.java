package org.tenace.cli.bench;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * Four scripted players at each of N tables, as fast as the server lets them. Each player acts
 * the moment its stream gives it a turn: the first caller of a board opens 1C, everyone else
 * passes, then each plays its first legal card, and says ready when the board is over. So every
 * board has an auction of four calls and all 52 cards (60 actions with the four ready marks).
 *
 * <p>While {@link #measure measuring} it counts boards (BoardCompleted seen at North) and
 * accepted actions, and records the latency of each action reaching its table: from the moment a
 * player sends the command to the moment the last of the table's four streams has its first
 * message of the sequence number the command was given (the players share this process and its
 * clock).
 */
final class LoadRun {
  static final List<Seat> SEATS =
      List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST);

  private final List<Channel> channels;
  private final List<Player> players = new ArrayList<>();
  private volatile boolean measuring;
  private volatile boolean stopping;
  private final AtomicLong boards = new AtomicLong();
  private final AtomicLong actions = new AtomicLong();
  private final AtomicLong refusals = new AtomicLong();
  private final AtomicLong firstAccepted = new AtomicLong();
  private final AtomicLong streamErrors = new AtomicLong();
  private final Map<String, Long> reasons = new ConcurrentHashMap<>();
  // Nanoseconds from a command to its fourth seat; resizes itself, three significant digits.
  private final Recorder latency = new Recorder(3);

  /** The players' channels: each player uses one, in turn. */
  LoadRun(List<? extends Channel> channels) {
    this.channels = List.copyOf(channels);
  }

  /** Creates {@code count} tables and seats four players at each; nobody acts yet. */
  void seat(int count) {
    var admin = TableServiceGrpc.newBlockingStub(channels.get(0));
    for (int t = 0; t < count; t++) {
      String id = admin.createTable(CreateTableRequest.newBuilder().setName("bench " + t)
          .setDealSeed(t + 1).setSettings(TableSettings.newBuilder()).build())
          .getTable().getTableId();
      Table table = new Table();
      for (Seat s : SEATS) {
        Channel ch = channels.get(players.size() % channels.size());
        String token = TableServiceGrpc.newBlockingStub(ch).joinTable(JoinTableRequest
            .newBuilder().setTableId(id).setRole(Role.ROLE_PLAYER).setSeat(s)
            .setName("bench " + s.name().substring(5).toLowerCase(java.util.Locale.ROOT))
            .build()).getToken();
        players.add(new Player(table, id, s, ch, token));
      }
    }
  }

  /** Opens every player's stream: from here on they play. */
  void start() {
    players.forEach(Player::watch);
  }

  /** Counts and times from now on, until {@link #stop}, forgetting what came before. */
  void measure() {
    latency.reset();
    measuring = true;
  }

  /** Stops counting and tells the players to act no more. */
  void stop() {
    measuring = false;
    stopping = true;
  }

  long boards() {
    return boards.get();
  }

  long actions() {
    return actions.get();
  }

  long refusals() {
    return refusals.get();
  }

  /** Why commands were refused, by reason code (a scripted player should see none). */
  Map<String, Long> reasons() {
    return new TreeMap<>(reasons);
  }

  /** Streams that ended while the players were still playing. */
  long streamErrors() {
    return streamErrors.get();
  }

  /** System.nanoTime() of the first accepted action, 0 before it. */
  long firstAccepted() {
    return firstAccepted.get();
  }

  /** The latencies recorded since {@link #measure}, in nanoseconds. */
  Histogram latencies() {
    return latency.getIntervalHistogram();
  }

  /** One table's timing of its actions, by sequence number, until all four seats have them. */
  private final class Table {
    // sequence -> {nanos the command was sent (0 until its reply), bits of the seats that have
    // seen it, nanos the last of them did}
    private final ConcurrentHashMap<Long, long[]> timings = new ConcurrentHashMap<>();

    /** A seat's stream has a message of {@code seq}; only its first one counts. */
    void seen(long seq, Seat seat, long now) {
      if (!measuring) {
        return;
      }
      long bit = 1L << seat.ordinal();
      long[] t = timings.computeIfAbsent(seq, k -> new long[3]);
      synchronized (t) {
        if ((t[1] & bit) == 0) {
          t[1] |= bit;
          t[2] = Math.max(t[2], now);
        }
        recordIfWhole(seq, t);
      }
    }

    /** The command that got version {@code seq} was sent at {@code at}. */
    void sent(long seq, long at) {
      if (!measuring) {
        return;
      }
      long[] t = timings.computeIfAbsent(seq, k -> new long[3]);
      synchronized (t) {
        t[0] = at;
        recordIfWhole(seq, t);
      }
    }

    private void recordIfWhole(long seq, long[] t) {
      if (t[0] != 0 && Long.bitCount(t[1]) == 4) {
        timings.remove(seq);
        if (measuring && t[2] >= t[0]) {
          latency.recordValue(t[2] - t[0]);
        }
      }
    }
  }

  /**
   * One seat: acts on each turn its stream brings, once per picture (docs/protocol.md): while a
   * command is in flight it only notes the turn, and a turn older than its last accepted command
   * is stale.
   */
  private final class Player implements StreamObserver<WatchTableResponse> {
    private static final Bid ONE_CLUB =
        Bid.newBuilder().setLevel(1).setStrain(Strain.STRAIN_CLUBS).build();

    private final Table table;
    private final String tableId;
    private final Seat seat;
    private final TableServiceGrpc.TableServiceStub stub;
    private Turn turn; // the latest turn, from the message of sequence turnSeq
    private long turnSeq;
    private long accepted; // the version the last accepted command returned
    private boolean inFlight;

    Player(Table table, String tableId, Seat seat, Channel channel, String token) {
      this.table = table;
      this.tableId = tableId;
      this.seat = seat;
      this.stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(channel, Bearer.of(token)));
    }

    void watch() {
      stub.watchTable(WatchTableRequest.newBuilder().setTableId(tableId).build(), this);
    }

    @Override
    public synchronized void onNext(WatchTableResponse r) {
      long now = System.nanoTime();
      if (r.hasSnapshot()) {
        turnSeq = r.getSnapshot().getSequence();
        turn = r.getSnapshot().hasTurn() ? r.getSnapshot().getTurn() : null;
      } else {
        turnSeq = r.getEvent().getSequence();
        table.seen(turnSeq, seat, now);
        turn = r.getEvent().hasTurn() ? r.getEvent().getTurn() : null;
        if (r.getEvent().hasBoardCompleted() && seat == Seat.SEAT_NORTH && measuring) {
          boards.incrementAndGet();
        }
      }
      actIfDue();
    }

    private synchronized void answered(long version) {
      inFlight = false;
      accepted = Math.max(accepted, version);
      actIfDue();
    }

    private synchronized void refused() {
      inFlight = false; // the next message brings the turn that counts
    }

    private void actIfDue() {
      if (turn != null && !inFlight && turnSeq >= accepted && !stopping) {
        inFlight = true;
        act(turn, turnSeq);
        turn = null;
      }
    }

    private void act(Turn turn, long version) {
      long sent = System.nanoTime();
      switch (turn.getKindCase()) {
        case CALL -> {
          boolean opens = turn.getCall().getLegalCallsList().stream()
              .anyMatch(c -> c.hasBid() && c.getBid().equals(ONE_CLUB));
          Call call = opens ? Call.newBuilder().setBid(ONE_CLUB).build()
              : Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS).build();
          stub.makeCall(MakeCallRequest.newBuilder().setTableId(tableId).setSeat(turn.getSeat())
              .setCall(call).setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        }
        case PLAY -> stub.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
            .setSeat(turn.getSeat()).setCard(turn.getPlay().getLegalCards(0))
            .setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        case READY -> stub.markReady(MarkReadyRequest.newBuilder().setTableId(tableId)
            .setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        default -> inFlight = false; // nothing this player answers (claims, undos, options)
      }
    }

    private <T> StreamObserver<T> reply(long sent, ToLongFunction<T> version) {
      return new StreamObserver<>() {
        @Override
        public void onNext(T r) {
          long v = version.applyAsLong(r);
          firstAccepted.compareAndSet(0, System.nanoTime());
          table.sent(v, sent);
          if (measuring) {
            actions.incrementAndGet();
          }
          answered(v);
        }

        @Override
        public void onError(Throwable t) {
          refused();
          if (!stopping) {
            refusals.incrementAndGet();
            String d = Status.fromThrowable(t).getDescription();
            reasons.merge(d == null ? Status.fromThrowable(t).getCode().name()
                : d.split(":")[0], 1L, Long::sum);
          }
        }

        @Override
        public void onCompleted() {}
      };
    }

    @Override
    public void onError(Throwable t) {
      if (!stopping) {
        streamErrors.incrementAndGet();
        reasons.merge("stream " + Status.fromThrowable(t).getCode(), 1L, Long::sum);
      }
    }

    @Override
    public void onCompleted() {}
  }
}
