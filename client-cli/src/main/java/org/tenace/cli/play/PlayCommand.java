package org.tenace.cli.play;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.tenace.cli.common.LocalServer;
import org.tenace.cli.common.ServerJarOption;
import org.tenace.client.Channels;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.RobotLevel;
import org.tenace.proto.v1.ScoringMethod;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tenace play}: a server of one's own as a child process (the server jar, H2 under the
 * user's data folder), a table with the server's robots in the three other seats, and the client at
 * South. The server stops when the client does.
 */
@Command(name = "play", mixinStandardHelpOptions = true,
    description = "Play alone: a local server, three robots, you at South.")
public final class PlayCommand implements Callable<Integer> {
  @Option(names = "--seat", defaultValue = "S", description = "your seat: N, E, S or W "
      + "(default ${DEFAULT-VALUE})")
  String seat;

  @Option(names = "--boards", defaultValue = "0",
      description = "how many boards to play (default: no limit)")
  int boards;

  @Option(names = "--scoring", defaultValue = "imp",
      description = "rubber, chicago, imp or mp (default ${DEFAULT-VALUE})")
  String scoring;

  @Option(names = "--db", defaultValue = "",
      description = "the server's database (default: jdbc:h2:DIR/play, DIR being "
          + "$XDG_DATA_HOME/tenace or ~/.local/share/tenace)")
  String db;

  @Option(names = "--ascii", description = "suit letters (S H D C) instead of symbols, no colour")
  boolean ascii;

  @Option(names = "--laws", description = "play under the Laws: an insufficient bid, a call or "
      + "lead out of turn is recorded and rectified as at a real table (options, bars, lead "
      + "penalties), instead of refused")
  boolean laws;

  @Option(names = "--variant", description = "a two-player game against the robot: honeymoon "
      + "(auction, exchange, scored tricks), no-trump or trumps (no auction)")
  String variant;

  @Option(names = "--handicap", defaultValue = "0",
      description = "two-player games: tricks added to yours each deal, 0 to 2 (default 0)")
  int handicap;

  @Option(names = "--trump", defaultValue = "S",
      description = "--variant trumps: the trump suit, S, H, D or C (default ${DEFAULT-VALUE})")
  String trump;

  @Option(names = "--robot-level", defaultValue = "${env:TENACE_ROBOT_LEVEL:-strong}",
      paramLabel = "LEVEL",
      description = "how hard the robots think about their cards: strong (every card by "
          + "sampling, up to about a second) or fast (heuristics, at once) (default "
          + "${DEFAULT-VALUE}, or $TENACE_ROBOT_LEVEL)")
  String robotLevel;

  @Option(names = "--web", description = "play in the browser instead of the terminal: prints "
      + "the table's address and opens it in the desktop's browser, if there is one")
  boolean web;

  @Option(names = "--http-port", defaultValue = "${env:TENACE_HTTP_PORT:--1}",
      paramLabel = "PORT",
      description = "the local server's web client port (default 8080, or a free port when "
          + "8080 is taken; 0 for none; or $TENACE_HTTP_PORT)")
  int httpPort;

  @Mixin
  ServerJarOption serverJar = new ServerJarOption();

  @Override
  public Integer call() throws Exception {
    Seat me = Seating.parseSeat(seat);
    ScoringMethod method = method(scoring);
    RobotLevel level = level(robotLevel);
    CreateTableRequest twoPlayer = variant == null ? null : twoPlayerTable();
    Path data = UserDirs.data();
    if (db.isEmpty()) {
      writable(data);
    }
    if (web && httpPort == 0) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          "--web needs a web client: --http-port 0 serves none");
    }
    Path jar = serverJar.jar();
    int http = WebAddress.port(httpPort);
    LocalServer at;
    try {
      at = LocalServer.jar(jar).db(db.isEmpty() ? "jdbc:h2:" + data.resolve("play") : db)
          .httpPort(http).log(data.resolve("play-server.log")).start();
    } catch (IOException e) {
      throw new IllegalStateException(notStarted(e.getMessage(), data)); // its words are the whole story
    }
    ManagedChannel channel = null;
    TokenStore tokens = TokenStore.at(TokenStore.defaultFile());
    String target = null;
    try {
      target = at.target();
      channel = Channels.plaintext(target);
      if (twoPlayer != null && web) {
        // The robot at North, the browser's page at South, as in the terminal.
        String tableId = TableServiceGrpc.newBlockingStub(channel).createTable(twoPlayer)
            .getTable().getTableId();
        return WebAddress.serve(at.browser(), tableId, Seat.SEAT_SOUTH, "");
      }
      if (twoPlayer != null) {
        try (Terminal terminal = Terminals.system()) {
          return org.tenace.cli.twoplayer.TwoPlayerPlay.run(terminal, channel, twoPlayer,
              System.getProperty("user.name", "you"), ascii);
        }
      }
      CreateTableRequest.Builder create = practiceTable(me, method, boards, laws, level)
          .toBuilder();
      var stub = TableServiceGrpc.newBlockingStub(channel);
      String tableId;
      String notice = "";
      try {
        tableId = stub.createTable(create.build()).getTable().getTableId();
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.INVALID_ARGUMENT
            || e.getStatus().getDescription() == null
            || !e.getStatus().getDescription().contains("robot")) {
          throw e;
        }
        // A server without its robots: the table waits for people instead.
        tableId = stub.createTable(create.clearRobotSeats()
            .setRequestId(UUID.randomUUID().toString()).build()).getTable().getTableId();
        notice = "This server has no robots (" + e.getStatus().getDescription() + "). The table "
            + "waits for three more players: ./tenace join --server " + target + " --table "
            + tableId;
      }
      if (web) {
        return WebAddress.serve(at.browser(), tableId, me, notice);
      }
      if (at.browser() != null && notice.isEmpty()) {
        notice = "This table is also on the web client at " + at.browser() + " (to watch it).";
      }
      try (Terminal terminal = Terminals.system()) {
        return new Seating(terminal, channel, target, tokens).run(
            new Seating.Request(tableId, me, System.getProperty("user.name", "you"), false, ascii,
                notice, laws));
      }
    } finally {
      if (target != null) {
        // This server stops with the client: its tokens will never serve again.
        try {
          tokens.removeServer(target);
        } catch (IOException | RuntimeException e) {
          // a stale entry is harmless: the next join drops it
        }
      }
      if (channel != null) {
        channel.shutdownNow().awaitTermination(2, TimeUnit.SECONDS);
      }
      at.close();
    }
  }

  /** The data folder can be made and written, or the reason why not, in words. */
  private static void writable(Path data) {
    String why;
    try {
      Files.createDirectories(data);
      if (Files.isWritable(data)) {
        return;
      }
      why = "it is read-only";
    } catch (java.nio.file.FileSystemException e) {
      why = e.getReason() != null ? e.getReason().toLowerCase(java.util.Locale.ROOT)
          : e.getClass().getSimpleName();
    } catch (IOException e) {
      why = e.getMessage();
    }
    throw new IllegalStateException("cannot write the data folder " + data + " (" + why
        + "): set XDG_DATA_HOME to a folder you can write, or give --db");
  }

  /** Why the local server did not start, in words; a locked store is another play's. */
  private String notStarted(String reason, Path data) {
    if (reason.contains("The file is locked")) {
      return db.isEmpty()
          ? "another tenace play is using the data folder " + data + " (its database is in "
              + "use); finish that game first, or play this one in another folder with --db "
              + "jdbc:h2:/a/folder/play"
          : "the database " + db + " is in use by another tenace; finish that game first, or "
              + "give another --db";
    }
    return reason;
  }

  /** The practice table, its robots at the strong level. */
  static CreateTableRequest practiceTable(Seat me, ScoringMethod method, int boards,
      boolean laws) {
    return practiceTable(me, method, boards, laws, RobotLevel.ROBOT_LEVEL_STRONG);
  }

  /**
   * The practice table: the player at {@code me}, the server's robots in the other seats,
   * thinking at {@code level}.
   */
  static CreateTableRequest practiceTable(Seat me, ScoringMethod method, int boards,
      boolean laws, RobotLevel level) {
    List<Seat> robots = new ArrayList<>();
    for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST)) {
      if (s != me) {
        robots.add(s);
      }
    }
    return CreateTableRequest.newBuilder().setName("Practice")
        .setSettings(TableSettings.newBuilder().setScoringMethod(method).setBoardCount(boards)
            .setMode(laws ? Mode.MODE_LAWS : Mode.MODE_ONLINE))
        .addAllRobotSeats(robots).setRobotLevel(level)
        .setRequestId(UUID.randomUUID().toString()).build();
  }

  /** The two-player table of --variant, --handicap and --trump; a bad value is a usage error. */
  private CreateTableRequest twoPlayerTable() {
    try {
      var v = org.tenace.cli.twoplayer.TwoPlayerPlay.variant(variant);
      return org.tenace.cli.twoplayer.TwoPlayerPlay.table(v, handicap,
          org.tenace.cli.twoplayer.TwoPlayerPlay.trump(trump), boards);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          e.getMessage());
    }
  }

  /** --robot-level's value; a bad one is a usage error. */
  static RobotLevel level(String text) {
    return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "fast" -> RobotLevel.ROBOT_LEVEL_FAST;
      case "strong" -> RobotLevel.ROBOT_LEVEL_STRONG;
      default -> throw new picocli.CommandLine.ParameterException(
          new picocli.CommandLine(new PlayCommand()),
          "--robot-level: fast or strong, not '" + text + "'");
    };
  }

  static ScoringMethod method(String text) {
    return switch (text.toLowerCase(java.util.Locale.ROOT)) {
      case "rubber" -> ScoringMethod.SCORING_METHOD_RUBBER;
      case "chicago" -> ScoringMethod.SCORING_METHOD_CHICAGO;
      case "imp", "imps" -> ScoringMethod.SCORING_METHOD_DUPLICATE_IMPS;
      case "mp", "matchpoints" -> ScoringMethod.SCORING_METHOD_DUPLICATE_MATCHPOINTS;
      default -> throw new picocli.CommandLine.ParameterException(
          new picocli.CommandLine(new PlayCommand()),
          "--scoring: rubber, chicago, imp or mp, not '" + text + "'");
    };
  }
}
