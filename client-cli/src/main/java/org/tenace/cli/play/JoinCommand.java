package org.tenace.cli.play;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tenace join}: sit at a table on a server (or watch one) and play from the terminal. */
@Command(name = "join", mixinStandardHelpOptions = true,
    description = "Join a table on a server and play (or watch) from this terminal.")
public final class JoinCommand implements Callable<Integer> {
  @Option(names = "--server", required = true, description = "the server, HOST:PORT")
  String server;

  @Option(names = "--table", description = "the table id (without it: choose from a list)")
  String table;

  @Option(names = "--seat", description = "N, E, S or W (without it: choose)")
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

  @Override
  public Integer call() throws Exception {
    ManagedChannel channel = channel(server);
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      return new Seating(terminal, channel).run(new Seating.Request(table,
          seat == null ? null : Seating.parseSeat(seat), name, kibitz, ascii, "", laws));
    } finally {
      channel.shutdownNow().awaitTermination(2, TimeUnit.SECONDS);
    }
  }

  /** A plaintext channel to HOST:PORT. (No client keepalive: the server's default policy
   * refuses pings more often than every five minutes.) */
  static ManagedChannel channel(String hostPort) {
    return NettyChannelBuilder.forTarget(hostPort).usePlaintext().build();
  }
}
