package org.tenace.server.session;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.server.api.TenaceServer;

/**
 * The session tests' server: a real one on a loopback port over an H2 store on disk, started (and
 * started again on the same store, for a restart) by the test, stopped after it. Register it with
 * {@code @RegisterExtension}.
 */
public final class SessionServer implements AfterEachCallback, AutoCloseable {
  private static final Metadata.Key<String> AUTH =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private TenaceServer server;
  private ManagedChannel channel;

  /** Starts a server over the store in {@code dir} and a channel to it. */
  public SessionServiceBlockingStub start(Path dir) {
    server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
        "jdbc:h2:file:" + dir.resolve("tenace") + ";DB_CLOSE_ON_EXIT=FALSE");
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    return SessionServiceGrpc.newBlockingStub(channel);
  }

  public TenaceServer server() {
    return server;
  }

  public ManagedChannel channel() {
    return channel;
  }

  /** Stops the channel and the server (the store stays, for a restart). */
  @Override
  public void close() {
    if (channel != null) {
      channel.shutdownNow();
      channel = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    close();
  }

  /** {@code stub} sending {@code token} as its bearer token. */
  public static <S extends AbstractStub<S>> S as(S stub, String token) {
    Metadata m = new Metadata();
    m.put(AUTH, "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
  }
}
