package org.tenace.bench;

import io.grpc.Channel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.BindException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.gateway.TmGateway;
import org.tenace.cli.tm.TmRobotClient;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * N tables, each behind a Table Manager gateway of its own on loopback, with four scripted TM
 * programs a table ({@link TmRobotClient} with a player that answers at once: the first caller
 * opens 1C, the others pass, each card is the first legal one), as fast as they go.
 *
 * <p>While {@link #measure measuring} it counts boards (as North's program finishes them) and
 * records three times per line, in nanoseconds: the gateway's own time for each line to a program
 * and for each call or card from one ({@link TmGateway#measureLines}), and the relay of each call
 * or card from the program that sends it to the last of the three other programs to read it
 * (through the gateway, the server and the gateway again; the programs share this clock).
 */
final class TmLoad implements AutoCloseable {
  private static final int FIRST_PORT = 20000;
  private static final int LAST_PORT = 60000;

  private final List<? extends Channel> channels;
  private final List<TmGateway> gateways = new ArrayList<>();
  private final List<Thread> programs = new ArrayList<>();
  private final PrintWriter log = new PrintWriter(Writer.nullWriter());
  private final Recorder toProgram = new Recorder(3);
  private final Recorder fromProgram = new Recorder(3);
  private final Recorder relay = new Recorder(3);
  private final AtomicLong boards = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private volatile boolean measuring;
  private int nextPort = FIRST_PORT + (int) (ProcessHandle.current().pid() % 10000) * 4;

  /** Each gateway uses one of {@code channels}, in turn. */
  TmLoad(List<? extends Channel> channels) {
    this.channels = channels;
  }

  /** Opens {@code count} tables with a gateway each and connects four programs a table. */
  void open(int count) throws IOException {
    for (int t = 0; t < count; t++) {
      Channel ch = channels.get(t % channels.size());
      String id = TableServiceGrpc.newBlockingStub(ch).createTable(CreateTableRequest
          .newBuilder().setName("tm bench " + t).setDealSeed(t + 1)
          .setSettings(TableSettings.newBuilder()).build()).getTable().getTableId();
      TmGateway g = new TmGateway(ch, id, TmGateway.Options.defaults(), log, (s, l) -> { });
      g.measureLines(toProgram::recordValue, fromProgram::recordValue);
      listen(g);
      gateways.add(g);
      Map<String, long[]> pending = new ConcurrentHashMap<>();
      for (Seat s : Seat.values()) {
        String team = s.side() == org.tenace.bridge.card.Side.NS ? "Bench N-S" : "Bench E-W";
        Thread p = new Thread(() -> play(g.port(), s, team, pending), "tm-bench-" + t + s);
        p.setDaemon(true);
        programs.add(p);
      }
    }
  }

  /** Four consecutive free ports on loopback for {@code g}. */
  private void listen(TmGateway g) throws IOException {
    for (int attempt = 0; ; attempt++) {
      int base = nextPort;
      nextPort = base + 4 > LAST_PORT ? FIRST_PORT : base + 4;
      try {
        g.listen(InetAddress.getLoopbackAddress(), base);
        return;
      } catch (BindException e) {
        g.closeListeners();
        if (attempt > 100) {
          throw e;
        }
      }
    }
  }

  /** The programs start playing. */
  void start() {
    programs.forEach(Thread::start);
  }

  /** Counts and times from now on, until {@link #stop}, forgetting what came before. */
  void measure() {
    toProgram.reset();
    fromProgram.reset();
    relay.reset();
    boards.set(0);
    measuring = true;
  }

  void stop() {
    measuring = false;
  }

  long boards() {
    return boards.get();
  }

  /** Programs that broke off before the end (a scripted program should see none). */
  long failures() {
    return failures.get();
  }

  Histogram toProgram() {
    return toProgram.getIntervalHistogram();
  }

  Histogram fromProgram() {
    return fromProgram.getIntervalHistogram();
  }

  Histogram relay() {
    return relay.getIntervalHistogram();
  }

  private void play(int port, Seat seat, String team, Map<String, long[]> pending) {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      new TmRobotClient(seat, team, new Scripted(), log).play(socket,
          (dir, line) -> relayed(dir, line, pending),
          b -> {
            if (measuring && seat == Seat.NORTH) {
              boards.incrementAndGet();
            }
          });
    } catch (IOException | RuntimeException | org.tenace.cli.tm.TmLine.BadLine e) {
      if (measuring) {
        failures.incrementAndGet();
      }
    }
  }

  /**
   * A call or card sent by one program is pending until the three others have read it (partner
   * reads a call without its alert; every other line is not an action and passes by).
   */
  private void relayed(String dir, String line, Map<String, long[]> pending) {
    long now = System.nanoTime();
    if (dir.equals(">")) {
      if (isAction(line)) {
        pending.put(key(line), new long[] {now, 3});
      }
      return;
    }
    long[] p = pending.get(key(line));
    if (p == null) {
      return;
    }
    boolean last;
    synchronized (p) {
      last = --p[1] == 0;
    }
    if (last) {
      pending.remove(key(line));
      if (measuring) {
        relay.recordValue(now - p[0]);
      }
    }
  }

  private static boolean isAction(String line) {
    return line.contains(" plays ") || line.contains(" bids ") || line.endsWith(" passes")
        || line.contains(" passes ") || line.contains(" doubles") || line.contains(" redoubles");
  }

  private static String key(String line) {
    int a = line.indexOf(" Alert.");
    return a < 0 ? line : line.substring(0, a);
  }

  @Override
  public void close() {
    gateways.forEach(TmGateway::close);
    for (Thread t : programs) {
      try {
        t.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Answers at once, as LoadRun's players do: 1C by the first caller, then passes. */
  private static final class Scripted implements Player {
    @Override
    public CallChoice call(SeatView view, List<Call> legal) {
      boolean first = view.board().map(b -> b.getAuctionCount() == 0).orElse(false);
      return CallChoice.natural(first ? Bid.of(1, Strain.CLUBS) : Call.PASS);
    }

    @Override
    public Card card(SeatView view, Seat playsFor, List<Card> legal) {
      return legal.get(0);
    }
  }
}
