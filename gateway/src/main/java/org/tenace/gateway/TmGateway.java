package org.tenace.gateway;

import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.tenace.cli.tm.TmConnection;
import org.tenace.cli.tm.TmLine;
import org.tenace.cli.tm.TmMessage;
import org.tenace.client.SeatDriver;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * The host side of the Blue Chip Table Manager protocol (version 18) in front of one table of a
 * Tenace server. Programs connect to port P naming their seat in the handshake, or one per seat
 * to P, P+1, P+2, P+3 (North, East, South, West), as the classic Table Manager has it; both at
 * once. Each program's seat is taken through the public gRPC API with a token of its own, as any
 * bot's ({@link TmSeat}), so the gateway never holds a card its programs may not see.
 *
 * <p>The protocol has no error message: a line outside the grammar, a call or card that is not
 * legal, or a line that speaks for another seat is logged (one line naming the seat and the
 * line) and ignored, and the seat is still to act. A program that disconnects keeps its seat;
 * the same Connecting line resumes it, mid-board.
 */
public final class TmGateway implements Closeable {

  /**
   * The host differences, all off by default, and the per-action limit. {@code explanations}:
   * protocol 19's explanations ({@code Infos.}) with programs that connect with version 19.
   * "X to lead" is not among them: it always goes to the program on lead, as the championship
   * host sends it.
   */
  public record Options(Duration actionLimit, Duration pause, boolean anyPlayer,
      boolean explanations) {
    public Options(Duration actionLimit, Duration pause, boolean anyPlayer) {
      this(actionLimit, pause, anyPlayer, false);
    }

    public static Options defaults() {
      return new Options(Duration.ZERO, Duration.ZERO, false, false);
    }
  }

  private final Channel channel;
  private final String tableId;
  private final Options options;
  private final PrintWriter log;
  private final BiConsumer<Seat, String[]> transcript;
  private final List<ServerSocket> listeners = new ArrayList<>();
  private final Map<Seat, TmSeat> seats = new EnumMap<>(Seat.class);
  private final Map<Integer, BoardCompleted> results = new TreeMap<>();
  private final long[] boardNanos = new long[2];
  private final long[] totalNanos = new long[2];
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private String[] teamsLine;
  private boolean inSession;
  private volatile LongConsumer lineSink;
  private volatile LongConsumer answerSink;

  /**
   * A gateway to table {@code tableId} through {@code channel}; {@code transcript} receives
   * every line (seat, {"<" or ">", line}), {@code log} the gateway's one-line notices.
   */
  public TmGateway(Channel channel, String tableId, Options options, PrintWriter log,
      BiConsumer<Seat, String[]> transcript) {
    this.channel = channel;
    this.tableId = tableId;
    this.options = options;
    this.log = log;
    this.transcript = transcript;
  }

  Options options() {
    return options;
  }

  /**
   * A gateway for one round of a session at table {@code tableId}: the pair's programs are
   * seated with the round's seat tickets ({@link #seatTicket}), not by a handshake, and the
   * table's close is not their End of session.
   */
  public static TmGateway forSessionRound(Channel channel, String tableId, Options options,
      PrintWriter log) {
    TmGateway g = new TmGateway(channel, tableId, options, log, (s, l) -> { });
    g.inSession = true;
    return g;
  }

  boolean inSession() {
    return inSession;
  }

  /**
   * Takes {@code tableSeat} with its session ticket's {@code token} for a program of
   * {@code team} that sees the table {@code quarters} quarter turns round; the program's
   * connection is given with {@link TmSeat#adopt}.
   */
  synchronized TmSeat seatTicket(Seat tableSeat, String team, String token, int quarters) {
    TmSeat s = new TmSeat(tableSeat, team, this);
    s.skipTeams();
    seats.put(tableSeat, s);
    s.driver = driverFor(s, token, reason -> { });
    return s;
  }

  /**
   * A driver that plays {@code s} with {@code token} and hands it the table's updates;
   * {@code stopped} hears why it stopped before the gateway checks whether all have.
   */
  private SeatDriver driverFor(TmSeat s, String token, Consumer<String> stopped) {
    Duration limit = options.actionLimit().isZero() ? TmSeat.unlimited() : options.actionLimit();
    return new SeatDriver(channel, tableId, token, s, new SeatDriver.Listener() {
      @Override
      public void received(org.tenace.proto.v1.WatchTableResponse r) {
        s.received(r);
      }

      @Override
      public void stopped(String reason) {
        stopped.accept(reason);
        allStopped(s);
      }
    }, limit);
  }

  /** Starts the drivers of the seats taken with {@link #seatTicket}. */
  synchronized void startSeats() {
    seats.values().forEach(s -> s.driver.start());
  }

  /** The round is over: the seats' drivers stop, their programs' connections stay open. */
  public void releaseAll() {
    List<TmSeat> all;
    synchronized (this) {
      all = new ArrayList<>(seats.values());
    }
    for (TmSeat s : all) {
      s.release();
      s.driver.close();
    }
    closed.complete(null);
  }

  /** Listens on {@code port} (any seat) and the next three ports (East, South, West). */
  public TmGateway listen(InetAddress host, int port) throws IOException {
    List<ServerSocket> bound = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ServerSocket s = new ServerSocket();
      s.setReuseAddress(true);
      listeners.add(s);
      s.bind(new InetSocketAddress(host, port + i));
      bound.add(s);
    }
    for (int i = 0; i < 4; i++) {
      ServerSocket s = bound.get(i);
      Optional<Seat> fixed = i == 0 ? Optional.empty() : Optional.of(Seat.of(i));
      Thread t = new Thread(() -> accept(s, fixed), "tm-accept-" + (port + i));
      t.setDaemon(true);
      t.start();
    }
    return this;
  }

  /** Closes the ports listened on (after a failed {@link #listen}, to try others). */
  public void closeListeners() {
    for (ServerSocket s : listeners) {
      try {
        s.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
    listeners.clear();
  }

  /** The port programs naming their seat connect to. */
  public int port() {
    return listeners.get(0).getLocalPort();
  }

  /**
   * Completes when the table has closed (its boards played) and every seat's driver has seen it,
   * or when the gateway is closed.
   */
  public CompletableFuture<Void> closed() {
    return closed;
  }

  /** The boards completed, by number, as the table's stream reported them. */
  public synchronized Map<Integer, BoardCompleted> results() {
    return new TreeMap<>(results);
  }

  /** Each seat's team name, for the hand record's pair names. */
  public synchronized Map<Seat, String> teams() {
    Map<Seat, String> out = new EnumMap<>(Seat.class);
    seats.forEach((s, t) -> out.put(s, t.team()));
    return out;
  }

  private void accept(ServerSocket server, Optional<Seat> fixed) {
    acceptEach(server, "tm-connection", socket -> serve(socket, fixed));
  }

  /**
   * Accepts connections on {@code server} until it is closed, each served by {@code serve} on a
   * daemon thread of its own named {@code threadName}: a program's connection is long-lived and
   * blocks on its reads.
   */
  static void acceptEach(ServerSocket server, String threadName, Consumer<Socket> serve) {
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException e) {
        return;
      }
      Thread t = new Thread(() -> serve.accept(socket), threadName);
      t.setDaemon(true);
      t.start();
    }
  }

  private void serve(Socket socket, Optional<Seat> fixed) {
    Seat[] who = new Seat[1];
    TmConnection c;
    try {
      c = new TmConnection(socket, (dir, line) -> transcript.accept(who[0] == null
          ? fixed.orElse(null) : who[0], new String[] {dir, line}), options.pause());
    } catch (IOException e) {
      return;
    }
    TmSeat seat = null;
    try {
      String first = c.read();
      if (first == null) {
        return;
      }
      Optional<TmMessage> m = c.greeting(first, this::notice);
      if (m.isEmpty()) {
        return;
      }
      if (!(m.get() instanceof TmMessage.Connect connect)) {
        notice(c.peer() + ": '" + first + "' before 'Connecting ...': closed");
        return;
      }
      seat = take(c, connect, fixed);
      if (seat == null) {
        return;
      }
      who[0] = seat.seat();
      if (!seat.attach(c, connect.version())) {
        notice(c.peer() + ": " + seat.seat().word() + " is connected; '"
            + connect.line() + "' may take it back only once that connection has ended: closed");
        seat = null; // the seat and its program are not this connection's to detach
        return;
      }
      for (String line; (line = c.read()) != null; ) {
        long readAt = System.nanoTime();
        try {
          seat.received(TmLine.parse(line), line, readAt);
        } catch (TmLine.BadLine e) {
          log(seat.seat(), e.getMessage() + ": ignored");
        }
      }
    } catch (IOException e) {
      // the connection broke: as a disconnection
    } finally {
      if (seat != null) {
        seat.detach(c);
      }
      c.close();
    }
  }

  /** The seat the handshake names, taken at the table or taken back; null if refused. */
  private TmSeat take(TmConnection c, TmMessage.Connect connect, Optional<Seat> fixed) {
    if (connect.version() != 18 && !(connect.version() == 19 && options.explanations())) {
      notice(c.peer() + ": protocol version " + connect.version() + " asked; the gateway speaks"
          + " 18 (and 19's explanations with --explanations) and carries on in 18");
    }
    Seat seat;
    if (connect.seat().isPresent()) {
      seat = connect.seat().get();
      if (fixed.isPresent() && fixed.get() != seat) {
        notice(c.peer() + ": '" + connect.line() + "' on " + fixed.get().word()
            + "'s port: closed");
        return null;
      }
    } else if (!options.anyPlayer()) {
      notice(c.peer() + ": 'as ANYPL' needs --anypl: closed");
      return null;
    } else if (fixed.isPresent()) {
      seat = fixed.get();
    } else {
      seat = firstFree().orElse(null);
      if (seat == null) {
        notice(c.peer() + ": 'as ANYPL' but every seat is taken: closed");
        return null;
      }
    }
    String team = connect.team();
    synchronized (this) {
      TmSeat held = seats.get(seat);
      if (held != null) {
        if (!held.team().equals(team)) {
          notice(c.peer() + ": " + seat.word() + " is held by \"" + held.team()
              + "\", not \"" + team + "\": closed");
          return null;
        }
        return held; // the same handshake: a resume, if no connection holds it (attach)
      }
      TmSeat partner = seats.get(seat.partner());
      if (partner != null && !partner.team().equals(team)) {
        notice(c.peer() + ": " + seat.word() + "'s team \"" + team + "\" is not "
            + "its partner's, \"" + partner.team() + "\": closed");
        return null;
      }
    }
    String token;
    try {
      token = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest.newBuilder()
          .setTableId(tableId).setRole(Role.ROLE_PLAYER).setSeat(Vocabulary.toProto(seat))
          .setName(team.isEmpty() ? "TM program" : team.substring(0, Math.min(32, team.length())))
          .setRequestId(UUID.randomUUID().toString()).build()).getToken();
    } catch (StatusRuntimeException e) {
      notice(c.peer() + ": cannot take " + seat.word() + " at table " + tableId
          + ": " + e.getStatus().getCode() + " " + e.getStatus().getDescription() + ": closed");
      return null;
    }
    TmSeat s = new TmSeat(seat, team, this);
    synchronized (this) {
      seats.put(seat, s);
    }
    s.driver = driverFor(s, token, reason -> log(seat, "the seat's driver stopped: " + reason));
    notice(seat.word() + ": \"" + team + "\" from " + c.peer() + " takes the seat");
    s.driver.start();
    return s;
  }

  /**
   * Completes {@link #closed()} once every seat's driver has stopped ({@code stopping} is the
   * one stopping now): each has then translated the table's close into End of session.
   */
  private synchronized void allStopped(TmSeat stopping) {
    if (seats.values().stream().allMatch(t -> t == stopping || t.driver.done().isDone())) {
      closed.complete(null);
    }
  }

  private synchronized Optional<Seat> firstFree() {
    for (Seat s : Seat.values()) {
      if (!seats.containsKey(s)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  /** The name a side goes by in the Teams line: its program's team, else its players' names. */
  synchronized String teamName(Seat of, List<SeatInfo> table) {
    for (Seat s : new Seat[] {of, of.partner()}) {
      TmSeat t = seats.get(s);
      if (t != null) {
        return t.team();
      }
    }
    for (SeatInfo i : table) {
      if (Vocabulary.seat(i.getSeat()) == of) {
        return i.getPlayerName();
      }
    }
    return "";
  }

  /** The name of {@code seat}'s pair: its side's team in the Teams line (else its program's). */
  public synchronized String pairName(Seat seat) {
    String[] t = teamsLine;
    if (t != null) {
      return seat.side() == Side.NS ? t[0] : t[1];
    }
    TmSeat s = seats.get(seat);
    return s == null ? "" : s.team();
  }

  synchronized void teamsKnown(String ns, String ew) {
    teamsLine = new String[] {ns, ew};
  }

  /** Waits (at most {@code limit}) until every program has been sent its last line. */
  public void awaitDrained(Duration limit) throws InterruptedException {
    long end = System.nanoTime() + limit.toNanos();
    List<TmSeat> all;
    synchronized (this) {
      all = new ArrayList<>(seats.values());
    }
    for (TmSeat s : all) {
      s.awaitDrained(end);
    }
  }

  // ------------------------------------------------------------------ boards and timing

  synchronized void boardStarted(Seat by) {
    if (first(by)) {
      boardNanos[0] = 0;
      boardNanos[1] = 0;
    }
  }

  synchronized void boardCompleted(Seat by, BoardCompleted b) {
    results.putIfAbsent(b.getResult().getBoardNumber(), b);
  }

  /**
   * Sets where the gateway's own time per line goes, in nanoseconds (a measurement; see
   * docs/table-manager.md): {@code toProgram}, for each line to a program, from what caused it
   * reaching the gateway (the table's event at the seat's stream, or the program's "ready for"
   * line read off its socket) to the line written to the socket, for lines sent at once;
   * {@code fromProgram}, for each call or card a program sends, from its line read off the
   * socket to the answer handed to the seat's driver, which sends it to the server.
   */
  public void measureLines(LongConsumer toProgram, LongConsumer fromProgram) {
    lineSink = toProgram;
    answerSink = fromProgram;
  }

  void lineSent(long nanos) {
    LongConsumer s = lineSink;
    if (s != null) {
      s.accept(nanos);
    }
  }

  void answerRelayed(long nanos) {
    LongConsumer s = answerSink;
    if (s != null) {
      s.accept(nanos);
    }
  }

  /** Thinking time of a seat's program, by side, for the Timing line. */
  synchronized void thought(Seat seat, long nanos) {
    int side = seat.side() == Side.NS ? 0 : 1;
    boardNanos[side] += nanos;
    totalNanos[side] += nanos;
  }

  synchronized TmMessage.Timing timing() {
    return new TmMessage.Timing(Duration.ofNanos(boardNanos[0]), Duration.ofNanos(totalNanos[0]),
        Duration.ofNanos(boardNanos[1]), Duration.ofNanos(totalNanos[1]));
  }

  /** Whether {@code by} is the first TM seat in seat order: one seat speaks for the table. */
  private boolean first(Seat by) {
    for (Seat s : Seat.values()) {
      if (seats.containsKey(s)) {
        return s == by;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ logs

  void log(Seat seat, String what) {
    notice(seat.word() + ": " + what);
  }

  private void notice(String what) {
    synchronized (log) {
      log.println("tm: " + what);
      log.flush();
    }
  }

  /** What each seat waits on, for failing tests. */
  public synchronized String describe() {
    StringBuilder b = new StringBuilder();
    seats.values().forEach(s -> b.append(s.describe()).append("; ")
        .append(s.driver.describe()).append('\n'));
    return b.toString();
  }

  @Override
  public void close() {
    for (ServerSocket s : listeners) {
      try {
        s.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
    List<TmSeat> all;
    synchronized (this) {
      all = new ArrayList<>(seats.values());
    }
    for (TmSeat s : all) {
      s.close();
      s.driver.close();
    }
    closed.complete(null);
  }
}
