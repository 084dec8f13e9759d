package org.tenace.cli.play;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.jline.terminal.Terminal;
import org.tenace.cli.common.ResultLines;
import org.tenace.client.Bearer;
import org.tenace.client.SeatDriver;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.Direction;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;

/**
 * {@code tenace join --session}: a player in a duplicate session. It takes a seat of a pair
 * (JoinSession: the seat asked for, the one a partner left, or the first with a robot of the
 * server's as partner), follows the session's stream, and each round says where the pair sits
 * ("round 2: table 3, East-West, boards 4-6, against pair 5") and takes the player to that
 * table, at their own seat. When the round's table closes, the screen names the next table, and
 * at the end the player sees the ranking. A player the director replaces is told so and leaves. The session's rules (who sits where, when a round ends) are the server's.
 * {@code tenace tm --session} follows a session the same way with a pair of Table Manager
 * programs at the round's table instead ({@link PairAtTable}).
 */
public final class SessionFollower {

  /**
   * Who plays the pair's seats at the round's table: the player at the terminal and a robot,
   * or (tenace tm) the pair's Table Manager programs.
   */
  public interface PairAtTable {
    /**
     * Plays the round at its table with the pair's seats ({@code seats}: the pair's first seat,
     * North or East, then its partner's) until the table closes; false if the pair left it.
     */
    boolean play(SessionStatus status, Assignment mine, List<SeatTicket> seats)
        throws InterruptedException;
  }

  private final Channel channel;
  private final String server;
  private final TokenStore tokens;
  private final PrintWriter out;
  /** True for a person at the terminal (one seat); false for a client of the whole pair. */
  private final boolean person;
  private final PairAtTable atTable;
  /** The table screen in use, if any: what the session's stream says reaches it at once. */
  private volatile PlaySession atScreen;

  /**
   * A follower that keeps the pair's session token in {@code tokens} under {@code server}
   * (HOST:PORT) until the session is over, so that a client started again comes back to it.
   */
  public SessionFollower(Terminal terminal, Channel channel, boolean ascii, String server,
      TokenStore tokens) {
    this.channel = channel;
    this.server = server;
    this.tokens = tokens;
    this.out = terminal.writer();
    this.person = true;
    this.atTable = (s, mine, seats) -> playAtTerminal(terminal, ascii, s, mine, seats);
  }

  /**
   * A follower whose pair is played by {@code atTable}, under the name given to {@link #run};
   * what it has to say goes to {@code out}.
   */
  public SessionFollower(Channel channel, PrintWriter out, String server, TokenStore tokens,
      PairAtTable atTable) {
    this.channel = channel;
    this.server = server;
    this.tokens = tokens;
    this.out = out;
    this.person = false;
    this.atTable = atTable;
  }

  /** The pair and its session token. */
  private record Joined(int pair, String token) {}

  /** The player's name, which keys their saved token (two partners may share a machine). */
  private String name = "";

  /**
   * Where a player's session token is kept: the token store's key for a seat, with the session
   * and the player's name in place of the table (the seat is not used) and the pair before the
   * token.
   */
  private TokenStore.Key key(String sessionId) {
    return new TokenStore.Key(server, "session:" + sessionId + ":"
        + java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8),
        org.tenace.proto.v1.Seat.SEAT_NORTH);
  }

  private Optional<Joined> saved(String sessionId, int pair) {
    try {
      Optional<String> t = tokens.find(key(sessionId));
      if (t.isEmpty() || !t.get().matches("\\d+:\\S+")) {
        return Optional.empty();
      }
      String[] two = t.get().split(":", 2);
      int p = Integer.parseInt(two[0]);
      return pair == 0 || pair == p ? Optional.of(new Joined(p, two[1])) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      say("! cannot read the saved tokens (" + e.getMessage() + ")");
      return Optional.empty();
    }
  }

  private void save(String sessionId, Joined j) {
    try {
      tokens.put(key(sessionId), j.pair() + ":" + j.token());
    } catch (IOException | RuntimeException e) {
      say("! cannot save the session token (" + e.getMessage() + "): a client started again"
          + " will not find your pair");
    }
  }

  private void forget(String sessionId) {
    try {
      tokens.remove(key(sessionId));
    } catch (IOException | RuntimeException e) {
      say("! cannot forget the session token (" + e.getMessage() + ")");
    }
  }

  /** What the stream brought: a status, or its end (with the error, if any). */
  private record News(Optional<WatchSessionResponse> response, Optional<Throwable> end) {}

  /**
   * Joins {@code sessionId} as {@code pair} (0: the lowest free one) under {@code name} and plays
   * until the session is over (0) or the player leaves a table (0, said so). A refusal of the
   * server is thrown, for the command's one line.
   */
  public int run(String sessionId, int pair, String name) {
    return run(sessionId, pair, name, org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
  }

  /**
   * As {@link #run(String, int, String)}, a person at {@code seat} of the pair (N or E: its
   * first seat, S or W: its second); unspecified: the seat a partner who joined the pair left,
   * or else the first, with a robot of the server's as partner.
   */
  public int run(String sessionId, int pair, String name, org.tenace.proto.v1.Seat seat) {
    this.name = name;
    Optional<Joined> back = saved(sessionId, pair);
    Joined joined;
    if (back.isPresent()) {
      joined = back.get();
      say("Back in session " + sessionId + " as pair " + joined.pair()
          + ", with the token saved when you joined.");
    } else {
      JoinSessionRequest.Builder req = JoinSessionRequest.newBuilder().setSessionId(sessionId)
          .setPair(pair).setName(name);
      if (person) {
        req.setSeat(seat).setRobotPartner(seat == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
      }
      JoinSessionResponse r = SessionServiceGrpc.newBlockingStub(channel).joinSession(
          req.build());
      joined = new Joined(r.getPair(), r.getToken());
      save(sessionId, joined);
      say(joinedWords(sessionId, r));
    }
    try {
      return follow(sessionId, joined);
    } catch (StatusRuntimeException e) {
      Status.Code code = e.getStatus().getCode();
      if (back.isPresent() && (code == Status.Code.UNAUTHENTICATED
          || code == Status.Code.NOT_FOUND)) {
        forget(sessionId);
        say("! the saved token for session " + sessionId + " is no longer valid ("
            + e.getStatus().getDescription() + "): forgotten; joining afresh");
        return run(sessionId, pair, name, seat);
      }
      throw e;
    }
  }

  /**
   * "You are pair 2 (Ann - Bob) in session 1, at its South or West seat.", and how a partner
   * joins when there is none yet.
   */
  static String joinedWords(String sessionId, JoinSessionResponse r) {
    StringBuilder b = new StringBuilder("You are pair " + r.getPair());
    if (!r.getPairName().isEmpty()) {
      b.append(" (").append(r.getPairName()).append(')');
    }
    b.append(" in session ").append(sessionId);
    switch (r.getSeat()) {
      case SEAT_NORTH -> b.append(", at its North or East seat");
      case SEAT_SOUTH -> b.append(", at its South or West seat");
      default -> { }
    }
    b.append('.');
    boolean alone = !r.getPairName().contains(" - ")
        && r.getSeat() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED;
    if (alone) {
      b.append(" Your partner joins with --pair ").append(r.getPair())
          .append(" (a robot takes the seat if nobody does by the start).");
    }
    return b.toString();
  }

  private int follow(String sessionId, Joined joined) {
    int me = joined.pair();
    BlockingQueue<News> news = new LinkedBlockingQueue<>();
    Context.CancellableContext watching = Context.current().withCancellation();
    watching.run(() -> SessionServiceGrpc.newStub(ClientInterceptors.intercept(channel,
        Bearer.of(joined.token()))).watchSession(
            WatchSessionRequest.newBuilder().setSessionId(sessionId).build(),
            new StreamObserver<>() {
              @Override
              public void onNext(WatchSessionResponse r) {
                PlaySession screen = atScreen;
                if (!r.getNotice().isEmpty() && screen != null) {
                  // Replaced by the director: said on the table's screen at once (the table's
                  // stream, ending, says the same).
                  screen.replacedByDirector();
                }
                news.add(new News(Optional.of(r), Optional.empty()));
              }

              @Override
              public void onError(Throwable t) {
                news.add(new News(Optional.empty(), Optional.of(t)));
              }

              @Override
              public void onCompleted() {
                news.add(new News(Optional.empty(), Optional.empty()));
              }
            }));
    try {
      int playedRound = 0;
      int shownRound = 0;
      WatchSessionResponse last = null;
      boolean firstNews = true;
      while (true) {
        News n = news.take();
        if (n.response().isEmpty()) {
          if (n.end().isPresent()) {
            throw n.end().get() instanceof StatusRuntimeException s ? s
                : new IllegalStateException(n.end().get());
          }
          forget(sessionId);
          if (last != null) {
            ranking(last.getStatus(), me);
          }
          return 0;
        }
        last = n.response().get();
        if (!last.getNotice().isEmpty()) {
          say(last.getNotice());
          forget(sessionId);
          return 0;
        }
        SessionStatus s = last.getStatus();
        if (firstNews && s.getState() == SessionState.SESSION_STATE_WAITING) {
          say("Waiting for the director to start.");
        }
        firstNews = false;
        if (s.getState() == SessionState.SESSION_STATE_FINISHED) {
          continue; // the stream ends next
        }
        if (s.getState() != SessionState.SESSION_STATE_PLAYING || s.getRound() == playedRound) {
          continue;
        }
        Assignment mine = s.getPlan(s.getRound() - 1).getAssignmentsList().stream()
            .filter(a -> a.getPair() == me).findFirst().orElseThrow();
        if (shownRound != s.getRound()) {
          say(where(s.getRound(), mine));
          shownRound = s.getRound();
        }
        if (mine.getTable() == 0) {
          playedRound = s.getRound();
          continue;
        }
        List<SeatTicket> seats = last.getSeatsList();
        if (seats.isEmpty()) {
          continue; // the round's table is not open yet
        }
        if (!atTable.play(s, mine, seats)) {
          say("You left the table; the session goes on without you until you come back (the "
              + "same command) or the director puts robots in your seats.");
          return 0;
        }
        playedRound = s.getRound();
        if (s.getRound() < s.getRounds()) {
          say("Round " + s.getRound() + " is over at your table; the next round starts when"
              + " every table has finished.");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } finally {
      watching.cancel(null);
    }
  }

  /** "round 2: table 3, East-West, boards 4-6, against pair 5", or the round's bye. */
  static String where(int round, Assignment a) {
    if (a.getTable() == 0) {
      return "round " + round + ": your pair sits out (a bye)";
    }
    List<Integer> b = a.getBoardsList();
    String boards = b.size() == 1 ? "board " + b.get(0)
        : "boards " + b.get(0) + "-" + b.get(b.size() - 1);
    return "round " + round + ": table " + a.getTable() + ", "
        + (a.getDirection() == Direction.DIRECTION_NORTH_SOUTH ? "North-South" : "East-West")
        + ", " + boards + ", against pair " + a.getOpponent();
  }

  /**
   * The robot that partners the player at this terminal: it sits with a person, so it thinks at
   * the strong level ({@link org.tenace.cli.common.RobotLevels}), for the session's form of scoring,
   * its layouts seeded by the table.
   */
  static HouseRobot partner(SessionStatus s, String tableId) {
    return new HouseRobot(org.tenace.cli.common.RobotLevels.byDefault(),
        s.getScoring() == org.tenace.proto.v1.SessionScoring.SESSION_SCORING_MATCHPOINTS
            ? org.tenace.robot.Scoring.MATCHPOINTS : org.tenace.robot.Scoring.IMPS,
        tableId.hashCode());
  }

  /**
   * Plays the round at its table: the player at their seat (and a robot on this client at any
   * other seat the token holds). The table is shown by the number the players were sent to,
   * and once it is over the screen names the next table. False when the player left before the
   * table closed.
   */
  private boolean playAtTerminal(Terminal terminal, boolean ascii, SessionStatus s,
      Assignment mine, List<SeatTicket> seats) {
    SeatTicket player = seats.get(0);
    Optional<SeatDriver> partner = seats.stream().skip(1).findFirst().map(t -> new SeatDriver(
        channel, t.getTableId(), t.getToken(), new RobotPlayer(partner(s, t.getTableId())),
        new SeatDriver.Listener() { }).start());
    try {
      PlaySession session = new PlaySession(terminal, PlaySession.styleFor(terminal, ascii));
      String pairName = s.getEntriesList().stream().filter(e -> e.getPair() == mine.getPair())
          .map(e -> e.getName()).findFirst().orElse("");
      session.notice("Session " + s.getSessionId() + ", " + where(s.getRound(), mine)
          + (pairName.isEmpty() ? "" : ". Your pair: " + pairName) + ".");
      session.tableShownAs(String.valueOf(mine.getTable()),
          "Session " + s.getSessionId() + ", round " + s.getRound());
      session.whenOver(next(s, mine.getPair()));
      atScreen = session;
      try (TableConnection conn = new TableConnection(channel, player.getTableId(),
          player.getToken(), session)) {
        session.run(conn);
        // Replaced by the director: the session's stream says so next, and this client ends.
        return conn.isOver() || session.replaced();
      } finally {
        atScreen = null;
      }
    } finally {
      partner.ifPresent(SeatDriver::close);
    }
  }

  /**
   * What the screen of a round's table says once it is over: the pair's next table ("Press
   * Enter for your next table: round 3, table 2, North-South, board 3, against pair 2 (it
   * starts once every table has finished round 2)."), or the ranking after the last round.
   */
  static String next(SessionStatus s, int pair) {
    if (s.getRound() >= s.getRounds()) {
      return "Press Enter for the ranking: that was the last round.";
    }
    int round = s.getRound() + 1;
    Assignment a = s.getPlan(round - 1).getAssignmentsList().stream()
        .filter(x -> x.getPair() == pair).findFirst().orElse(null);
    if (a == null) {
      return "Press Enter: round " + s.getRound() + " is over at this table.";
    }
    return "Press Enter for your next table: " + where(round, a) + " (it starts once every"
        + " table has finished round " + s.getRound() + ").";
  }

  private void ranking(SessionStatus s, int me) {
    out.println(s.getState() == SessionState.SESSION_STATE_ABORTED
        ? "The director stopped the session in round " + s.getRound() + ". Standings:"
        : "The session is over. Ranking:");
    for (Standing x : s.getStandingsList()) {
      out.printf("  %5s  pair %2d  %8s%s%s%n", ResultLines.place(x), x.getPair(), x.getTotal(),
          x.getPercentage().isEmpty() ? "" : "  " + x.getPercentage() + "%",
          x.getPair() == me ? "  (you)" : "");
    }
    out.flush();
  }

  private void say(String line) {
    out.println(line);
    out.flush();
  }
}
