package org.tenace.server.api;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code tenace server} in a child JVM ({@link ServerProcess}) for the tests that kill it and start
 * it again on the same port and store, and the channels the test opens to it: after the test the
 * channels are shut and the child is killed if it still runs. Register it with
 * {@code @RegisterExtension}.
 */
final class ChildServer implements AfterEachCallback {
  private final List<ManagedChannel> channels = new ArrayList<>();
  private Process process;
  private int port;
  private String db;
  private Path log;

  /** Starts the server on a free port with the H2 store {@code dir/tenace}, its log beside. */
  Process start(Path dir) throws IOException {
    return start("jdbc:h2:" + dir.resolve("tenace").toAbsolutePath(), dir.resolve("server.log"));
  }

  /** Starts the server on a free port with store {@code db}, logging to {@code log}. */
  Process start(String db, Path log) throws IOException {
    this.port = ServerProcess.freePort();
    this.db = db;
    this.log = log;
    return restart();
  }

  /** Starts the server again on the same port and store, after a kill or a stop. */
  Process restart() throws IOException {
    process = ServerProcess.start(port, db, log);
    return process;
  }

  /** The child last started. */
  Process process() {
    return process;
  }

  /** A plaintext channel to the server's port, shut after the test (or by shutChannels). */
  ManagedChannel channel() {
    ManagedChannel c = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    channels.add(c);
    return c;
  }

  /** Shuts every channel opened so far. */
  void shutChannels() {
    channels.forEach(ManagedChannel::shutdownNow);
  }

  /** The last {@code lines} lines of the server's log, to explain a failure. */
  String tail(int lines) {
    return ServerProcess.tail(log, lines);
  }

  /** The child's threads, to explain a stall. */
  String threads() {
    return ServerProcess.threads(process);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    shutChannels();
    if (process != null) {
      process.destroyForcibly();
    }
  }
}
