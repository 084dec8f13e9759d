package org.tenace.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.tm.TmConnection;
import org.tenace.cli.tm.TmRobotClient;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * The gateway between TM programs (the house robot as a TM client, {@link TmRobotClient}) and a
 * real server on loopback: whole sessions, every line checked by the independent grammar, the
 * programs' results against the table's record, and a program that drops mid-board.
 */
class TmGatewayTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private TmGateway gateway;
  private final ExecutorService programs = Executors.newCachedThreadPool();
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final Map<Seat, List<String>> sentTo = new ConcurrentHashMap<>();
  private final List<long[]> relays = new CopyOnWriteArrayList<>();
  private final Map<String, Long> sentAt = new ConcurrentHashMap<>();
  private final StringWriter log = new StringWriter();

  @AfterEach
  void stop() {
    programs.shutdownNow();
    if (gateway != null) {
      gateway.close();
    }
  }

  private String table(int boards, Seat... robots) {
    channel = at.start();
    var req = CreateTableRequest.newBuilder().setName("tm test")
        .setSettings(TableSettings.newBuilder().setBoardCount(boards)).setDealSeed(18);
    for (Seat s : robots) {
      req.addRobotSeats(Vocabulary.toProto(s));
    }
    return at.createTable(req.build());
  }

  /** Opens the gateway on four free consecutive ports. */
  static TmGateway open(TmGateway g) throws IOException {
    for (int attempt = 0; ; attempt++) {
      int base = ThreadLocalRandom.current().nextInt(20000, 60000);
      try {
        return g.listen(InetAddress.getLoopbackAddress(), base);
      } catch (BindException e) {
        g.closeListeners();
        if (attempt > 20) {
          throw e;
        }
      }
    }
  }

  private TmGateway gateway(String tableId, TmGateway.Options options) throws IOException {
    gateway = open(new TmGateway(channel, tableId, options, new PrintWriter(log, true),
        (seat, l) -> {
          lines.add(l[1]);
          if (seat != null && l[0].equals(">")) {
            sentTo.computeIfAbsent(seat, x -> new CopyOnWriteArrayList<>()).add(l[1]);
          }
          relay(seat, l[0], l[1]);
        }));
    return gateway;
  }

  private Future<List<TmRobotClient.Board>> program(Seat seat, String team, int port,
      Player player) {
    return programs.submit(() -> new TmRobotClient(seat, team, player, new PrintWriter(log))
        .play(new Socket("127.0.0.1", port), (d, l) -> { }, b -> { }));
  }

  @Test
  void fourProgramsPlayAHundredBoardsAndEveryLineParses() throws Exception {
    String id = table(100);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    List<Long> own = new CopyOnWriteArrayList<>();
    g.measureLines(own::add, own::add);
    int p = g.port();
    // North and South name their seat on the one port; East and West use their own ports.
    Map<Seat, Future<List<TmRobotClient.Board>>> played = Map.of(
        Seat.NORTH, program(Seat.NORTH, "Blue team", p, robot()),
        Seat.SOUTH, program(Seat.SOUTH, "Blue team", p, robot()),
        Seat.EAST, program(Seat.EAST, "Red team", p + 1, robot()),
        Seat.WEST, program(Seat.WEST, "Red team", p + 3, robot()));
    awaitAll(played.values());
    for (var f : played.values()) {
      assertThat(f.get()).hasSize(100);
    }
    Map<Integer, BoardCompleted> record = g.results();
    assertThat(record).hasSize(100);
    for (var e : played.entrySet()) {
      for (TmRobotClient.Board b : e.getValue().get()) {
        var r = record.get(b.number()).getResult();
        assertThat(b.contract().isPresent()).as("board " + b.number()).isEqualTo(r.hasContract());
        b.contract().ifPresent(c -> {
          assertThat(c).as("board " + b.number())
              .isEqualTo(Vocabulary.contract(r.getContract()));
          assertThat(b.tricksDeclarer()).as("board " + b.number()).isEqualTo(r.getTricks());
        });
      }
    }
    assertThat(lines).contains("North (\"Blue team\") seated", "Teams : N/S : \"Blue team\" "
        + "E/W : \"Red team\"", "End of session");
    assertThat(lines).anyMatch(l -> l.startsWith("Timing - N/S : this board "));
    assertThat(lines).anyMatch(l -> l.endsWith(" to lead"));
    assertThat(log.toString()).doesNotContain("ignored").doesNotContain("the table made");
    long[] o = own.stream().mapToLong(Long::longValue).sorted().toArray();
    System.out.println("tm relay: " + relayFigures() + "; gateway's own time per line: "
        + o.length + " lines, p50 " + o[o.length / 2] / 1000 + " us, p99 "
        + o[(int) (o.length * 0.99)] / 1000 + " us; last timing: " + lines.stream()
        .filter(l -> l.startsWith("Timing")).reduce((a, b) -> b).orElse(""));
    TmParser.check(lines);
  }

  /**
   * Scripted calls with explanations: the board's first call, 1C, explained and not alerted;
   * the second, 1D, alerted; then passes. Cards: the first legal one.
   */
  private static Player explaining() {
    return new Player() {
      @Override
      public CallChoice call(SeatView view, List<Call> legal) {
        int at = view.board().orElseThrow().getAuctionCount();
        return at == 0 ? new CallChoice(org.tenace.bridge.auction.Bid.parse("1C"), false,
            "2+ clubs, 11-21")
            : at == 1 ? CallChoice.alerted(org.tenace.bridge.auction.Bid.parse("1D"),
                "diamonds and hearts")
            : CallChoice.natural(Call.PASS);
      }

      @Override
      public Card card(SeatView view, Seat playsFor, List<Card> legal) {
        return legal.get(0);
      }
    };
  }

  private List<Future<List<TmRobotClient.Board>>> explainingPrograms(int port, int version) {
    List<Future<List<TmRobotClient.Board>>> all = new ArrayList<>();
    for (Seat s : Seat.values()) {
      String team = s.side() == org.tenace.bridge.card.Side.NS ? "Blue" : "Red";
      all.add(programs.submit(() -> new TmRobotClient(s, team, explaining(),
          new PrintWriter(log), version).play(new Socket("127.0.0.1", port), (d, l) -> { },
          b -> { })));
    }
    return all;
  }

  @Test
  void withExplanationsTheExplanationsOfProtocol19ProgramsReachTheTable() throws Exception {
    String id = table(3);
    TmGateway g = gateway(id, new TmGateway.Options(Duration.ZERO, Duration.ZERO, false,
        true));
    List<Future<List<TmRobotClient.Board>>> all = explainingPrograms(g.port(), 19);
    awaitAll(all);
    for (var f : all) {
      assertThat(f.get()).hasSize(3);
    }
    assertThat(g.results()).hasSize(3);
    // Board 1, dealer North: North's 1C, explained and not alerted (Infos.), reaches the table
    // with its explanation; Tenace alerts every explained call, so East and West read it as an
    // alert, and South (partner) reads the call alone. East's alerted 1D goes as in 18.
    assertThat(sentTo.get(Seat.EAST)).contains("North bids 1C Alert. 2+ clubs, 11-21");
    assertThat(sentTo.get(Seat.WEST)).contains("North bids 1C Alert. 2+ clubs, 11-21");
    assertThat(sentTo.get(Seat.SOUTH)).contains("North bids 1C", "East bids 1D Alert. diamonds "
        + "and hearts");
    assertThat(sentTo.get(Seat.NORTH)).contains("East bids 1D Alert. diamonds and hearts");
    assertThat(sentTo.get(Seat.WEST)).noneMatch(l -> l.startsWith("East bids 1D ")
        && l.contains("diamonds"));
    assertThat(lines).contains("Connecting \"Blue\" as North using protocol version 19",
        "North bids 1C Infos. 2+ clubs, 11-21");
    assertThat(log.toString()).doesNotContain("protocol version 19 asked");
    // The published grammar stops at 18: every other line parses as sent, and an Infos. line
    // parses once read as the alert it extends.
    List<String> asAlerts = lines.stream().map(l -> l.replace(" Infos. ", " Alert. ")).toList();
    TmParser.check(asAlerts);
  }

  @Test
  void withoutExplanationsProtocol19ProgramsPlayIn18AndNoInfosLineIsSent() throws Exception {
    String id = table(2);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    List<Future<List<TmRobotClient.Board>>> all = explainingPrograms(g.port(), 19);
    awaitAll(all);
    for (var f : all) {
      assertThat(f.get()).hasSize(2);
    }
    // North's explanation is dropped, as a host of 18 would: East reads the call alone.
    assertThat(sentTo.get(Seat.EAST)).contains("North bids 1C");
    assertThat(sentTo.values().stream().flatMap(List::stream))
        .noneMatch(l -> l.contains("Infos.") || l.contains("2+ clubs"));
    assertThat(log.toString()).contains("protocol version 19 asked; the gateway speaks 18 (and "
        + "19's explanations with --explanations) and carries on in 18");
    // The programs' own Infos. lines (read, their explanation dropped) parse as alerts would.
    assertThat(lines).contains("North bids 1C Infos. 2+ clubs, 11-21");
    TmParser.check(lines.stream().map(l -> l.replace(" Infos. ", " Alert. ")).toList());
  }

  @Test
  void aMixedTableFinishesTheBoardOfAProgramThatDroppedAndCameBack() throws Exception {
    String id = table(20);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    int p = g.port();
    // East and West: the house robot as remote gRPC bots, each with its own token.
    List<org.tenace.client.SeatDriver> bots = new ArrayList<>();
    for (Seat s : new Seat[] {Seat.EAST, Seat.WEST}) {
      String token = TableServiceGrpc.newBlockingStub(channel).joinTable(
          org.tenace.proto.v1.JoinTableRequest.newBuilder().setTableId(id)
              .setRole(org.tenace.proto.v1.Role.ROLE_PLAYER).setSeat(Vocabulary.toProto(s))
              .setName("Robot").build()).getToken();
      bots.add(new org.tenace.client.SeatDriver(channel, id, token, robot(),
          new org.tenace.client.SeatDriver.Listener() { }).start());
    }
    try {
      // North drops in the play of board 5 (at its third card) and connects again.
      Socket first = new Socket("127.0.0.1", p);
      AtomicInteger cards = new AtomicInteger();
      int[] boardNow = {0};
      Player dropping = new Player() {
        final Player robot = robot();

        @Override
        public CallChoice call(SeatView view, List<Call> legal) {
          boardNow[0] = view.board().orElseThrow().getBoardNumber();
          return robot.call(view, legal);
        }

        @Override
        public Card card(SeatView view, Seat playsFor, List<Card> legal) {
          if (boardNow[0] == 5 && cards.incrementAndGet() == 3) {
            try {
              first.close();
            } catch (IOException e) {
              throw new IllegalStateException(e);
            }
            throw new IllegalStateException("North's program is killed");
          }
          return robot.card(view, playsFor, legal);
        }
      };
      Future<List<TmRobotClient.Board>> north = programs.submit(() ->
          new TmRobotClient(Seat.NORTH, "Blue", dropping, new PrintWriter(log))
              .play(first, (d, l) -> { }, b -> { }));
      Future<List<TmRobotClient.Board>> south = program(Seat.SOUTH, "Blue", p + 2, robot());
      try {
        north.get(120, TimeUnit.SECONDS);
        throw new AssertionError("North's first program was to be killed");
      } catch (java.util.concurrent.ExecutionException expected) {
        assertThat(cards.get()).as("killed in the play of board 5").isEqualTo(3);
      }
      Future<List<TmRobotClient.Board>> again = program(Seat.NORTH, "Blue", p, robot());
      awaitAll(List.of(again, south));
      List<TmRobotClient.Board> resumed = again.get();
      assertThat(resumed.get(0).number()).as("the resumed program finishes board 5").isEqualTo(5);
      assertThat(resumed).hasSize(16);
      assertThat(south.get()).hasSize(20);
      Map<Integer, BoardCompleted> record = g.results();
      assertThat(record).hasSize(20);
      var five = record.get(5).getResult();
      assertThat(resumed.get(0).contract().map(c -> c.equals(Vocabulary.contract(
          five.getContract()))).orElse(!five.hasContract())).isTrue();
      if (five.hasContract()) {
        assertThat(resumed.get(0).tricksDeclarer()).isEqualTo(five.getTricks());
      }
      assertThat(log.toString()).contains("North: the program disconnected; North keeps its "
          + "seat").doesNotContain("the record stands").doesNotContain("the table made");
      TmParser.check(lines);
    } finally {
      bots.forEach(org.tenace.client.SeatDriver::close);
    }
  }

  @Test
  void badLinesIllegalCallsAndLinesForAnotherSeatAreLoggedAndTheSeatStillActs()
      throws Exception {
    String id = table(1, Seat.EAST, Seat.SOUTH, Seat.WEST);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    try (Socket s = new Socket("127.0.0.1", g.port());
        TmConnection c = new TmConnection(s, (d, l) -> { }, Duration.ZERO)) {
      c.send("Connecting \"Blue\" as North using protocol version 18");
      assertThat(c.read()).isEqualTo("North (\"Blue\") seated");
      c.send("North ready for teams");
      assertThat(c.read()).isEqualTo("Teams : N/S : \"Blue\" E/W : \"Robot\"");
      c.send("North ready to start");
      assertThat(c.read()).isEqualTo("Start of board");
      c.send("North ready for deal");
      assertThat(c.read()).isEqualTo("Board number 1. Dealer North. Neither vulnerable.");
      c.send("North ready for cards");
      assertThat(c.read()).startsWith("North's cards : ");
      c.send("hello there");
      c.send("North doubles");
      c.send("East passes");
      c.send("East ready for North's bid");
      c.send("North passes");
      c.send("North ready for East's bid");
      assertThat(c.read()).matches("East (passes|doubles|bids .*)");
    }
    assertThat(log.toString()).contains(
        "North: not a Table Manager message: 'hello there': ignored",
        "North: 'North doubles' is not a legal call here: ignored; the seat is still to call",
        "North: 'East passes' calls for East, not for this seat: ignored",
        "North: 'East ready for North's bid' speaks for East, not for this seat: ignored");
  }

  @Test
  void aSecondConnectionForASeatStillConnectedIsRefusedAndTheSeatedProgramPlaysOn()
      throws Exception {
    String id = table(1, Seat.EAST, Seat.SOUTH, Seat.WEST);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    try (Socket n = new Socket("127.0.0.1", g.port());
        TmConnection north = new TmConnection(n, (d, l) -> { }, Duration.ZERO)) {
      north.send("Connecting \"Blue\" as North using protocol version 18");
      assertThat(north.read()).isEqualTo("North (\"Blue\") seated");
      north.send("North ready for teams");
      assertThat(north.read()).isEqualTo("Teams : N/S : \"Blue\" E/W : \"Robot\"");
      north.send("North ready to start");
      assertThat(north.read()).isEqualTo("Start of board");
      north.send("North ready for deal");
      assertThat(north.read()).isEqualTo("Board number 1. Dealer North. Neither vulnerable.");
      // Every program reads both team names on the Teams line: another program names North's
      // team to read North's hand.
      try (Socket i = new Socket("127.0.0.1", g.port());
          TmConnection intruder = new TmConnection(i, (d, l) -> { }, Duration.ZERO)) {
        intruder.send("Connecting \"Blue\" as North using protocol version 18");
        // The gateway closes the connection on the first line: what the program sends after
        // may meet the closed socket (a broken pipe or a reset), which is the refusal itself.
        sendWhileOpen(intruder, "North ready for teams", "North ready to start",
            "North ready for deal", "North ready for cards");
        assertThat(readOrClosed(intruder)).as("refused: nothing is sent, the connection is closed")
            .isNull();
      }
      north.send("North ready for cards");
      assertThat(north.read()).startsWith("North's cards : ");
      north.send("North passes");
      north.send("North ready for East's bid");
      assertThat(north.read()).matches("East (passes|doubles|bids .*)");
    }
    assertThat(log.toString()).contains("North is connected; 'Connecting \"Blue\" as North "
        + "using protocol version 18' may take it back only once that connection has ended:"
        + " closed");
  }

  @Test
  void aProgramWhoseTeamIsNotItsPartnersIsRefusedAndNoSeatIsTaken() throws Exception {
    String id = table(1, Seat.EAST, Seat.WEST);
    TmGateway g = gateway(id, TmGateway.Options.defaults());
    try (Socket n = new Socket("127.0.0.1", g.port());
        TmConnection north = new TmConnection(n, (d, l) -> { }, Duration.ZERO);
        Socket s = new Socket("127.0.0.1", g.port() + 2);
        TmConnection south = new TmConnection(s, (d, l) -> { }, Duration.ZERO);
        Socket w = new Socket("127.0.0.1", g.port() + 1);
        TmConnection wrongPort = new TmConnection(w, (d, l) -> { }, Duration.ZERO)) {
      north.send("Connecting \"Blue\" as North using protocol version 18");
      assertThat(north.read()).isEqualTo("North (\"Blue\") seated");
      south.send("Connecting \"Green\" as South using protocol version 18");
      assertThat(south.read()).as("refused: the connection is closed").isNull();
      wrongPort.send("Connecting \"Blue\" as South using protocol version 18");
      assertThat(wrongPort.read()).as("South on East's port").isNull();
    }
    assertThat(log.toString()).contains("South's team \"Green\" is not its partner's, "
        + "\"Blue\": closed", "'Connecting \"Blue\" as South using protocol version 18' on "
        + "East's port: closed");
    assertThat(g.teams()).containsOnlyKeys(Seat.NORTH);
  }

  @Test
  void asAnyPlayerTakesThePortsSeatOnlyWithTheFlag() throws Exception {
    String id = table(1, Seat.NORTH, Seat.EAST, Seat.SOUTH);
    TmGateway g = gateway(id, new TmGateway.Options(Duration.ZERO, Duration.ZERO, true));
    try (Socket w = new Socket("127.0.0.1", g.port() + 3);
        TmConnection west = new TmConnection(w, (d, l) -> { }, Duration.ZERO)) {
      west.send("Connecting \"Any\" as ANYPL using protocol version 18");
      assertThat(west.read()).isEqualTo("West (\"Any\") seated");
    }
    TmGateway strict = open(new TmGateway(channel, id, TmGateway.Options.defaults(),
        new PrintWriter(log, true), (seat, l) -> { }));
    try (Socket s = new Socket("127.0.0.1", strict.port());
        TmConnection c = new TmConnection(s, (d, l) -> { }, Duration.ZERO)) {
      c.send("Connecting \"Any\" as ANYPL using protocol version 18");
      assertThat(c.read()).isNull();
    } finally {
      strict.close();
    }
    assertThat(log.toString()).contains("'as ANYPL' needs --anypl: closed");
  }

  @Test
  void aProgramSilentBeyondTheActionLimitHasTheFirstLegalCallMadeForItAndIsTold()
      throws Exception {
    String id = table(1, Seat.EAST, Seat.SOUTH, Seat.WEST);
    TmGateway g = gateway(id, new TmGateway.Options(Duration.ofSeconds(1), Duration.ZERO,
        false));
    try (Socket s = new Socket("127.0.0.1", g.port());
        TmConnection c = new TmConnection(s, (d, l) -> { }, Duration.ZERO)) {
      c.send("Connecting \"Slow\" as North using protocol version 18");
      c.read();
      c.send("North ready for teams");
      c.read();
      c.send("North ready to start");
      c.read();
      c.send("North ready for deal");
      c.read();
      c.send("North ready for cards");
      assertThat(c.read()).startsWith("North's cards : ");
      // North, the dealer, says nothing: after a second the table passes for it.
      assertThat(c.read()).isEqualTo("North passes");
    }
    assertThat(log.toString()).contains("North: the table made 'North passes' for the program "
        + "(the action limit ran out, or the server refused its answer), which is told so");
  }

  /**
   * The relay time of each call and card: from the program's line ("<") to the same line sent
   * to each other program (">"), through the server's event stream.
   */
  private void relay(Seat seat, String dir, String line) {
    boolean action = line.contains(" plays ") || line.contains(" bids ")
        || line.endsWith(" passes") || line.endsWith(" doubles") || line.endsWith(" redoubles");
    if (!action) {
      return;
    }
    long now = System.nanoTime();
    if (dir.equals("<")) {
      sentAt.put(line, now);
    } else {
      Long t = sentAt.get(line);
      if (t != null) {
        relays.add(new long[] {now - t});
      }
    }
  }

  /** p50 and p99 of the relay times in microseconds. */
  private String relayFigures() {
    long[] all = relays.stream().mapToLong(a -> a[0]).sorted().toArray();
    if (all.length == 0) {
      return "no relays";
    }
    return all.length + " relays, p50 " + all[all.length / 2] / 1000 + " us, p99 "
        + all[(int) (all.length * 0.99)] / 1000 + " us, max " + all[all.length - 1] / 1000
        + " us";
  }

  /** Waits for the programs while lines keep flowing; a stall of 10 s fails with the picture. */
  private void awaitAll(java.util.Collection<? extends Future<?>> all) throws Exception {
    while (!all.stream().allMatch(Future::isDone)) {
      for (Future<?> f : all) {
        if (f.isDone()) {
          try {
            f.get();
          } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(String.join("\n", lines.subList(Math.max(0,
                lines.size() - 40), lines.size())) + "\n" + log, e.getCause());
          }
        }
      }
      int seen = lines.size();
      try {
        org.awaitility.Awaitility.await("a line between the programs and the gateway, or the "
            + "programs' end").atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO)
            .pollInterval(Duration.ofMillis(20))
            .until(() -> lines.size() != seen || all.stream().allMatch(Future::isDone));
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        throw new AssertionError("stalled: no line for 10 s; the last lines:\n"
            + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()))
            + "\nthe threads:\n" + threads() + "what each seat waits on: " + gateway.describe()
            + "\n" + log, e);
      }
    }
    for (Future<?> f : all) {
      try {
        f.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new AssertionError(log.toString(), e.getCause());
      }
    }
  }

  private static String threads() {
    StringBuilder b = new StringBuilder();
    Thread.getAllStackTraces().forEach((t, st) -> {
      if (t.getName().startsWith("seat-") || t.getName().startsWith("tm-")) {
        b.append(t.getName()).append(' ').append(t.getState()).append('\n');
        for (int i = 0; i < Math.min(12, st.length); i++) {
          b.append("    ").append(st[i]).append('\n');
        }
      }
    });
    return b.toString();
  }

  private static Player robot() {
    return new RobotPlayer(new HouseRobot());
  }

  /** Sends each line until the peer has closed the connection. */
  private static void sendWhileOpen(TmConnection c, String... lines) {
    for (String line : lines) {
      try {
        c.send(line);
      } catch (java.io.IOException closed) {
        return;
      }
    }
  }

  /** The next line, or null when the peer has closed the connection, reset included. */
  private static String readOrClosed(TmConnection c) throws java.io.IOException {
    try {
      return c.read();
    } catch (java.net.SocketException reset) {
      return null;
    }
  }
}
