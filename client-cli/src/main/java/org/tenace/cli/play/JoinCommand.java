package org.tenace.cli.play;

import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.tenace.cli.common.ServerAddress;
import org.tenace.cli.common.TlsOptions;
import org.tenace.client.Channels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tenace join}: sit at a table on a server (or watch one) and play from the terminal. The
 * seat's token is saved so that the same command, after the client stopped, comes back to it.
 */
@Command(name = "join", mixinStandardHelpOptions = true,
    description = "Join a table on a server and play (or watch) from this terminal.",
    footer = {"",
        "Your seat's token is saved, by server, table and seat, in",
        "  $XDG_STATE_HOME/tenace/tokens (by default ~/.local/state/tenace/tokens),",
        "readable by you only. If the client stops without leaving (Ctrl-D, a crash, a",
        "kill), the server holds the seat and the same command comes back to it. quit",
        "gives the seat up and forgets the token; so does the table closing. A token the",
        "server no longer knows is forgotten, and the seat joined afresh if it is free."})
public final class JoinCommand implements Callable<Integer> {
  @Mixin
  TlsOptions tls = new TlsOptions();

  @Option(names = "--server", required = true, description = "the server, HOST:PORT")
  String server;

  @Option(names = "--table", description = "the table id (without it: choose from a list)")
  String table;

  @Option(names = "--seat", description = "N, E, S or W (without it: choose); with --session,"
      + " N or E is the pair's first seat and S or W its second (without it: the seat your"
      + " partner left, or the first with a robot partner)")
  String seat;

  @Option(names = "--name", description = "your name at the table (default: your user name)")
  String name;

  @Option(names = "--kibitz", description = "watch instead of playing")
  boolean kibitz;

  @Option(names = "--ascii", description = "suit letters (S H D C) instead of symbols, no colour")
  boolean ascii;

  @Option(names = "--laws", description = "a table created here (new, in the list) plays in "
      + "laws mode: irregular calls and cards are recorded and rectified as the Laws say")
  boolean laws;

  @Option(names = "--session", description = "a duplicate session's id: play in it, taken from "
      + "table to table each round (with --pair P to take pair P, --seat for your seat in it)")
  String session;

  @Option(names = "--pair", description = "with --session: the pair number to take (default: "
      + "the lowest free one)")
  int pair;

  @Option(names = "--tokens", hidden = true,
      description = "the file of saved seat tokens (default: see below)")
  Path tokens;

  @Override
  public Integer call() throws Exception {
    ManagedChannel channel = Channels.open(ServerAddress.check(server), tls.credentials());
    try (Terminal terminal = Terminals.system()) {
      if (table != null && !kibitz
          && org.tenace.cli.twoplayer.TwoPlayerPlay.isTwoPlayer(channel, table)) {
        return org.tenace.cli.twoplayer.TwoPlayerPlay.join(terminal, channel, table, seat,
            name == null ? System.getProperty("user.name", "you") : name, ascii);
      }
      TokenStore store = TokenStore.at(tokens != null ? tokens : TokenStore.defaultFile());
      if (session != null) {
        return new SessionFollower(terminal, channel, ascii, server, store).run(session, pair,
            name != null ? name : System.getProperty("user.name", "player"),
            seat == null ? org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED : Seating.parseSeat(seat));
      }
      return new Seating(terminal, channel, server, store).run(new Seating.Request(table,
          seat == null ? null : Seating.parseSeat(seat), name, kibitz, ascii, "", laws));
    } finally {
      channel.shutdownNow().awaitTermination(2, TimeUnit.SECONDS);
    }
  }
}
