package org.tenace.cli.session;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AbortSessionRequest;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.AssignAdjustedScoreRequest;
import org.tenace.proto.v1.AssignedResult;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.EndRoundResponse;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.MarkPairAbsentRequest;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.SessionSummary;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.event.AssignedScore;
import org.tenace.bridge.event.Assignment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace direct}: the director's tools for a session on a running server, one
 * SessionService request each: list the sessions, move a round on with its unplayed boards given
 * an artificial adjusted score, adjust one board (artificial, assigned, weighted or split), say
 * which rounds a pair misses, give a pair a procedural penalty (Law 90) on a board, replace a
 * pair by robots, seat a substitute for one player, abort, and repair the movement between
 * rounds ({@link RepairCommand}). Every tool but
 * the list needs the director's token (printed by {@code tenace host}, returned by CreateSession).
 */
@Command(name = "direct", mixinStandardHelpOptions = true,
    description = "A session director's tools on a running server: sessions, end-round, adjust,"
        + " penalty, absent, replace, substitute, abort, repair.",
    subcommands = {DirectCommand.Sessions.class, DirectCommand.EndRound.class,
        DirectCommand.Adjust.class, DirectCommand.Penalty.class, DirectCommand.Absent.class,
        DirectCommand.Replace.class, DirectCommand.Substitute.class, DirectCommand.Abort.class,
        RepairCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "1:the server refused", "2:the command line is wrong",
        "3:the server cannot be reached"})
public final class DirectCommand implements Runnable {
  @Spec
  private CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Where the server is, and the director's token. */
  static final class Connection {
    @Mixin
    SessionServer server = new SessionServer();

    @Option(names = "--token", paramLabel = "TOKEN", description = "the director's token")
    String token;

    /** Runs {@code work} with a stub that sends the token, if any. */
    <T> T call(java.util.function.Function<SessionServiceBlockingStub, T> work) {
      return server.call(token, work);
    }

    void requireToken() {
      if (token == null || token.isBlank()) {
        throw new IllegalArgumentException("--token: the session director's token is needed");
      }
    }
  }

  /** NS/EW as A+, A or A-, e.g. {@code A+/A-} (Law 12C2). */
  static ArtificialScore score(String text) {
    String[] two = text.split("/", -1);
    if (two.length != 2) {
      throw new IllegalArgumentException("--score: NS/EW, each A+, A or A- (e.g. A+/A-), not '"
          + text + "'");
    }
    return ArtificialScore.newBuilder().setNorthSouth(average(two[0], text))
        .setEastWest(average(two[1], text)).build();
  }

  private static ArtificialAverage average(String side, String text) {
    Artificial a;
    try {
      a = Artificial.parse(side);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--score: NS/EW, each A+, A or A- (e.g. A+/A-), not '"
          + text + "'");
    }
    return switch (a) {
      case AVERAGE_PLUS -> ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS;
      case AVERAGE -> ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN;
      case AVERAGE_MINUS -> ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS;
    };
  }

  static String state(SessionState s) {
    return switch (s) {
      case SESSION_STATE_WAITING -> "waiting";
      case SESSION_STATE_PLAYING -> "playing";
      case SESSION_STATE_FINISHED -> "finished";
      case SESSION_STATE_ABORTED -> "aborted";
      default -> "?";
    };
  }

  static String where(SessionStatus s) {
    return switch (s.getState()) {
      case SESSION_STATE_PLAYING -> "round " + s.getRound() + " of " + s.getRounds() + " in play";
      case SESSION_STATE_FINISHED -> "the session is over";
      default -> "the session is " + state(s.getState());
    };
  }

  /** What every director's step has: the server it talks to, and one line to say what it did. */
  abstract static class Step implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Connection at = new Connection();

    /** Prints {@code format} with {@code args} as the step's one line of output; exit status 0. */
    int say(String format, Object... args) {
      PrintWriter out = spec.commandLine().getOut();
      out.printf(format, args);
      out.flush();
      return 0;
    }
  }

  /** A step on one session: the session its first parameter names. */
  abstract static class SessionStep extends Step {
    @Parameters(index = "0", paramLabel = "SESSION")
    String session;
  }

  /** A step on one pair of a session: the session, then the pair's number. */
  abstract static class PairStep extends SessionStep {
    @Parameters(index = "1", paramLabel = "PAIR")
    int pair;
  }

  /** {@code tenace direct sessions}. */
  @Command(name = "sessions", mixinStandardHelpOptions = true,
      description = "List the server's sessions, newest first.")
  static final class Sessions extends Step {

    @Override
    public Integer call() {
      var list = at.call(s -> s.listSessions(ListSessionsRequest.getDefaultInstance()));
      PrintWriter out = spec.commandLine().getOut();
      if (list.getSessionsCount() == 0) {
        out.println("No session on this server.");
      } else {
        out.println("Session  State     Round  Pairs  Joined  Movement / name");
      }
      for (SessionSummary x : list.getSessionsList()) {
        out.printf("%7s  %-8s  %5s  %5d  %6d  %s: %s%n", x.getSessionId(), state(x.getState()),
            x.getRound() == 0 ? "-" : x.getRound() + "/" + x.getRounds(), x.getPairs(),
            x.getJoined(), x.getMovement(), x.getName());
      }
      out.flush();
      return 0;
    }
  }

  /** {@code tenace direct end-round SESSION ROUND --score NS/EW}. */
  @Command(name = "end-round", mixinStandardHelpOptions = true,
      description = "Move the round in play on: its unplayed boards get an artificial adjusted"
          + " score (Law 12C2) and its tables still playing close.")
  static final class EndRound extends SessionStep {

    @Parameters(index = "1", paramLabel = "ROUND", description = "the round in play")
    int round;

    @Option(names = "--score", required = true, paramLabel = "NS/EW",
        description = "each side's score on each unplayed board: A+, A or A- (e.g. A/A)")
    String score;

    @Override
    public Integer call() {
      at.requireToken();
      ArtificialScore s = score(score);
      EndRoundResponse r = at.call(stub -> stub.endRound(EndRoundRequest.newBuilder()
          .setSessionId(session).setRound(round).setScore(s).build()));
      return say("session %s: round %d moved on, %d board(s) given %s; %s%n", session, round,
          r.getAdjusted(), score.toUpperCase(java.util.Locale.ROOT), where(r.getStatus()));
    }
  }

  /**
   * {@code tenace direct adjust SESSION ROUND TABLE BOARD} with {@code --score NS/EW} (artificial),
   * {@code --assign "4S= by N"} or {@code --weighted "60% 4S= by N, 40% 4S-1 by N"} (assigned),
   * or {@code --split "NS'S SCORE / EW'S SCORE"} (an assigned score different for each side).
   */
  @Command(name = "adjust", mixinStandardHelpOptions = true,
      description = "Give one board at one table of a round an adjusted score in place of its"
          + " result: artificial (Law 12C2) or assigned (Law 12C1).")
  static final class Adjust extends SessionStep {

    @Parameters(index = "1", paramLabel = "ROUND")
    int round;

    @Parameters(index = "2", paramLabel = "TABLE")
    int table;

    @Parameters(index = "3", paramLabel = "BOARD")
    int board;

    @Option(names = "--score", paramLabel = "NS/EW",
        description = "an artificial score to each side: A+, A or A- (e.g. A+/A-)")
    String score;

    @Option(names = "--assign", paramLabel = "RESULT",
        description = "an assigned result for both sides, e.g. \"4S= by N\" or \"3NTx-2 by E\"")
    String assign;

    @Option(names = "--weighted", paramLabel = "SCORE",
        description = "a weighted score for both sides, e.g. \"60%% 4S= by N, 40%% 4S-1 by N\"")
    String weighted;

    @Option(names = "--split", paramLabel = "NS/EW",
        description = "a split score: North-South's, a slash, East-West's, each a result or a"
            + " weighted score, e.g. \"4S= by N / 4S-1 by N\"")
    String split;

    @Override
    public Integer call() {
      long given = java.util.stream.Stream.of(score, assign, weighted, split)
          .filter(java.util.Objects::nonNull).count();
      if (given != 1) {
        throw new IllegalArgumentException("give one of --score, --assign, --weighted or"
            + " --split");
      }
      at.requireToken();
      AssignAdjustedScoreRequest.Builder req = AssignAdjustedScoreRequest.newBuilder()
          .setSessionId(session).setRound(round).setTable(table).setBoard(board);
      String said;
      if (score != null) {
        req.setScore(score(score));
        said = score.toUpperCase(java.util.Locale.ROOT);
      } else {
        Assignment a = assignment();
        req.setAssigned(assigned(a));
        said = a.toString();
      }
      at.call(stub -> stub.assignAdjustedScore(req.build()));
      return say("session %s: board %d at table %d, round %d: %s%n", session, board, table,
          round, said);
    }

    private Assignment assignment() {
      if (split != null) {
        String[] two = split.split("/", -1);
        if (two.length != 2) {
          throw new IllegalArgumentException("--split: North-South's score / East-West's, e.g."
              + " '4S= by N / 4S-1 by N', not '" + split + "'");
        }
        Assignment a = new Assignment(read("--split", two[0]), read("--split", two[1]));
        if (!a.isSplit()) {
          throw new IllegalArgumentException("--split: both sides get " + a.ns()
              + "; use --assign for the same score to both");
        }
        return a;
      }
      if (weighted != null) {
        AssignedScore w = read("--weighted", weighted);
        if (w.parts().size() < 2) {
          throw new IllegalArgumentException("--weighted: a weighted score has two results or"
              + " more, each with its percentage; use --assign for one result");
        }
        return Assignment.of(w);
      }
      return Assignment.of(read("--assign", assign));
    }

    private static AssignedScore read(String option, String text) {
      try {
        return AssignedScore.parse(text);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(option + ": " + e.getMessage());
      }
    }
  }

  /** The request's assigned score: East-West's list only when the score is split. */
  static org.tenace.proto.v1.AssignedScore assigned(Assignment a) {
    org.tenace.proto.v1.AssignedScore.Builder b = org.tenace.proto.v1.AssignedScore.newBuilder()
        .addAllNorthSouth(results(a.ns()));
    if (a.isSplit()) {
      b.addAllEastWest(results(a.ew()));
    }
    return b.build();
  }

  private static java.util.List<AssignedResult> results(AssignedScore s) {
    return s.parts().stream().map(p -> AssignedResult.newBuilder().setPercent(p.percent())
        .setContract(Vocabulary.toProto(p.contract())).setTricks(p.tricks()).build()).toList();
  }

  /** {@code tenace direct penalty SESSION --pair P --board B (--mp X | --imps X | --percent X)}. */
  @Command(name = "penalty", mixinStandardHelpOptions = true,
      description = "Give a pair a procedural penalty (Law 90) on a board it has played: it comes"
          + " off the pair's total after the board is scored; the opponents keep their score.")
  static final class Penalty extends SessionStep {

    @Option(names = "--pair", required = true, paramLabel = "PAIR",
        description = "the pair penalised")
    int pair;

    @Option(names = "--board", required = true, paramLabel = "BOARD",
        description = "the board it is penalised on")
    int board;

    @Option(names = "--mp", paramLabel = "X", description = "matchpoints, e.g. 0.5")
    String mp;

    @Option(names = "--imps", paramLabel = "X", description = "IMPs, e.g. 3")
    String imps;

    @Option(names = "--percent", paramLabel = "X",
        description = "a percentage of the board's top (matchpoints), e.g. 25")
    String percent;

    @Override
    public Integer call() {
      long given = java.util.stream.Stream.of(mp, imps, percent)
          .filter(java.util.Objects::nonNull).count();
      if (given != 1) {
        throw new IllegalArgumentException("give one of --mp, --imps or --percent");
      }
      String option = mp != null ? "--mp" : imps != null ? "--imps" : "--percent";
      String amount = mp != null ? mp : imps != null ? imps : percent;
      try {
        if (new java.math.BigDecimal(amount.strip()).signum() <= 0) {
          throw new IllegalArgumentException(option + ": a penalty takes something off: more"
              + " than 0, not '" + amount + "'");
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + ": a number such as 0.5, not '" + amount
            + "'");
      }
      at.requireToken();
      org.tenace.proto.v1.AssignProceduralPenaltyRequest.Builder req =
          org.tenace.proto.v1.AssignProceduralPenaltyRequest.newBuilder().setSessionId(session)
              .setPair(pair).setBoard(board);
      if (mp != null) {
        req.setMatchpoints(mp.strip());
      } else if (imps != null) {
        req.setImps(imps.strip());
      } else {
        req.setPercentOfTop(percent.strip());
      }
      var r = at.call(stub -> stub.assignProceduralPenalty(req.build()));
      return say("session %s: %s (a procedural penalty, Law 90)%n", session, r.getDone());
    }
  }

  /** {@code tenace direct absent SESSION PAIR ROUNDS}. */
  @Command(name = "absent", mixinStandardHelpOptions = true,
      description = "Say that a pair misses rounds to come: late (from round 1), leaving (to"
          + " the last round) or never coming (every round). Its opponents sit out; the boards"
          + " are factored up (Neuberg).")
  static final class Absent extends PairStep {
    @Parameters(index = "2", paramLabel = "ROUNDS",
        description = "the round it misses (2), or the first and last (1-2)")
    String rounds;

    @Override
    public Integer call() {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,3})(?:-(\\d{1,3}))?")
          .matcher(rounds.strip());
      if (!m.matches()) {
        throw new IllegalArgumentException("ROUNDS: a round (2) or the first and last (1-2),"
            + " not '" + rounds + "'");
      }
      int from = Integer.parseInt(m.group(1));
      int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
      at.requireToken();
      var r = at.call(stub -> stub.markPairAbsent(MarkPairAbsentRequest.newBuilder()
          .setSessionId(session).setPair(pair).setFromRound(from).setToRound(to).build()));
      return say("session %s: pair %d misses %s; its opponents sit out then (%s)%n", session,
          pair, from == to ? "round " + from : "rounds " + from + " to " + to,
          where(r.getStatus()).equals("the session is waiting")
              ? "the session has not started" : where(r.getStatus()));
    }
  }

  /** {@code tenace direct replace SESSION PAIR}. */
  @Command(name = "replace", mixinStandardHelpOptions = true,
      description = "Replace a joined pair by robots, at once and every round after.")
  static final class Replace extends PairStep {
    @Override
    public Integer call() {
      at.requireToken();
      at.call(stub -> stub.replaceByRobot(ReplaceByRobotRequest.newBuilder()
          .setSessionId(session).setPair(pair).build()));
      return say("session %s: robots play pair %d from now on%n", session, pair);
    }
  }

  /** {@code tenace direct substitute SESSION PAIR SEAT [--robot]}. */
  @Command(name = "substitute", mixinStandardHelpOptions = true,
      description = "Seat a substitute for one player of a pair: a robot at once (--robot), or a"
          + " person, who takes the seat with tenace join --session S --pair P --seat X. The"
          + " player replaced is told so; the pair keeps its results.")
  static final class Substitute extends PairStep {
    @Parameters(index = "2", paramLabel = "SEAT",
        description = "N or E: the pair's first seat; S or W: its second")
    String seat;

    @Option(names = "--robot", description = "a robot of the server's plays the seat")
    boolean robot;

    @Override
    public Integer call() {
      at.requireToken();
      org.tenace.proto.v1.Seat s;
      try {
        s = org.tenace.cli.play.Seating.parseSeat(seat);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("SEAT: N, E, S or W, not '" + seat + "'");
      }
      var r = at.call(stub -> stub.substitutePlayer(
          org.tenace.proto.v1.SubstitutePlayerRequest.newBuilder().setSessionId(session)
              .setPair(pair).setSeat(s).setRobot(robot).build()));
      return say("session %s: %s%n", session, r.getDone());
    }
  }

  /** {@code tenace direct abort SESSION}. */
  @Command(name = "abort", mixinStandardHelpOptions = true,
      description = "Stop the session for good: its tables close; its results stay as they are.")
  static final class Abort extends SessionStep {
    @Override
    public Integer call() {
      at.requireToken();
      var r = at.call(stub -> stub.abortSession(AbortSessionRequest.newBuilder()
          .setSessionId(session).build()));
      return say("session %s: aborted in round %d of %d%n", session, r.getStatus().getRound(),
          r.getStatus().getRounds());
    }
  }
}
