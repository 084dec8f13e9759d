package org.tenace.cli.bot;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.tenace.cli.common.ResultLines;
import org.tenace.cli.common.ServerAddress;
import org.tenace.cli.common.TlsOptions;
import org.tenace.client.Channels;
import org.tenace.client.SeatDriver;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.card.Seat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tenace bot}: the house robot at one seat of a table on a server, as a remote gRPC client
 * (the reference bot of docs/protocol.md). It joins the seat (or, with {@code --token}, comes
 * back to the seat the token holds), prints one line when seated and one per board completed,
 * and plays until the table closes or it is interrupted. A broken connection is resumed.
 */
@Command(name = "bot", mixinStandardHelpOptions = true,
    description = "Run the house robot as a remote client at one seat of a table.",
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:the table closed, or the bot was interrupted",
        "1:the seat could not be taken, or the server ended the bot's watch",
        "2:the command line is wrong",
        "3:the server cannot be reached"})
public final class BotCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Mixin
  TlsOptions tls = new TlsOptions();

  @Option(names = "--server", paramLabel = "HOST:PORT",
      description = "the server to connect to")
  private String server;

  @Option(names = "--table", paramLabel = "T", description = "the table's id")
  private String table;

  @Option(names = "--tm", paramLabel = "HOST:PORT", description = "play at a Table Manager "
      + "(Blue Chip protocol 18) host instead of a Tenace server")
  private String tm;

  @Option(names = "--team", defaultValue = "Tenace", paramLabel = "NAME",
      description = "the team name to give a Table Manager host (default: ${DEFAULT-VALUE})")
  private String team;

  @Option(names = "--explanations", description = "with --tm: connect with protocol version "
      + "19, explaining calls that are not alerted ('Infos.') and reading the opponents'")
  private boolean explanations;

  @Option(names = "--seat", paramLabel = "SEAT", description = "N, E, S or W (not needed with"
      + " --token)")
  private String seat;

  @Option(names = "--name", defaultValue = "Tenace bot", paramLabel = "NAME",
      description = "the name the others see (default: ${DEFAULT-VALUE})")
  private String name;

  @Option(names = "--robot-level", defaultValue = "${env:TENACE_ROBOT_LEVEL:-strong}",
      paramLabel = "LEVEL",
      description = "how hard the robot thinks about its cards: strong (every card by sampling, "
          + "up to about a second of a core) or fast (heuristics, a few milliseconds; for "
          + "robot-only tables and load tests) (default: ${DEFAULT-VALUE}, or "
          + "$TENACE_ROBOT_LEVEL)")
  private String robotLevel;

  @Option(names = "--token", paramLabel = "TOKEN",
      description = "come back to the seat this token holds instead of joining")
  private String token;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Seat wanted = seat == null ? null : parseSeat(seat);
    RobotLevel level;
    try {
      level = RobotLevel.parse(robotLevel);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--robot-level: fast or strong, not '"
          + robotLevel + "'");
    }
    if (tm != null) {
      if (wanted == null) {
        throw new ParameterException(spec.commandLine(), "--seat is required with --tm");
      }
      return org.tenace.cli.tm.TmBot.run(tm, wanted, team, explanations ? 19 : 18, level, out,
          err);
    }
    if (explanations) {
      throw new ParameterException(spec.commandLine(), "--explanations goes with --tm");
    }
    if (server == null || table == null) {
      throw new ParameterException(spec.commandLine(), "--server and --table are required "
          + "(or --tm)");
    }
    if (wanted == null && token == null) {
      throw new ParameterException(spec.commandLine(), "--seat is required (or --token)");
    }
    ManagedChannel channel = channel(server);
    try {
      String t = token;
      if (t == null) {
        try {
          t = TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest.newBuilder()
              .setTableId(table).setRole(Role.ROLE_PLAYER).setSeat(Vocabulary.toProto(wanted))
              .setName(name).setRequestId(UUID.randomUUID().toString()).build()).getToken();
        } catch (StatusRuntimeException e) {
          if (e.getStatus().getCode() == io.grpc.Status.Code.UNAVAILABLE) {
            throw e; // tenace: bot: cannot reach the server at HOST:PORT: ... (exit 3)
          }
          err.println("bot: cannot take " + wanted + " at table " + table + ": "
              + e.getStatus().getCode() + " " + e.getStatus().getDescription());
          err.flush();
          return 1;
        }
      }
      if (token != null) {
        // The driver resumes a broken watch for ever, which is right once seated; a server that
        // is not there at all is said at once instead (exit 3), not waited for in silence.
        TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(15, TimeUnit.SECONDS)
            .listTables(ListTablesRequest.getDefaultInstance());
      }
      String held = t;
      SeatDriver driver = new SeatDriver(channel, table, held, new RobotPlayer(
          new HouseRobot(level, Scoring.IMPS, table.hashCode())),
          new SeatDriver.Listener() {
            @Override
            public void seated(TableSnapshot s) {
              out.println("bot: seated at table " + table + " (" + s.getTable().getName() + ") as "
                  + s.getViewer().getSeat().name().substring(5) + ", " + s.getViewer().getName()
                  + "; token " + held);
              out.flush();
            }

            @Override
            public void boardCompleted(BoardCompleted b) {
              out.println("bot: " + ResultLines.describe(b.getResult()));
              out.flush();
            }
          });
      Thread hook = new Thread(driver::close, "bot-interrupted");
      Runtime.getRuntime().addShutdownHook(hook);
      String reason;
      try {
        reason = driver.overConnect().start().done().get(); // a call less per action
      } catch (ExecutionException e) {
        reason = String.valueOf(e.getCause());
      }
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // Ctrl-C: the hook is running.
      }
      boolean interrupted = reason.equals("closed");
      out.println("bot: stopped: " + (interrupted ? "interrupted" : reason));
      out.flush();
      return reason.equals("the table closed") || interrupted ? 0 : 1;
    } finally {
      channel.shutdownNow();
    }
  }

  private Seat parseSeat(String text) {
    try {
      return Seat.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--seat: " + e.getMessage()
          + " (N, E, S or W)");
    }
  }

  private ManagedChannel channel(String target) {
    ServerAddress.problem(target).ifPresent(why -> {
      throw new ParameterException(spec.commandLine(), why);
    });
    return Channels.open(target, tls.credentials());
  }
}
