package org.tenace.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.play.TokenStore;
import org.tenace.cli.tm.TmRobotClient;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.play.CardPlayer;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.card.Seat;
import org.tenace.server.api.TenaceServer;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventStore;

/**
 * Two TM programs (the house robot as TM clients) as a pair in a 2-table Howell on a real
 * server, robots in the other pairs: the pair is taken from table to table and direction to
 * direction over connections that stay open, every line is checked by the independent grammar,
 * and the session's record has every board, the programs' team as a pair.
 */
class TmSessionPairTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private TmSessionPair pair;
  private final ExecutorService programs = Executors.newCachedThreadPool();
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final StringWriter log = new StringWriter();

  @AfterEach
  void stop() {
    programs.shutdownNow();
    if (pair != null) {
      pair.close();
    }
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void twoProgramsPlayAHowellAsAPairOverConnectionsKeptOpen() throws Exception {
    Opened session = open("TM Howell", 18);
    String id = session.id();
    var stub = session.stub();
    List<Future<List<TmRobotClient.Board>>> played = List.of(
        program(Seat.NORTH), program(Seat.SOUTH));
    CompletableFuture<Integer> following = begin(session);

    assertThat(following.get(280, TimeUnit.SECONDS)).as(log.toString()).isZero();
    for (var f : played) {
      // Three rounds of one board each, over the one connection each program opened.
      assertThat(f.get(30, TimeUnit.SECONDS)).extracting(TmRobotClient.Board::number)
          .hasSize(3).doesNotHaveDuplicates();
    }
    String said = log.toString();
    assertThat(said).contains("round 1: table", "round 2: table", "round 3: table",
        "The session is over. Ranking:");
    // A Howell seats the pair both ways: the programs stay North and South throughout.
    assertThat(said).contains("North-South").contains("East-West");
    assertThat(said).doesNotContain("ignored").doesNotContain("the table made")
        .doesNotContain("disconnected");
    assertThat(lines.stream().filter(l -> l.startsWith("Connecting"))).hasSize(2);
    assertThat(lines.stream().filter(l -> l.equals("End of session"))).hasSize(2);
    assertThat(lines.stream().filter(l -> l.equals("Start of board"))).hasSize(6);

    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    assertThat(results.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(results.getStatus().getBoardsFinished()).isEqualTo(6);
    assertThat(results.getRankingList()).extracting(r -> r.getName()).contains("Blue");
    LoopbackServer.assertChecks(results.getPbn());
    TmParser.check(lines);
  }

  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void aProgramKilledInTheSecondRoundIsResumedByTheSameHandshake() throws Exception {
    Opened session = open("TM resume", 7);
    // North's first program dies at its second card of the second round's board.
    Socket first = new Socket("127.0.0.1", pair.port());
    java.util.concurrent.atomic.AtomicInteger boards = new java.util.concurrent.atomic
        .AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger cards = new java.util.concurrent.atomic
        .AtomicInteger();
    org.tenace.client.Player robot = new RobotPlayer(boundedRobot());
    org.tenace.client.Player dying = new org.tenace.client.Player() {
      int lastBoard;

      @Override
      public CallChoice call(org.tenace.client.SeatView view,
          List<org.tenace.bridge.auction.Call> legal) {
        int b = view.board().orElseThrow().getBoardNumber();
        if (b != lastBoard) {
          lastBoard = b;
          boards.incrementAndGet();
        }
        return robot.call(view, legal);
      }

      @Override
      public org.tenace.bridge.card.Card card(org.tenace.client.SeatView view, Seat playsFor,
          List<org.tenace.bridge.card.Card> legal) {
        if (boards.get() == 2 && cards.incrementAndGet() == 2) {
          try {
            first.close();
          } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
          }
          throw new IllegalStateException("North's program is killed");
        }
        return robot.card(view, playsFor, legal);
      }
    };
    Future<List<TmRobotClient.Board>> north = programs.submit(() -> new TmRobotClient(
        Seat.NORTH, "Blue", dying, new PrintWriter(log, true)).play(first, (d, l) -> { },
        b -> { }));
    Future<List<TmRobotClient.Board>> south = program(Seat.SOUTH);
    CompletableFuture<Integer> following = begin(session);
    try {
      north.get(120, TimeUnit.SECONDS);
      throw new AssertionError("North's first program was to be killed");
    } catch (java.util.concurrent.ExecutionException expected) {
      assertThat(boards.get()).as("killed in the second round").isEqualTo(2);
    }
    Future<List<TmRobotClient.Board>> again = program(Seat.NORTH);
    assertThat(following.get(280, TimeUnit.SECONDS)).as(log.toString()).isZero();
    List<TmRobotClient.Board> resumed = again.get(30, TimeUnit.SECONDS);
    assertThat(resumed).as("the second round's board, finished, and the third round's")
        .hasSize(2);
    assertThat(south.get(30, TimeUnit.SECONDS)).hasSize(3);
    assertThat(resumed.get(0).number()).isEqualTo(south.get().get(1).number());
    assertThat(log.toString()).contains("(the program's North) the program disconnected")
        .doesNotContain("the record stands").doesNotContain("the table made");
    assertThat(session.stub().getResults(GetResultsRequest.newBuilder()
        .setSessionId(session.id()).build()).getStatus().getBoardsFinished()).isEqualTo(6);
    TmParser.check(lines);
  }

  /**
   * North's program asks for the next deal as soon as a board's Timing line comes, before its
   * Start of board: at a round's last board the line reaches the gateway just as the round's
   * table closes, while the round's seat still holds the program, and it is the next round's.
   * The next table deals to North all the same (before, the closing seat took the line, the
   * next seat started without it, and North was never dealt its next board).
   */
  @Test
  @Timeout(value = 300, unit = TimeUnit.SECONDS)
  void aReadyForDealSentAsARoundsTableClosesReachesTheNextRound() throws Exception {
    Opened session = open("TM eager", 5);
    EagerSocket socket = new EagerSocket(pair.port(), Seat.NORTH);
    Future<List<TmRobotClient.Board>> north = programs.submit(() -> new TmRobotClient(
        Seat.NORTH, "Blue", new RobotPlayer(boundedRobot()), new PrintWriter(log, true))
        .play(socket, (d, l) -> { }, b -> { }));
    Future<List<TmRobotClient.Board>> south = program(Seat.SOUTH);
    CompletableFuture<Integer> following = begin(session);
    try {
      assertThat(following.get(120, TimeUnit.SECONDS)).as(log.toString()).isZero();
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the session did not end within 120 s; North sent "
          + socket.early.get() + " early ready for deal line(s); the last lines between the "
          + "programs and the pair's gateway (each waits for the other's next):\n"
          + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()))
          + "\n" + log, e);
    }
    assertThat(socket.early.get()).as("ready for deal lines sent on a Timing line").isEqualTo(3);
    assertThat(north.get(30, TimeUnit.SECONDS)).as("North's boards").hasSize(3);
    assertThat(south.get(30, TimeUnit.SECONDS)).as("South's boards").hasSize(3);
    assertThat(log.toString()).doesNotContain("ignored").doesNotContain("the table made");
  }

  /**
   * A program's socket that sends "North ready for deal" (for its seat) as soon as a Timing
   * line comes, and drops the program's own next one, sent after Start of board.
   */
  private static final class EagerSocket extends Socket {
    final java.util.concurrent.atomic.AtomicInteger early =
        new java.util.concurrent.atomic.AtomicInteger();
    private final String ready;
    private final java.util.concurrent.atomic.AtomicInteger toDrop =
        new java.util.concurrent.atomic.AtomicInteger();
    private java.io.InputStream in;
    private java.io.OutputStream out;

    EagerSocket(int port, Seat seat) throws IOException {
      super("127.0.0.1", port);
      this.ready = seat.word() + " ready for deal";
    }

    @Override
    public synchronized java.io.InputStream getInputStream() throws IOException {
      if (in == null) {
        java.io.OutputStream raw = super.getOutputStream();
        in = new java.io.FilterInputStream(super.getInputStream()) {
          private final StringBuilder line = new StringBuilder();

          @Override
          public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
              seen(c);
            }
            return c;
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            for (int i = 0; i < n; i++) {
              seen(b[off + i]);
            }
            return n;
          }

          private void seen(int c) throws IOException {
            if (c != '\n') {
              if (c != '\r') {
                line.append((char) c);
              }
              return;
            }
            if (line.toString().startsWith("Timing")) {
              toDrop.incrementAndGet();
              raw.write((ready + "\r\n").getBytes(StandardCharsets.US_ASCII));
              raw.flush();
              early.incrementAndGet();
            }
            line.setLength(0);
          }
        };
      }
      return in;
    }

    @Override
    public synchronized java.io.OutputStream getOutputStream() throws IOException {
      if (out == null) {
        java.io.OutputStream raw = super.getOutputStream();
        out = new java.io.OutputStream() {
          private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

          @Override
          public void write(int b) throws IOException {
            line.write(b);
            if (b == '\n') {
              String l = line.toString(StandardCharsets.US_ASCII).strip();
              if (!(l.equals(ready) && toDrop.getAndUpdate(n -> Math.max(0, n - 1)) > 0)) {
                raw.write(line.toByteArray());
              }
              line.reset();
            }
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            for (int i = 0; i < len; i++) {
              write(b[off + i]);
            }
          }

          @Override
          public void flush() throws IOException {
            raw.flush();
          }

          @Override
          public void close() throws IOException {
            raw.close();
          }
        };
      }
      return out;
    }
  }

  /**
   * Two programs naming the same seat: the first, still in its handshake, holds it; the second
   * is refused and closed, as the single-port gateway refuses a seat taken, with a line saying so.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aSecondProgramNamingASeatInItsHandshakeIsRefused() throws Exception {
    channel = at.start(TmSessionPairTest::boundedServer);
    listen();
    String hello = "Connecting \"Blue\" as North using protocol version 18";
    try (Socket first = new Socket("127.0.0.1", pair.port());
        Socket second = new Socket("127.0.0.1", pair.port())) {
      first.setSoTimeout(20_000);
      second.setSoTimeout(20_000);
      var firstIn = new java.io.BufferedReader(new java.io.InputStreamReader(
          first.getInputStream(), StandardCharsets.US_ASCII));
      first.getOutputStream().write((hello + "\r\n").getBytes(StandardCharsets.US_ASCII));
      first.getOutputStream().flush();
      // Seated, and left in the handshake: the seat is the first program's from now.
      assertThat(firstIn.readLine()).startsWith("North (\"Blue\") seated");
      second.getOutputStream().write((hello + "\r\n").getBytes(StandardCharsets.US_ASCII));
      second.getOutputStream().flush();
      var secondIn = new java.io.BufferedReader(new java.io.InputStreamReader(
          second.getInputStream(), StandardCharsets.US_ASCII));
      assertThat(secondIn.readLine()).as("the second program is closed, not seated").isNull();
      assertThat(log.toString()).contains("North is connected; '" + hello
          + "' may take it back only once that connection has ended: closed");
    }
    // Once the first has gone, the seat may be taken again.
    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
      try (Socket third = new Socket("127.0.0.1", pair.port())) {
        third.setSoTimeout(10_000);
        third.getOutputStream().write((hello + "\r\n").getBytes(StandardCharsets.US_ASCII));
        third.getOutputStream().flush();
        assertThat(new java.io.BufferedReader(new java.io.InputStreamReader(
            third.getInputStream(), StandardCharsets.US_ASCII)).readLine())
            .startsWith("North (\"Blue\") seated");
      }
    });
  }

  /**
   * The house robot bounded by work alone: its bidding rules and play heuristics, no sampled
   * search (whose second's time bound would make its cards, and the session's length, hang on
   * the machine's load). Every robot of these sessions, the programs and the server's, plays so.
   */
  private static HouseRobot boundedRobot() {
    return new HouseRobot(new CardPlayer(CardPlayer.ENDGAME_CARDS, 1, 0));
  }

  private static TenaceServer boundedServer(ServerBuilder<?> builder) {
    return TenaceServer.start(builder, EventStore.open(LoopbackServer.memoryStore()),
        ServerLimits.NONE, Duration.ZERO, TmSessionPairTest::boundedRobot);
  }

  /** A session on the server: the stub it was created with, its id, its director's token. */
  private record Opened(SessionServiceGrpc.SessionServiceBlockingStub stub, String id,
      String directorToken) {}

  /**
   * The opening every session test shares: the server, a robot Howell {@code name} of deals
   * {@code seed} created on it, and the pair's gateway listening.
   */
  private Opened open(String name, long seed) throws IOException {
    channel = at.start(TmSessionPairTest::boundedServer);
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    CreateSessionResponse created = stub.createSession(robotHowell(name, seed));
    listen();
    return new Opened(stub, created.getSessionId(), created.getDirectorToken());
  }

  /**
   * The pair follows {@code session} as pair 0 (the lowest free), on a thread of its own; once
   * its programs are seated as a pair, the director starts the session. The pair's end: 0 when
   * the session has ended.
   */
  private CompletableFuture<Integer> begin(Opened session) {
    CompletableFuture<Integer> following = CompletableFuture.supplyAsync(() -> {
      try {
        return pair.run(session.id(), 0, at.address(), TokenStore.none());
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    await().atMost(Duration.ofSeconds(30)).until(() -> log.toString().contains("You are pair"));
    LoopbackServer.as(session.stub(), session.directorToken())
        .startSession(StartSessionRequest.newBuilder().setSessionId(session.id()).build());
    return following;
  }

  /** A 2-table Howell of one board a round, robots in the seats nobody takes. */
  private static CreateSessionRequest robotHowell(String name, long seed) {
    return CreateSessionRequest.newBuilder().setName(name)
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2).setBoardsPerRound(1)
        .setRobots(true).setDealSeed(seed).build();
  }

  /** The pair's gateway, on a free loopback port, its log and lines kept. */
  private void listen() throws IOException {
    pair = new TmSessionPair(channel, TmGateway.Options.defaults(), new PrintWriter(log, true),
        (seat, l) -> lines.add(l[1])).listen(InetAddress.getLoopbackAddress(), 0);
  }

  private Future<List<TmRobotClient.Board>> program(Seat seat) {
    return programs.submit(() -> new TmRobotClient(seat, "Blue",
        new RobotPlayer(boundedRobot()), new PrintWriter(log, true))
        .play(new Socket("127.0.0.1", pair.port()), (d, l) -> { }, b -> { }));
  }
}
