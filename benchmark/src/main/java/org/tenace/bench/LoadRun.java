package org.tenace.bench;

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
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.ConnectResponse;
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
  private final boolean connect;
  private final int nodes;
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

  /**
   * The players' channels: each player uses one, in turn. {@code connect}: each player watches
   * and acts over one Connect stream; otherwise WatchTable and a unary call per action.
   */
  LoadRun(List<? extends Channel> channels, boolean connect) {
    this(channels, connect, 1);
  }

  /**
   * As {@link #LoadRun(List, boolean)}, for a cluster of {@code nodes} nodes: channel c talks
   * first to node c % nodes (so there are nodes * k channels).
   */
  LoadRun(List<? extends Channel> channels, boolean connect, int nodes) {
    if (nodes < 1 || channels.size() % nodes != 0) {
      throw new IllegalArgumentException(channels.size() + " channels for " + nodes + " nodes");
    }
    this.channels = List.copyOf(channels);
    this.connect = connect;
    this.nodes = nodes;
  }

  /**
   * Creates {@code count} tables, table t on node t % nodes, and seats four players at each,
   * over channels to the table's node; nobody acts yet.
   */
  void seat(int count) {
    int perNode = channels.size() / nodes;
    for (int t = 0; t < count; t++) {
      int node = t % nodes;
      String id = TableServiceGrpc.newBlockingStub(channels.get(node)).createTable(
          CreateTableRequest.newBuilder().setName("bench " + t).setDealSeed(t + 1)
              .setSettings(TableSettings.newBuilder()).build())
          .getTable().getTableId();
      Table table = new Table();
      for (Seat s : SEATS) {
        Channel ch = channels.get(node + nodes * (players.size() % perNode));
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
    private StreamObserver<ConnectRequest> commands; // the Connect stream, when the run uses it
    private long sentAt; // on the Connect stream: when the command in flight was sent

    Player(Table table, String tableId, Seat seat, Channel channel, String token) {
      this.table = table;
      this.tableId = tableId;
      this.seat = seat;
      this.stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(channel, Bearer.of(token)));
    }

    void watch() {
      WatchTableRequest w = WatchTableRequest.newBuilder().setTableId(tableId).build();
      if (!connect) {
        stub.watchTable(w, this);
        return;
      }
      synchronized (this) {
        commands = stub.connect(new StreamObserver<>() {
          @Override
          public void onNext(ConnectResponse m) {
            synchronized (Player.this) {
              long now = System.nanoTime();
              for (WatchTableResponse u : m.getUpdatesList()) {
                update(u, now);
              }
              if (m.hasAnswer()) {
                if (m.getAnswer().getRefusal().isEmpty()) {
                  accepted(m.getAnswer().getVersion(), sentAt);
                } else {
                  refused(refusalReason(m.getAnswer().getRefusal()));
                }
              }
              actIfDue();
            }
          }

          @Override
          public void onError(Throwable t) {
            Player.this.onError(t);
          }

          @Override
          public void onCompleted() {}
        });
        commands.onNext(ConnectRequest.newBuilder().setWatch(w).build());
      }
    }

    @Override
    public synchronized void onNext(WatchTableResponse r) {
      update(r, System.nanoTime());
      actIfDue();
    }

    private void update(WatchTableResponse r, long now) {
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
    }

    /** The command sent at {@code sent} was accepted as {@code version}. */
    private synchronized void accepted(long version, long sent) {
      firstAccepted.compareAndSet(0, System.nanoTime());
      table.sent(version, sent);
      if (measuring) {
        actions.incrementAndGet();
      }
      inFlight = false;
      accepted = Math.max(accepted, version);
    }

    private synchronized void refused(String reason) {
      inFlight = false; // the next message brings the turn that counts
      if (!stopping) {
        refusals.incrementAndGet();
        reasons.merge(reason, 1L, Long::sum);
      }
    }

    private static String refusalReason(com.google.protobuf.ByteString refusal) {
      try {
        String d = com.google.rpc.Status.parseFrom(refusal).getMessage();
        return d.split(":")[0];
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        return "unreadable refusal";
      }
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
          MakeCallRequest r = MakeCallRequest.newBuilder().setTableId(tableId)
              .setSeat(turn.getSeat()).setCall(call).setExpectedVersion(version).build();
          if (commands != null) {
            send(ConnectRequest.newBuilder().setMakeCall(r), sent, version);
          } else {
            stub.makeCall(r, reply(sent, x -> x.getVersion()));
          }
        }
        case PLAY -> {
          PlayCardRequest r = PlayCardRequest.newBuilder().setTableId(tableId)
              .setSeat(turn.getSeat()).setCard(turn.getPlay().getLegalCards(0))
              .setExpectedVersion(version).build();
          if (commands != null) {
            send(ConnectRequest.newBuilder().setPlayCard(r), sent, version);
          } else {
            stub.playCard(r, reply(sent, x -> x.getVersion()));
          }
        }
        case READY -> {
          MarkReadyRequest r = MarkReadyRequest.newBuilder().setTableId(tableId)
              .setExpectedVersion(version).build();
          if (commands != null) {
            send(ConnectRequest.newBuilder().setMarkReady(r), sent, version);
          } else {
            stub.markReady(r, reply(sent, x -> x.getVersion()));
          }
        }
        default -> inFlight = false; // nothing this player answers (claims, undos, options)
      }
    }

    /**
     * On the Connect stream. A player has one command in flight at a time, so the id (its
     * expected version) only names it.
     */
    private void send(ConnectRequest.Builder r, long sent, long version) {
      sentAt = sent;
      commands.onNext(r.setCommandId(version).build());
    }

    private <T> StreamObserver<T> reply(long sent, ToLongFunction<T> version) {
      return new StreamObserver<>() {
        @Override
        public void onNext(T r) {
          synchronized (Player.this) {
            accepted(version.applyAsLong(r), sent);
            actIfDue();
          }
        }

        @Override
        public void onError(Throwable t) {
          String d = Status.fromThrowable(t).getDescription();
          refused(d == null ? Status.fromThrowable(t).getCode().name() : d.split(":")[0]);
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
