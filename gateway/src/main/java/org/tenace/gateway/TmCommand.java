package org.tenace.gateway;

import io.grpc.ManagedChannel;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.tenace.cli.common.LocalServer;
import org.tenace.cli.common.ResultLines;
import org.tenace.cli.common.TlsOptions;
import org.tenace.cli.play.UserDirs;
import org.tenace.client.Channels;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tenace tm}: a Table Manager (Blue Chip protocol 18) host in front of a Tenace table, so
 * that programs such as WBridge5, Jack or ben play at it unchanged (docs/table-manager.md).
 */
@Command(name = "tm", mixinStandardHelpOptions = true,
    description = "Host bridge programs that speak the Blue Chip Table Manager protocol (18) at "
        + "a Tenace table.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:the table played its boards", "1:the table could not be opened",
        "2:the command line is wrong", "3:the server is unreachable"})
public final class TmCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Mixin
  TlsOptions tls = new TlsOptions();

  @Option(names = "--port", required = true, paramLabel = "P", description = "programs connect "
      + "to P naming their seat, or to P, P+1, P+2, P+3 for North, East, South, West")
  private int port;

  @Option(names = "--listen", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
      description = "the address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for programs "
          + "on other machines)")
  private String listen;

  @Option(names = "--server", paramLabel = "HOST:PORT",
      description = "the server of the table (default: start one here)")
  private String server;

  @Option(names = "--table", paramLabel = "T",
      description = "seat the programs at this table (default: open one)")
  private String table;

  @Option(names = "--boards", defaultValue = "8", paramLabel = "N",
      description = "boards to play at a table opened here (default: ${DEFAULT-VALUE})")
  private int boards;

  @Option(names = "--scoring", defaultValue = "imp", paramLabel = "imp|mp",
      description = "scoring of a table opened here (default: ${DEFAULT-VALUE})")
  private String scoring;

  @Option(names = "--robots", split = ",", paramLabel = "SEAT",
      description = "seats the house robot takes, e.g. E,W")
  private List<String> robots = new ArrayList<>();

  @Option(names = "--pbn", paramLabel = "FILE", description = "deal these boards (PBN)")
  private Path pbn;

  @Option(names = "--out", paramLabel = "FILE.pbn",
      description = "write the boards played and their results here (team names as pairs)")
  private Path out;

  @Option(names = "--seed", hidden = true, description = "deal from this seed (tests)")
  private Long seed;

  @Option(names = "--action-limit", defaultValue = "0", paramLabel = "SECONDS",
      description = "seconds a program may take over one call or card; then the first legal one"
          + " is made for it and it is told (default: no limit)")
  private int actionLimit;

  @Option(names = "--pause", description = "wait 300 ms before each line to a program, as some "
      + "older programs need")
  private boolean pause;

  @Option(names = "--anypl", description = "accept 'as ANYPL' in the handshake: the port's "
      + "seat, or the first free one")
  private boolean anyPlayer;

  // The gateway always sends "X to lead" (or "Dummy to lead") to the program on lead, as the
  // championship host does; the flag that once sent it to all four is accepted and ignored.
  @Option(names = "--to-lead", hidden = true, description = "no effect: 'X to lead' always goes "
      + "to the program on lead")
  private boolean toLead;

  @Option(names = "--explanations", description = "protocol 19's explanations with programs "
      + "that connect with version 19: calls explained but not alerted go as 'Infos.' to the "
      + "opponents, and such programs' own 'Infos.' reach the table")
  private boolean explanations;

  @Option(names = "--session", paramLabel = "S", description = "seat the programs as a pair in "
      + "session S (with --server): each round at the table the movement sends the pair to; "
      + "the two programs connect to P naming partner seats")
  private String session;

  @Option(names = "--pair", defaultValue = "0", paramLabel = "N",
      description = "with --session: the pair's number (default: the lowest free one)")
  private int pair;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    if (session != null) {
      return sessionPair(o);
    }
    if (port < 1 || port > 65532) {
      throw new ParameterException(spec.commandLine(), "--port: 1 to 65532 (four ports from P),"
          + " not " + port);
    }
    List<org.tenace.proto.v1.Seat> robotSeats = new ArrayList<>();
    for (String r : robots) {
      try {
        robotSeats.add(Vocabulary.toProto(Seat.parse(r.trim())));
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--robots: " + e.getMessage()
            + " (N, E, S or W)");
      }
    }
    LocalServer embedded = null;
    String target = server;
    if (target == null) {
      Path data = UserDirs.data();
      embedded = LocalServer.jar(LocalServer.serverJar()).db("jdbc:h2:" + data.resolve("tm"))
          .log(data.resolve("tm-server.log")).start();
      target = embedded.target();
    }
    ManagedChannel channel = Channels.open(target, tls.credentials());
    try {
      String id = table;
      if (id == null) {
        var req = CreateTableRequest.newBuilder().setName("Table Manager match")
            .setSettings(TableSettings.newBuilder().setBoardCount(boards)
                .setScoringMethod(method()))
            .addAllRobotSeats(robotSeats).setRequestId(UUID.randomUUID().toString())
            // programs play at machine speed, so the house robots beside them need no person's pace
            .setRobotPace(com.google.protobuf.Duration.getDefaultInstance());
        if (pbn != null) {
          req.setDealPbn(Files.readString(pbn, StandardCharsets.UTF_8));
        } else if (seed != null) {
          req.setDealSeed(seed);
        }
        id = TableServiceGrpc.newBlockingStub(channel).createTable(req.build()).getTable()
            .getTableId();
      }
      var options = new TmGateway.Options(Duration.ofSeconds(actionLimit),
          pause ? Duration.ofMillis(300) : Duration.ZERO, anyPlayer, explanations);
      try (TmGateway g = new TmGateway(channel, id, options, o, (seat, line) -> { })) {
        g.listen(InetAddress.getByName(listen), port);
        o.println("tm: table " + id + " on " + target + "; programs connect to " + listen + ":"
            + port + " (any seat, named in the handshake) or " + port + ".." + (port + 3)
            + " (North, East, South, West)");
        o.flush();
        g.closed().get();
        g.awaitDrained(Duration.ofSeconds(5));
        Map<Integer, BoardCompleted> results = g.results();
        for (BoardCompleted b : results.values()) {
          o.println("tm: " + ResultLines.describe(b.getResult()));
        }
        if (out != null) {
          Files.writeString(out, PbnWriter.write(games(results, g, scoring)), StandardCharsets.UTF_8);
          o.println("tm: " + results.size() + " boards written to " + out);
        }
        o.flush();
      }
      return 0;
    } finally {
      channel.shutdownNow();
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  /** {@code --session}: the programs as a pair in a session on the given server. */
  private int sessionPair(PrintWriter o) throws Exception {
    if (server == null) {
      throw new ParameterException(spec.commandLine(), "--session needs --server: the server "
          + "that hosts the session");
    }
    if (table != null || !robots.isEmpty() || pbn != null || out != null || seed != null) {
      throw new ParameterException(spec.commandLine(), "--table, --robots, --pbn, --out and "
          + "--seed are for a table of the gateway's own, not with --session (the session's "
          + "director has the tables and the results)");
    }
    if (port < 1 || port > 65535 || pair < 0) {
      throw new ParameterException(spec.commandLine(), "--port: 1 to 65535, --pair: 0 or more");
    }
    var options = new TmGateway.Options(Duration.ofSeconds(actionLimit),
        pause ? Duration.ofMillis(300) : Duration.ZERO, anyPlayer, explanations);
    ManagedChannel channel = Channels.open(server, tls.credentials());
    try (TmSessionPair p = new TmSessionPair(channel, options, o, (seat, line) -> { })) {
      p.listen(InetAddress.getByName(listen), port);
      o.println("tm: session " + session + " on " + server + "; the pair's two programs connect"
          + " to " + listen + ":" + port + " naming partner seats");
      o.flush();
      return p.run(session, pair, server, org.tenace.cli.play.TokenStore.at(
          org.tenace.cli.play.TokenStore.defaultFile()));
    } finally {
      channel.shutdownNow();
    }
  }

  private org.tenace.proto.v1.ScoringMethod method() {
    return switch (scoring.toLowerCase(java.util.Locale.ROOT)) {
      case "imp", "imps" -> org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_DUPLICATE_IMPS;
      case "mp", "matchpoints" ->
          org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_DUPLICATE_MATCHPOINTS;
      default -> throw new ParameterException(spec.commandLine(), "--scoring: imp or mp, not '"
          + scoring + "'");
    };
  }

  /** The hand record: each board's deal and result, the TM team names as the pairs' names. */
  static List<PbnGame> games(Map<Integer, BoardCompleted> results, TmGateway g,
      String scoring) {
    List<PbnGame> games = new ArrayList<>();
    String date = LocalDate.now().toString().replace('-', '.');
    for (BoardCompleted b : results.values()) {
      var r = b.getResult();
      Board board = Board.of(r.getBoardNumber());
      Hand[] hands = new Hand[4];
      for (var h : b.getHandsList()) {
        hands[Vocabulary.seat(h.getSeat()).ordinal()] = Vocabulary.hand(h);
      }
      StringBuilder deal = new StringBuilder("N:");
      for (int i = 0; i < 4; i++) {
        deal.append(i == 0 ? "" : " ").append(hands[i] == null ? "-" : hands[i].toPbn());
      }
      var game = PbnGame.builder().tag("Event", "Table Manager match").tag("Site", "Tenace")
          .tag("Date", date).board(r.getBoardNumber()).dealer(board.dealer())
          .vulnerability(board.vulnerability()).tag("Deal", deal.toString())
          .tag("Scoring", scoring.startsWith("m") ? "MP" : "IMP");
      for (Seat s : Seat.values()) {
        game.player(s, g.pairName(s));
      }
      if (r.hasContract()) {
        var c = Vocabulary.contract(r.getContract());
        game.declarer(c.declarer()).tag("Contract", c.bid().toString()
            + switch (c.doubling()) {
              case UNDOUBLED -> "";
              case DOUBLED -> "X";
              case REDOUBLED -> "XX";
            }).result(r.getTricks());
      } else {
        game.tag("Contract", "Pass");
      }
      games.add(game.build());
    }
    return games;
  }
}
