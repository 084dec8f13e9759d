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
 * it again, and the channels the test opens to it: after the test the channels are shut and the
 * child is killed if it still runs. Register it with {@code @RegisterExtension}.
 */
final class ChildServer implements AfterEachCallback {
  private final List<ManagedChannel> channels = new ArrayList<>();
  private Process process;

  /** Starts the server (or starts it again) on {@code port} with store {@code db}. */
  Process start(int port, String db, Path log) throws IOException {
    process = ServerProcess.start(port, db, log);
    return process;
  }

  /** The child last started. */
  Process process() {
    return process;
  }

  /** A plaintext channel to {@code port}, shut after the test (or by {@link #shutChannels}). */
  ManagedChannel channel(int port) {
    ManagedChannel c = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    channels.add(c);
    return c;
  }

  /** Shuts every channel opened so far. */
  void shutChannels() {
    channels.forEach(ManagedChannel::shutdownNow);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    shutChannels();
    if (process != null) {
      process.destroyForcibly();
    }
  }
}
