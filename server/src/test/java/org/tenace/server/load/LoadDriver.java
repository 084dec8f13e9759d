package org.tenace.server.load;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * The server's load driver: four scripted players at each of N tables of a running
 * {@code tenace server}, as fast as the server lets them, over loopback gRPC. Each player acts
 * the moment its stream gives it a turn: the first caller of a board opens 1C, everyone else
 * passes, then each plays its first legal card, and says ready when the board is over. So every
 * board has an auction of four calls and all 52 cards (57 actions with the ready marks).
 *
 * <p>It reports, over the measured interval after a warm-up: boards and actions per second; the
 * server process's CPU per action (from {@code /proc/PID/stat}, when given the server's pid); and
 * the latency of an action reaching its table: from the moment a player sends a command to the
 * moment the last of the table's four streams has received the event it caused (the players
 * share this process and its clock). Run by {@code bench/load.sh}; not a test.
 *
 * <pre>
 * LoadDriver --server 127.0.0.1:50051 [--pid PID] [--tables 16] [--warmup 10] [--seconds 20]
 *            [--channels 4] [--out FILE]
 * LoadDriver --server 127.0.0.1:50051 --idle 10000      # only creates idle tables, then exits
 * </pre>
 */
public final class LoadDriver {
  private static final Seat[] SEATS =
      {Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST};

  private final List<ManagedChannel> channels = new ArrayList<>();
  private final List<Table> tables = new ArrayList<>();
  private volatile boolean measuring;
  private volatile boolean stopping;
  private final AtomicLong boards = new AtomicLong();
  private final AtomicLong actions = new AtomicLong();
  private final AtomicLong refusals = new AtomicLong();
  private final ConcurrentHashMap<String, Long> reasons = new ConcurrentHashMap<>();

  /** One table's four players and the timing of its actions, by sequence number. */
  private final class Table {
    final String id;
    // sequence -> {nanos the command was sent, bits of the seats that have seen it, nanos the
    // last of them did}
    final ConcurrentHashMap<Long, long[]> timings = new ConcurrentHashMap<>();

    Table(String id) {
      this.id = id;
    }

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
      }
    }

    void sent(long seq, long at) {
      if (!measuring) {
        return;
      }
      long[] t = timings.computeIfAbsent(seq, k -> new long[3]);
      synchronized (t) {
        t[0] = at;
      }
    }
  }

  /**
   * One seat: acts on each turn its stream brings, once per picture (docs/protocol.md): while a
   * command is in flight it only notes the turn, and a turn older than its last accepted command
   * is stale.
   */
  private final class Player implements StreamObserver<WatchTableResponse> {
    private final Table table;
    private final Seat seat;
    private final TableServiceGrpc.TableServiceStub stub;
    private Turn turn; // the latest turn, from the message of sequence turnSeq
    private long turnSeq;
    private long accepted; // the version the last accepted command returned
    private boolean inFlight;

    Player(Table table, Seat seat, Channel channel, String token) {
      this.table = table;
      this.seat = seat;
      this.stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(channel, Bearer.of(token)));
    }

    void watch() {
      stub.watchTable(WatchTableRequest.newBuilder().setTableId(table.id).build(), this);
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
          Bid oneClub = Bid.newBuilder().setLevel(1).setStrain(Strain.STRAIN_CLUBS).build();
          boolean opens = turn.getCall().getLegalCallsList().stream()
              .anyMatch(c -> c.hasBid() && c.getBid().equals(oneClub));
          Call call = opens ? Call.newBuilder().setBid(oneClub).build()
              : Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS).build();
          stub.makeCall(MakeCallRequest.newBuilder().setTableId(table.id).setSeat(turn.getSeat())
              .setCall(call).setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        }
        case PLAY -> stub.playCard(PlayCardRequest.newBuilder().setTableId(table.id)
            .setSeat(turn.getSeat()).setCard(turn.getPlay().getLegalCards(0))
            .setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        case READY -> stub.markReady(MarkReadyRequest.newBuilder().setTableId(table.id)
            .setExpectedVersion(version).build(), reply(sent, r -> r.getVersion()));
        default -> inFlight = false; // nothing this player answers (claims, undos, options)
      }
    }

    private <T> StreamObserver<T> reply(long sent, java.util.function.ToLongFunction<T> version) {
      return new StreamObserver<>() {
        @Override
        public void onNext(T r) {
          long v = version.applyAsLong(r);
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
            String d = io.grpc.Status.fromThrowable(t).getDescription();
            reasons.merge(d == null ? "?" : d.split(":")[0], 1L, Long::sum);
          }
        }

        @Override
        public void onCompleted() {}
      };
    }

    @Override
    public void onError(Throwable t) {
      if (!stopping) {
        System.err.println("stream of " + seat + " at table " + table.id + " ended: " + t);
      }
    }

    @Override
    public void onCompleted() {}
  }


  public static void main(String[] args) throws Exception {
    String server = "127.0.0.1:50051";
    long pid = 0;
    int tableCount = 16;
    int warmup = 10;
    int seconds = 20;
    int channelCount = 4;
    Path out = null;
    int idle = 0;
    for (int i = 0; i < args.length; i += 2) {
      String v = i + 1 < args.length ? args[i + 1] : "";
      switch (args[i]) {
        case "--server" -> server = v;
        case "--pid" -> pid = Long.parseLong(v);
        case "--tables" -> tableCount = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--seconds" -> seconds = Integer.parseInt(v);
        case "--channels" -> channelCount = Integer.parseInt(v);
        case "--out" -> out = Path.of(v);
        case "--idle" -> idle = Integer.parseInt(v);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (idle > 0) {
      createIdleTables(server, idle);
      return;
    }
    String line = new LoadDriver().run(server, pid, tableCount, warmup, seconds, channelCount);
    System.out.println(line);
    if (out != null) {
      Files.writeString(out, line + System.lineSeparator(), java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    }
  }

  /** Tables that nobody joins: what a table costs the server at rest. */
  private static void createIdleTables(String server, int count) throws InterruptedException {
    ManagedChannel ch = NettyChannelBuilder.forTarget(server).usePlaintext().build();
    var stub = TableServiceGrpc.newBlockingStub(ch);
    for (int t = 0; t < count; t++) {
      stub.createTable(CreateTableRequest.newBuilder().setName("idle " + t).setDealSeed(t + 1)
          .build());
    }
    ch.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    System.out.println("created " + count + " idle tables");
  }

  private String run(String server, long pid, int tableCount, int warmup, int seconds,
      int channelCount) throws Exception {
    for (int i = 0; i < channelCount; i++) {
      channels.add(NettyChannelBuilder.forTarget(server).usePlaintext().directExecutor().build());
    }
    var admin = TableServiceGrpc.newBlockingStub(channels.get(0));
    List<Player> players = new ArrayList<>();
    for (int t = 0; t < tableCount; t++) {
      String id = admin.createTable(CreateTableRequest.newBuilder().setName("load " + t)
          .setDealSeed(t + 1).setSettings(TableSettings.newBuilder()).build())
          .getTable().getTableId();
      Table table = new Table(id);
      tables.add(table);
      for (Seat s : SEATS) {
        Channel ch = channels.get(players.size() % channels.size());
        String token = TableServiceGrpc.newBlockingStub(ch).joinTable(JoinTableRequest
            .newBuilder().setTableId(id).setRole(Role.ROLE_PLAYER).setSeat(s)
            .setName("load " + s).build()).getToken();
        players.add(new Player(table, s, ch, token));
      }
    }
    players.forEach(Player::watch);

    TimeUnit.SECONDS.sleep(warmup);
    long cpu0 = cpuTicks(pid);
    long t0 = System.nanoTime();
    measuring = true;
    TimeUnit.SECONDS.sleep(seconds);
    measuring = false;
    long elapsed = System.nanoTime() - t0;
    long cpu1 = cpuTicks(pid);
    stopping = true;
    for (ManagedChannel c : channels) {
      c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    long[] latencies = latencies();
    double secs = elapsed / 1e9;
    long acted = actions.get();
    String cpu = pid == 0 ? "n/a"
        : String.format(Locale.ROOT, "%.1f", (cpu1 - cpu0) * 1e6 / ticksPerSecond() / acted);
    return String.format(Locale.ROOT,
        "tables %d  boards/s %.1f  actions/s %.0f  server CPU us/action %s  "
            + "to all four seats us p50 %.0f p99 %.0f p99.9 %.0f (n=%d)  refused %d %s",
        tableCount, boards.get() / secs, acted / secs, cpu, percentile(latencies, 50),
        percentile(latencies, 99), percentile(latencies, 99.9), latencies.length,
        refusals.get(), reasons.isEmpty() ? "" : reasons);
  }

  /** Microseconds from the command to the fourth seat, for every action seen whole. */
  private long[] latencies() {
    List<Long> out = new ArrayList<>();
    for (Table t : tables) {
      for (long[] v : t.timings.values()) {
        if (v[0] != 0 && Long.bitCount(v[1]) == 4 && v[2] >= v[0]) {
          out.add((v[2] - v[0]) / 1000);
        }
      }
    }
    long[] a = out.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(a);
    return a;
  }

  private static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** utime + stime of the process, in clock ticks; 0 without a pid. */
  private static long cpuTicks(long pid) throws Exception {
    if (pid == 0) {
      return 0;
    }
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of stat(5)
  }

  private static long ticksPerSecond() throws Exception {
    Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
    String s = new String(p.getInputStream().readAllBytes()).trim();
    p.waitFor();
    return s.isEmpty() ? 100 : Long.parseLong(s);
  }
}
