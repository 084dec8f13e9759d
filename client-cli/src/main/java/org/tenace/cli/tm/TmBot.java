package org.tenace.cli.tm;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.Socket;
import org.tenace.cli.common.ResultLines;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardResult;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.seat.RobotPlayer;
import org.tenace.bridge.card.Seat;

/** {@code tenace bot --tm HOST:PORT --seat N}: the house robot as a Table Manager client. */
public final class TmBot {
  private TmBot() {}

  /** Plays at the TM host until End of session: 0 then, 1 if the host broke off, 3 unreached. */
  public static int run(String hostPort, Seat seat, String team, int version,
      org.tenace.robot.RobotLevel level, PrintWriter out,
      PrintWriter err) {
    int colon = hostPort.lastIndexOf(':');
    int port;
    try {
      port = Integer.parseInt(hostPort.substring(colon + 1));
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      port = -1;
    }
    if (colon < 1 || port < 1 || port > 65535) {
      err.println("tenace: bot: --tm: HOST:PORT, not '" + hostPort + "'");
      err.flush();
      return 2;
    }
    Socket socket;
    try {
      socket = new Socket(hostPort.substring(0, colon), port);
    } catch (IOException e) {
      err.println("tenace: bot: cannot reach the Table Manager at " + hostPort + ": "
          + e.getMessage());
      err.flush();
      return 3;
    }
    out.println("bot: connected to the Table Manager at " + hostPort + " as " + seat + " (\""
        + team + "\")");
    out.flush();
    try {
      var boards = new TmRobotClient(seat, team, new RobotPlayer(new HouseRobot(level,
          org.tenace.robot.Scoring.IMPS, team.hashCode())), err,
          version)
          .play(socket, (d, l) -> { }, b -> {
            BoardResult.Builder r = BoardResult.newBuilder().setBoardNumber(b.number());
            b.contract().ifPresent(c -> r.setContract(Vocabulary.toProto(c))
                .setTricks(b.tricksDeclarer()));
            String line = ResultLines.describe(r.build());
            // The score is the table's business; the bot reports what it saw.
            out.println("bot: " + line.replaceAll(", N-S [+-]?\\d+$", ""));
            out.flush();
          });
      out.println("bot: End of session after " + boards.size() + " boards");
      out.flush();
      return 0;
    } catch (IOException | TmLine.BadLine e) {
      err.println("tenace: bot: the Table Manager at " + hostPort + " broke off: "
          + e.getMessage());
      err.flush();
      return 1;
    }
  }
}
