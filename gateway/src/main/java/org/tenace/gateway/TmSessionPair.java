package org.tenace.gateway;

import io.grpc.Channel;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import org.tenace.cli.play.SessionFollower;
import org.tenace.cli.play.TokenStore;
import org.tenace.cli.tm.TmConnection;
import org.tenace.cli.tm.TmLine;
import org.tenace.cli.tm.TmMessage;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.bridge.card.Seat;

/**
 * Two Table Manager programs as a pair in a Tenace session ({@code tenace tm --session}). The
 * programs connect to one port naming partner seats (North and South, or East and West) and do
 * the handshake once; the pair then follows the session as {@code tenace join --session} does
 * ({@link SessionFollower}), and each round the programs are seated at the round's table with
 * the pair's seat tickets, their connections kept open from table to table: each round begins
 * with a Start of board at the new table, and End of session comes when the session is over.
 * A program's "ready for" line that its round's table leaves unanswered (a ready for deal sent
 * as the table closes) is answered by the next round's table, as at a table of its own.
 *
 * <p>A program keeps the seat it connected as. When the movement seats the pair the other way
 * (a Howell), each program sees that round's table turned a quarter (every seat, the dealer,
 * the vulnerability and the sides turned alike), so that it sits where it connected.
 */
public final class TmSessionPair implements Closeable {

  /** A program of the pair: the seat it connected as, its connection and the round's seat. */
  private static final class Program {
    final Seat seat;
    volatile TmConnection connection;
    // The connection in its handshake for this seat: the seat is reserved for it at the check,
    // so that a second program naming the seat meanwhile is refused, not seated beside it.
    TmConnection connecting;
    volatile int version = 18;
    volatile TmSeat current;
    // The "ready for" lines the program sent that the last round's seat did not answer (a ready
    // for deal sent as the round's table closed is the next round's), and on which connection:
    // the next round's seat answers them, on that same connection.
    Map<TmSeat.Gate, Integer> unanswered = Map.of();
    TmConnection unansweredOn;

    Program(Seat seat) {
      this.seat = seat;
    }
  }

  private final Channel channel;
  private final TmGateway.Options options;
  private final PrintWriter log;
  private final BiConsumer<Seat, String[]> transcript;
  private final Map<Seat, Program> programs = new EnumMap<>(Seat.class);
  private final CompletableFuture<String> team = new CompletableFuture<>();
  private ServerSocket listener;
  private volatile boolean over;

  public TmSessionPair(Channel channel, TmGateway.Options options, PrintWriter log,
      BiConsumer<Seat, String[]> transcript) {
    this.channel = channel;
    this.options = options;
    this.log = log;
    this.transcript = transcript;
  }

  /** Listens on {@code port}: the pair's programs connect there, naming their seats. */
  public TmSessionPair listen(InetAddress host, int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.setReuseAddress(true);
    s.bind(new InetSocketAddress(host, port));
    listener = s;
    Thread t = new Thread(this::accept, "tm-session-accept-" + port);
    t.setDaemon(true);
    t.start();
    return this;
  }

  public int port() {
    return listener.getLocalPort();
  }

  /**
   * Waits for the pair's first program (its team is the pair's name), joins {@code sessionId}
   * as {@code pair} (0: the lowest free one) and plays the session out; 0 when it is over.
   */
  public int run(String sessionId, int pair, String server, TokenStore tokens)
      throws InterruptedException {
    String name;
    try {
      name = team.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
    int exit = new SessionFollower(channel, log, server, tokens, this::round)
        .run(sessionId, pair, name);
    end();
    for (Program p : programs()) {
      TmConnection c = p.connection;
      if (c != null) {
        try {
          c.send(new TmMessage.EndOfSession().line());
        } catch (IOException e) {
          // gone already
        }
        c.close();
      }
    }
    return exit;
  }

  private synchronized List<Program> programs() {
    return List.copyOf(programs.values());
  }

  /** One round: the programs at the round's table until it closes. */
  private boolean round(SessionStatus status, Assignment mine, List<SeatTicket> seats)
      throws InterruptedException {
    String tableId = seats.get(0).getTableId();
    TmGateway g = TmGateway.forSessionRound(channel, tableId, options, log);
    String name = team.getNow("");
    Seat first = Vocabulary.seat(seats.get(0).getSeat());
    // The programs' first seat (North or East) plays the pair's first seat, its partner the
    // other; they see the table turned by the difference.
    Seat programsFirst;
    synchronized (this) {
      programsFirst = programs.containsKey(Seat.EAST) || programs.containsKey(Seat.WEST)
          ? Seat.EAST : Seat.NORTH;
    }
    int quarters = Math.floorMod(programsFirst.ordinal() - first.ordinal(), 4);
    for (SeatTicket t : seats) {
      Seat tableSeat = Vocabulary.seat(t.getSeat());
      Seat programSeat = tableSeat.next(quarters);
      TmSeat s = g.seatTicket(tableSeat, name, t.getToken(), quarters);
      Program p = program(programSeat);
      synchronized (p) {
        p.current = s;
        if (p.connection != null) {
          s.adopt(p.connection, p.version, quarters,
              p.connection == p.unansweredOn ? p.unanswered : Map.of());
        }
        p.unanswered = Map.of();
        p.unansweredOn = null;
        p.notifyAll(); // a line read between the rounds is this seat's
      }
    }
    g.startSeats();
    try {
      g.closed().get();
      g.awaitDrained(Duration.ofSeconds(5));
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    } finally {
      for (Program p : programs()) {
        synchronized (p) {
          if (p.current != null) {
            // What the program asked for and this round did not answer goes to the next.
            p.unanswered = p.current.unanswered();
            p.unansweredOn = p.connection;
          }
          p.current = null;
        }
      }
      g.releaseAll();
    }
    return true;
  }

  private synchronized Program program(Seat seat) {
    return programs.computeIfAbsent(seat, Program::new);
  }

  private void accept() {
    TmGateway.acceptEach(listener, "tm-session-connection", this::serve);
  }

  private void notice(String what) {
    synchronized (log) {
      log.println("tm: " + what);
      log.flush();
    }
  }

  /** The handshake, then the program's lines to the round's seat it plays. */
  private void serve(Socket socket) {
    Seat[] who = new Seat[1];
    TmConnection c;
    try {
      c = new TmConnection(socket, (dir, line) -> transcript.accept(who[0],
          new String[] {dir, line}), options.pause());
    } catch (IOException e) {
      return;
    }
    Program p = null;
    try {
      Optional<TmMessage.Connect> connect = connect(c);
      if (connect.isEmpty()) {
        return;
      }
      Seat seat = connect.get().seat().orElseThrow();
      who[0] = seat;
      p = program(seat);
      synchronized (p) {
        if (p.connection != null && !p.connection.isClosed() || p.connecting != null) {
          notice(c.peer() + ": " + seat.word() + " is connected; '"
              + connect.get().line() + "' may take it back only once that connection has ended:"
              + " closed");
          p = null;
          return;
        }
        p.connecting = c;
      }
      String name = team.getNow(connect.get().team());
      c.send(new TmMessage.Seated(seat, name).line());
      expect(c, TmMessage.ReadyForTeams.class);
      String other = "Session opponents";
      c.send((seat == Seat.NORTH || seat == Seat.SOUTH ? new TmMessage.Teams(name, other)
          : new TmMessage.Teams(other, name)).line());
      expect(c, TmMessage.ReadyToStart.class);
      synchronized (p) {
        p.connecting = null;
        p.connection = c;
        p.version = connect.get().version();
        if (p.current != null) {
          p.current.adopt(c, p.version, rotationOf(p), Map.of());
        }
      }
      notice(seat.word() + ": \"" + name + "\" from " + c.peer() + " plays for "
          + "the pair");
      for (String line; (line = c.read()) != null; ) {
        long readAt = System.nanoTime();
        TmMessage m;
        try {
          m = TmLine.parse(line);
        } catch (TmLine.BadLine e) {
          notice(seat.word() + ": " + e.getMessage() + ": ignored");
          continue;
        }
        if (!deliver(p, m, line, readAt)) {
          return;
        }
      }
    } catch (IOException | InterruptedException e) {
      // the connection broke: as a disconnection
    } finally {
      if (p != null) {
        synchronized (p) {
          if (p.connecting == c) {
            p.connecting = null; // the handshake failed: the seat is free again
          }
          if (p.connection == c) {
            p.connection = null;
            if (p.current != null) {
              p.current.detach(c);
            }
          }
        }
      }
      c.close();
    }
  }

  /** The quarter turns of the round {@code p} is seated in (its seat's, from the table's). */
  private int rotationOf(Program p) {
    return Math.floorMod(p.seat.ordinal() - p.current.seat().ordinal(), 4);
  }

  /**
   * Hands a line of {@code p}'s to the round's seat it plays; between rounds, waits on the
   * program for the next round's seat (false: the session is over). Under the program's lock,
   * as the round's change is: a line is either the old seat's, and what it leaves unanswered
   * goes to the next seat with the change, or the next seat's.
   */
  private boolean deliver(Program p, TmMessage m, String line, long readAt)
      throws InterruptedException {
    synchronized (p) {
      while (!over) {
        if (p.current != null) {
          p.current.received(m, line, readAt);
          return true;
        }
        p.wait(); // woken by the next round's seat (round) or the session's end (end)
      }
    }
    return false;
  }

  /** The session is over: every program waiting for its next round hears so. */
  private void end() {
    over = true;
    for (Program p : programs()) {
      synchronized (p) {
        p.notifyAll();
      }
    }
  }

  /** The first line: a Connecting that names a seat the pair may take, else closed. */
  private Optional<TmMessage.Connect> connect(TmConnection c) throws IOException {
    String first = c.read();
    if (first == null) {
      return Optional.empty();
    }
    Optional<TmMessage> m = c.greeting(first, this::notice);
    if (m.isEmpty()) {
      return Optional.empty();
    }
    if (!(m.get() instanceof TmMessage.Connect connect) || connect.seat().isEmpty()) {
      notice(c.peer() + ": '" + first + "': a pair's program connects naming its seat: closed");
      return Optional.empty();
    }
    Seat seat = connect.seat().get();
    synchronized (this) {
      for (Seat taken : programs.keySet()) {
        if (taken != seat && taken != seat.partner()) {
          notice(c.peer() + ": '" + first + "': the pair's programs sit "
              + taken.word() + " and " + taken.partner().word()
              + ": closed");
          return Optional.empty();
        }
      }
      if (team.isDone() && !team.getNow("").equals(connect.team())) {
        notice(c.peer() + ": '" + first + "': the pair is \"" + team.getNow("") + "\": closed");
        return Optional.empty();
      }
      team.complete(connect.team());
    }
    return Optional.of(connect);
  }

  private static <T extends TmMessage> void expect(TmConnection c, Class<T> kind)
      throws IOException {
    while (true) {
      String line = c.read();
      if (line == null) {
        throw new IOException("the program left during the handshake");
      }
      try {
        if (kind.isInstance(TmLine.parse(line))) {
          return;
        }
      } catch (TmLine.BadLine e) {
        // outside the grammar: waits on for the line due
      }
    }
  }

  @Override
  public void close() {
    end();
    try {
      if (listener != null) {
        listener.close();
      }
    } catch (IOException e) {
      // closing anyway
    }
    for (Program p : programs()) {
      TmConnection c = p.connection;
      if (c != null) {
        c.close();
      }
    }
  }
}
