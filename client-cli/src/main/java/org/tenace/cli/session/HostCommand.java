package org.tenace.cli.session;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.tenace.cli.common.LocalServer;
import org.tenace.cli.common.ServerJarOption;
import org.tenace.cli.common.ServerAddress;
import org.tenace.cli.play.UserDirs;
import org.tenace.cli.play.WebAddress;
import org.tenace.client.Bearer;
import org.tenace.client.Channels;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.Direction;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.PairEntry;
import org.tenace.proto.v1.SessionKind;
import org.tenace.proto.v1.SessionScoring;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code tenace host}: runs a duplicate session as its director. It starts a server of its own
 * (the server jar as a child process, as {@code tenace play} does) or uses {@code --server},
 * creates the session, starts it once every pair has joined (at once with {@code --robots}),
 * shows each round and the standings as they change, prints the final ranking and writes the
 * hand record as PBN.
 *
 * <p>Exit status: 0 when the session is over; 1 when the server fails or refuses; 2 for a wrong
 * command line, reported in one line {@code tenace: host: why}.
 */
@Command(name = "host", mixinStandardHelpOptions = true,
    description = {"Run a duplicate session (Mitchell, Howell or teams) as its director, robots"
        + " in the seats nobody takes, and print the ranking."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:the session is over", "1:the server failed or refused",
        "2:the command line is wrong"})
public final class HostCommand implements Callable<Integer> {
  @Spec
  private CommandSpec spec;

  @Option(names = "--movement", arity = "0..1", fallbackValue = "", paramLabel = "TYPE",
      description = "mitchell, howell or teams")
  private String movement;

  @Option(names = "--tables", arity = "0..1", fallbackValue = "", paramLabel = "N",
      description = "tables (for teams, one team a table)")
  private String tables;

  @Option(names = {"--boards", "--boards-per-round"}, arity = "0..1", fallbackValue = "",
      paramLabel = "B", description = "boards at each table each round (default: 2)")
  private String boards;

  @Option(names = "--rounds", arity = "0..1", fallbackValue = "", paramLabel = "R",
      description = "rounds to play (default: the whole movement)")
  private String rounds;

  @Option(names = "--robots", description = "the server's robots take every seat no pair holds")
  private boolean robots;

  @Option(names = "--wait", arity = "0..1", fallbackValue = "", paramLabel = "P",
      description = "with --robots: start once P pairs have joined (default: at once)")
  private String wait;

  private int waitFor;

  @Mixin
  private MitchellOptions mitchell = new MitchellOptions();

  @Option(names = "--scoring", arity = "0..1", fallbackValue = "", paramLabel = "METHOD",
      description = "mp, imp (across the field) or butler for pairs; teams score team IMPs")
  private String scoring;

  @Option(names = "--deals", arity = "0..1", fallbackValue = "", paramLabel = "FILE.pbn",
      description = "the deals to play, by board number (default: dealt by the server)")
  private String deals;

  @Option(names = "--seed", arity = "0..1", fallbackValue = "", paramLabel = "N",
      description = "deal from this seed instead (the same seed, the same deals)")
  private String seed;

  @Option(names = "--pbn", arity = "0..1", fallbackValue = "", paramLabel = "OUT.pbn",
      description = "write the hand record and results here")
  private String pbn;

  @Option(names = "--name", arity = "0..1", fallbackValue = "", paramLabel = "NAME",
      description = "the session's name (default: Tenace session)")
  private String name;

  @Option(names = "--server", arity = "0..1", fallbackValue = "", paramLabel = "HOST:PORT",
      description = "a running server (default: start one of its own)")
  private String server;

  @Option(names = "--http-port", defaultValue = "${env:TENACE_HTTP_PORT:--1}",
      paramLabel = "PORT",
      description = "without --server: the local server's web client port, where pairs join and"
          + " play in a browser (default 8080, or a free port when 8080 is taken; 0 for none;"
          + " or $TENACE_HTTP_PORT)")
  private int httpPort;

  @Mixin
  private ServerJarOption serverJar = new ServerJarOption();

  @Unmatched
  private List<String> unmatched = new ArrayList<>();

  /** The local server's web client (null: none, or a server of someone else's). */
  private String browser;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CreateSessionRequest request;
    try {
      request = request();
    } catch (Refused e) {
      err.println("tenace: host: " + e.getMessage());
      err.flush();
      return 2;
    }
    LocalServer child = null;
    ManagedChannel channel = null;
    try {
      String target = server;
      if (target == null) {
        Path jar = serverJar.jar();
        Path data = UserDirs.data();
        // In memory: this server lives and dies with this command, and a session it ran must
        // not come back to life in the next one's.
        child = LocalServer.jar(jar).db("jdbc:h2:mem:host;DB_CLOSE_DELAY=-1")
            .httpPort(WebAddress.port(httpPort)).log(data.resolve("host-server.log")).start();
        target = child.target();
        browser = child.browser();
      }
      channel = Channels.plaintext(target);
      return run(SessionServiceGrpc.newBlockingStub(channel), request, target, out);
    } catch (StatusRuntimeException e) {
      err.println("tenace: host: the server refused: " + e.getStatus().getDescription());
      return e.getStatus().getCode() == io.grpc.Status.Code.INVALID_ARGUMENT ? 2 : 1;
    } catch (IOException e) {
      err.println("tenace: host: " + e.getMessage());
      return 1;
    } finally {
      out.flush();
      err.flush();
      if (channel != null) {
        channel.shutdownNow();
      }
      if (child != null) {
        child.close();
      }
    }
  }

  private int run(SessionServiceGrpc.SessionServiceBlockingStub stub,
      CreateSessionRequest request, String target, PrintWriter out) throws IOException {
    CreateSessionResponse created = stub.createSession(request);
    String id = created.getSessionId();
    SessionServiceGrpc.SessionServiceBlockingStub director =
        stub.withInterceptors(Bearer.of(created.getDirectorToken()));
    SessionStatus s = created.getStatus();
    out.printf("session %s on %s: %s, %d pairs, %d rounds, %d boards, %s%n", id, target,
        s.getMovement(), s.getPairs(), s.getRounds(), s.getBoards(), scoringName(s));
    out.printf("director's token: %s (tenace direct ... --token)%n",
        created.getDirectorToken());
    // Without robots every pair must join; with them, --wait pairs (none: start at once).
    int awaited = robots ? Math.min(waitFor, s.getPairs()) : s.getPairs();
    if (awaited > 0) {
      out.printf("waiting for %d pair(s) to join: tenace join --server %s --session %s%n",
          awaited, target, id);
    }
    if (browser != null) {
      out.printf("in a browser: %sthe director's console is at %s#/direct/%s (it asks for the "
          + "director's token)%n", awaited > 0 ? "pairs join at " + browser + "#/session/" + id
              + ", " : "", browser, id);
    }
    out.flush();
    boolean started = false;
    if (awaited == 0) {
      director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
      started = true;
    }
    int shownRound = 0;
    int shownBoards = -1;
    int shownActions = 0;
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build());
    while (watch.hasNext()) {
      s = watch.next().getStatus();
      if (!started && s.getEntriesCount() >= awaited) {
        for (PairEntry e : s.getEntriesList()) {
          out.printf("pair %d joined: %s%n", e.getPair(), e.getName());
        }
        director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
        started = true;
      }
      // Each of the director's actions (here or with tenace direct): one line, as it
      // happens; the status lists them all, so none done before this stream began is missed.
      for (; shownActions < s.getDirectorActionsCount(); shownActions++) {
        out.printf("Director: %s%n", s.getDirectorActions(shownActions));
      }
      if (s.getState() == SessionState.SESSION_STATE_PLAYING && s.getRound() != shownRound) {
        if (shownRound > 0) {
          standings("after round " + shownRound, s, s.getStandingsList(), out);
        }
        shownRound = s.getRound();
        round(s, out);
      }
      // A line each time as many boards as there are tables are done: progress, not noise.
      int tablesInPlay = s.getRound() == 0 ? 1 : (int) s.getPlan(s.getRound() - 1)
          .getAssignmentsList().stream().filter(a -> a.getTable() > 0)
          .mapToInt(Assignment::getTable).distinct().count();
      if (s.getState() != SessionState.SESSION_STATE_WAITING && s.getBoardsFinished() > 0
          && s.getBoardsFinished() != shownBoards
          && (s.getBoardsFinished() % Math.max(1, tablesInPlay) == 0
              || s.getBoardsFinished() == s.getBoardsTotal())) {
        shownBoards = s.getBoardsFinished();
        out.printf("  %s%n", ResultsCommand.progress(s));
      }
      out.flush();
      if (s.getState() == SessionState.SESSION_STATE_FINISHED
          || s.getState() == SessionState.SESSION_STATE_ABORTED) {
        break;
      }
    }
    GetResultsResponse results = director.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    boolean aborted = results.getStatus().getState() == SessionState.SESSION_STATE_ABORTED;
    if (aborted) {
      out.printf("the director stopped the session in round %d%n",
          results.getStatus().getRound());
    }
    standings(aborted ? "Ranking when stopped" : "Final ranking", results.getStatus(),
        results.getRankingList(), out);
    if (pbn != null) {
      Path file = Paths.get(pbn);
      Files.write(file, results.getPbn().getBytes(StandardCharsets.ISO_8859_1));
      out.printf("hand record and results: %s%n", file);
    }
    return 0;
  }

  private static void round(SessionStatus s, PrintWriter out) {
    out.printf("round %d of %d%n", s.getRound(), s.getRounds());
    List<Assignment> byTable = new ArrayList<>(s.getPlan(s.getRound() - 1).getAssignmentsList());
    byTable.sort(java.util.Comparator.comparingInt(Assignment::getTable));
    for (Assignment a : byTable) {
      if (a.getDirection() != Direction.DIRECTION_EAST_WEST) {
        if (a.getTable() == 0) {
          if (s.getScoring() != SessionScoring.SESSION_SCORING_TEAM_IMPS) {
            out.printf("  pair %d sits out%n", a.getPair());
          } else if (a.getPair() % 2 == 1) {
            out.printf("  team %d sits out%n", (a.getPair() + 1) / 2);
          }
        } else {
          out.printf("  table %d: pair %d North-South against pair %d, %s%n", a.getTable(),
              a.getPair(), a.getOpponent(), boardRange(a.getBoardsList()));
        }
      }
    }
  }

  private static String boardRange(List<Integer> boards) {
    return boards.size() == 1 ? "board " + boards.get(0)
        : "boards " + boards.get(0) + "-" + boards.get(boards.size() - 1);
  }

  private static void standings(String title, SessionStatus s, List<Standing> ranking,
      PrintWriter out) {
    out.println(title + ":");
    String who = s.getScoring() == SessionScoring.SESSION_SCORING_TEAM_IMPS ? "team" : "pair";
    boolean pct = ranking.stream().anyMatch(x -> !x.getPercentage().isEmpty());
    for (Standing x : ranking) {
      out.printf("  %5s  %s %2d  %8s%s  %2d %s%s%n", ResultsCommand.place(x), who, x.getPair(),
          x.getTotal(),
          pct ? String.format(Locale.ROOT, "  %6s%%", x.getPercentage()) : "", x.getBoards(),
          x.getBoards() == 1 ? "board " : "boards", x.getName().isEmpty() ? ""
              : "  " + x.getName());
    }
  }

  private static String scoringName(SessionStatus s) {
    return switch (s.getScoring()) {
      case SESSION_SCORING_MATCHPOINTS -> "matchpoints";
      case SESSION_SCORING_IMPS_ACROSS_FIELD -> "IMPs across the field";
      case SESSION_SCORING_BUTLER -> "Butler IMPs";
      case SESSION_SCORING_TEAM_IMPS -> "team IMPs";
      default -> "?";
    };
  }

  // ---- the command line ----------------------------------------------------------------------

  CreateSessionRequest request() throws Refused {
    Refused.unmatched(unmatched);
    if (movement == null) {
      throw new Refused("--movement is required: mitchell, howell or teams");
    }
    CreateSessionRequest.Builder b = CreateSessionRequest.newBuilder()
        .setName(name == null || name.isBlank() ? "Tenace session" : name.strip())
        .setRobots(robots);
    boolean teams;
    switch (movement.strip().toLowerCase(Locale.ROOT)) {
      case "mitchell" -> {
        b.setMovement(MovementType.MOVEMENT_TYPE_MITCHELL);
        teams = false;
      }
      case "howell" -> {
        b.setMovement(MovementType.MOVEMENT_TYPE_HOWELL);
        teams = false;
      }
      case "teams" -> {
        b.setMovement(MovementType.MOVEMENT_TYPE_TEAMS);
        teams = true;
      }
      default -> throw new Refused("--movement: mitchell, howell or teams, not '" + movement
          + "'");
    }
    b.setKind(teams ? SessionKind.SESSION_KIND_TEAMS : SessionKind.SESSION_KIND_PAIRS);
    b.setRelay(mitchell.relay).setArrowSwitch(mitchell.arrowSwitch);
    if (tables == null) {
      throw new Refused("--tables is required");
    }
    b.setTables(Refused.number("--tables", tables, 0));
    b.setBoardsPerRound(Refused.number("--boards", boards, 2));
    b.setRounds(Refused.number("--rounds", rounds, 0));
    waitFor = Refused.number("--wait", wait, 0);
    if (wait != null && !robots) {
      throw new Refused("--wait is for a session with --robots (without, every pair must join)");
    }
    if (waitFor < 0) {
      throw new Refused("--wait: 0 or more pairs, not " + waitFor);
    }
    if (scoring != null) {
      String m = scoring.strip().toLowerCase(Locale.ROOT);
      if (teams && !m.equals("imp")) {
        throw new Refused("--scoring: a teams session scores team IMPs (imp), not '" + scoring
            + "'");
      }
      b.setScoring(switch (m) {
        case "mp" -> SessionScoring.SESSION_SCORING_MATCHPOINTS;
        case "imp" -> teams ? SessionScoring.SESSION_SCORING_TEAM_IMPS
            : SessionScoring.SESSION_SCORING_IMPS_ACROSS_FIELD;
        case "butler" -> SessionScoring.SESSION_SCORING_BUTLER;
        default -> throw new Refused("--scoring: mp, imp or butler, not '" + scoring + "'");
      });
    }
    if (deals != null && seed != null) {
      throw new Refused("--deals or --seed, not both");
    }
    if (deals != null) {
      if (deals.isBlank()) {
        throw new Refused("--deals needs a file");
      }
      try {
        b.setDealsPbn(new String(Files.readAllBytes(Paths.get(deals)),
            StandardCharsets.ISO_8859_1));
      } catch (NoSuchFileException e) {
        throw new Refused("--deals: no file '" + deals + "'");
      } catch (IOException e) {
        throw new Refused("--deals: cannot read '" + deals + "': " + e.getMessage());
      }
    }
    if (seed != null) {
      b.setDealSeed(Refused.number("--seed", seed, 0));
    }
    if (pbn != null && pbn.isBlank()) {
      throw new Refused("--pbn needs a file");
    }
    if (server != null && ServerAddress.problem(server).isPresent()) {
      throw new Refused(ServerAddress.problem(server).get());
    }
    return b.build();
  }
}
