package org.tenace.server;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import org.tenace.server.api.TenaceServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tenace server}: runs a table server until it is stopped (SIGTERM or Ctrl-C). */
@Command(name = "server", mixinStandardHelpOptions = true,
    description = "Run a table server: tables, seats, boards, over gRPC.")
final class ServerCommand implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "50051", description = "port to listen on (default "
      + "${DEFAULT-VALUE}; 0 picks a free one)")
  int port;

  @Option(names = "--host", defaultValue = "0.0.0.0",
      description = "address to listen on (default ${DEFAULT-VALUE})")
  String host;

  @Option(names = "--db", defaultValue = "jdbc:h2:./data/tenace",
      description = "H2 database (default ${DEFAULT-VALUE})")
  String db;

  @Option(names = "--parent-pid", hidden = true, description = "stop when this process ends "
      + "(tenace play's client, so that no server outlives a killed client)")
  Long parentPid;

  @Override
  public Integer call() throws Exception {
    // Handlers never block (an action is a journal write and a few non-blocking sends), so they
    // run on the transport's threads: no executor hop per action.
    TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress(host, port)).directExecutor(), db);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "shutdown"));
    System.out.println("tenace server listening on " + host + ":" + server.port() + " (store "
        + db + ")");
    System.out.flush();
    if (parentPid != null) {
      // The shutdown hook closes the server cleanly; a parent already gone stops it at once.
      ProcessHandle.of(parentPid).map(ProcessHandle::onExit)
          .orElse(java.util.concurrent.CompletableFuture.completedFuture(null))
          .thenRun(() -> System.exit(0));
    }
    server.awaitTermination();
    return 0;
  }
}
