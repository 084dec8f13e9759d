package org.tenace.cli.session;

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
import org.tenace.cli.play.PlaySession;
import org.tenace.cli.play.TableConnection;
import org.tenace.cli.play.TokenStore;
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
import org.tenace.robot.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;

/**
 * {@code tenace join --session}: a player in a duplicate session. It takes a pair (JoinSession),
 * follows the session's stream, and each round says where the pair sits ("round 2: table 3,
 * East-West, boards 4-6, against pair 5") and takes the player to that table: the player holds
 * the pair's first seat (North or East) at the terminal, and a robot on this client plays the
 * partner's. When the round's table closes, the player waits for the next round, and at the end
 * sees the ranking. The session's rules (who sits where, when a round ends) are the server's.
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
  private final String nameSuffix;
  private final PairAtTable atTable;

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
    this.nameSuffix = " - Robot";
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
    this.nameSuffix = "";
    this.atTable = atTable;
  }

  /** The pair and its session token. */
  private record Joined(int pair, String token) {}

  /**
   * Where a pair's session token is kept: the token store's key for a seat, with the session in
   * place of the table (the seat is not used) and the pair before the token.
   */
  private TokenStore.Key key(String sessionId) {
    return new TokenStore.Key(server, "session:" + sessionId,
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
    Optional<Joined> back = saved(sessionId, pair);
    Joined joined;
    if (back.isPresent()) {
      joined = back.get();
      say("Back in session " + sessionId + " as pair " + joined.pair()
          + ", with the token saved when you joined.");
    } else {
      JoinSessionResponse r = SessionServiceGrpc.newBlockingStub(channel).joinSession(
          JoinSessionRequest.newBuilder().setSessionId(sessionId).setPair(pair)
              .setName(name + nameSuffix).build());
      joined = new Joined(r.getPair(), r.getToken());
      save(sessionId, joined);
      say("You are pair " + joined.pair() + " in session " + sessionId
          + (nameSuffix.isEmpty() ? "" : ", with a robot partner")
          + ". Waiting for the director to start.");
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
        return run(sessionId, pair, name);
      }
      throw e;
    }
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
        SessionStatus s = last.getStatus();
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
          say("Round " + s.getRound() + " is over for you; waiting for the other tables.");
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
   * Plays the round at its table: the player at the first seat, a robot at the partner's.
   * False when the player left before the table closed.
   */
  private boolean playAtTerminal(Terminal terminal, boolean ascii, SessionStatus s,
      Assignment mine, List<SeatTicket> seats) {
    SeatTicket player = seats.get(0);
    Optional<SeatDriver> partner = seats.stream().skip(1).findFirst().map(t -> new SeatDriver(
        channel, t.getTableId(), t.getToken(), new RobotPlayer(new HouseRobot()),
        new SeatDriver.Listener() { }).start());
    try {
      PlaySession session = new PlaySession(terminal, PlaySession.styleFor(terminal, ascii));
      session.notice("Session " + s.getSessionId() + ", " + where(s.getRound(), mine)
          + ". Your partner is a robot. When the table closes, press Enter for the next"
          + " round.");
      try (TableConnection conn = new TableConnection(channel, player.getTableId(),
          player.getToken(), session)) {
        session.run(conn);
        return conn.isOver();
      }
    } finally {
      partner.ifPresent(SeatDriver::close);
    }
  }

  private void ranking(SessionStatus s, int me) {
    out.println(s.getState() == SessionState.SESSION_STATE_ABORTED
        ? "The director stopped the session in round " + s.getRound() + ". Standings:"
        : "The session is over. Ranking:");
    for (Standing x : s.getStandingsList()) {
      out.printf("  %2d  pair %2d  %8s%s%s%n", x.getRank(), x.getPair(), x.getTotal(),
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
